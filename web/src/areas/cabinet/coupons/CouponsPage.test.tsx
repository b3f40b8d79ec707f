// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import CouponsPage from './CouponsPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function api() {
  return mockFetch((url, init) => {
    if (url === '/v1/cabinet/coupons' && init.method === 'POST') return json(201, { list: [], total_count: 1 });
    if (url.startsWith('/v1/cabinet/coupons')) return json(200, { list: [], total_count: 0 });
    if (url.startsWith('/v1/cabinet/products')) return json(200, { list: [], total_count: 0 });
    return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
  });
}

describe('a new coupon', () => {
  it("checks a single code and a bulk's count by the contract's rules before anything is sent", async () => {
    const fetch = api();
    renderRoutes('/c', [{ path: '/c', element: <CouponsPage /> }]);
    fireEvent.click(await screen.findByTestId('coupon-new'));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByTestId('coupon-new-code'), { target: { value: 'a!' } });
    fireEvent.click(dialog.getByTestId('coupon-create'));
    expect(await dialog.findByText(i18n.t('validation.pattern.couponCode'))).toBeInTheDocument();
    fireEvent.click(dialog.getByTestId('coupon-mode-bulk'));
    fireEvent.change(dialog.getByLabelText(i18n.t('coupons.count')), { target: { value: '5000' } });
    fireEvent.click(dialog.getByTestId('coupon-create'));
    expect(await dialog.findByText(i18n.t('validation.max', { max: 1000 }))).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends a single code with its percentage', async () => {
    const fetch = api();
    renderRoutes('/c', [{ path: '/c', element: <CouponsPage /> }]);
    fireEvent.click(await screen.findByTestId('coupon-new'));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByTestId('coupon-new-code'), { target: { value: ' SAVE20 ' } });
    fireEvent.change(dialog.getByTestId('coupon-new-value'), { target: { value: '20' } });
    fireEvent.click(dialog.getByTestId('coupon-create'));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      mode: 'single',
      code: 'SAVE20',
      value_form: 'percents',
      value: 20,
      scope: 'all_products',
      product_ids: [],
      recurring: 'first_rate',
    });
  });
});
