import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { actingPath, actingSeller } from '../api/acting';
import { PageLoader } from '../components/PageLoader';
import { RequireAuth } from '../areas/auth/RequireAuth';
import { page, shopRoutes } from './shopRoutes';

function Root({ children }: { children?: ReactNode }) {
  return <Suspense fallback={<PageLoader minHeight="60vh" />}>{children ?? <Outlet />}</Suspense>;
}

/** The cabinet's pages: the seller's own under `/cabinet`, and a team member's for the seller they work for under
 * `/team_member/sellers/{id}` (core §2: the cabinet's paths rewritten to the team member's seller paths). */
const cabinetChildren: RouteObject[] = [
  { index: true, element: page(() => import('../areas/cabinet/dashboard/DashboardPage')) },
  { path: 'products', element: page(() => import('../areas/cabinet/products/ProductsPage')) },
  { path: 'products/:id/edit', element: page(() => import('../areas/cabinet/products/ProductEditorPage')) },
  { path: 'products/:id/preview', element: page(() => import('../areas/cabinet/products/ProductPreviewPage')) },
  { path: 'orders', element: page(() => import('../areas/cabinet/orders/OrdersPage')) },
  { path: 'check_in', element: page(() => import('../areas/cabinet/events/CheckInPage')) },
  { path: 'coupons', element: page(() => import('../areas/cabinet/coupons/CouponsPage')) },
  { path: 'pages', element: page(() => import('../areas/cabinet/pages/PagesPage')) },
  { path: 'pages/:id/edit', element: page(() => import('../areas/cabinet/pages/PageEditorPage')) },
  { path: 'tracking', element: page(() => import('../areas/cabinet/tracking/TrackingPage')) },
  { path: 'affiliate_programs', element: page(() => import('../areas/cabinet/affiliates/AffiliateProgramsPage')) },
  { path: 'affiliate_nodes', element: page(() => import('../areas/cabinet/affiliates/AffiliateNodesPage')) },
  { path: 'affiliate_statistics', element: page(() => import('../areas/cabinet/affiliates/AffiliateStatisticsPage')) },
  { path: 'affiliate_marketplace', element: page(() => import('../areas/cabinet/affiliates/CabinetMarketplacePage')) },
  { path: 'checkout_settings', element: page(() => import('../areas/cabinet/checkout/CheckoutSettingsPage')) },
  { path: 'payment_tickets', element: <Navigate to="/cabinet/payment_tickets/overview" replace /> },
  { path: 'payment_tickets/:tab', element: page(() => import('../areas/cabinet/events/PaymentTicketsPage')) },
  { path: 'courses', element: <Navigate to="/cabinet/courses/overview" replace /> },
  { path: 'courses/:tab', element: page(() => import('../areas/cabinet/courses/CoursesPage')) },
  { path: 'orders/:token', element: page(() => import('../areas/cabinet/orders/OrderDetailsPage')) },
  { path: 'profile/edit', element: page(() => import('../areas/cabinet/profile/ProfileEditPage')) },
  { path: 'transfers', element: page(() => import('../areas/cabinet/money/TransfersPage')) },
  { path: 'invoices', element: page(() => import('../areas/cabinet/money/InvoicesPage')) },
  { path: 'payouts', element: page(() => import('../areas/cabinet/money/PayoutsPage')) },
  { path: 'bookkeeping_export', element: page(() => import('../areas/cabinet/money/ExportPage')) },
  { path: 'platform_invoices', element: page(() => import('../areas/cabinet/money/PlatformInvoicesPage')) },
  { path: 'order_rates', element: page(() => import('../areas/cabinet/billing/OrderRatesPage')) },
  { path: 'claims', element: page(() => import('../areas/cabinet/billing/ClaimsPage')) },
  { path: 'recovery', element: page(() => import('../areas/cabinet/recovery/RecoveryPage')) },
  { path: 'settings/payment_settings', element: page(() => import('../areas/cabinet/settings/PaymentSettingsPage')) },
  { path: 'settings/account_deletion', element: page(() => import('../areas/cabinet/account/AccountDeletionPage')) },
  { path: 'domains', element: page(() => import('../areas/cabinet/domains/DomainsPage')) },
  { path: 'team_members', element: page(() => import('../areas/cabinet/affiliates/TeamMembersPage')) },
  { path: 'settings/reseller', element: page(() => import('../areas/cabinet/settings/ResellerPage')) },
  { path: 'settings/notifications', element: page(() => import('../areas/cabinet/settings/NoticesPage')) },
  { path: 'notifications', element: page(() => import('../areas/cabinet/notifications/NotificationsPage')) },
  { path: 'webhooks', element: page(() => import('../areas/cabinet/settings/WebhooksPage')) },
  { path: 'webhooks/:endpointId', element: page(() => import('../areas/cabinet/settings/WebhookEndpointPage')) },
  { path: '*', element: page(() => import('../areas/public/NotFoundPage')) },
];

