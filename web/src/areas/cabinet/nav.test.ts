import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import de from '../../i18n/de.json';
import routerSource from '../../app/router.tsx?raw';
import { ADMIN_NAV, CABINET_NAV } from './nav';

const paths = (groups: typeof CABINET_NAV) => groups.flatMap((g) => g.items.map((i) => i.to));

/** The child route paths the router declares under an area (`/cabinet`, `/admin`). */
function routed(area: string): Set<string> {
  const declared = [...routerSource.matchAll(/path: '([^']+)'/g)].map((m) => m[1] ?? '');
  return new Set([area, ...declared.filter((p) => !p.startsWith('/') && p !== '*').map((p) => `${area}/${p}`)]);
}

describe('cabinet navigation (core §2)', () => {
  it('lists only areas that have a page (a menu shows only what works)', () => {
    const cabinet = routed('/cabinet');
    const admin = routed('/admin');
    for (const path of paths(CABINET_NAV)) expect(cabinet).toContain(path.split('?')[0]);
    for (const path of paths(ADMIN_NAV)) expect(admin).toContain(path);
  });

  it('reaches every area built so far', () => {
    const all = paths(CABINET_NAV);
    for (const path of [
      '/cabinet',
      '/cabinet/orders',
      '/cabinet/order_rates',
      '/cabinet/transfers',
      '/cabinet/invoices',
      '/cabinet/platform_invoices',
      '/cabinet/products',
      '/cabinet/courses',
      '/cabinet/payment_tickets',
      '/cabinet/check_in',
      '/cabinet/coupons',
      '/cabinet/profile/edit?seller_profile_edit=true',
      '/cabinet/payouts',
      '/cabinet/claims',
      '/cabinet/domains',
      '/cabinet/settings/account_deletion',
      '/cabinet/affiliate_programs',
      '/cabinet/affiliate_nodes',
      '/cabinet/affiliate_statistics',
      '/cabinet/team_members',
      '/cabinet/settings/reseller',
      '/cabinet/affiliate_marketplace',
      '/cabinet/settings/notifications',
      '/cabinet/webhooks',
    ]) {
      expect(all).toContain(path);
    }
    expect(paths(ADMIN_NAV)).toEqual(['/admin/ops', '/admin/bank_accounts', '/admin/bank_account_legitimations', '/admin/product_reviews', '/admin/incoming_transfers', '/admin/reseller_requests', '/admin/mail']);
  });

  it('leaves out areas of the spec that are not built yet', () => {
    const all = paths(CABINET_NAV);
    for (const path of ['/cabinet/settings/payment_providers']) {
      expect(all).not.toContain(path);
    }
    for (const group of CABINET_NAV) expect(group.items.length).toBeGreaterThan(0);
  });

  it('lists the platform invoices right after the invoices', () => {
    const all = paths(CABINET_NAV);
    expect(all.indexOf('/cabinet/platform_invoices')).toBe(all.indexOf('/cabinet/invoices') + 1);
  });

  it('has a label in both languages for every item and group', () => {
    for (const group of [...CABINET_NAV, ...ADMIN_NAV]) {
      expect(en.nav.groups).toHaveProperty(group.key);
      expect(de.nav.groups).toHaveProperty(group.key);
      for (const item of group.items) {
        expect(en.nav).toHaveProperty(item.key);
        expect(de.nav).toHaveProperty(item.key);
      }
    }
  });
});

describe('a team member working for a seller', () => {
  it('sees the cabinet at their seller paths, without what only the owner may use', async () => {
    const { actingNav } = await import('../team/ActingLayout');
    const all = actingNav(7).flatMap((g) => g.items.map((i) => i.to));
    expect(all).toContain('/team_member/sellers/7/orders');
    expect(all).toContain('/team_member/sellers/7');
    for (const owner of ['/team_member/sellers/7/team_members', '/team_member/sellers/7/settings/account_deletion', '/team_member/sellers/7/payouts', '/team_member/sellers/7/settings/reseller']) {
      expect(all).not.toContain(owner);
    }
    expect(all.every((p) => p.startsWith('/team_member/sellers/7'))).toBe(true);
  });

  it('is told a page is the owner\'s when they open it by its address, instead of forms the API refuses', async () => {
    const { ownerOnlyPage } = await import('../team/ActingLayout');
    for (const owner of ['/team_member/sellers/7/payouts', '/team_member/sellers/7/settings/payment_settings', '/team_member/sellers/7/profile/edit', '/team_member/sellers/7/webhooks/12']) {
      expect(ownerOnlyPage(7, owner)).toBe(true);
    }
    for (const theirs of ['/team_member/sellers/7/orders', '/team_member/sellers/7', '/team_member/sellers/7/payouts_report', '/team_member/sellers/8/orders']) {
      expect(ownerOnlyPage(7, theirs)).toBe(false);
    }
  });
});
