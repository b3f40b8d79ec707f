// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import LegitimationDetailPage from './LegitimationDetailPage';

beforeEach(() => {
  resetApiConfig();
  setTokens(TOKENS);
});
afterEach(() => vi.unstubAllGlobals());

const detail = {
  seller_id: 42,
  username: 'anna',
  email: 'anna@example.com',
  profile: {
    verification_required: true,
    registration_done: true,
    errors: {},
    steps: [],
    editable: false,
    business_type: 'individual',
    first_name: 'Anna',
    last_name: 'Weber',
    birthday: '1990-04-03',
    nationality: 'AT',
    country_code: 'DE',
    city: 'Berlin',
    beneficial_owners: [],
  },
  bank_accounts: [],
  documents: [],
  legitimation: {
    step: 'registered',
    status: 'in_review',
    reviewing_status: 'in_review',
    verification_level: null,
    data_mismatch: null,
    account_limit: null,
    reason: null,
    submitted_at: '2026-11-20T09:15:00Z',
    can_sell: true,
    payment_account_done: true,
    registration_done: true,
    missing: [],
    history: [
      { seq: 1, at: '2026-11-20T09:15:00Z', actor: 'seller', action: 'submitted', step: 'requested', reason: null },
      { seq: 2, at: '2026-11-20T09:16:00Z', actor: 'manager:7', action: 'changes_requested', step: 'requested', reason: 'ID blurred' },
    ],
  },
  workflow_id: 'legitimation-42',
  temporal_ui_url: 'http://127.0.0.1:8233/namespaces/default/workflows/legitimation-42',
};

const page = () =>
  renderRoutes('/admin/bank_account_legitimations/42', [{ path: '/admin/bank_account_legitimations/:sellerId', element: <LegitimationDetailPage /> }]);

describe('the legitimation detail (manager)', () => {
  it('names countries, dates and who acted in the manager’s language, never as raw codes', async () => {
    await i18n.changeLanguage('en');
    mockFetch(() => json(200, detail));
    page();
    expect(await screen.findByText('Austria')).toBeInTheDocument(); // nationality AT
    expect(screen.getByText('Germany')).toBeInTheDocument(); // country DE
    expect(screen.getByText('03.04.1990')).toBeInTheDocument();
    expect(screen.queryByText('1990-04-03')).toBeNull();
    expect(screen.getByText('Submitted for review · the seller')).toBeInTheDocument();
    expect(screen.getByText('Changes requested · manager #7')).toBeInTheDocument();
  });

  it('reads in German', async () => {
    await i18n.changeLanguage('de');
    mockFetch(() => json(200, detail));
    page();
    expect(await screen.findByText('Österreich')).toBeInTheDocument();
    expect(screen.getByText('Deutschland')).toBeInTheDocument();
    expect(screen.getByText(/· Verkäufer$/)).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('asks why before a rejection and sends the reason trimmed with a request for changes', async () => {
    await i18n.changeLanguage('en');
    const fetch = mockFetch((_url, init) => (init.method === 'POST' ? json(200, { ok: true }) : json(200, detail)));
    page();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('legitimation.reject') }));
    expect(await screen.findByText(i18n.t('legitimation.reasonRequired'))).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText(i18n.t('legitimation.reason')), { target: { value: '  The ID is blurred. ' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('legitimation.requestChanges') }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ decision: 'request_changes', reason: 'The ID is blurred.' });
  });
});
