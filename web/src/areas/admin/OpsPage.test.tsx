// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { resetApiConfig } from '../../api/client';
import { setTokens } from '../../api/tokens';
import { json, mockFetch, TOKENS } from '../../api/__tests__/helpers';
import i18n from '../../i18n';
import { renderRoutes } from '../../test/render';
import OpsPage from './OpsPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row = (id: string, type: string) => ({
  workflow_id: id,
  run_id: 'r1',
  workflow_type: type,
  status: 'RUNNING',
  start_time: '2026-11-24T10:00:00+00:00',
  close_time: null,
  temporal_ui_url: `http://temporal/${id}`,
});

describe('the ops view', () => {
  it('finds every workflow of a seller by the seller id', async () => {
    const fetch = mockFetch((url) =>
      url.startsWith('/v1/admin/sellers/12/workflows')
        ? json(200, { list: [row('payout-seller-12', 'Payout'), row('legitimation-12', 'Legitimation'), row('subscription-abc', 'Subscription')] })
        : json(404, {}),
    );
    renderRoutes('/admin/ops', [{ path: '/admin/ops', element: <OpsPage /> }]);
    fireEvent.click(await screen.findByTestId('ops-by-seller'));
    const input = screen.getByTestId('ops-token');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByTestId('ops-find')).toBeDisabled(); // a seller id is a number
    expect(screen.getByText('A seller id is a number.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('ops-find'));
    expect(await screen.findByText('payout-seller-12')).toBeInTheDocument();
    expect(screen.getByText('legitimation-12')).toBeInTheDocument();
    expect(screen.getByText('subscription-abc')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).startsWith('/v1/admin/sellers/12/workflows'))).toBe(true);
  });
});
