"""Payouts as a seller lives them, on a compressed calendar (one day = one second, carried in the workflow's
input): held before legitimation, inside the hold and below the minimum, then paid exactly once when all holds
clear, confirmed by the stand-in bank's signed callback (also delivered twice); a cashout returned by the bank
puts the money back; a worker killed mid-payout sends one transfer."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import httpx
from temporalio.client import Client

from domain.ledger.ledger import PayeeType
from domain.ledger.payouts import PayoutInput
from domain.workflow_ids import payout_id
from providers.signing import sign
from tests.integration.helpers import (
    CARD_OK,
    Seller,
    card_payment_method,
    client,
    db_count,
    manager_headers,
    new_seller,
    pay,
    published_product,
    seller_id_of,
    start_checkout,
    submitted_for_review,
    wait_fulfilled,
    wait_legitimation,
)
from workflows.payout import PayoutWorkflow


async def _payouts_on_a_fast_calendar(temporal: Client, sid: int) -> None:
    await temporal.start_workflow(
        PayoutWorkflow.run,
        PayoutInput(payee_type=PayeeType.seller, payee_id=sid, day_s=1.0),
        id=payout_id("seller", sid),
        task_queue="sellflow",
    )


async def _legitimated_on_fast_payouts(
    stack, c, temporal, prefix: str, holder: str = "Sam Seller"
) -> tuple[Seller, int]:
    seller = await new_seller(stack, c, prefix, legitimate=False)
    await submitted_for_review(c, seller, holder=holder)
    await wait_legitimation(c, seller, "registered")
    sid = await seller_id_of(c, seller)
    await _payouts_on_a_fast_calendar(temporal, sid)
    return seller, sid


async def _approve(c, seller: Seller, sid: int) -> None:
    r = await c.post(
        f"/v1/admin/bank_account_legitimations/{sid}/decision",
        json={"decision": "approve"},
        headers=await manager_headers(c),
    )
    assert r.status_code == 200, r.text
    await wait_legitimation(c, seller, "legitimated")


async def _sell(stack, c, seller: Seller, product: dict) -> None:
    co = await start_checkout(c, seller.username, product)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
    await wait_fulfilled(c, seller.username, co["order_token"])


async def _until(c, seller: Seller, check, timeout: float = 40) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = (await c.get("/v1/cabinet/payouts", headers=seller.headers)).json()
        if check(body):
            return body
        await asyncio.sleep(0.3)
    raise AssertionError(f"payouts never reached the expected state: {body}")


async def _bank(stack) -> list[dict]:
    async with httpx.AsyncClient(timeout=10) as h:
        return (await h.get(f"http://127.0.0.1:{stack.ports.bank}/v1/credit_transfers")).json()


async def test_held_until_every_hold_clears_then_paid_once(stack, temporal):
    async with client(stack) as c:
        seller, sid = await _legitimated_on_fast_payouts(stack, c, temporal, "payee")
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/payout_settings",
            json={"schedule": "daily", "minimum": 3000, "hold_days": 3},
            headers=h,
        )
        assert r.status_code == 200
        await _until(c, seller, lambda b: b["waiting_reason"] == "not_legitimated")
        await _approve(c, seller, sid)
        product = await published_product(c, seller)  # 25.00, 1.23 fee
        await _sell(stack, c, seller, product)
        body = (await c.get("/v1/cabinet/payouts", headers=h)).json()
        assert body["held"] == 2377 and body["available"] == 0  # inside the hold
        # the held money with its release: the sale's moment plus the hold, and why
        assert [(r["amount"], r["reason"]) for r in body["releases"]] == [(2377, "hold")]
        await _until(c, seller, lambda b: b["available"] == 2377 and b["waiting_reason"] == "below_minimum")
        await _sell(stack, c, seller, product)
        body = await _until(c, seller, lambda b: any(p["state"] == "successful" for p in b["list"]))
        assert [(p["amount"], p["kind"]) for p in body["list"]] == [(4754, "payout")]
        assert body["available"] == 0 and body["held"] == 0
        await asyncio.sleep(3)  # more runs: nothing left, nothing paid twice
        transfers = [t for t in await _bank(stack) if t["end_to_end_id"].startswith(f"payout-seller-{sid}-")]
        assert [(t["amount"], t["outcome"]) for t in transfers] == [(4754, "booked")]
        assert (
            await db_count(
                "select count(*) from ledger_entries where payee_type = 'seller' and payee_id = :s and kind = 'payout'",
                s=sid,
            )
            == 1
        )
        # the bank's callback delivered again, and a forged one: nothing changes
        e2e = transfers[0]["end_to_end_id"]
        raw = f'{{"id": "bankevt_again", "end_to_end_id": "{e2e}", "outcome": "returned", "reason": "x"}}'.encode()
        hdr = {"bank-signature": sign(raw, "banksec_sellflow_local"), "content-type": "application/json"}
        assert (await c.post("/v1/webhooks/bank", content=raw, headers=hdr)).status_code == 200
        assert (await c.post("/v1/webhooks/bank", content=raw, headers=hdr)).json()["duplicate"] is True
        forged = {"bank-signature": sign(raw, "wrong"), "content-type": "application/json"}
        assert (await c.post("/v1/webhooks/bank", content=raw, headers=forged)).status_code == 400
        await asyncio.sleep(1)
        body = (await c.get("/v1/cabinet/payouts", headers=h)).json()
        assert [p["state"] for p in body["list"]] == ["successful"] and body["available"] == 0
        # the payout is in the month's bookkeeping export: from money in transit (1360) to the bank (1200)
        from domain.ledger.bookkeeping import bookings
        from store.db import session
        from store.ledger.exports import export_source

        async with session() as s:
            rows = bookings(await export_source(s, sid, datetime.now(UTC).strftime("%Y-%m")))
        assert [(b.amount, b.account, b.contra, b.text) for b in rows if b.account == "1200"] == [
            (4754, "1200", "1360", "Payout")
        ]


async def test_a_returned_cashout_restores_the_balance_and_a_killed_worker_sends_one_transfer(
    stack, temporal
):
    async with client(stack) as c:
        seller, sid = await _legitimated_on_fast_payouts(stack, c, temporal, "returned", holder="Return Test")
        h = seller.headers
        await c.put(
            "/v1/cabinet/payout_settings",
            json={"schedule": "monthly", "minimum": 100000, "hold_days": 0},
            headers=h,
        )
        await _approve(c, seller, sid)
        await _sell(stack, c, seller, await published_product(c, seller))
        await _until(c, seller, lambda b: b["available"] == 2377)
        r = await c.post("/v1/cabinet/cashouts", headers=h)
        assert r.status_code == 202
        stack.kill("worker")
        await asyncio.sleep(0.5)
        stack.start_worker()
        # the overview reads the list and the balance one after the other: the return may land between the two
        body = await _until(
            c,
            seller,
            lambda b: any(p["state"] == "canceled" for p in b["list"]) and b["available"] == 2377,
            timeout=120,  # a worker restarted beside the browser scenarios took over 60 s to start and retry
        )
        payout = body["list"][0]
        assert (payout["kind"], payout["amount"], payout["reason"]) == ("cashout", 2377, "Account closed")
        assert body["available"] == 2377  # the money is the seller's again
        transfers = [t for t in await _bank(stack) if t["end_to_end_id"].startswith(f"payout-seller-{sid}-")]
        assert len(transfers) == 1
