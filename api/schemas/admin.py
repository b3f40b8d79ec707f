"""The manager's views of workflows."""

from __future__ import annotations

from pydantic import BaseModel

from domain.ops import HistoryEvent, WorkflowSummary


class WorkflowList(BaseModel):
    list: list[WorkflowSummary]


class WorkflowHistory(BaseModel):
    workflow_id: str
    run_id: str | None
    events: list[HistoryEvent]
