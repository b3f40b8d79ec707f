// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { header, json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import { RefundPanel } from './RefundPanel';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('a refund from the order view', () => {
  it('asks for an amount and a reason, sends cents once per refund, and says when it is more than is left', async () => {
    let left = 2000;
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/cabinet/orders/ord1/refunds' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { amount: number };
        if (body.amount > left) return json(400, { error: 'INVALID_INPUT', type: 'INVALID_INPUT', message: 'too much', fields: { amount: '20.00' } });
        left -= body.amount;
        return json(202, { number: 1, amount: body.amount, currency: 'eur', state: 'requested', reason: 'x', created_at: '2026-11-29T10:00:00Z' });
      }
      if (url === '/v1/cabinet/orders/ord1/refunds') return json(200, { refundable: left, list: [] });
      return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
    });
    renderRoutes('/o', [{ path: '/o', element: <RefundPanel token="ord1" currency="eur" trail={[]} /> }]);
    const refund = await screen.findByRole('button', { name: i18n.t('money.refund') });
    fireEvent.change(screen.getByLabelText(i18n.t('orders.amount')), { target: { value: 'five' } });
    fireEvent.click(refund);
    expect(await screen.findByText(i18n.t('validation.invalid_price'))).toBeInTheDocument();
    expect(await screen.findByText(i18n.t('money.reasonRequired'))).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(i18n.t('orders.amount')), { target: { value: '25,00' } });
    fireEvent.change(screen.getByLabelText(i18n.t('legitimation.reason')), { target: { value: ' One chapter was missing ' } });
    fireEvent.click(refund);
    expect(await screen.findByText(i18n.t('money.refundTooMuch', { left: '20.00' }))).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(i18n.t('orders.amount')), { target: { value: '5,00' } });
    fireEvent.click(refund);
    await waitFor(() => expect(left).toBe(1500));
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { amount: 2500, reason: 'One chapter was missing' },
      { amount: 500, reason: 'One chapter was missing' },
    ]);
    expect(header(posts[0]?.[1], 'Idempotency-Key')).not.toBe(header(posts[1]?.[1], 'Idempotency-Key'));
  });
});
