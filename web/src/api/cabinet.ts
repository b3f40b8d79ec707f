/** Seller cabinet calls (`/v1/cabinet`), over the generated SDK (sdk.gen.ts): no path or shape written here. */
import type { QueryParams } from './query';
import * as sdk from './sdk.gen';
import type { Body } from './sdk';
import type { PricingPlanInput, ProductAction, ProductInput, ProductPatch } from './types';

export type SellerProfileInput = Body<'save_seller_profile'>;
export type BankAccountInput = Body<'add_bank_account', 'kind'>;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const cabinetApi = {
  products: (query: QueryParams, signal?: AbortSignal) => sdk.listProducts(query, withSignal(signal)),
  product: (id: number | string, signal?: AbortSignal) => sdk.getProduct(id, withSignal(signal)),
  productPreview: (id: number | string, signal?: AbortSignal) => sdk.previewProduct(id, withSignal(signal)),
  productGroups: (signal?: AbortSignal) => sdk.productGroups(withSignal(signal)),
  createProduct: (input: ProductInput) => sdk.createProduct(input),
  updateProduct: (id: number | string, patch: ProductPatch) => sdk.updateProduct(id, patch),
  productAction: (id: number | string, action: ProductAction, suppressErrors = false) =>
    sdk.productAction(id, action, { suppressErrors }),
  uploadFile: (id: number | string, file: File, onProgress: (fraction: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return sdk.uploadFile(id, form, { onUploadProgress: onProgress });
  },
  pricingPlans: (id: number | string, signal?: AbortSignal) => sdk.listPlans(id, withSignal(signal)),
  createPricingPlan: (id: number | string, plan: PricingPlanInput) => sdk.addPlan(id, plan),
  deletePricingPlan: (id: number | string, planId: number | string) => sdk.removePlan(id, planId),
  orders: (query: QueryParams, signal?: AbortSignal) => sdk.listOrders(query, withSignal(signal)),
  savedViews: (list: Body<'save_view'>['list'], signal?: AbortSignal) => sdk.listSavedViews({ list }, withSignal(signal)),
  saveView: (view: Body<'save_view'>) => sdk.saveView(view),
  deleteView: (id: number) => sdk.deleteView(id),
  order: (token: string, signal?: AbortSignal) => sdk.getOrder(token, withSignal(signal)),
  sellerProfile: (signal?: AbortSignal) => sdk.getSellerProfile(withSignal(signal)),
  saveSellerProfile: (profile: SellerProfileInput) => sdk.saveSellerProfile(profile, { suppressErrors: true }),
  submitSellerProfile: () => sdk.submitSellerProfile({ suppressErrors: true }),
  legitimation: (signal?: AbortSignal) => sdk.getLegitimation(withSignal(signal)),
  bankAccounts: (signal?: AbortSignal) => sdk.listBankAccounts(withSignal(signal)),
  addBankAccount: (account: BankAccountInput) => sdk.addBankAccount(account, { suppressErrors: true }),
  removeBankAccount: (id: number) => sdk.removeBankAccount(id),
  documents: (signal?: AbortSignal) => sdk.listDocuments(withSignal(signal)),
  uploadDocument: (type: string, file: File) => {
    const form = new FormData();
    form.append('type', type);
    form.append('file', file);
    return sdk.uploadDocument(form, { suppressErrors: true });
  },
  removeDocument: (id: number) => sdk.removeDocument(id),
  transfers: (query: QueryParams, signal?: AbortSignal) => sdk.listTransfers(query, withSignal(signal)),
  balance: (signal?: AbortSignal) => sdk.getBalance(withSignal(signal)),
  invoices: (query: QueryParams, signal?: AbortSignal) => sdk.listInvoices(query, withSignal(signal)),
  refunds: (token: string, signal?: AbortSignal) => sdk.listRefunds(token, withSignal(signal)),
  refund: (token: string, refund: Body<'refund_order'>, idempotencyKey?: string) =>
    sdk.refundOrder(token, refund, { suppressErrors: true, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  payoutList: (query: QueryParams, signal?: AbortSignal) => sdk.listPayouts(query, withSignal(signal)),
  payouts: (signal?: AbortSignal) => sdk.getPayouts(withSignal(signal)),
  savePayoutSettings: (settings: Body<'save_payout_settings'>) => sdk.savePayoutSettings(settings),
  cashout: () => sdk.requestCashout(),
  exports: (signal?: AbortSignal) => sdk.listExports(withSignal(signal)),
  startExport: (period: string) => sdk.startExport({ period }, { suppressErrors: true }),
  markExport: (id: number, state: Body<'mark_export'>['state']) => sdk.markExport(id, { state }),
  correctInvoice: (id: number, body: Body<'correct_invoice'>) => sdk.correctInvoice(id, body, { suppressErrors: true }),
  platformInvoices: (query: QueryParams, signal?: AbortSignal) => sdk.listPlatformInvoices(query, withSignal(signal)),
  updatePricingPlan: (id: number | string, planId: number, plan: PricingPlanInput) => sdk.changePlan(id, planId, plan),
  orderRates: (query: QueryParams, signal?: AbortSignal) => sdk.listOrderRates(query, withSignal(signal)),
  claims: (query: QueryParams, signal?: AbortSignal) => sdk.listClaims(query, withSignal(signal)),
  claimAction: (id: number, action: Body<'claim_action'>['action']) => sdk.claimAction(id, { action }),
  claimSettings: (signal?: AbortSignal) => sdk.getClaimSettings(withSignal(signal)),
  saveClaimSettings: (settings: Body<'put_claim_settings'>) => sdk.putClaimSettings(settings, { suppressErrors: true }),
  subscription: (token: string, signal?: AbortSignal) => sdk.getSubscription(token, { suppressErrors: true, ...withSignal(signal) }),
  subscriptionAction: (token: string, action: Body<'subscription_action'>['action']) =>
    sdk.subscriptionAction(token, { action }),
};
