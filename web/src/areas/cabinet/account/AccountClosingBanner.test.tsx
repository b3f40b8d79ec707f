// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import { AccountClosingBanner } from './AccountClosingBanner';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const STATE = {
  step: 5, account_type: 'deactivated', account_data_state: 'inactive_plan', flow_kind: 'deactivation', phase: 'deactivated',
  reasons: [], subscriptions: 'wait', checks: [], checked_at: null, ending_subscriptions: 0, running_subscriptions: 0,
  can_cancel: false, can_confirm: false, can_reactivate: true, requested_at: null, retention_until: null,
};

describe('account closing banner', () => {
  it('tells a seller who signs in to a deactivated account where to reactivate it', async () => {
    mockFetch((url) => (url.startsWith('/v1/cabinet/account_deletion') ? json(200, STATE) : json(404, {})));
    renderRoutes('/cabinet', [{ path: '/cabinet', element: <AccountClosingBanner /> }]);
    expect(await screen.findByText(/Your account is deactivated/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reactivate account' })).toHaveAttribute('href', '/cabinet/settings/account_deletion');
  });

  it('says nothing for an active account without a request', async () => {
    const fetch = mockFetch(() => json(200, { ...STATE, account_type: 'active', flow_kind: null, phase: null, can_reactivate: false }));
    renderRoutes('/cabinet', [{ path: '/cabinet', element: <AccountClosingBanner /> }]);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('account-closing-banner')).toBeNull();
  });
});
