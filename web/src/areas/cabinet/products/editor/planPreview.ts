/** Pure logic of the plan preview: the sample order's events grouped by day, each with its label and tone. */
import type { PreviewEvent, PreviewStep } from '../../../../api/recovery';

export type Tone = 'primary' | 'error' | 'warning' | 'info' | 'secondary';

export const STEP_TONE: Record<PreviewStep, Tone> = {
  charge: 'primary',
  failed: 'error',
  reminder: 'warning',
  retry: 'info',
  handover: 'secondary',
  debt: 'error',
};

export interface PreviewDay {
  on: string;
  events: PreviewEvent[];
  /** The day belongs to the sample claim (a failure, reminder, retry, handover or debt happens on it). */
  claim: boolean;
}

/** Consecutive events of one date as one day of the timeline, in the order the API gives them. */
export function groupByDay(events: readonly PreviewEvent[]): PreviewDay[] {
  const days: PreviewDay[] = [];
  for (const e of events) {
    const last = days.at(-1);
    const day = last && last.on === e.on ? last : null;
    if (day) day.events.push(e);
    else days.push({ on: e.on, events: [e], claim: false });
    const current = days.at(-1)!;
    current.claim = current.claim || e.step !== 'charge';
  }
  return days;
}

/** The i18n key and values of an event's line ("Rate 2 charged", "First reminder to the payer", …). */
export function eventText(e: PreviewEvent): { key: string; values: Record<string, string | number> } {
  if (e.step === 'charge') return { key: e.rate === 1 ? 'planPreview.step.checkout' : 'planPreview.step.charge', values: { rate: e.rate } };
  if (e.step === 'reminder' || e.step === 'retry') return { key: `planPreview.step.${e.step}`, values: { rate: e.rate, stage: e.stage ?? '' } };
  return { key: `planPreview.step.${e.step}`, values: { rate: e.rate } };
}
