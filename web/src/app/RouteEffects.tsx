import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cancelInflightRequests } from '../api/inflight';
import { setNavigate } from './navigation';

/**
 * Cancels in-flight requests when the route (pathname) changes, and lends the router's navigate
 * to code outside React (the API client's sign-out). A layout effect of this parent runs before the
 * new page's data effects start their requests, so only the old page's requests are cancelled.
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const last = useRef(pathname);

  useLayoutEffect(() => {
    setNavigate(navigate);
  }, [navigate]);

  useLayoutEffect(() => {
    if (last.current !== pathname) {
      last.current = pathname;
      cancelInflightRequests();
    }
  }, [pathname]);

  return null;
}
