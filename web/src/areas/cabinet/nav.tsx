import type { NavGroup } from '../../components/Shell';

/** The cabinet areas of core §2 that work; an area joins the menu when it is built (a menu shows only what works). */
export const CABINET_NAV: NavGroup[] = [
  { key: 'overview', items: [{ key: 'dashboard', to: '/cabinet', end: true }] },
  {
    key: 'sales',
    items: [
      { key: 'orders', to: '/cabinet/orders' },
      { key: 'orderRates', to: '/cabinet/order_rates' },
      { key: 'recovery', to: '/cabinet/recovery' },
      { key: 'transfers', to: '/cabinet/transfers' },
      { key: 'invoices', to: '/cabinet/invoices' },
      { key: 'platformInvoices', to: '/cabinet/platform_invoices' },
      { key: 'payouts', to: '/cabinet/payouts' },
      { key: 'bookkeepingExport', to: '/cabinet/bookkeeping_export' },
    ],
  },
  {
    key: 'catalog',
    items: [
      { key: 'products', to: '/cabinet/products' },
      { key: 'courses', to: '/cabinet/courses' },
      { key: 'paymentTickets', to: '/cabinet/payment_tickets' },
      { key: 'checkIn', to: '/cabinet/check_in' },
      { key: 'coupons', to: '/cabinet/coupons' },
      { key: 'checkoutSettings', to: '/cabinet/checkout_settings' },
      { key: 'pages', to: '/cabinet/pages' },
      { key: 'tracking', to: '/cabinet/tracking' },
    ],
  },
  {
    key: 'customers',
    items: [
      { key: 'claims', to: '/cabinet/claims' },
    ],
  },
  {
    key: 'affiliates',
    items: [
      { key: 'affiliatePrograms', to: '/cabinet/affiliate_programs' },
      { key: 'affiliateNodes', to: '/cabinet/affiliate_nodes' },
      { key: 'affiliateStatistics', to: '/cabinet/affiliate_statistics' },
      { key: 'affiliateMarketplace', to: '/cabinet/affiliate_marketplace' },
      { key: 'teamMembers', to: '/cabinet/team_members' },
    ],
  },
  {
    key: 'account',
    items: [
      { key: 'profileEdit', to: '/cabinet/profile/edit?seller_profile_edit=true' },
      { key: 'paymentSettings', to: '/cabinet/settings/payment_settings' },
      { key: 'reseller', to: '/cabinet/settings/reseller' },
      { key: 'notifications', to: '/cabinet/settings/notifications' },
      { key: 'domains', to: '/cabinet/domains' },
      { key: 'webhooks', to: '/cabinet/webhooks' },
      { key: 'accountDeletion', to: '/cabinet/settings/account_deletion' },
    ],
  },
];

export const ADMIN_NAV: NavGroup[] = [
  {
    key: 'admin',
    items: [
      { key: 'ops', to: '/admin/ops' },
      { key: 'bankAccounts', to: '/admin/bank_accounts' },
      { key: 'bankAccountLegitimations', to: '/admin/bank_account_legitimations' },
      { key: 'productReviews', to: '/admin/product_reviews' },
      { key: 'incomingTransfers', to: '/admin/incoming_transfers' },
      { key: 'resellerRequests', to: '/admin/reseller_requests' },
      { key: 'mailAuthentication', to: '/admin/mail' },
    ],
  },
];
