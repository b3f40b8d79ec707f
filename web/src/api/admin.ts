/** Manager calls (`/v1/admin`), over the generated SDK (sdk.gen.ts). */
import * as sdk from './sdk.gen';

export const adminApi = {
  orderWorkflows: (token: string, signal?: AbortSignal) => sdk.orderWorkflows(token, signal ? { signal } : {}),
  workflowHistory: (workflowId: string, runId: string | null, signal?: AbortSignal) =>
    sdk.workflowHistory(workflowId, runId ? { runId } : {}, signal ? { signal } : {}),
};
