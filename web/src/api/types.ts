/**
 * Shapes of the API answers and request bodies as the app sees them: camelCased, because the client
 * (client.ts, case.ts) converts answer keys to camelCase and request keys to snake_case.
 *
 * Every shape is derived from the generated schema (schema.gen.ts, made by `npm run gen:api -w web`
 * from web/openapi.json, which CI keeps equal to the backend's response models): nothing here is
 * written by hand, so a backend change that breaks the app fails `npm run typecheck`. States are the
 * schema's enums (string-literal unions).
 */
import type { components, operations } from './schema.gen';

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

/** Makes the fields `K` optional: request fields that have a server-side default. */
type WithDefaults<T, K extends keyof T> = Simplify<Omit<T, K> & Partial<Pick<T, K>>>;

// ---------------------------------------------------------------------------------------------
// Session and user (`/v1/app`)

export type Tokens = Camelize<Schemas['Tokens']>;
export type ProfileType = Schemas['ProfileType'];
export type SellerInfo = Camelize<Schemas['SellerInfo']>;
export type User = Camelize<Schemas['UserOut']>;

export type SignInBody = Camelize<Schemas['SignIn']>;
export type SignUpInput = Camelize<WithDefaults<Schemas['SignUp'], 'locale' | 'profile_type'>>;
export type UserPatch = Camelize<Schemas['UserPatch']>;
export type ConfirmBody = Camelize<Schemas['ConfirmIn']>;
export type MagicLinkRequest = Camelize<WithDefaults<Schemas['MagicLinkIn'], 'profile_type'>>;
export type MagicLinkBody = Camelize<Schemas['MagicIn']>;
export type ResetPasswordBody = Camelize<Schemas['ResetIn']>;
export type SignOutBody = Camelize<Schemas['SignOut']>;
export type AvailabilityAnswer = Camelize<Schemas['Availability']>;

// ---------------------------------------------------------------------------------------------
// Common (`/v1/common`)

export type AppConfig = Camelize<Schemas['AppConfig']>;
export type ErrorBody = Camelize<Schemas['ErrorBody']>;

// ---------------------------------------------------------------------------------------------
// Seller cabinet (`/v1/cabinet`)

/** The page of a list answer (`ProductList`, `OrderList`, `PlanList` in the schema). */
export type ListAnswer<T> = Omit<Camelize<Schemas['OrderList']>, 'list'> & { list: T[] };

export type PaymentType = Schemas['PaymentType'];
export type PricingPlan = Camelize<Schemas['PlanOut']>;
export type PricingPlanInput = Camelize<WithDefaults<Schemas['PlanIn'], 'currency' | 'payment_type'>>;

export type Product = Camelize<Schemas['ProductOut']>;
export type ProductInput = Camelize<WithDefaults<Schemas['ProductIn'], 'description' | 'form'>>;
export type ProductPatch = Camelize<Schemas['ProductPatch']>;
export type ProductList = Camelize<Schemas['ProductList']>;
/** The state-changing actions of `POST /v1/cabinet/products/{product_id}/{action}`. */
export type ProductAction = operations['product_action']['parameters']['path']['action'];

export type Order = Camelize<Schemas['OrderRow']>;
export type OrderList = Camelize<Schemas['OrderList']>;
export type Payment = Camelize<Schemas['PaymentLogOut']>;
export type WorkflowStep = Camelize<Schemas['StepOut']>;
export type WorkflowInfo = Camelize<Schemas['WorkflowOut']>;
export type OrderDetails = Camelize<Schemas['OrderDetail']>;

// ---------------------------------------------------------------------------------------------
// Public shop (`/v1/shop/{username}`)

export type ShopProduct = Camelize<Schemas['ShopProduct']>;
export type PayerInput = Camelize<Schemas['Payer']>;
export type CheckoutInput = Camelize<Schemas['CheckoutIn']>;
export type CheckoutAnswer = Camelize<Schemas['CheckoutOut']>;
export type PayBody = Camelize<Schemas['PayIn']>;

/** `processing`: the provider is still deciding; the thank-you page waits for `paid`. */
export type PayOutcomeKind = Schemas['PayOutcome'];
export type PayOutcome = Camelize<Schemas['PayOut']>;
export type ShopOrder = Camelize<Schemas['ThankYou']>;
/** An order bump on the checkout page, or an upsell or downsell on the thank-you page. */
export type ShopOffer = Camelize<Schemas['OfferOut']>;
export type ExtraBought = Camelize<Schemas['ExtraBought']>;
/** A product's extra options and its offers, as the seller sets them (the editor's upsell step). */
export type ProductAddons = Camelize<Schemas['AddonsOut']>;
export type ProductAddon = Camelize<Schemas['AddonOut']>;
export type AddonsInput = Camelize<Schemas['AddonsIn']>;
/** A checkout page's settings (core §3): layout, theme, trust seals, buyer details, mail mode, social proof. */
export type CheckoutPage = Camelize<Schemas['CheckoutPageIn']>;
export type CheckoutTheme = Camelize<Schemas['ThemeIn']>;
export type SocialProof = Camelize<Schemas['SocialProofOut']>;
export type CheckoutSettings = Camelize<Schemas['CheckoutSettingsOut']>;
export type CheckoutSettingsInput = Camelize<Schemas['CheckoutSettingsIn']>;

// ---------------------------------------------------------------------------------------------
// Admin (`/v1/admin`)

export type AdminWorkflow = Camelize<Schemas['WorkflowSummary']>;
export type WorkflowEvent = Camelize<Schemas['HistoryEvent']>;
export type WorkflowHistory = Camelize<Schemas['WorkflowHistory']>;
