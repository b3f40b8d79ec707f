/** Product editor steps by form (editor seed §2). The URL's `step` is 1-based; step 1 is the default. */
export const STEPS_BY_FORM: Record<string, readonly string[]> = {
  digital: ['details', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced'],
  download: ['details', 'file_upload', 'checkout', 'upsell', 'delivery', 'pages', 'advanced'],
  course: ['details', 'content', 'checkout', 'upsell', 'delivery', 'pages', 'advanced'],
  service: ['details', 'checkout', 'upsell', 'delivery', 'pages', 'advanced'],
  membership: ['details', 'products', 'checkout', 'upsell', 'delivery', 'pages', 'advanced'],
  bundle: ['details', 'products', 'checkout', 'upsell', 'delivery', 'pages', 'advanced'],
  event: ['details', 'ticket_details', 'design', 'checkout', 'upsell', 'delivery', 'pages', 'advanced'],
  license_key: ['details', 'add_license_keys', 'checkout', 'upsell', 'delivery', 'pages', 'advanced'],
  certificate: ['details', 'key_details', 'design', 'checkout', 'upsell', 'delivery', 'pages', 'advanced'],
};

/** The steps that work so far; the editor shows only these (the others appear when they work). */
export const BUILT_STEPS = new Set(['details', 'file_upload', 'content', 'products', 'ticket_details', 'key_details', 'design', 'checkout', 'add_license_keys', 'upsell', 'delivery']);

/** The forms whose delivery step has something to set (a link, a text, a booking note); a download delivers its
 * file and a license key its key, so their delivery step does not apply. */
const DELIVERY_FORMS = new Set(['digital', 'service']);

function shows(step: string, form: string | undefined): boolean {
  if (step === 'delivery') return DELIVERY_FORMS.has(form ?? '');
  return BUILT_STEPS.has(step);
}

/** The steps the editor shows, each with its place in the form's full order (the URL's `step` is that place). */
export function visibleSteps(steps: readonly string[], form?: string): { step: string; index: number }[] {
  return steps.flatMap((step, index) => (shows(step, form) ? [{ step, index }] : []));
}

/** The 0-based place of the step to show: the URL's step if it is shown, else the first (details). */
export function shownStep(param: string | null, steps: readonly string[], form?: string): number {
  const index = stepIndex(param, steps.length);
  return shows(steps[index] ?? '', form) ? index : 0;
}

/** The forms a seller can create today (the API's ProductIn): each is sold and delivered end to end. */
export const CREATABLE_FORMS = ['download', 'digital', 'course', 'service', 'license_key', 'membership', 'bundle', 'event', 'certificate'] as const;

export function stepsFor(form: string | undefined): readonly string[] {
  return STEPS_BY_FORM[form ?? 'download'] ?? STEPS_BY_FORM.download!;
}

/** The 0-based step index of the `step` query parameter (2..8), clamped; absent or invalid → 0. */
export function stepIndex(param: string | null, count: number): number {
  if (!param || !/^\d+$/.test(param)) return 0;
  const n = Number.parseInt(param, 10);
  if (n < 1) return 0;
  return Math.min(n, count) - 1;
}

/** The facts of a product a step's completeness depends on (a subset of the product answer). */
export interface StepFacts {
  name: string;
  form?: string;
  fileName: string | null;
  pricingPlans: readonly unknown[];
  deliveryLink?: string | null;
  deliveryText?: string | null;
  licenseKeysFree?: number | null;
  /** A course's lessons payers can see (the product's `hasDigitals` for a course). */
  hasDigitals?: boolean;
  /** A membership's or bundle's included products. */
  includedCount?: number | null;
  /** Why the product cannot be sold (an event's tickets on sale show as the absence of `no_active_events`). */
  warnings?: readonly string[] | null;
}

/** What a step still misses (an i18n key under `editor.missing`), or null when it is done: details need a name,
 * the file step a file, checkout a plan, the key step a free key, a digital product's delivery a link or a text. */
export function stepMissing(step: string, p: StepFacts): string | null {
  if (step === 'details') return p.name.trim() !== '' ? null : 'name';
  if (step === 'file_upload') return p.fileName !== null ? null : 'file';
  if (step === 'checkout') return p.pricingPlans.length > 0 ? null : 'plan';
  if (step === 'content') return p.hasDigitals ? null : 'lessons';
  if (step === 'products') return (p.includedCount ?? 0) > 0 ? null : 'products';
  if (step === 'key_details') return p.hasDigitals ? null : 'certificate';
  if (step === 'design') return null; // a design has defaults: the certificate prints without changes
  if (step === 'upsell') return null; // bumps and upsells are optional
  if (step === 'ticket_details') return (p.warnings ?? []).includes('no_active_events') ? 'tickets' : null;
  if (step === 'add_license_keys') return (p.licenseKeysFree ?? 0) > 0 ? null : 'keys';
  if (step === 'delivery') {
    if (p.form !== 'digital') return null; // a service's booking note is optional
    return p.deliveryLink || (p.deliveryText ?? '').trim() ? null : 'delivery';
  }
  return 'step'; // a step not built yet is never done
}

export function stepDone(step: string, p: StepFacts): boolean {
  return stepMissing(step, p) === null;
}

