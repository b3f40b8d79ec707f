// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import * as real from 'react-router';
import { describe, expect, it } from 'vitest';
import * as ours from './react-router';

// The shop's react-router against the real one: the same route and parameters for every address, the same links.
const table = [
  '/s/:username',
  '/s/:username/sign_in',
  '/s/:username/tickets/:code',
  '/s/:username/certificates/:number',
  '/s/:username/:slug',
  '/s/:username/:slug/checkout',
  '/s/:username/:slug/thank_you/:token',
  '/s/:username/:slug/paypal/:token',
  '/s/:username/payment/:token/manage',
  '*',
];
const addresses = [
  '/s/anna',
  '/s/anna/',
  '/S/Anna/Guide',
  '/s/anna/sign_in',
  '/s/anna/sign_in/',
  '/s/anna/tickets/T-1',
  '/s/anna/certificates/42',
  '/s/anna/guide',
  '/s/anna/guide/checkout',
  '/s/anna/guide/checkout/',
  '/s/anna/guide/thank_you/abc',
  '/s/anna/guide/paypal/abc',
  '/s/anna/payment/abc/manage',
  '/s/anna/payment/abc',
  '/s/anna/checkout',
  '/s/an%20na/gu%C3%AFde',
  '/s/anna/a%2Fb',
  '/s/anna/guide/thank_you/abc/extra',
  '/payer',
  '/',
  '/s',
  '/cabinet/orders',
];

function Page() {
  const { slug } = ours.useParams();
  const location = ours.useLocation();
  const [search, setSearch] = ours.useSearchParams();
  const navigate = ours.useNavigate();
  return (
    <div>
      <p data-testid="where">{`${slug} ${location.pathname}${location.search}`}</p>
      <p data-testid="plan">{search.get('plan') ?? '-'}</p>
      <ours.Link to="/s/anna/other?plan=2" state={{ from: 'guide' }}>
        other
      </ours.Link>
      <ours.Link to="https://pay.example.com/x">away</ours.Link>
      <button type="button" onClick={() => setSearch({ plan: '3' }, { replace: true })}>
        plan 3
      </button>
      <button type="button" onClick={() => navigate('/s/anna/guide/thank_you/t1')}>
        paid
      </button>
    </div>
  );
}
const routes = [
  { path: '/s/:username/:slug', element: <Page /> },
  { path: '/s/:username/:slug/thank_you/:token', element: <p data-testid="thanks">thanks</p> },
];
function App() {
  return ours.useRoutes(routes);
}

describe("the shop's router", () => {
  it('picks the route react-router picks, with the same parameters', () => {
    const routes = table.map((path) => ({ path, element: path }));
    for (const address of addresses) {
      const theirs = real.matchRoutes(routes, address);
      const mine = ours.matchFlat(routes, address);
      const last = theirs?.[theirs.length - 1];
      expect(mine?.route.path, address).toBe(last?.route.path);
      expect(mine?.params, address).toEqual(last?.params);
    }
  });

  it('makes the same paths', () => {
    for (const p of [{ pathname: '/a', search: 'x=1', hash: 'h' }, { pathname: '/a', search: '?', hash: '#' }, { search: '?q' }]) {
      expect(ours.createPath(p)).toBe(real.createPath(p));
    }
    for (const s of ['/a?b=1#c', '/a#c?d', '?x', '#y', '/only']) expect(ours.parsePath(s)).toEqual(real.parsePath(s));
  });

  it('follows links and navigation in the page, and leaves other origins and modified clicks to the browser', () => {
    window.history.replaceState(null, '', '/s/anna/guide');
    render(
      <ours.BrowserRouter>
        <App />
      </ours.BrowserRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('guide /s/anna/guide');
    const other = screen.getByText('other');
    expect(other.getAttribute('href')).toBe('/s/anna/other?plan=2');
    expect(screen.getByText('away').getAttribute('href')).toBe('https://pay.example.com/x');
    expect(fireEvent.click(other, { ctrlKey: true })).toBe(true); // not prevented: a new tab's business
    act(() => void fireEvent.click(other));
    expect(window.location.pathname + window.location.search).toBe('/s/anna/other?plan=2');
    expect((window.history.state as { usr: unknown }).usr).toEqual({ from: 'guide' });
    expect(screen.getByTestId('where').textContent).toBe('other /s/anna/other?plan=2');
    expect(screen.getByTestId('plan').textContent).toBe('2');
    const length = window.history.length;
    act(() => void fireEvent.click(screen.getByText('plan 3')));
    expect(window.location.search).toBe('?plan=3');
    expect(window.history.length).toBe(length); // replaced, not pushed
    act(() => void fireEvent.click(screen.getByText('paid')));
    expect(screen.getByTestId('thanks')).toBeTruthy();
    act(() => {
      window.history.replaceState(null, '', '/s/anna/guide');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where').textContent).toBe('guide /s/anna/guide');
  });
});
