"""The operations view's side of Temporal: every workflow of an order or a seller, found by the search attributes
each workflow carries from its start (core/search.py), and any workflow's history."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode

from core.search import ORDER_TOKEN, SELLER_ID
from core.settings import get_settings
from domain.errors import DomainError, ErrorCode
from domain.limits import ORDER_TOKEN_MAX
from domain.ops import HistoryEvent, WorkflowSummary
from domain.workflow_ids import checkout_id

ORDER_TOKEN_RE = re.compile(rf"[a-z0-9_]{{1,{ORDER_TOKEN_MAX}}}")
LISTED_MAX = 200  # workflows listed per search (a seller's renewals are each a Claim at most)


def ui_url(workflow_id: str, run_id: str | None = None) -> str:
    s = get_settings()
    base = f"{s.temporal_ui_url}/namespaces/{s.temporal_namespace}/workflows/{quote(workflow_id)}"
    return f"{base}/{run_id}/history" if run_id else base


async def _listed(client: Client, query: str) -> list[WorkflowSummary]:
    out: list[WorkflowSummary] = []
    async for wf in client.list_workflows(query, limit=LISTED_MAX):
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
    return sorted(out, key=lambda w: w.start_time or "", reverse=True)


async def workflows_of_order(client: Client, token: str) -> list[WorkflowSummary]:
    """Every workflow of the order with this token (checkout, subscription, claims, rate payments, refunds), typed as
    a person would (spaces, any case); a checkout started before search attributes is found by its id."""
    token = "".join(token.split()).lower()
    if not ORDER_TOKEN_RE.fullmatch(token):
        return []  # no order has such a token; never let it into the visibility query
    return await _listed(client, f"{ORDER_TOKEN.name} = '{token}' OR WorkflowId = '{checkout_id(token)}'")


async def workflows_of_seller(client: Client, seller_id: int) -> list[WorkflowSummary]:
    """Every workflow of a seller: its orders' workflows, legitimation, payouts, domains, deletion, exports."""
    return await _listed(client, f"{SELLER_ID.name} = {int(seller_id)}")


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
