import { describe, expect, it } from 'vitest';
import { activeIndex, FLOW_STEPS, isWorking } from './deletionSteps';

describe('account deletion wizard steps (core §2)', () => {
  it('walks deletion through why, preparing, ready and confirm', () => {
    expect(FLOW_STEPS.deletion).toEqual([0, 1, 2, 3]);
    expect(activeIndex('deletion', 0)).toBe(0);
    expect(activeIndex('deletion', 1)).toBe(1);
    expect(activeIndex('deletion', -1)).toBe(1); // blocked: still preparing
    expect(activeIndex('deletion', 2)).toBe(2);
    expect(activeIndex('deletion', 3)).toBe(3);
  });

  it('walks deactivation through why, first deactivate and confirm deactivation', () => {
    expect(activeIndex('deactivation', 4)).toBe(1);
    expect(activeIndex('deactivation', -1)).toBe(1);
    expect(activeIndex('deactivation', 5)).toBe(2);
  });

  it('shows progress while the workflow works or has not checked yet', () => {
    expect(isWorking('working', 4)).toBe(true);
    expect(isWorking('preparing', 0)).toBe(true);
    expect(isWorking('preparing', 4)).toBe(false);
    expect(isWorking(null, 0)).toBe(false);
  });
});
