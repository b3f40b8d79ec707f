/** The wizard of core §2 (steps -1..5) as the stepper shows it: which steps a flow kind walks through, and which
 * one is active for the step the API answers. Pure, unit-tested. */

export type FlowKind = 'deactivation' | 'deletion';

/** The step numbers of core §2, in the order each flow walks them (-1 "deletion not possible" takes the place of
 * the ready step while a check blocks). */
export const FLOW_STEPS: Record<FlowKind, number[]> = {
  deletion: [0, 1, 2, 3],
  deactivation: [0, 4, 5],
};

/** The index of the active stepper step for the API's `step`; a blocked wizard (-1) sits on the checks step. */
export function activeIndex(kind: FlowKind, step: number): number {
  const steps = FLOW_STEPS[kind];
  return step === -1 ? 1 : Math.max(steps.indexOf(step), 0);
}

/** True while the workflow is working on something the seller waits for (the page polls meanwhile). */
export function isWorking(phase: string | null | undefined, checksCount: number): boolean {
  return phase === 'working' || ((phase === 'preparing' || phase === 'ready') && checksCount === 0);
}
