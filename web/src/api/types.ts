/**
 * Shapes of the API answers and request bodies as the app sees them: camelCased, because the client
 * (client.ts, case.ts) converts answer keys to camelCase and request keys to snake_case.
 *
 * Typed endpoints derive their shapes from the generated schema (schema.gen.ts, made by
 * `npm run gen:api -w web` from web/openapi.json), so a backend change that breaks the app fails
 * `npm run typecheck`. Where the schema says less than the app relies on (a plain `str` that is
 * really one of a few values, an untyped `dict` field), `Refine` narrows a field; it only accepts a
 * narrowing that still fits the schema.
 *
 * HAND-WRITTEN: endpoints whose backend answer is an untyped `dict` (no response model, so the
 * schema only says `{ [key: string]: unknown }`) keep their shapes here, after the backend code:
 * `GET /v1/common/config`, `POST /v1/app/user/check_email` and `check_username`,
 * the extra fields of `GET /v1/cabinet/orders/{token}` (api/routes/cabinet.py `order`, workflow
 * progress from api/workflows.py), and the admin endpoints `GET /v1/admin/orders/{token}/workflows`
 * and `GET /v1/admin/workflows/{workflow_id}/history`. Giving those endpoints response models in
 * the backend would let them move here too.
 */
import type { components } from './schema.gen';

type Schemas = components['schemas'];

// ---------------------------------------------------------------------------------------------
// Type helpers

