// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import type { RecoveryAnalytics } from '../../../api/recovery';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import RecoveryPage from './RecoveryPage';
import { isEmpty, moneyByMonth, monthLabel, rangeQuery, totals } from './recoverySeries';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const recovered = (first = 0, inkasso = 0) => ({ before_first_reminder: 0, first, second: 0, third: 0, inkasso });
const ANSWER = {
  currencies: ['eur'],
  months: [
    { month: '2026-10', active: 1, new: 1, voluntary_churn: 0, involuntary_churn: 0, money: [
      { currency: 'eur', mrr: 3911, failed: 0, lost: 0, still_open: 0, recovered: recovered() },
    ] },
    { month: '2026-11', active: 0, new: 0, voluntary_churn: 1, involuntary_churn: 0, money: [
      { currency: 'eur', mrr: 0, failed: 900, lost: 300, still_open: 0, recovered: recovered(900) },
    ] },
  ],
};

describe('recovery series', () => {
  it('asks for the last n months and labels them', () => {
    expect(rangeQuery(12, new Date(2026, 10, 23))).toEqual({ from: '2025-12', to: '2026-11' });
    expect(rangeQuery(3, new Date(2026, 0, 5))).toEqual({ from: '2025-11', to: '2026-01' });
    expect(monthLabel('2026-11', 'en')).toMatch(/Nov/);
    expect(monthLabel('nope', 'en')).toBe('nope');
  });

  it('totals a currency and rounds the axis', () => {
    const a = {
      currencies: ['eur'],
      months: [
        { month: '2026-11', active: 0, new: 0, voluntaryChurn: 0, involuntaryChurn: 0, money: [] },
        {
          month: '2026-12', active: 1, new: 1, voluntaryChurn: 0, involuntaryChurn: 0,
          money: [{ currency: 'eur', mrr: 500, failed: 900, lost: 300, stillOpen: 0, recovered: { beforeFirstReminder: 0, first: 900, second: 0, third: 0, inkasso: 0 } }],
        },
      ],
    } satisfies RecoveryAnalytics;
    const money = moneyByMonth(a, 'eur');
    expect(money[0]!.mrr).toBe(0);
    expect(totals(money)).toEqual({ failed: 900, recovered: 900, lost: 300, rate: 0.75, mrr: 500 });
    expect(isEmpty(a)).toBe(false);
    expect(isEmpty({ currencies: [], months: [{ ...a.months[0]! }] })).toBe(true);
  });
});

describe('the Recovery page', () => {
  it('shows the totals, the charts and the month table', async () => {
    const fetch = mockFetch((url) => (url.startsWith('/v1/cabinet/recovery_analytics') ? json(200, ANSWER) : json(404, {})));
    renderRoutes('/cabinet/recovery', [{ path: '/cabinet/recovery', element: <RecoveryPage /> }]);
    expect(screen.getByTestId('recovery-loading')).toBeInTheDocument();
    const figures = await screen.findByTestId('recovery-totals');
    expect(within(figures).getByText('Recovery rate')).toBeInTheDocument();
    expect(within(figures).getByText('75 %')).toBeInTheDocument();
    expect(screen.getByTestId('chart-recovered')).toBeInTheDocument();
    expect(screen.getAllByText('After the first reminder').length).toBeGreaterThan(0);
    const table = screen.getByTestId('recovery-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(String(fetch.mock.calls[0]![0])).toMatch(/from=\d{4}-\d{2}&to=\d{4}-\d{2}/);
  });

  it('says what will appear when there is nothing yet', async () => {
    mockFetch(() => json(200, { currencies: [], months: [{ ...ANSWER.months[0], active: 0, new: 0, money: [] }] }));
    renderRoutes('/cabinet/recovery', [{ path: '/cabinet/recovery', element: <RecoveryPage /> }]);
    expect(await screen.findByText(/Nothing to show yet/)).toBeInTheDocument();
  });
});
