/** Not-sellable reasons of core §4 shown as product list warnings (core §8). */

export const NOT_SELLABLE_REASONS = [
  'not_valid',
  'no_active_pay_method',
  'no_pricing_plans',
  'limit_reached',
  'on_review',
  'rejected',
  'not_reviewed',
  'not_active',
  'no_active_events',
  'no_digitals',
  'finish_registration',
  'no_products',
  'is_archived',
  'has_access_password',
] as const;

export const PROFILE_EDIT_URL = '/cabinet/profile/edit?seller_profile_edit=true';

/** The link a warning carries, if any. */
export function warningLink(reason: string): string | null {
  return reason === 'finish_registration' ? PROFILE_EDIT_URL : null;
}

/** "No active payment method" is not shown for free products (core §8). */
export function visibleWarnings(reasons: string[], isFree: boolean): string[] {
  return reasons.filter((r) => !(isFree && r === 'no_active_pay_method'));
}
