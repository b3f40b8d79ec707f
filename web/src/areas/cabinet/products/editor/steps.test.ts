import { describe, expect, it } from 'vitest';
import { shownStep, stepDone, stepMissing, stepsFor, visibleSteps } from './steps';

describe('editor steps', () => {
  const empty = { name: 'Guide', fileName: null, pricingPlans: [] };
  it('marks a step done when its content is complete', () => {
    expect(stepDone('details', empty)).toBe(true);
    expect(stepDone('details', { ...empty, name: '  ' })).toBe(false);
    expect(stepDone('file_upload', empty)).toBe(false);
    expect(stepDone('file_upload', { ...empty, fileName: 'guide.pdf' })).toBe(true);
    expect(stepDone('checkout', empty)).toBe(false);
    expect(stepDone('checkout', { ...empty, pricingPlans: [{ id: 1 }] })).toBe(true);
    expect(stepDone('upsell', { name: 'x', fileName: 'f', pricingPlans: [1] })).toBe(true); // optional
    expect(stepDone('market_upsell', { name: 'x', fileName: 'f', pricingPlans: [1] })).toBe(false); // not built
  });

  it('says what a license-key or digital step misses', () => {
    expect(stepMissing('add_license_keys', { ...empty, licenseKeysFree: 0 })).toBe('keys');
    expect(stepMissing('add_license_keys', { ...empty, licenseKeysFree: 3 })).toBeNull();
    expect(stepMissing('delivery', { ...empty, form: 'digital' })).toBe('delivery');
    expect(stepMissing('delivery', { ...empty, form: 'digital', deliveryText: ' ' })).toBe('delivery');
    expect(stepMissing('delivery', { ...empty, form: 'digital', deliveryLink: 'https://x.example' })).toBeNull();
    expect(stepMissing('delivery', { ...empty, form: 'service' })).toBeNull();
    expect(stepMissing('content', { ...empty, form: 'course', hasDigitals: false })).toBe('lessons');
    expect(stepMissing('content', { ...empty, form: 'course', hasDigitals: true })).toBeNull();
    expect(stepMissing('products', { ...empty, form: 'bundle', includedCount: 0 })).toBe('products');
    expect(stepMissing('products', { ...empty, form: 'membership', includedCount: 2 })).toBeNull();
    expect(stepMissing('ticket_details', { ...empty, form: 'event', warnings: ['no_active_events'] })).toBe('tickets');
    expect(stepMissing('ticket_details', { ...empty, form: 'event', warnings: [] })).toBeNull();
  });

  it('shows the delivery step only where there is something to set', () => {
    expect(visibleSteps(stepsFor('digital'), 'digital').map((s) => s.step)).toEqual(['details', 'checkout', 'delivery']);
    expect(visibleSteps(stepsFor('service'), 'service').map((s) => s.step)).toEqual(['details', 'checkout', 'upsell', 'delivery']);
    expect(visibleSteps(stepsFor('license_key'), 'license_key').map((s) => s.step)).toEqual(['details', 'add_license_keys', 'checkout', 'upsell']);
    expect(shownStep('5', stepsFor('license_key'), 'license_key')).toBe(0); // its delivery step does not apply
    expect(shownStep('4', stepsFor('license_key'), 'license_key')).toBe(3); // its upsell step
    expect(shownStep('4', stepsFor('digital'), 'digital')).toBe(3);
  });

  it("shows only the steps that work, each keeping its place in the form's order", () => {
    expect(visibleSteps(stepsFor('download'))).toEqual([
      { step: 'details', index: 0 },
      { step: 'file_upload', index: 1 },
      { step: 'checkout', index: 2 },
      { step: 'upsell', index: 3 },
    ]);
    expect(visibleSteps(stepsFor('course'), 'course')).toEqual([
      { step: 'details', index: 0 },
      { step: 'content', index: 1 },
      { step: 'checkout', index: 2 },
      { step: 'upsell', index: 3 },
    ]);
    expect(visibleSteps(stepsFor('event'), 'event').map((s) => s.step)).toEqual(['details', 'ticket_details', 'design', 'checkout', 'upsell']);
    expect(visibleSteps(stepsFor('certificate'), 'certificate').map((s) => s.step)).toEqual(['details', 'key_details', 'design', 'checkout', 'upsell']);
    // a service has the course steps without content
    expect(visibleSteps(stepsFor('service'), 'service').map((s) => s.step)).toEqual(['details', 'checkout', 'upsell', 'delivery']);
  });

  it('opens the URL step when it is shown, else the details', () => {
    const course = stepsFor('course');
    expect(shownStep('3', course)).toBe(2);
    expect(shownStep('2', course)).toBe(1);
    expect(shownStep('5', course)).toBe(0); // delivery does not apply to a course
    expect(shownStep('4', course)).toBe(3); // bumps and upsells
    expect(shownStep('99', stepsFor('download'))).toBe(0);
    expect(shownStep(null, course)).toBe(0);
    expect(shownStep('2', stepsFor('download'))).toBe(1);
  });
});
