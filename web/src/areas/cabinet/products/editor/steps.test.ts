import { describe, expect, it } from 'vitest';
import { stepDone } from './steps';

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
});
