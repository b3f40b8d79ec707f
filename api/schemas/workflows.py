"""What the API shows of workflows: an order's checkout progress, workflow summaries and histories."""

from __future__ import annotations

from pydantic import BaseModel


class StepOut(BaseModel):
    key: str
    state: str
    at: str | None = None


class ProgressOut(BaseModel):
    state: str
    steps: list[StepOut]


class WorkflowOut(BaseModel):
    workflow_id: str
    run_id: str | None
    status: str | None
    progress: ProgressOut
    temporal_ui_url: str


class WorkflowSummary(BaseModel):
    workflow_id: str
    run_id: str | None
    workflow_type: str | None
    status: str | None
    start_time: str | None
    close_time: str | None
    temporal_ui_url: str


class HistoryEvent(BaseModel):
    event_id: int
    event_type: str
    event_time: str
    summary: str
