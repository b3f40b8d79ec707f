/** Manager calls (`/v1/admin`). */
import { api } from './client';
import type { AdminWorkflow, WorkflowHistory } from './types';

export const adminApi = {
  orderWorkflows: (token: string, signal?: AbortSignal) =>
    api.get<{ list: AdminWorkflow[] }>(`/admin/orders/${encodeURIComponent(token)}/workflows`, signal ? { signal } : {}),
  workflowHistory: (workflowId: string, runId: string, signal?: AbortSignal) =>
    api.get<WorkflowHistory>(`/admin/workflows/${encodeURIComponent(workflowId)}/history`, {
      query: { runId },
      ...(signal ? { signal } : {}),
    }),
};
