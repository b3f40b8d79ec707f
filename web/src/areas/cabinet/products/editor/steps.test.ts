import { describe, expect, it } from 'vitest';
import { shownStep, stepDone, stepsFor, visibleSteps } from './steps';

describe('editor steps', () => {
  const empty = { name: 'Guide', fileName: null, pricingPlans: [] };
  it('marks a step done when its content is complete', () => {
    expect(stepDone('details', empty)).toBe(true);
    expect(stepDone('details', { ...empty, name: '  ' })).toBe(false);
    expect(stepDone('file_upload', empty)).toBe(false);
    expect(stepDone('file_upload', { ...empty, fileName: 'guide.pdf' })).toBe(true);
    expect(stepDone('checkout', empty)).toBe(false);
    expect(stepDone('checkout', { ...empty, pricingPlans: [{ id: 1 }] })).toBe(true);
    expect(stepDone('upsell', { name: 'x', fileName: 'f', pricingPlans: [1] })).toBe(false);
  });

  it("shows only the steps that work, each keeping its place in the form's order", () => {
    expect(visibleSteps(stepsFor('download'))).toEqual([
      { step: 'details', index: 0 },
      { step: 'file_upload', index: 1 },
      { step: 'checkout', index: 2 },
    ]);
    expect(visibleSteps(stepsFor('course'))).toEqual([
      { step: 'details', index: 0 },
      { step: 'checkout', index: 2 },
    ]);
  });

  it('opens the URL step when it is shown, else the details', () => {
    const course = stepsFor('course');
    expect(shownStep('3', course)).toBe(2);
    expect(shownStep('2', course)).toBe(0);
    expect(shownStep('99', stepsFor('download'))).toBe(0);
    expect(shownStep(null, course)).toBe(0);
    expect(shownStep('2', stepsFor('download'))).toBe(1);
  });
});
