import type { TFunction } from 'i18next';
import type { Answer } from '../../../api/sdk';
import { formatMoney } from '../../../lib/money';

export type Notice = Answer<'list_notifications'>['list'][number];
export type NoticeType = Notice['type'];

export const NOTICES_KEY = ['cabinet', 'notifications'] as const;

type Sale = { currency: string; count: number; amount: number };

function str(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/** DD.MM.YYYY (core §9's date format) of an ISO day. */
export function dayText(iso: string): string {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}.${m}.${y}` : iso;
}

function periodText(t: TFunction, n: Notice, locale: string): string {
  const first = str(n.data.first);
  const last = str(n.data.last);
  if (n.type === 'month_income') {
    const [y, m] = first.split('-').map(Number);
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y ?? 2000, (m ?? 1) - 1, 1));
  }
  if (n.type === 'week_income') return t('notifications.weekSpan', { first: dayText(first), last: dayText(last) });
  return dayText(first);
}

/** A notification as the cabinet shows it: a title, one line of what it is about, and where it leads. */
export function noticeText(t: TFunction, n: Notice, locale: string): { title: string; body: string; to: string | null } {
  const d = n.data;
  const product = str(d.productName);
  const amount = typeof d.amount === 'number' ? formatMoney(d.amount, str(d.currency), locale) : '';
  const order = str(d.order);
  const toOrder = order ? `/cabinet/orders/${order}` : null;
  switch (n.type) {
    case 'paid_transaction': {
      const rate = typeof d.rate === 'number' && d.rate > 1 ? d.rate : null;
      return {
        title: t('notifications.text.paid_transaction.title'),
        body: rate ? t('notifications.text.paid_transaction.rate', { product, amount, rate, email: str(d.email) }) : t('notifications.text.paid_transaction.body', { product, amount, email: str(d.email) }),
        to: toOrder,
      };
    }
    case 'free_transaction':
    case 'order_canceled':
      return { title: t(`notifications.text.${n.type}.title`), body: t(`notifications.text.${n.type}.body`, { product, email: str(d.email) }), to: toOrder };
    case 'order_created':
      return {
        title: t('notifications.text.order_created.title'),
        body: t(d.method === 'pay_later' ? 'notifications.text.order_created.later' : 'notifications.text.order_created.wire', { product, amount, email: str(d.email) }),
        to: toOrder,
      };
    case 'comment':
      return { title: t('notifications.text.comment.title'), body: t('notifications.text.comment.body', { author: str(d.author), lesson: str(d.lesson), excerpt: str(d.excerpt) }), to: null };
    case 'quiz_attempt':
      return {
        title: t(d.passed ? 'notifications.text.quiz_attempt.passed' : 'notifications.text.quiz_attempt.failed'),
        body: t('notifications.text.quiz_attempt.body', { author: str(d.author), lesson: str(d.lesson), score: str(d.score) }),
        to: null,
      };
    case 'day_income':
    case 'week_income':
    case 'month_income': {
      const sales = (Array.isArray(d.sales) ? d.sales : []) as Sale[];
      const lines = sales.map((s) => t('notifications.salesLine', { count: s.count, amount: formatMoney(s.amount, s.currency, locale) }));
      return { title: t(`notifications.text.${n.type}.title`, { period: periodText(t, n, locale) }), body: lines.join(' · ') || t('notifications.noSales'), to: '/cabinet/orders' };
    }
    case 'custom_notification':
      return { title: str(d.title), body: str(d.text), to: null };
    default:
      return { title: t(`notifications.types.${n.type}.label`), body: '', to: null };
  }
}
