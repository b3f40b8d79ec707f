import type { WorkflowInfo } from '../../../api/types';

/** A workflow is finished when Temporal no longer runs it, every step ended, or the checkout expired. */
export function isWorkflowFinished(workflow: WorkflowInfo | null | undefined): boolean {
  if (!workflow) return true;
  if (workflow.status && workflow.status !== 'RUNNING') return true;
  const steps = workflow.progress.steps;
  if (steps.length && steps.every((s) => s.state === 'done' || s.state === 'failed' || s.state === 'skipped')) return true;
  return workflow.progress.state === 'payment_not_completed';
}

/** The Stepper's active step: the first active (or failed), else the first pending, else all done. */
export function activeStepIndex(steps: { state: string }[]): number {
  const active = steps.findIndex((s) => s.state === 'active' || s.state === 'failed');
  if (active >= 0) return active;
  const pending = steps.findIndex((s) => s.state === 'pending');
  return pending >= 0 ? pending : steps.length;
}
