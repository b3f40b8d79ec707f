"""A checkout starts its Checkout workflow when it opens (its day counts from then, and the buyer's pay request finds
the workflow running); Temporal out of reach at that moment does not refuse the checkout, whose first pay request
then starts the workflow itself (update-with-start, the same id and options)."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

import pytest
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError, RPCStatusCode

import handles.checkout
from domain.orders.checkout import CheckoutInput
from handles.checkout import open_checkout
from services.checkout import opening


class FakeClient:
    def __init__(self, fails: bool = False, hangs: bool = False) -> None:
        self.fails, self.hangs = fails, hangs
        self.started: list[tuple[Any, CheckoutInput, dict[str, Any]]] = []

    async def start_workflow(self, run: Any, inp: CheckoutInput, **options: Any) -> None:
        if self.fails:
            raise RPCError("connection refused", RPCStatusCode.UNAVAILABLE, b"")
        if self.hangs:  # the client retrying a server that is down
            await asyncio.sleep(60)
        self.started.append((run, inp, options))


async def test_the_opening_starts_the_workflow_a_later_pay_request_would_start():
    client = FakeClient()
    inp = CheckoutInput(order_token="tok1", day_s=20, recurring=True)
    await open_checkout(client, "tok1", inp, 7)  # type: ignore[arg-type]
    [(_, started, options)] = client.started
    assert started is inp
    assert options["id"] == "checkout-tok1"
    assert options["id_conflict_policy"] == WorkflowIDConflictPolicy.USE_EXISTING
    assert options["id_reuse_policy"] == WorkflowIDReusePolicy.REJECT_DUPLICATE
    assert options["search_attributes"] is not None  # the operations view finds it by seller and order


async def test_temporal_out_of_reach_does_not_refuse_the_checkout(monkeypatch):
    await open_checkout(FakeClient(fails=True), "tok2", CheckoutInput(order_token="tok2"), 7)  # type: ignore[arg-type]
    monkeypatch.setattr(handles.checkout, "OPEN_WAIT_S", 0.1)
    began = time.monotonic()
    await open_checkout(FakeClient(hangs=True), "tok2", CheckoutInput(order_token="tok2"), 7)  # type: ignore[arg-type]
    assert time.monotonic() - began < 5  # not the client's whole retry budget


class FakeSession:
    def __init__(self) -> None:
        self.commits = 0

    async def commit(self) -> None:
        self.commits += 1


@pytest.mark.parametrize("reachable", [True, False])
async def test_the_order_is_written_before_its_workflow_starts(monkeypatch, reachable):
    client = FakeClient()
    s = FakeSession()

    async def temporal() -> FakeClient:
        if not reachable:
            raise RuntimeError("Failed client connect")
        assert s.commits == 1, "the workflow never runs ahead of its order"
        return client

    order = SimpleNamespace(
        token="tok3",
        seller_id=7,
        terms=None,
        defers_first_rate=False,
        total=0,
        period_type="one_time",
        currency_key="eur",
    )
    await opening._started(s, temporal, order, 0)  # type: ignore[arg-type]
    assert s.commits == 1
    if reachable:
        [(_, inp, _)] = client.started
        assert inp.free and not inp.recurring  # nothing to pay: `take_free` is what the workflow accepts
        assert (inp.payment_type, inp.currency) == ("one_time", "eur")  # what `can_pay` asks of the plan
    else:
        assert client.started == []
