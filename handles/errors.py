"""The one place that turns a workflow's answer to an action into the API's: an update its validator refused, or a
workflow that is gone (ended, or never ran), is 409 CONFLICT with the refusal's code; nothing changed."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from temporalio.client import WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from domain.errors import DomainError, ErrorCode, Refusal, refused

T = TypeVar("T")
GONE = (RPCStatusCode.NOT_FOUND, RPCStatusCode.FAILED_PRECONDITION)


def is_gone(e: RPCError) -> bool:
    """The workflow has ended or never ran (a closed workflow answers NOT_FOUND to signals and updates)."""
    return e.status in GONE


# How long a person waits for a workflow's answer to an action (its validator runs on a worker; a worker that is
# restarting answers within seconds). Longer: 503, try again (a repeated action is refused or answered the same).
ANSWER_WAIT_S = 45.0


def refusal_of(e: WorkflowUpdateFailedError) -> Refusal | None:
    """The catalogue's refusal an update's validator raised; None for another failure (an input the validator
    found malformed, or the update's own failure)."""
    cause = e.cause
    if isinstance(cause, ApplicationError) and cause.type and cause.type in Refusal.__members__:
        return Refusal(cause.type)
    return None


async def answered(call: Awaitable[T], gone: Refusal = Refusal.gone) -> T:
    """Await an update (or a signal) sent to a running workflow: its result, or 409 with the validator's refusal
    code, or 409 `gone` when no such workflow runs, or 503 when no worker answered in time."""
    try:
        return await asyncio.wait_for(call, ANSWER_WAIT_S)
    except TimeoutError as e:
        raise DomainError(
            ErrorCode.MS_UNAVAILABLE, "This could not be confirmed right now; please try again in a moment."
        ) from e
    except WorkflowUpdateFailedError as e:
        cause = e.cause
        code = cause.type if isinstance(cause, ApplicationError) and cause.type else gone
        raise refused(code) from e
    except RPCError as e:
        if is_gone(e):
            raise refused(gone) from e
        raise
