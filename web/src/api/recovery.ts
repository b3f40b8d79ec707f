/** The plan preview and the recovery analytics (`/v1/cabinet/…/preview`, `/v1/cabinet/recovery_analytics`),
 * over the generated SDK (sdk.gen.ts): no path or shape written here. */
import type { Answer, Query } from './sdk';
import * as sdk from './sdk.gen';
import type { PricingPlanInput } from './types';

export type PlanPreview = Answer<'preview_plan'>;
export type PreviewEvent = PlanPreview['events'][number];
export type PreviewStep = PreviewEvent['step'];
export type RecoveryAnalytics = Answer<'get_recovery_analytics'>;
export type RecoveryMonth = RecoveryAnalytics['months'][number];
export type RecoveryMoney = RecoveryMonth['money'][number];
export type RecoveredStage = keyof RecoveryMoney['recovered'];
export type RecoveryQuery = Query<'get_recovery_analytics'>;

export const recoveryApi = {
  planPreview: (productId: number | string, planId: number | string, signal?: AbortSignal) =>
    sdk.previewPlan(productId, planId, {}, signal ? { signal } : {}),
  /** Unsaved terms from the editor form; a 400 (terms not complete yet) is shown by the form, not as a toast. */
  termsPreview: (productId: number | string, plan: PricingPlanInput, signal?: AbortSignal) =>
    sdk.previewPlanTerms(productId, plan, {}, { suppressErrors: true, ...(signal ? { signal } : {}) }),
  analytics: (query: RecoveryQuery, signal?: AbortSignal) =>
    sdk.getRecoveryAnalytics(query, signal ? { signal } : {}),
};
