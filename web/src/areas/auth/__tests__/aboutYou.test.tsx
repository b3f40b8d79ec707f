// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../api/__tests__/helpers';
import { resetApiConfig } from '../../../api/client';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import AboutYouPage from '../AboutYouPage';
import { saveSignUpDraft } from '../signUpDraft';

beforeEach(async () => {
  resetApiConfig();
  await i18n.changeLanguage('en');
  saveSignUpDraft({ email: 'ada@example.com', password: 'correct-horse-1', profileType: 'seller' });
});
afterEach(() => vi.unstubAllGlobals());

describe('about you (the second sign-up step)', () => {
  it('checks the shop path while typing, the names only when left or sent, and sends nothing while one is wrong', async () => {
    const fetch = mockFetch((url) => (url === '/v1/app/user/check_username' ? json(200, { available: true, message: null }) : json(500, {})));
    renderRoutes('/users/sign_up/about_you', [{ path: '/users/sign_up/about_you', element: <AboutYouPage /> }]);
    const username = await screen.findByTestId('signup-username');
    const first = screen.getAllByRole('textbox')[0] as HTMLElement;
    fireEvent.change(username, { target: { value: 'Nora Shop!' } });
    fireEvent.change(first, { target: { value: 'x' } });
    fireEvent.change(first, { target: { value: '' } });
    expect(await screen.findByText('invalid')).toBeInTheDocument(); // the path, at once
    expect(screen.queryByText('required')).toBeNull(); // an empty name is not scolded before it is left
    fireEvent.change(username, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('invalid')).toBeNull());
    fireEvent.click(screen.getByTestId('signup-finish'));
    expect(await screen.findAllByText('required')).toHaveLength(2);
    expect(await screen.findByText('empty')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u) === '/v1/app/user')).toBe(false);
  });

  it('creates the account with the names trimmed and shows a refused field in words', async () => {
    const fetch = mockFetch((url) => {
      if (url === '/v1/app/user/check_username') return json(200, { available: true, message: null });
      if (url === '/v1/app/user') return json(422, { error: 'VALIDATION_FAILED', type: 'VALIDATION_FAILED', message: 'no', fields: { username: 'exists' } });
      return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'nope' });
    });
    renderRoutes('/users/sign_up/about_you', [{ path: '/users/sign_up/about_you', element: <AboutYouPage /> }]);
    const [first, last] = (await screen.findAllByRole('textbox')) as [HTMLElement, HTMLElement];
    fireEvent.change(first, { target: { value: '  Ada ' } });
    fireEvent.change(last, { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByTestId('signup-username'), { target: { value: 'ada-shop' } });
    fireEvent.click(screen.getByTestId('signup-finish'));
    expect(await screen.findByText('exists')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => String(u) === '/v1/app/user');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', username: 'ada-shop' });
  });
});
