import { beforeAll, describe, expect, it } from 'vitest';
import spec from '../../../../openapi.json';
import i18n from '../../../i18n';
import { noticeText, type Notice } from './noticeText';

const types = (spec.components.schemas as Record<string, { enum?: string[] }>).NotificationType?.enum ?? [];
const order = { order: 'tok1', productName: 'Yoga course', email: 'bea@example.com', currency: 'eur', amount: 4900 };
const DATA: Record<string, Record<string, unknown>> = {
  paid_transaction: { ...order, rate: 1 },
  free_transaction: order,
  order_created: { ...order, method: 'pay_later' },
  order_canceled: order,
  comment: { lesson: 'Breathing', author: 'Bea', excerpt: 'Lovely' },
  quiz_attempt: { lesson: 'Breathing', author: 'Bea', passed: false, score: 40 },
  day_income: { first: '2026-11-25', last: '2026-11-25', sales: [{ currency: 'eur', count: 3, amount: 14700 }] },
  week_income: { first: '2026-11-23', last: '2026-11-29', sales: [{ currency: 'eur', count: 1, amount: 4900 }] },
  month_income: { first: '2026-11-01', last: '2026-11-30', sales: [] },
  custom_notification: { title: 'SEPA is here', text: 'Pay by direct debit.' },
  community_new_post_for_review: {},
};

function notice(type: string): Notice {
  return { id: 1, type, data: DATA[type] ?? {}, createdAt: '2026-11-26T08:00:00Z', readAt: null } as Notice;
}

describe('a notification in the cabinet', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  it('reads as words in en and de for every type the API knows, never as a key', async () => {
    expect(types.length).toBe(11);
    for (const lang of ['en', 'de']) {
      await i18n.changeLanguage(lang);
      for (const type of types) {
        const text = noticeText(i18n.t, notice(type), lang);
        expect(text.title, `${type} (${lang})`).not.toMatch(/notifications\.|^$/);
        expect(text.body, `${type} (${lang})`).not.toMatch(/notifications\./);
      }
    }
  });
  it('gives a sale its amount in the seller language and leads to the order', async () => {
    await i18n.changeLanguage('de');
    const text = noticeText(i18n.t, notice('paid_transaction'), 'de');
    expect(text.body).toBe('Yoga course: 49,00€ von bea@example.com');
    expect(text.to).toBe('/cabinet/orders/tok1');
  });
  it('sums a day per currency and names a month', async () => {
    await i18n.changeLanguage('en');
    expect(noticeText(i18n.t, notice('day_income'), 'en')).toMatchObject({ title: 'Your sales on 25.11.2026', body: '3 sales: 147.00€' });
    expect(noticeText(i18n.t, notice('month_income'), 'en')).toMatchObject({ title: 'Your sales in November 2026', body: 'No sales.' });
    await i18n.changeLanguage('de');
    expect(noticeText(i18n.t, notice('week_income'), 'de').title).toBe('Deine Verkäufe in der Woche 23.11.2026 – 29.11.2026');
  });
});
