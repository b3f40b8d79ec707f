/** Shapes of the API answers (camelCased), after docs/API.md. */
import type { Tokens } from './tokens';

export type { Tokens };

export type ProfileType = 'seller' | 'payer' | 'manager' | 'publisher' | 'team_member';

export interface SellerInfo {
  username: string;
  canSell: boolean;
  paymentAccountDone: boolean;
  powerSeller: boolean;
}

export interface User {
  id: number | string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  confirmed: boolean;
  locale: string | null;
  profileTypes: ProfileType[];
  seller: SellerInfo | null;
}

export interface AppConfig {
  stripePublishableKey: string;
  stripeJsUrl: string;
  temporalUiUrl: string;
  mailUiUrl: string;
  languages: string[];
}

export interface ListAnswer<T> {
  list: T[];
  totalCount: number;
  totalCountMax: number;
}

export interface Product {
  id: number;
  name: string;
  internalName: string | null;
  description: string | null;
  form: string;
  slug: string;
  isPublished: boolean;
  isArchived: boolean;
  isFree: boolean;
  published: string;
  createdAt: string;
  updatedAt: string;
  price: number | null;
  currency: string | null;
  soldCount: number;
  fileName: string | null;
  shopUrl: string | null;
  sellable: boolean;
  warnings: string[];
}

export type PaymentType = 'one_time' | 'subscription' | 'limited_subscription' | 'installment';

export interface PricingPlan {
  id: number;
  name: string;
  paymentType: PaymentType;
  price: number;
  currency: string;
}

export interface Order {
  token: string;
  productId: number;
  productName: string;
  createdAt: string;
  paymentState: string;
  paymentForm: string | null;
  periodType: string | null;
  pricingPlanName: string | null;
  total: number;
  paid: number;
  currencyKey: string;
  payerName: string | null;
  payerEmail: string | null;
}

export interface Payment {
  id: number | string;
  type: string;
  state: string;
  provider: string;
  amount: number;
  currency: string;
  providerRef: string | null;
  message: string | null;
  createdAt: string;
}

export interface WorkflowStep {
  key: string;
  state: 'done' | 'active' | 'pending' | 'failed';
  at: string | null;
}

export interface WorkflowInfo {
  workflowId: string;
  runId: string;
  status: string;
  progress: { state: string; steps: WorkflowStep[] } | null;
  temporalUiUrl: string | null;
}

export interface OrderDetails extends Order {
  payments: Payment[];
  invoice: { number: string; state: string; total: number; currency: string } | null;
  transfer: { id: number | string; amount: number; currency: string; state: string } | null;
  workflow: WorkflowInfo | null;
}

export interface ShopProduct {
  id: number;
  name: string;
  description: string | null;
  slug: string;
  sellerUsername: string;
  sellerName: string | null;
  form: string;
  displayPrice: number | null;
  currency: string | null;
  pricingPlans: PricingPlan[];
  sellable: boolean;
  notSellableReasons: string[];
}

export interface CheckoutAnswer {
  orderToken: string;
  setupIntentClientSecret: string;
  amount: number;
  currency: string;
}

/** `processing`: the provider is still deciding; the thank-you page waits for `paid`. */
export type PayOutcomeKind = 'succeeded' | 'processing' | 'requires_action' | 'failed';

export interface PayOutcome {
  orderToken: string;
  outcome: PayOutcomeKind;
  clientSecret?: string | null;
  message?: string | null;
  paymentState: string;
}

export interface ShopOrder {
  token: string;
  paymentState: string;
  productName: string;
  total: number;
  currency: string;
  payerEmail: string;
  downloadUrl: string | null;
  invoiceNumber: string | number | null;
}

export interface AdminWorkflow {
  workflowId: string;
  runId: string;
  workflowType: string;
  status: string;
  startTime: string | null;
  closeTime: string | null;
  temporalUiUrl: string | null;
}

export interface WorkflowEvent {
  eventId: number;
  eventType: string;
  eventTime: string;
  summary: string | null;
}

export interface WorkflowHistory {
  workflowId: string;
  runId: string;
  events: WorkflowEvent[];
}
