// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, TOKENS } from '../../api/__tests__/helpers';
import { resetApiConfig } from '../../api/client';
import { setTokens } from '../../api/tokens';
import i18n from '../../i18n';
import { renderRoutes } from '../../test/render';
import { AccountDetails } from '../AccountDetails';
import { EmailChange } from '../EmailChange';

const user = { id: 7, email: 'pia@example.com', username: 'pia', first_name: 'Pia', last_name: 'P', confirmed: true, locale: 'en', profile_types: ['publisher'], seller: null };

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function body(fetch: ReturnType<typeof mockFetch>, url: string, method: string) {
  const call = fetch.mock.calls.find(([u, init]) => String(u) === url && init?.method === method);
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
}

describe('the e-mail change', () => {
  it('checks the address first, says a wrong password at its field, and sends once it is right', async () => {
    const fetch = mockFetch((url, init) => {
      if (url !== '/v1/app/user/change_email' || init.method !== 'POST') return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
      const sent = JSON.parse(String(init.body)) as { password?: string };
      return sent.password === 'right-one'
        ? json(202, { email: 'new@example.com' })
        : json(403, { error: 'FORBIDDEN', type: 'FORBIDDEN', message: 'no', fields: { password: 'wrong' } });
    });
    renderRoutes('/x', [{ path: '/x', element: <EmailChange email="pia@example.com" /> }]);
    fireEvent.click(screen.getByTestId('email-change-open'));
    fireEvent.change(await screen.findByTestId('email-change-new'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByTestId('email-change-send'));
    expect(await screen.findByText('invalid email')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('email-change-new'), { target: { value: ' new@example.com ' } });
    fireEvent.change(screen.getByTestId('email-change-password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByTestId('email-change-send'));
    expect(await screen.findByText('The password is not right.')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('email-change-password'), { target: { value: 'right-one' } });
    fireEvent.click(screen.getByTestId('email-change-send'));
    expect(await screen.findByTestId('email-change-sent')).toHaveTextContent('new@example.com');
    expect(body(fetch, '/v1/app/user/change_email', 'POST')).toMatchObject({ email: 'new@example.com' });
  });
});

describe("a publisher's details", () => {
  it('saves the names trimmed and the username in lowercase, and says a taken username in words', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/app/user' && init.method === 'PATCH') {
        return json(409, { error: 'CONFLICT', type: 'CONFLICT', message: 'taken', fields: { username: 'exists' } });
      }
      if (url === '/v1/app/user') return json(200, user);
      return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
    });
    renderRoutes('/publish/details', [{ path: '/publish/details', element: <AccountDetails /> }]);
    fireEvent.change(await screen.findByTestId('details-first'), { target: { value: '  Pia Maria ' } });
    fireEvent.change(screen.getByDisplayValue('pia'), { target: { value: 'Pia-Shop' } });
    fireEvent.click(screen.getByTestId('details-save'));
    expect(await screen.findByText('This username is taken.')).toBeInTheDocument();
    await waitFor(() => expect(body(fetch, '/v1/app/user', 'PATCH')).toMatchObject({ first_name: 'Pia Maria', username: 'pia-shop', locale: 'en' }));
  });
});
