import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';

/** Each page is its own chunk: the shop never loads the cabinet, the DataGrid or the charts. */
export const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Component = lazy(load);
  return <Component />;
};

/** The buyer's pages under `/s/{username}`: the whole platform's app has them, and so does the shop's own smaller
 * build (`shop.html`, `src/shop.tsx`), which the server sends for every `/s/…` address and a seller's domain. */
export const shopRoutes: RouteObject[] = [
  { path: '/s/:username', element: page(() => import('../areas/shop/ShopHomePage')) },
  { path: '/s/:username/sign_in', element: page(() => import('../areas/payer/PayerSignInPage')) },
  { path: '/s/:username/tickets/:code', element: page(() => import('../areas/shop/TicketPage')) },
  { path: '/s/:username/certificates/:number', element: page(() => import('../areas/shop/CertificatePage')) },
  { path: '/s/:username/:slug', element: page(() => import('../areas/shop/ShopProductPage')) },
  // a product with a built page (rendered by the server at its address) is bought here
  { path: '/s/:username/:slug/checkout', element: page(() => import('../areas/shop/ShopProductPage')) },
  { path: '/s/:username/:slug/thank_you/:token', element: page(() => import('../areas/shop/ThankYouPage')) },
  { path: '/s/:username/:slug/paypal/:token', element: page(() => import('../areas/shop/PayPalReturnPage')) },
  { path: '/s/:username/payment/:token/manage', element: page(() => import('../areas/shop/ManagePage')) },
];

/** In the shop's build, an address outside the shop (the payer area, sign-in, the cabinet) is the platform's app:
 * the browser loads it from the server, which sends the whole app for it. An unknown shop address is a 404. */
export function LeaveShop() {
  const { pathname, search, hash } = useLocation();
  const inShop = pathname === '/s' || pathname.startsWith('/s/');
  useEffect(() => {
    if (!inShop) window.location.replace(pathname + search + hash);
  }, [inShop, pathname, search, hash]);
  return inShop ? page(() => import('../areas/public/NotFoundPage')) : null;
}

const shopOnly: RouteObject[] = [...shopRoutes, { path: '*', element: <LeaveShop /> }];

/** The shop build's routes. */
export function ShopRoutes() {
  return <Suspense fallback={<PageLoader minHeight="60vh" />}>{useRoutes(shopOnly)}</Suspense>;
}
