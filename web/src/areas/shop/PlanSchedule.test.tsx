// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { PricingPlan } from '../../api/types';
import i18n from '../../i18n';
import { PlanSchedule } from './PlanSchedule';

const plan = (over: Partial<PricingPlan>): PricingPlan => ({
  id: 1,
  name: 'Monthly',
  paymentType: 'subscription',
  price: 1000,
  currency: 'eur',
  period: '1m',
  nextAmount: 1000,
  testDays: 0,
  useNetPrice: false,
  dueNow: 1000,
  schedule: [
    { number: 1, due: '2026-12-07', amount: 1000 },
    { number: 2, due: '2027-01-07', amount: 1000 },
  ],
  ...over,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the payment schedule before paying', () => {
  it('says a test period charges nothing today and when the first payment comes', () => {
    render(<PlanSchedule plan={plan({ testDays: 14, dueNow: 0 })} />);
    expect(screen.getByTestId('due-now').textContent).toMatch(/14 days free: nothing is charged today; the first payment is on 07\.12\.2026/);
  });
  it('says a start day charges nothing today', () => {
    render(<PlanSchedule plan={plan({ startDay: 7, dueNow: 0 })} />);
    expect(screen.getByTestId('due-now').textContent).toMatch(/Nothing is charged today/);
  });
  it('says nothing of the kind when the first rate is paid at checkout', () => {
    render(<PlanSchedule plan={plan({})} />);
    expect(screen.queryByTestId('due-now')).toBeNull();
  });
});
