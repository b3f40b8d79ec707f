import type { NavGroup, NavItem } from '../../components/Shell';

/** Every cabinet area of core §2; `built` marks the ones that exist so far. */
export const CABINET_NAV: NavGroup[] = [
  { key: 'overview', items: [{ key: 'dashboard', to: '/cabinet', built: true, end: true }] },
  {
    key: 'sales',
    items: [
      { key: 'orders', to: '/cabinet/orders', built: true },
      { key: 'orderRates', to: '/cabinet/order_rates', built: true },
      { key: 'recovery', to: '/cabinet/recovery', built: true },
      { key: 'transfers', to: '/cabinet/transfers', built: true },
      { key: 'invoices', to: '/cabinet/invoices', built: true },
      { key: 'platformInvoices', to: '/cabinet/platform_invoices', built: true },
      { key: 'payouts', to: '/cabinet/payouts', built: true },
      { key: 'subscriptionCharges', to: '/cabinet/subscription_charges' },
      { key: 'pastDueOrders', to: '/cabinet/past_due_orders' },
      { key: 'paymentAuthorizations', to: '/cabinet/payment_authorizations' },
      { key: 'paymentTicketsOverview', to: '/cabinet/payment_tickets/overview' },
      { key: 'paymentTicketsDetails', to: '/cabinet/payment_tickets/details' },
      { key: 'bookkeepingExport', to: '/cabinet/bookkeeping_export', built: true },
    ],
  },
  {
    key: 'payments',
    items: [
      { key: 'paymentProviders', to: '/cabinet/settings/payment_providers' },
      { key: 'paymentSettings', to: '/cabinet/settings/payment_settings' },
    ],
  },
  {
    key: 'catalog',
    items: [
      { key: 'products', to: '/cabinet/products', built: true },
      { key: 'pricingPlans', to: '/cabinet/pricing_plans' },
      { key: 'coursesOverview', to: '/cabinet/courses/overview' },
      { key: 'courseSessions', to: '/cabinet/courses/sessions' },
      { key: 'lessonStatuses', to: '/cabinet/courses/lesson_statuses' },
      { key: 'quizAttempts', to: '/cabinet/courses/quiz_attempts' },
    ],
  },
  {
    key: 'affiliates',
    items: [
      { key: 'affiliatePrograms', to: '/cabinet/affiliate_programs' },
      { key: 'affiliateNodes', to: '/cabinet/affiliate_nodes' },
      { key: 'affiliateStatistics', to: '/cabinet/affiliate_statistics' },
    ],
  },
  {
    key: 'customers',
    items: [
      { key: 'payers', to: '/cabinet/payers' },
      { key: 'claims', to: '/cabinet/claims', built: true },
      { key: 'leads', to: '/cabinet/leads' },
      { key: 'optIns', to: '/cabinet/opt_ins' },
      { key: 'deals', to: '/cabinet/deals' },
      { key: 'community', to: '/cabinet/community' },
    ],
  },
  {
    key: 'marketing',
    items: [
      { key: 'funnels', to: '/cabinet/funnels' },
      { key: 'themes', to: '/cabinet/themes' },
    ],
  },
  {
    key: 'account',
    items: [
      { key: 'profileEdit', to: '/cabinet/profile/edit?seller_profile_edit=true', built: true },
      { key: 'domains', to: '/cabinet/domains', built: true },
      { key: 'accountDeletion', to: '/cabinet/settings/account_deletion', built: true },
      { key: 'notifications', to: '/cabinet/notifications' },
      { key: 'logs', to: '/cabinet/logs' },
    ],
  },
];

export const ADMIN_NAV: NavGroup[] = [
  {
    key: 'admin',
    items: [
      { key: 'ops', to: '/admin/ops', built: true },
      { key: 'bankAccounts', to: '/admin/bank_accounts', built: true },
      { key: 'bankAccountLegitimations', to: '/admin/bank_account_legitimations', built: true },
    ],
  },
];

/** The nav item whose path is exactly `pathname`, if any. */
export function findNavItem(groups: NavGroup[], pathname: string): NavItem | null {
  for (const group of groups) {
    for (const item of group.items) if ((item.to.split('?')[0] ?? item.to) === pathname) return item;
  }
  return null;
}
