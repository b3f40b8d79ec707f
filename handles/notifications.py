"""The API's side of the income summaries (`income-summaries-{YYYY-MM-DD}`): a manager runs a closed day's
summaries by hand (the `income-clock` does it each midnight); each summary is written once however often."""

from __future__ import annotations

from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy

from core.settings import get_settings
from domain.notifications import IncomeSummariesRequest
from domain.workflow_ids import income_summaries_id
from workflows.notifications import IncomeSummariesWorkflow


async def income_summaries_started(client: Client, day: str) -> str:
    wid = income_summaries_id(day)
    await client.start_workflow(
        IncomeSummariesWorkflow.run,
        IncomeSummariesRequest(day),
        id=wid,
        task_queue=get_settings().temporal_task_queue,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,  # running a day again writes only what is missing
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
    )
    return wid
