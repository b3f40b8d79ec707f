"""The API's side of the workflows: start, update, signal and query through the Temporal client."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any
from urllib.parse import quote

from temporalio.client import Client, WithStartWorkflowOperation, WorkflowUpdateFailedError
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import ActivityError, WorkflowAlreadyStartedError
from temporalio.service import RPCError, RPCStatusCode

from core.settings import get_settings
from domain.checkout import CheckoutInput, PaymentEvent, PayRequest, PayResult, Progress
from domain.errors import DomainError, ErrorCode
from domain.limits import ORDER_TOKEN_MAX
from domain.mail import OutgoingMail
from domain.ops import HistoryEvent, ProgressOut, StepOut, WorkflowOut, WorkflowSummary
from domain.workflow_ids import checkout_id, mail_id
from workflows.checkout import CheckoutWorkflow
from workflows.mail import MailWorkflow

ORDER_TOKEN = re.compile(rf"[a-z0-9_]{{1,{ORDER_TOKEN_MAX}}}")


def ui_url(workflow_id: str, run_id: str | None = None) -> str:
    s = get_settings()
    base = f"{s.temporal_ui_url}/namespaces/{s.temporal_namespace}/workflows/{quote(workflow_id)}"
    return f"{base}/{run_id}/history" if run_id else base


class CheckoutOver(Exception):
    """The order's checkout workflow has closed (paid or expired) and takes no more payments."""


async def pay(client: Client, token: str, payment_method: str, inp: CheckoutInput | None = None) -> PayResult:
    """Update-with-start: starts `checkout-{token}` if needed and returns as soon as the payment step has
    an outcome; fulfilment goes on in the workflow."""
    s = get_settings()
    start = WithStartWorkflowOperation(
        CheckoutWorkflow.run,
        inp or CheckoutInput(order_token=token),
        id=checkout_id(token),
        task_queue=s.temporal_task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
        execution_timeout=timedelta(days=30),
    )
    try:
        return await client.execute_update_with_start_workflow(
            CheckoutWorkflow.pay, PayRequest(payment_method), start_workflow_operation=start
        )
    except WorkflowAlreadyStartedError as e:
        raise CheckoutOver(token) from e
    except WorkflowUpdateFailedError as e:
        if isinstance(e.cause, ActivityError):
            raise DomainError(
                ErrorCode.MS_UNAVAILABLE,
                "The payment could not be processed right now; "
                "please try again. You will not be charged twice.",
            ) from e
        raise DomainError(ErrorCode.INVALID_INPUT, str(e.cause or e), {"payment_method": "invalid"}) from e


async def authenticated(client: Client, token: str) -> PayResult | None:
    try:
        return await client.get_workflow_handle(checkout_id(token)).execute_update(
            CheckoutWorkflow.authenticated
        )
    except RPCError as e:
        if e.status == RPCStatusCode.NOT_FOUND:
            return None
        raise


async def payment_event(client: Client, token: str, event: PaymentEvent) -> bool:
    """Signal the order's running checkout; False when none is running (a late webhook)."""
    try:
        await client.get_workflow_handle(checkout_id(token)).signal(CheckoutWorkflow.payment_event, event)
        return True
    except RPCError as e:
        if e.status == RPCStatusCode.NOT_FOUND:
            return False
        raise


async def checkout_progress(client: Client, token: str) -> WorkflowOut | None:
    """The checkout's progress in Sellflow's words, for the seller's order view. The link into the Temporal UI
    is for managers (their ops view); a seller follows the workflow here."""
    handle = client.get_workflow_handle(checkout_id(token))
    try:
        desc = await handle.describe()
        progress: Progress = await handle.query(CheckoutWorkflow.progress)
    except RPCError as e:
        if e.status == RPCStatusCode.NOT_FOUND:
            return None
        raise
    return WorkflowOut(
        workflow_id=desc.id,
        run_id=desc.run_id,
        status=desc.status.name if desc.status else None,
        progress=ProgressOut(state=progress.state, steps=[StepOut(**vars(x)) for x in progress.steps]),
        temporal_ui_url=None,
    )


async def workflows_of_order(client: Client, token: str) -> list[WorkflowSummary]:
    """The workflows of the order with this token, typed as a person would (spaces, any case)."""
    token = "".join(token.split()).lower()
    if not ORDER_TOKEN.fullmatch(token):
        return []  # no order has such a token; never let it into the visibility query
    out = []
    async for wf in client.list_workflows(f"WorkflowId = '{checkout_id(token)}'"):
        out.append(
            WorkflowSummary(
                workflow_id=wf.id,
                run_id=wf.run_id,
                workflow_type=wf.workflow_type,
                status=wf.status.name if wf.status else None,
                start_time=wf.start_time.isoformat() if wf.start_time else None,
                close_time=wf.close_time.isoformat() if wf.close_time else None,
                temporal_ui_url=ui_url(wf.id, wf.run_id),
            )
        )
    return out


async def history(client: Client, workflow_id: str, run_id: str | None) -> list[HistoryEvent]:
    from google.protobuf.json_format import MessageToDict

    try:
        h = await client.get_workflow_handle(workflow_id, run_id=run_id).fetch_history()
    except RPCError as e:
        if e.status == RPCStatusCode.NOT_FOUND:
            raise DomainError(ErrorCode.NOT_FOUND, "Workflow not found.") from e
        if e.status == RPCStatusCode.INVALID_ARGUMENT:
            raise DomainError(
                ErrorCode.INVALID_INPUT, "Invalid workflow or run id.", {"run_id": "invalid"}
            ) from e
        raise
    events: list[HistoryEvent] = []
    for ev in h.events:
        d = MessageToDict(ev)
        attrs: dict[str, Any] = next((v for k, v in d.items() if k.endswith("Attributes")), {})
        summary = (
            attrs.get("activityType", {}).get("name")
            or attrs.get("workflowType", {}).get("name")
            or attrs.get("signalName")
            or attrs.get("markerName")
            or attrs.get("timerId")
            or (attrs.get("acceptedRequest", {}).get("input", {}).get("name"))
            or ""
        )
        events.append(
            HistoryEvent(
                event_id=ev.event_id,
                event_type=d.get("eventType", ""),
                event_time=ev.event_time.ToDatetime().isoformat() + "Z",
                summary=summary,
            )
        )
    return events


async def send_mail(client: Client, mail: OutgoingMail) -> None:
    """Start the Mail workflow for this mail's key; a second request for the same key finds the first."""
    try:
        await client.start_workflow(
            MailWorkflow.run,
            mail,
            id=mail_id(mail.key),
            task_queue=get_settings().temporal_task_queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
        )
    except WorkflowAlreadyStartedError:
        pass  # this key's mail was delivered already
