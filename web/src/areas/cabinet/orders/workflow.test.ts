import { describe, expect, it } from 'vitest';
import type { WorkflowInfo, WorkflowStep } from '../../../api/types';
import { activeStepIndex, isWorkflowFinished } from './workflow';

const wf = (
  status: WorkflowInfo['status'],
  state: WorkflowInfo['progress']['state'] = 'payment_waiting',
  steps: WorkflowStep[] = [],
): WorkflowInfo => ({
  workflowId: 'checkout-x',
  runId: 'r',
  status,
  progress: { state, steps },
  temporalUiUrl: 'http://temporal/x',
});

describe('workflow progress', () => {
  it('is finished when not running, when every step ended, or when the checkout expired', () => {
    expect(isWorkflowFinished(wf('RUNNING', 'payment_pending'))).toBe(false);
    expect(isWorkflowFinished(wf('RUNNING'))).toBe(false);
    expect(isWorkflowFinished(wf('COMPLETED', 'paid'))).toBe(true);
    expect(isWorkflowFinished(wf('RUNNING', 'payment_not_completed'))).toBe(true);
    expect(isWorkflowFinished(null)).toBe(true);
    expect(isWorkflowFinished(wf('RUNNING', 'paid', [{ key: 'payment', state: 'done', at: null }]))).toBe(true);
    expect(isWorkflowFinished(wf('RUNNING', 'payment_waiting', [{ key: 'payment', state: 'active', at: null }]))).toBe(false);
  });
  it('finds the active step', () => {
    expect(activeStepIndex([{ state: 'done' }, { state: 'active' }, { state: 'pending' }])).toBe(1);
    expect(activeStepIndex([{ state: 'done' }, { state: 'pending' }])).toBe(1);
    expect(activeStepIndex([{ state: 'done' }, { state: 'done' }])).toBe(2);
  });
});
