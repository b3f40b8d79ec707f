"""The API's side of the workflows: start, update, signal and query through the Temporal client."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from datetime import timedelta
from typing import Any, TypeVar

import structlog
from temporalio.client import Client, WithStartWorkflowOperation, WorkflowUpdateFailedError
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import ActivityError, WorkflowAlreadyStartedError
from temporalio.service import RPCError, RPCStatusCode

from core.search import attributes
from core.settings import get_settings
from domain.errors import DomainError, ErrorCode, refused
from domain.mail import OutgoingMail
from domain.ops import ProgressOut, StepOut, WorkflowOut
from domain.orders.checkout import (
    CheckoutInput,
    PaymentEvent,
    PayRequest,
    PayResult,
    Progress,
    WireIncoming,
    WireInstructions,
)
from domain.workflow_ids import checkout_id, mail_id
from handles.errors import is_gone, refusal_of
from workflows.checkout import CheckoutWorkflow
from workflows.mail import MailWorkflow

T = TypeVar("T")

log = structlog.get_logger()
OPEN_WAIT_S = 3.0  # how long a checkout's opening waits for Temporal to start its workflow


class CheckoutOver(Exception):
    """The order's checkout workflow has closed (paid or expired) and takes no more payments."""


def _options(token: str, seller_id: int | None) -> dict[str, Any]:
    """How the order's Checkout workflow starts, whoever starts it (one per order: its id)."""
    return {
        "id": checkout_id(token),
        "task_queue": get_settings().temporal_task_queue,
        "id_conflict_policy": WorkflowIDConflictPolicy.USE_EXISTING,
        "id_reuse_policy": WorkflowIDReusePolicy.REJECT_DUPLICATE,
        "execution_timeout": timedelta(days=30),
        "search_attributes": attributes(seller_id=seller_id, order_token=token),
    }


def _start(token: str, inp: CheckoutInput, seller_id: int | None) -> WithStartWorkflowOperation:
    """The order's Checkout workflow, started by the first request that needs it when the checkout's opening did
    not (an order from before, or Temporal out of reach then)."""
    return WithStartWorkflowOperation(CheckoutWorkflow.run, inp, **_options(token, seller_id))


async def open_checkout(client: Client, token: str, inp: CheckoutInput, seller_id: int | None) -> None:
    """The order's Checkout workflow starts when its checkout opens, so the buyer's pay request is an update on a
    running workflow (no workflow created on the buyer's path) and the checkout's day counts from its opening.
    Temporal out of reach is logged, not raised, and waited for at most OPEN_WAIT_S (the client itself retries for
    about ten seconds): the first payment request then starts it (`_start`)."""
    try:
        async with asyncio.timeout(OPEN_WAIT_S):
            await client.start_workflow(CheckoutWorkflow.run, inp, **_options(token, seller_id))
    except WorkflowAlreadyStartedError:  # closed already: a repeated opening of the same order
        pass
    except (RPCError, TimeoutError) as e:
        log.warning("checkout_start_deferred", order_token=token, error=str(e) or type(e).__name__)


async def pay(
    client: Client,
    token: str,
    payment_method: str,
    inp: CheckoutInput | None = None,
    seller_id: int | None = None,
    kind: str = "card",
) -> PayResult:
    """An update on `checkout-{token}`, which started when the checkout opened; update-with-start when it is not
    running (it never started, or it has closed: then CheckoutOver). Returns as soon as the payment step has an
    outcome; fulfilment goes on in the workflow."""
    req = PayRequest(payment_method, kind)
    try:
        try:  # the usual case, and the server's lighter call: no start to weigh
            return await client.get_workflow_handle(checkout_id(token)).execute_update(
                CheckoutWorkflow.pay, req
            )
        except RPCError as e:
            if not is_gone(e):
                raise
        start = _start(token, inp or CheckoutInput(order_token=token), seller_id)
        return await client.execute_update_with_start_workflow(
            CheckoutWorkflow.pay, req, start_workflow_operation=start
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
        if why := refusal_of(e):
            raise refused(why) from e
        raise DomainError(ErrorCode.INVALID_INPUT, str(e.cause or e), {"payment_method": "invalid"}) from e


async def choose_wire(
    client: Client, token: str, inp: CheckoutInput, seller_id: int | None, *, later: bool = False
) -> WireInstructions:
    """Update-with-start: the order waits for a bank transfer (the same instructions when asked again), or with
    `later` is delivered now and paid by its invoice's day. 409 with the reason when the checkout cannot."""
    update = CheckoutWorkflow.choose_pay_later if later else CheckoutWorkflow.choose_wire
    return await _with_start(
        client.execute_update_with_start_workflow(
            update, start_workflow_operation=_start(token, inp, seller_id)
        ),
        token,
    )


async def take_free(client: Client, token: str, inp: CheckoutInput, seller_id: int | None) -> PayResult:
    """Update-with-start: a free order is taken (its goods and coupon's use set aside) and delivered."""
    return await _with_start(
        client.execute_update_with_start_workflow(
            CheckoutWorkflow.take_free, start_workflow_operation=_start(token, inp, seller_id)
        ),
        token,
    )


async def _with_start(call: Awaitable[T], token: str) -> T:
    """An update-with-start's answer: 409 CheckoutOver when the checkout has closed, 409 with the validator's
    refusal, 503 for anything else (try again: the update is idempotent on the order)."""
    try:
        return await call
    except WorkflowAlreadyStartedError as e:
        raise CheckoutOver(token) from e
    except WorkflowUpdateFailedError as e:
        if why := refusal_of(e):
            raise refused(why) from e
        raise DomainError(
            ErrorCode.MS_UNAVAILABLE, "This could not be done right now; please try again in a moment."
        ) from e


async def wire_received(client: Client, token: str, incoming: WireIncoming) -> bool:
    """Tell the order's checkout of a transfer; False when none runs (the order lapsed or is paid)."""
    try:
        await client.get_workflow_handle(checkout_id(token)).signal(CheckoutWorkflow.wire_received, incoming)
        return True
    except RPCError as e:
        if is_gone(e):  # no such workflow, or it has completed
            return False
        raise


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
