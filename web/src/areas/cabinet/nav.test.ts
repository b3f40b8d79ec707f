import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import de from '../../i18n/de.json';
import { ADMIN_NAV, CABINET_NAV, findNavItem } from './nav';

const paths = (groups: typeof CABINET_NAV) => groups.flatMap((g) => g.items.map((i) => i.to));

describe('cabinet navigation (core §2)', () => {
  it('reaches every cabinet area of the spec', () => {
    const all = paths(CABINET_NAV);
    for (const path of [
      '/cabinet',
      '/cabinet/orders',
      '/cabinet/order_rates',
      '/cabinet/transfers',
      '/cabinet/invoices',
      '/cabinet/platform_invoices',
      '/cabinet/settings/payment_providers',
      '/cabinet/settings/payment_settings',
      '/cabinet/payment_tickets/overview',
      '/cabinet/payment_tickets/details',
      '/cabinet/courses/overview',
      '/cabinet/courses/sessions',
      '/cabinet/courses/lesson_statuses',
      '/cabinet/courses/quiz_attempts',
      '/cabinet/affiliate_programs',
      '/cabinet/affiliate_nodes',
      '/cabinet/affiliate_statistics',
      '/cabinet/products',
      '/cabinet/profile/edit?seller_profile_edit=true',
      '/cabinet/payers',
      '/cabinet/payouts',
      '/cabinet/claims',
      '/cabinet/logs',
    ]) {
      expect(all).toContain(path);
    }
    expect(paths(ADMIN_NAV)).toEqual(['/admin/ops', '/admin/bank_accounts', '/admin/bank_account_legitimations']);
  });

  it('lists the platform invoices right after the invoices', () => {
    const all = paths(CABINET_NAV);
    expect(all.indexOf('/cabinet/platform_invoices')).toBe(all.indexOf('/cabinet/invoices') + 1);
    expect(findNavItem(CABINET_NAV, '/cabinet/platform_invoices')?.built).toBe(true);
  });

  it('has a label in both languages for every item', () => {
    for (const item of [...CABINET_NAV, ...ADMIN_NAV].flatMap((g) => g.items)) {
      expect(en.nav).toHaveProperty(item.key);
      expect(de.nav).toHaveProperty(item.key);
    }
  });

  it('finds items by path, ignoring the query', () => {
    expect(findNavItem(CABINET_NAV, '/cabinet/profile/edit')?.key).toBe('profileEdit');
    expect(findNavItem(CABINET_NAV, '/cabinet/nope')).toBeNull();
  });
});
