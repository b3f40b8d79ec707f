import { describe, expect, it } from 'vitest';
import { activeStepIndex, isWorkflowFinished } from './workflow';

const wf = (status: string, state?: string) => ({
  workflowId: 'checkout-x',
  runId: 'r',
  status,
  progress: state ? { state, steps: [] } : null,
  temporalUiUrl: null,
});

describe('workflow progress', () => {
  it('is finished when not running or at an end state', () => {
    expect(isWorkflowFinished(wf('RUNNING', 'payment'))).toBe(false);
    expect(isWorkflowFinished(wf('RUNNING'))).toBe(false);
    expect(isWorkflowFinished(wf('COMPLETED', 'done'))).toBe(true);
    expect(isWorkflowFinished(wf('RUNNING', 'done'))).toBe(true);
    expect(isWorkflowFinished(null)).toBe(true);
    const allDone = { ...wf('RUNNING', 'paid'), progress: { state: 'paid', steps: [{ key: 'payment', state: 'done' as const, at: null }] } };
    expect(isWorkflowFinished(allDone)).toBe(true);
    const waiting = { ...wf('RUNNING', 'payment_waiting'), progress: { state: 'payment_waiting', steps: [{ key: 'payment', state: 'active' as const, at: null }] } };
    expect(isWorkflowFinished(waiting)).toBe(false);
  });
  it('finds the active step', () => {
    expect(activeStepIndex([{ state: 'done' }, { state: 'active' }, { state: 'pending' }])).toBe(1);
    expect(activeStepIndex([{ state: 'done' }, { state: 'pending' }])).toBe(1);
    expect(activeStepIndex([{ state: 'done' }, { state: 'done' }])).toBe(2);
  });
});
