// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import type { PricingPlanInput } from '../../../../api/types';
import { formatMoney } from '../../../../lib/money';
import { resetApiConfig } from '../../../../api/client';
import { setTokens } from '../../../../api/tokens';
import { json, mockFetch, TOKENS } from '../../../../api/__tests__/helpers';
import i18n from '../../../../i18n';
import { renderRoutes } from '../../../../test/render';
import { DraftPlanPreview, SavedPlanPreview } from './PlanPreview';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const ev = (on: string, step: string, rate: number, amount: number, day = 0, stage: string | null = null) => ({
  on,
  step,
  rate,
  amount,
  day,
  stage,
});
const PREVIEW = {
  currency: 'eur',
  purchased: '2027-01-31',
  open_ended: true,
  total: null,
  charges: 3,
  strategy: 'dunning_inkasso',
  stage_days: [3, 7, 14],
  failing_rate: 2,
  events: [
    ev('2027-01-31', 'charge', 1, 1900),
    ev('2027-02-28', 'failed', 2, 1500),
    ev('2027-03-03', 'reminder', 2, 1500, 3, 'first'),
    ev('2027-03-03', 'retry', 2, 1500, 3, 'first'),
    ev('2027-03-14', 'handover', 2, 1500, 14),
    ev('2027-03-31', 'charge', 3, 1500),
  ],
};

/** The editor's form: no valid terms until the seller has typed a price. */
function Typing() {
  const [input, setInput] = useState<PricingPlanInput | null>(null);
  return (
    <>
      <button type="button" onClick={() => setInput({ name: 'Monthly', price: 1900, paymentType: 'subscription', period: '1m' })}>
        type
      </button>
      <DraftPlanPreview productId={5} input={input} />
    </>
  );
}

describe('the plan preview', () => {
  it("shows a saved plan's charges and its claim's stages by date", async () => {
    mockFetch((url) => (url.startsWith('/v1/cabinet/products/5/pricing_plans/9/preview') ? json(200, PREVIEW) : json(404, {})));
    renderRoutes('/x', [{ path: '/x', element: <SavedPlanPreview productId={5} planId={9} /> }]);
    expect(await screen.findByText('Rate 1 charged at checkout')).toBeInTheDocument();
    expect(screen.getByText('28.02.2027')).toBeInTheDocument();
    expect(screen.getByText(/First reminder mailed to the payer/)).toBeInTheDocument();
    expect(screen.getByText('Handed to the collection agency')).toBeInTheDocument();
    expect(screen.getByText(/Reminders 3, 7 and 14 days after the failed charge/)).toBeInTheDocument();
    expect(screen.getByText(/Dunning, then debt collection/)).toBeInTheDocument();
    expect(screen.getByText(formatMoney(1900, 'eur', 'en'))).toBeInTheDocument();
  });

  it('previews the terms being typed, and says what is missing first', async () => {
    const fetch = mockFetch((url) => (url.startsWith('/v1/cabinet/products/5/pricing_plans/preview') ? json(200, PREVIEW) : json(404, {})));
    renderRoutes('/x', [{ path: '/x', element: <Typing /> }]);
    expect(screen.getByText(/Enter a valid price/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('type'));
    expect(await screen.findByText('Rate 1 charged at checkout', {}, { timeout: 3000 })).toBeInTheDocument();
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ price: 1900, payment_type: 'subscription', period: '1m' });
  });
});
