// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import AccountDeletionPage from './AccountDeletionPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const BASE = {
  running_subscriptions: 0,
  account_type: 'active',
  account_data_state: 'inactive_plan',
  reasons: ['too_expensive'],
  subscriptions: 'wait',
  checked_at: '2026-11-23T10:00:00Z',
  ending_subscriptions: 0,
  can_reactivate: false,
  requested_at: '2026-11-23T10:00:00Z',
  retention_until: null,
};
const check = (kind: string, ok: boolean, url: string) => ({ kind, ok, count: ok ? 0 : 1, amount: 0, message: '', clear_url: url });
const BLOCKED = {
  ...BASE,
  step: -1,
  flow_kind: 'deletion',
  phase: 'preparing',
  can_cancel: true,
  can_confirm: false,
  checks: [
    check('risky_transfers', true, '/cabinet/transfers'),
    check('active_orders', false, '/cabinet/orders'),
    check('payouts_not_paid_out', true, '/cabinet/payouts'),
    check('unpaid_monthly_invoices', true, '/cabinet/platform_invoices'),
  ],
};
const EMPTY = { ...BASE, step: 0, flow_kind: null, phase: null, reasons: [], subscriptions: null, checks: [], can_cancel: false, can_confirm: false, account_data_state: 'empty', requested_at: null, checked_at: null };

describe('account deletion wizard', () => {
  it('shows what still blocks, in words, with a link to clear it, and checks again on request', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/v1/cabinet/account_deletion/check_again') && init.method === 'POST') return json(200, BLOCKED);
      return url.startsWith('/v1/cabinet/account_deletion') ? json(200, BLOCKED) : json(404, {});
    });
    renderRoutes('/cabinet/settings/account_deletion', [{ path: '/cabinet/settings/account_deletion', element: <AccountDeletionPage /> }]);
    expect(await screen.findAllByText('Deletion not possible yet')).not.toHaveLength(0);
    expect(screen.getByText('Active orders')).toBeInTheDocument();
    expect(screen.getByText(/End the running subscriptions/)).toBeInTheDocument();
    expect(screen.getByText(/No risky transfers/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resolve' })).toHaveAttribute('href', '/cabinet/orders');
    expect(screen.queryByText('active_orders')).toBeNull(); // no raw enum values on screen
    expect(screen.queryByRole('button', { name: 'Delete account for good' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('check_again'))).toBe(true));
  });

  it('offers to end the running subscriptions at their period end from the blocked wizard', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/v1/cabinet/account_deletion/end_subscriptions') && init.method === 'POST') return json(200, { ...BLOCKED, running_subscriptions: 1 });
      return url.startsWith('/v1/cabinet/account_deletion') ? json(200, { ...BLOCKED, running_subscriptions: 1 }) : json(404, {});
    });
    renderRoutes('/cabinet/settings/account_deletion', [{ path: '/cabinet/settings/account_deletion', element: <AccountDeletionPage /> }]);
    expect(await screen.findByText(/1 subscription still runs/)).toBeInTheDocument();
    expect(screen.getByText(/1 running order or open claim/)).toBeInTheDocument(); // what blocks, counted in words
    fireEvent.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('end_subscriptions'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel at period end' })).toBeNull());
  });

  it('asks for the username by name and, once confirmed, offers neither confirm nor cancel', async () => {
    const READY = { ...BLOCKED, step: 2, phase: 'ready', can_confirm: true, checks: BLOCKED.checks.map((c) => ({ ...c, ok: true, count: 0 })) };
    let state: object = READY;
    mockFetch((url, init) => {
      if (url.startsWith('/v1/app/user')) return json(200, { id: 1, email: 'a@b.c', username: 'dana', first_name: null, last_name: null, confirmed: true, locale: 'en', profile_types: ['seller'], seller: { username: 'dana', can_sell: true, payment_account_done: true, power_seller: false } });
      if (url.startsWith('/v1/cabinet/account_deletion/confirm') && init.method === 'POST') {
        state = { ...READY, step: 3, phase: 'working', can_confirm: false, can_cancel: false };
        return json(200, state);
      }
      return url.startsWith('/v1/cabinet/account_deletion') ? json(200, state) : json(404, {});
    });
    renderRoutes('/cabinet/settings/account_deletion', [{ path: '/cabinet/settings/account_deletion', element: <AccountDeletionPage /> }]);
    expect(await screen.findByText('To confirm, type your username “dana” below.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('I understand that deleting my account cannot be undone.'));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account for good' }));
    expect(await screen.findByText(/We are deleting your account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account for good' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(sessionStorage.getItem('sellflow.accountDeleted')).toBe('1'); // the sign-in page says why it ended
  });

  it('starts with the questionnaire and needs a reason', async () => {
    const fetch = mockFetch((url) => (url.startsWith('/v1/cabinet/account_deletion') ? json(200, EMPTY) : json(404, {})));
    renderRoutes('/cabinet/settings/account_deletion', [{ path: '/cabinet/settings/account_deletion', element: <AccountDeletionPage /> }]);
    const start = await screen.findByRole('button', { name: 'Start deactivation' });
    expect(start).toBeDisabled();
    fireEvent.click(screen.getByLabelText('It is too expensive'));
    expect(start).toBeEnabled();
    fireEvent.click(start);
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('/start'))).toBe(true));
    const call = fetch.mock.calls.find(([u]) => String(u).includes('/start'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ flow_kind: 'deactivation', reasons: ['too_expensive'] });
  });

  it('asks for the reason in words when "other" is ticked, and sends it trimmed', async () => {
    const fetch = mockFetch((url) => (url.startsWith('/v1/cabinet/account_deletion') ? json(200, EMPTY) : json(404, {})));
    renderRoutes('/cabinet/settings/account_deletion', [{ path: '/cabinet/settings/account_deletion', element: <AccountDeletionPage /> }]);
    const start = await screen.findByRole('button', { name: 'Start deactivation' });
    fireEvent.click(screen.getByLabelText(i18n.t('accountDeletion.reasons.other')));
    expect(await screen.findByText(i18n.t('accountDeletion.reasonTextRequired'))).toBeInTheDocument();
    expect(start).toBeDisabled();
    fireEvent.change(screen.getByLabelText(i18n.t('accountDeletion.reasonText')), { target: { value: '  We merge with another shop. ' } });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('/start'))).toBe(true));
    const call = fetch.mock.calls.find(([u]) => String(u).includes('/start'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ flow_kind: 'deactivation', reasons: ['other'], reason_text: 'We merge with another shop.', subscriptions: 'wait' });
  });
});
