// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetApiConfig } from '../../../api/client';
import { getTokens, setTokens } from '../../../api/tokens';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import { renderRoutes } from '../../../test/render';
import i18n from '../../../i18n';
import { RequireAuth } from '../RequireAuth';
import SignInPage from '../SignInPage';

const user = {
  id: 1,
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'L',
  confirmed: true,
  locale: 'en',
  profile_types: ['seller'],
  seller: { username: 'ada', can_sell: true, payment_account_done: true, power_seller: false },
};

beforeEach(async () => {
  resetApiConfig();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/users/sign_in', element: <SignInPage /> },
  {
    path: '/cabinet/orders',
    element: (
      <RequireAuth profile="seller">
        <div>ORDERS PAGE</div>
      </RequireAuth>
    ),
  },
  { path: '/cabinet', element: <div>CABINET HOME</div> },
];

describe('protected routes and sign-in', () => {
  it('sends an unauthenticated user to sign-in and returns to the original URL afterwards', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/app/session' && init.method === 'POST') {
        return json(200, { access_token: 'a', refresh_token: 'r', expires_at: '2030-01-01T00:00:00Z', refresh_expires_at: '2030-02-01T00:00:00Z' });
      }
      if (url === '/v1/app/user') return json(200, user);
      return json(404, { error: 'NOT_FOUND', message: 'nope', type: 'NOT_FOUND' });
    });
    renderRoutes('/cabinet/orders?page=2', routes);
    expect(await screen.findByTestId('signin-email')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/users/sign_in');
    expect(sessionStorage.getItem('sellflow.referer')).toBe('/cabinet/orders?page=2');

    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('signin-password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByTestId('signin-submit'));

    expect(await screen.findByText('ORDERS PAGE')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cabinet/orders?page=2');
    expect(getTokens()?.accessToken).toBe('a');
    const signInCall = fetch.mock.calls.find(([u]) => String(u) === '/v1/app/session');
    const body = JSON.parse(String(signInCall?.[1]?.body)) as Record<string, string>;
    expect(body.email).toBe('ada@example.com');
    expect(body.fingerprint).toBeTruthy();
    expect(sessionStorage.getItem('sellflow.referer')).toBeNull();
  });

  it('goes to the home of the profile when no referer was saved', async () => {
    mockFetch((url) =>
      url === '/v1/app/session'
        ? json(200, { access_token: 'a', refresh_token: 'r', expires_at: 'x', refresh_expires_at: 'y' })
        : json(200, user),
    );
    renderRoutes('/users/sign_in', routes);
    fireEvent.change(await screen.findByTestId('signin-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('signin-password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByText('CABINET HOME')).toBeInTheDocument();
  });

  it('validates email and password before calling the API', async () => {
    const fetch = mockFetch(() => json(200, {}));
    renderRoutes('/users/sign_in', routes);
    fireEvent.click(await screen.findByTestId('signin-submit'));
    expect(await screen.findAllByText('required')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByText('invalid email')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a forbidden notice when the profile type is missing', async () => {
    setTokens(TOKENS);
    mockFetch(() => json(200, { ...user, profile_types: ['payer'], seller: null }));
    renderRoutes('/cabinet/orders', routes);
    expect(await screen.findByTestId('forbidden')).toBeInTheDocument();
  });
});

describe('route change', () => {
  it('cancels in-flight requests of the old page', async () => {
    setTokens(TOKENS);
    const { api } = await import('../../../api/client');
    const { useNavigate } = await import('react-router');
    mockFetch((url) => (url === '/v1/app/user' ? json(200, user) : new Promise<Response>(() => undefined)));
    let pending: Promise<unknown> | null = null;
    // biome-ignore lint/correctness/noComponentHookFactories: a throwaway component that closes over this test's state
    function Starter() {
      const navigate = useNavigate();
      return (
        <button
          type="button"
          onClick={() => {
            pending = api.get('/cabinet/orders').catch((e: unknown) => e);
            setTimeout(() => navigate('/cabinet'), 0);
          }}
        >
          start
        </button>
      );
    }
    renderRoutes('/start', [
      { path: '/start', element: <Starter /> },
      { path: '/cabinet', element: <div>CABINET HOME</div> },
    ]);
    fireEvent.click(screen.getByText('start'));
    expect(await screen.findByText('CABINET HOME')).toBeInTheDocument();
    await waitFor(async () => expect(await pending).toMatchObject({ code: 'ERR_CANCELED' }));
  });
});

describe('sign-up', () => {
  it('returns to the e-mail step when the e-mail was taken between the check and the submit', async () => {
    const { saveSignUpDraft } = await import('../signUpDraft');
    const { default: SignUpPage } = await import('../SignUpPage');
    const { default: AboutYouPage } = await import('../AboutYouPage');
    saveSignUpDraft({ email: 'taken@example.com', password: 'correct-horse-1', profileType: 'seller' });
    mockFetch((url) => {
      if (url === '/v1/app/user') {
        return json(409, { error: 'CONFLICT', type: 'CONFLICT', message: 'This email is already registered.', fields: { email: 'exists' } });
      }
      if (url === '/v1/app/user/check_username') return json(200, { available: true, message: null });
      if (url === '/v1/app/user/check_email') return json(200, { available: false, message: 'exists' });
      return json(404, { error: 'NOT_FOUND', message: 'nope', type: 'NOT_FOUND' });
    });
    renderRoutes('/users/sign_up/about_you', [
      { path: '/users/sign_up', element: <SignUpPage /> },
      { path: '/users/sign_up/about_you', element: <AboutYouPage /> },
    ]);
    fireEvent.change(await screen.findByTestId('signup-username'), { target: { value: 'ada-shop' } });
    for (const input of screen.getAllByRole('textbox')) {
      if (!(input as HTMLInputElement).value) fireEvent.change(input, { target: { value: 'Ada' } });
    }
    fireEvent.click(screen.getByTestId('signup-finish'));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('about_you'));
    expect(screen.getByTestId('location')).toHaveTextContent('/users/sign_up');
    expect((screen.getByTestId('signup-email') as HTMLInputElement).value).toBe('taken@example.com');
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
  });
});
