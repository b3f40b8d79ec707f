import { describe, expect, it } from 'vitest';
import type { PreviewEvent } from '../../../../api/recovery';
import en from '../../../../i18n/en.json';
import de from '../../../../i18n/de.json';
import { eventText, groupByDay, STEP_TONE } from './planPreview';

const ev = (on: string, step: PreviewEvent['step'], rate: number, stage: PreviewEvent['stage'] = null): PreviewEvent => ({
  on,
  step,
  rate,
  amount: 1500,
  day: 0,
  stage,
});

describe('plan preview timeline', () => {
  it('groups the events of one day and marks the claim days', () => {
    const days = groupByDay([
      ev('2027-01-31', 'charge', 1),
      ev('2027-02-28', 'failed', 2),
      ev('2027-03-03', 'reminder', 2, 'first'),
      ev('2027-03-03', 'retry', 2, 'first'),
      ev('2027-03-31', 'charge', 3),
    ]);
    expect(days.map((d) => [d.on, d.events.length, d.claim])).toEqual([
      ['2027-01-31', 1, false],
      ['2027-02-28', 1, true],
      ['2027-03-03', 2, true],
      ['2027-03-31', 1, false],
    ]);
  });

  it('has a line in both languages for every step', () => {
    const steps = Object.keys(STEP_TONE) as PreviewEvent['step'][];
    for (const step of [...steps, 'checkout']) {
      expect(en.planPreview.step).toHaveProperty(step);
      expect(de.planPreview.step).toHaveProperty(step);
    }
    expect(eventText(ev('2027-01-31', 'charge', 1)).key).toBe('planPreview.step.checkout');
    expect(eventText(ev('2027-02-28', 'charge', 2)).key).toBe('planPreview.step.charge');
    expect(eventText(ev('2027-03-03', 'reminder', 2, 'second')).values).toEqual({ rate: 2, stage: 'second' });
  });
});
