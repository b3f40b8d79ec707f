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
export const BUILT_STEPS = new Set(['details', 'file_upload', 'checkout']);

/** The steps the editor shows, each with its place in the form's full order (the URL's `step` is that place). */
export function visibleSteps(steps: readonly string[]): { step: string; index: number }[] {
  return steps.flatMap((step, index) => (BUILT_STEPS.has(step) ? [{ step, index }] : []));
}

/** The 0-based place of the step to show: the URL's step if it is shown, else the first (details). */
export function shownStep(param: string | null, steps: readonly string[]): number {
  const index = stepIndex(param, steps.length);
  return BUILT_STEPS.has(steps[index] ?? '') ? index : 0;
}

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
  fileName: string | null;
  pricingPlans: readonly unknown[];
}

/** A step is done when its content is complete: details need a name, the file step a file, checkout a plan. */
export function stepDone(step: string, p: StepFacts): boolean {
  if (step === 'details') return p.name.trim() !== '';
  if (step === 'file_upload') return p.fileName !== null;
  if (step === 'checkout') return p.pricingPlans.length > 0;
  return false;
}

