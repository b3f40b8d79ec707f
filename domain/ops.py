"""What the API shows of workflows: an order's checkout progress, workflow summaries and histories."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel

from domain.orders.checkout import Step, StepState
from domain.orders.orders import PaymentState


class WorkflowStatus(StrEnum):
    """Temporal's execution status names, as the Temporal UI shows them."""

    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    CANCELED = "CANCELED"
    TERMINATED = "TERMINATED"
    CONTINUED_AS_NEW = "CONTINUED_AS_NEW"
    TIMED_OUT = "TIMED_OUT"


class StepOut(BaseModel):
    key: Step
    state: StepState
    at: str | None = None


class ProgressOut(BaseModel):
    state: PaymentState
    steps: list[StepOut]


class WorkflowOut(BaseModel):
    workflow_id: str
    run_id: str | None
    status: WorkflowStatus | None
    progress: ProgressOut
    temporal_ui_url: str | None = None  # managers only (the ops view); sellers follow progress in Sellflow


class WorkflowSummary(BaseModel):
    workflow_id: str
    run_id: str | None
    workflow_type: str | None
    status: WorkflowStatus | None
    start_time: str | None
    close_time: str | None
    temporal_ui_url: str


class HistoryEvent(BaseModel):
    event_id: int
    event_type: str
    event_time: str
    summary: str