type LowerOrDigit =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
  | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** One key from snake_case to camelCase, as `snakeToCamel` in case.ts does (`_x` → `X`). */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer C}${infer Rest}`
  ? C extends LowerOrDigit
    ? `${Head}${Uppercase<C>}${CamelKey<Rest>}`
    : `${Head}_${CamelKey<`${C}${Rest}`>}`
  : S;

/** Deeply camelCases the keys of an API shape (objects, arrays, nullable and union members). */
export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camelize<T[K]> }
    : T;

/** Flattens an intersection into one object type (nicer in editor hovers and messages). */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * `T` with the fields of `R` narrowed. Each field of `R` must exist in `T` with a type that
 * `R`'s type is assignable to, so a refinement cannot drift from the schema unnoticed.
 */
export type Refine<T, R extends { [K in keyof R]: K extends keyof T ? T[K] : never }> = Simplify<Omit<T, keyof R> & R>;

/** Makes the fields `K` optional: request fields that have a server-side default. */
type WithDefaults<T, K extends keyof T> = Simplify<Omit<T, K> & Partial<Pick<T, K>>>;

// ---------------------------------------------------------------------------------------------
// Session and user (`/v1/app`)

export type Tokens = Camelize<Schemas['Tokens']>;

/** The schema types `profile_types` as `string[]`; these are the values the backend uses. */
export type ProfileType = 'seller' | 'payer' | 'manager' | 'publisher' | 'team_member';

/** `UserOut.seller`, an untyped `dict` in the backend (api/routes/session.py `user_out`). */
export type SellerInfo = {
  username: string;
  canSell: boolean;
  paymentAccountDone: boolean;
  powerSeller: boolean;
};

export type User = Refine<Camelize<Schemas['UserOut']>, { profileTypes: ProfileType[]; seller: SellerInfo | null }>;

export type SignInBody = Camelize<Schemas['SignIn']>;
export type SignUpInput = Camelize<WithDefaults<Schemas['SignUp'], 'locale' | 'profile_type'>>;
export type UserPatch = Camelize<Schemas['UserPatch']>;
export type ConfirmBody = Camelize<WithDefaults<Schemas['ConfirmIn'], 'fingerprint'>>;
export type MagicLinkRequest = Refine<
  Camelize<WithDefaults<Schemas['MagicLinkIn'], 'profile_type'>>,
  { profileType?: ProfileType }
>;
export type MagicLinkBody = Camelize<Schemas['MagicIn']>;
export type ResetPasswordBody = Camelize<Schemas['ResetIn']>;
export type SignOutBody = Camelize<Schemas['SignOut']>;

/** HAND-WRITTEN: `check_email` and `check_username` answer an untyped `dict`. */
export interface AvailabilityAnswer {
  available: boolean;
  message: string | null;
}

// ---------------------------------------------------------------------------------------------
// Common (`/v1/common`)

/** HAND-WRITTEN: `GET /v1/common/config` answers an untyped `dict` (api/routes/common.py). */
export interface AppConfig {
  stripePublishableKey: string;
  stripeJsUrl: string;
  temporalUiUrl: string;
  mailUiUrl: string;
  languages: string[];
}

// ---------------------------------------------------------------------------------------------
// Seller cabinet (`/v1/cabinet`)

/** The page of a list answer (`ProductList`, `OrderList`, `PlanList` in the schema). */
export interface ListAnswer<T> {
  list: T[];
  totalCount: number;
  totalCountMax: number;
}

/** The schema types `payment_type` as a string; these are the plan types the backend knows. */
export type PaymentType = 'one_time' | 'subscription' | 'limited_subscription' | 'installment';

export type PricingPlan = Refine<Camelize<Schemas['PlanOut']>, { paymentType: PaymentType }>;
export type PricingPlanInput = Camelize<WithDefaults<Schemas['PlanIn'], 'currency' | 'payment_type'>>;

export type Product = Refine<Camelize<Schemas['ProductOut']>, { pricingPlans: PricingPlan[] }>;
export type ProductInput = Camelize<WithDefaults<Schemas['ProductIn'], 'description' | 'form'>>;
export type ProductPatch = Camelize<Schemas['ProductPatch']>;
export type ProductList = Refine<Camelize<Schemas['ProductList']>, { list: Product[] }>;

export type Order = Camelize<Schemas['OrderRow']>;
export type OrderList = Camelize<Schemas['OrderList']>;

/** HAND-WRITTEN (part of `GET /v1/cabinet/orders/{token}`, an untyped `dict`). */
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

/** HAND-WRITTEN (checkout workflow progress, api/workflows.py `checkout_progress`). */
export interface WorkflowStep {
  key: string;
  state: 'done' | 'active' | 'pending' | 'failed';
  at: string | null;
}

/** HAND-WRITTEN (api/workflows.py `checkout_progress`). */
export interface WorkflowInfo {
  workflowId: string;
  runId: string;
  status: string;
  progress: { state: string; steps: WorkflowStep[] } | null;
  temporalUiUrl: string | null;
}

/**
 * `GET /v1/cabinet/orders/{token}`: the backend answers an untyped `dict` made of an `OrderRow`
 * (typed from the schema) plus the HAND-WRITTEN fields below (api/routes/cabinet.py `order`).
 */
export interface OrderDetails extends Order {
  paidAt: string | null;
  payments: Payment[];
  invoice: { number: number; state: string; total: number; currency: string } | null;
  transfer: { id: number | string; amount: number; currency: string; state: string; form: string } | null;
  workflow: WorkflowInfo | null;
}

// ---------------------------------------------------------------------------------------------
// Public shop (`/v1/shop/{username}`)

export type ShopProduct = Refine<Camelize<Schemas['ShopProduct']>, { pricingPlans: PricingPlan[] }>;

export type PayerInput = Camelize<Schemas['Payer']>;
export type CheckoutInput = Camelize<Schemas['CheckoutIn']>;
export type CheckoutAnswer = Camelize<Schemas['CheckoutOut']>;
export type PayBody = Camelize<Schemas['PayIn']>;

/** `processing`: the provider is still deciding; the thank-you page waits for `paid`. */
export type PayOutcomeKind = 'succeeded' | 'processing' | 'requires_action' | 'failed';

/** The schema types `outcome` as a string; these are the outcomes the backend answers. */
export type PayOutcome = Refine<Camelize<Schemas['PayOut']>, { outcome: PayOutcomeKind }>;

export type ShopOrder = Camelize<Schemas['ThankYou']>;

// ---------------------------------------------------------------------------------------------
// Admin (`/v1/admin`): both endpoints answer an untyped `dict` (api/routes/admin.py).

/** HAND-WRITTEN (api/workflows.py `workflows_of_order`). */
export interface AdminWorkflow {
  workflowId: string;
  runId: string;
  workflowType: string;
  status: string;
  startTime: string | null;
  closeTime: string | null;
  temporalUiUrl: string | null;
}

/** HAND-WRITTEN (api/workflows.py `history`). */
export interface WorkflowEvent {
  eventId: number;
  eventType: string;
  eventTime: string;
  summary: string | null;
}

/** HAND-WRITTEN (api/routes/admin.py `workflow_history`). */
export interface WorkflowHistory {
  workflowId: string;
  runId: string;
  events: WorkflowEvent[];
}
