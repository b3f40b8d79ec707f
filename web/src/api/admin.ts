/** Manager calls (`/v1/admin`), over the generated SDK (sdk.gen.ts). */
import type { QueryParams } from './query';
import type { Body } from './sdk';
import * as sdk from './sdk.gen';

export const adminApi = {
  orderWorkflows: (token: string, signal?: AbortSignal) => sdk.orderWorkflows(token, signal ? { signal } : {}),
  sellerWorkflows: (sellerId: number, signal?: AbortSignal) => sdk.sellerWorkflows(sellerId, signal ? { signal } : {}),
  workflowHistory: (workflowId: string, runId: string | null, signal?: AbortSignal) =>
    sdk.workflowHistory(workflowId, runId ? { runId } : {}, signal ? { signal } : {}),
  legitimations: (query: QueryParams, signal?: AbortSignal) => sdk.adminLegitimations(query, signal ? { signal } : {}),
  legitimation: (sellerId: number | string, signal?: AbortSignal) => sdk.adminLegitimation(sellerId, signal ? { signal } : {}),
  decide: (sellerId: number | string, decision: Body<'decide_legitimation'>) =>
    sdk.decideLegitimation(sellerId, decision, { suppressErrors: true }),
  productReviews: (query: QueryParams, signal?: AbortSignal) => sdk.productReviews(query, signal ? { signal } : {}),
  decideReview: (productId: number, decision: Body<'decide_review'>) => sdk.decideReview(productId, decision, { suppressErrors: true }),
  bankAccounts: (query: QueryParams, signal?: AbortSignal) => sdk.adminBankAccounts(query, signal ? { signal } : {}),
  incomingTransfers: (query: QueryParams, signal?: AbortSignal) => sdk.incomingTransfers(query, signal ? { signal } : {}),
};