/** The seller's own cabinet; while a team member works for a seller in this tab, the cabinet's paths lead to that
 * seller's (links and redirects written as `/cabinet/…` land there). */
function CabinetGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const seller = actingSeller();
  if (seller !== null) return <Navigate to={actingPath(seller, location.pathname) + location.search + location.hash} replace />;
  return <RequireAuth profile="seller">{children}</RequireAuth>;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: page(() => import('../areas/public/LandingPage')) },
      { path: '/plans', element: page(() => import('../areas/public/PlansPage')) },
      { path: '/emails/unsubscribe/:token', element: page(() => import('../areas/public/UnsubscribePage')) },
      { path: '/email_logs/:token', element: page(() => import('../areas/public/MailViewPage')) },
      ...(['terms', 'privacy', 'imprint'] as const).map((document) => ({
        path: `/${document}`,
        element: page(() => import('../areas/public/PlatformDocumentPage').then((m) => ({ default: () => <m.default document={document} /> }))),
      })),
      {
        path: '/users',
        children: [
          { path: 'sign_in', element: page(() => import('../areas/auth/SignInPage')) },
          { path: 'sign_up', element: page(() => import('../areas/auth/SignUpPage')) },
          { path: 'sign_up/about_you', element: page(() => import('../areas/auth/AboutYouPage')) },
          { path: 'confirmation', element: page(() => import('../areas/auth/ConfirmationPage')) },
          { path: 'confirmation/new', element: page(() => import('../areas/auth/ConfirmationNewPage')) },
          { path: 'password/new', element: page(() => import('../areas/auth/PasswordNewPage')) },
          { path: 'password/edit', element: page(() => import('../areas/auth/PasswordEditPage')) },
          { path: 'magic_link', element: page(() => import('../areas/auth/MagicLinkPage')) },
          { path: 'change_email', element: page(() => import('../areas/auth/ChangeEmailPage')) },
        ],
      },
      // the live preview of a checkout page, drawn inside the checkout settings page's frame (no cabinet shell)
      { path: '/preview/checkout', element: <RequireAuth>{page(() => import('../areas/cabinet/checkout/CheckoutPreviewFrame'))}</RequireAuth> },
      {
        path: '/cabinet',
        element: <CabinetGate>{page(() => import('../areas/cabinet/CabinetLayout'))}</CabinetGate>,
        children: cabinetChildren,
      },
      {
        path: '/team_member/sellers/:sellerId',
        element: <RequireAuth>{page(() => import('../areas/team/ActingLayout'))}</RequireAuth>,
        children: cabinetChildren,
      },
      {
        path: '/team_member',
        element: <RequireAuth>{page(() => import('../areas/team/TeamLayout'))}</RequireAuth>,
        children: [
          { index: true, element: page(() => import('../areas/team/TeamHomePage')) },
          { path: 'invites', element: page(() => import('../areas/team/TeamInvitesPage')) },
          { path: 'orders', element: page(() => import('../areas/team/TeamOrdersPage')) },
          { path: 'transfers', element: page(() => import('../areas/team/TeamTransfersPage')) },
          { path: 'payouts', element: page(() => import('../areas/team/TeamPayoutsPage')) },
          { path: 'payouts_balance', element: <Navigate to="/team_member/payouts" replace /> },
          { path: 'payouts_settings', element: <Navigate to="/team_member/payouts" replace /> },
          { path: 'profile/edit', element: page(() => import('../areas/team/TeamProfilePage')) },
          { path: 'details', element: page(() => import('../areas/team/TeamDetailsPage')) },
          { path: 'support', element: page(() => import('../areas/team/TeamSupportPage')) },
          { path: 'bank_accounts', element: <Navigate to="/team_member/profile/edit?step=bank" replace /> },
          { path: '*', element: page(() => import('../areas/public/NotFoundPage')) },
        ],
      },
      {
        path: '/publish',
        element: <RequireAuth>{page(() => import('../areas/publish/PublishLayout'))}</RequireAuth>,
        children: [
          { index: true, element: page(() => import('../areas/publish/PublishHomePage')) },
          { path: 'affiliate_programs', element: page(() => import('../areas/publish/PublishProgramsPage')) },
          { path: 'affiliate_nodes', element: <Navigate to="/publish/affiliate_programs" replace /> },
          { path: 'affiliate_marketplace', element: page(() => import('../areas/publish/MarketplacePage')) },
          { path: 'affiliate_marketplace/:id', element: page(() => import('../areas/publish/ProgramLandingPage')) },
          { path: 'orders', element: page(() => import('../areas/publish/PublishOrdersPage')) },
          { path: 'statistics', element: page(() => import('../areas/publish/PublishStatisticsPage')) },
          { path: 'statistics_programs', element: page(() => import('../areas/publish/PublishStatisticsPage')) },
          { path: 'statistics_products', element: page(() => import('../areas/publish/PublishStatisticsPage')) },
          { path: 'statistics_sellers', element: page(() => import('../areas/publish/PublishStatisticsPage')) },
          { path: 'statistics_affiliate', element: page(() => import('../areas/publish/PublishStatisticsPage')) },
          { path: 'transfers', element: page(() => import('../areas/publish/PublishTransfersPage')) },
          { path: 'payouts', element: page(() => import('../areas/publish/PublishPayoutsPage')) },
          { path: 'embeddable_items', element: page(() => import('../areas/publish/EmbeddableItemsPage')) },
          { path: 'embeddable_items/new', element: page(() => import('../areas/publish/EmbeddableItemsPage')) },
          { path: 'embeddable_items/:id/edit', element: page(() => import('../areas/publish/EmbeddableItemsPage')) },
          { path: 'embeddable_items/:id/preview', element: page(() => import('../areas/publish/EmbedPreviewPage')) },
          { path: 'profile/edit', element: page(() => import('../areas/publish/PublishProfilePage')) },
          { path: 'details', element: page(() => import('../areas/publish/PublishDetailsPage')) },
          { path: 'email_notification', element: page(() => import('../areas/publish/PublishNoticesPage')) },
          { path: 'support', element: page(() => import('../areas/publish/PublishSupportPage')) },
          { path: 'bank_accounts', element: <Navigate to="/publish/profile/edit?step=bank" replace /> },
          { path: 'payouts_balance', element: <Navigate to="/publish/payouts" replace /> },
          { path: 'payouts_settings', element: <Navigate to="/publish/payouts" replace /> },
          { path: '*', element: page(() => import('../areas/public/NotFoundPage')) },
        ],
      },
      {
        path: '/admin',
        element: <RequireAuth profile="manager">{page(() => import('../areas/admin/AdminLayout'))}</RequireAuth>,
        children: [
          { index: true, element: page(() => import('../areas/admin/OpsPage')) },
          { path: 'ops', element: page(() => import('../areas/admin/OpsPage')) },
          { path: 'bank_account_legitimations', element: page(() => import('../areas/admin/legitimations/LegitimationsPage')) },
          {
            path: 'bank_account_legitimations/:sellerId',
            element: page(() => import('../areas/admin/legitimations/LegitimationDetailPage')),
          },
          { path: 'bank_accounts', element: page(() => import('../areas/admin/legitimations/BankAccountsPage')) },
          { path: 'product_reviews', element: page(() => import('../areas/admin/reviews/ProductReviewsPage')) },
          { path: 'incoming_transfers', element: page(() => import('../areas/admin/IncomingTransfersPage')) },
          { path: 'reseller_requests', element: page(() => import('../areas/admin/ResellerRequestsPage')) },
          { path: 'mail', element: page(() => import('../areas/admin/MailAuthenticationPage')) },
          { path: '*', element: page(() => import('../areas/public/NotFoundPage')) },
        ],
      },
      ...shopRoutes,
      { path: '/v/:username/:path', element: page(() => import('../areas/payer/MembershipAreaPage')) },
      { path: '/payer', element: <RequireAuth>{page(() => import('../areas/payer/PayerPage'))}</RequireAuth> },
      {
        path: '/payer/s/:seller',
        element: page(() => import('../areas/payer/PayerLayout')),
        children: [
          { index: true, element: page(() => import('../areas/payer/PayerAreaPage')) },
          { path: 'courses/:course', element: page(() => import('../areas/payer/CoursePlayerPage')) },
          { path: 'courses/:course/:lesson', element: page(() => import('../areas/payer/CoursePlayerPage')) },
        ],
      },
      { path: '*', element: page(() => import('../areas/public/NotFoundPage')) },
    ],
  },
];

/** The app's routes (declarative mode keeps the router out of the shop's byte budget). */
export function AppRoutes() {
  return useRoutes(routes);
}
