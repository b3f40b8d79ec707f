"""The Claim workflow (`claim-{token}-{rate}`) with fake activities and a compressed day, started by a Subscription
whose rate failed: a soft decline reminded and retried until paid; a hard decline never retried and paid at once
with a new card; a card saved while the seller paused the reminders; a debt after the third reminder; debt
collection at once or after dunning, each agency report applied once; the seller's actions refused when they do not
apply."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from temporalio.service import RPCError

from domain.billing.claims import ClaimStatus
from domain.billing.inkasso import AgencyEvent
from domain.errors import DomainError
from domain.orders.orders import PaymentType
from domain.workflow_ids import claim_id
from handles import subscriptions
from tests.workflows.billing import (
    DAY,
    FakeBilling,
    monthly,
    subscription_worker,
    until,
)
from workflows.claim import ClaimWorkflow
from workflows.subscription import SubscriptionWorkflow


async def test_a_soft_decline_is_reminded_and_retried_until_paid(client, record):
    """Rate 3 fails softly; the claim reminds on day 1 and retries (still declined), reminds on day 2 and
    retries (paid): no third reminder, no further charge; later rates go on."""
    fake = FakeBilling(
        monthly(4, PaymentType.limited_subscription), declines={(3, 1): "soft", (3, 2): "soft"}
    )
    token = f"soft{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token)
    async with worker:
        handle = await start()
        assert await asyncio.wait_for(handle.result(), 60) == "completed"
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 3))
        assert await asyncio.wait_for(claim.result(), 30) == "collected"
        status: ClaimStatus = await claim.query(ClaimWorkflow.status)
        assert (status.stage, status.attempt, status.paid) == (2, 3, True)
        await record(claim, "claim")
    assert [(r, a) for r, a in fake.charges if r == 3] == [(3, 1), (3, 2), (3, 3)]
    assert fake.reminders == [(3, "first", False), (3, "second", False)]
    assert fake.failed == [3] and sorted(fake.paid) == [2, 3, 4]
    assert [(c.rate, c.outcome, c.dunning, c.charges) for c in fake.closed] == [
        (3, "collected", "completed", 3)
    ]
    await record(handle, "subscription")


async def test_a_hard_decline_is_never_retried_and_the_new_method_is_charged_at_once(client, record):
    fake = FakeBilling(
        monthly(3, PaymentType.limited_subscription), declines={(2, 1): "hard"}, stage_days=(1, 40, 80)
    )
    token = f"hard{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token)
    async with worker:
        handle = await start()
        await until(lambda: fake.reminders == [(2, "first", True)])
        await asyncio.sleep(5 * DAY)
        assert [c for c in fake.charges if c[0] == 2] == [(2, 1)]  # the first reminder came, no retry
        await handle.signal(SubscriptionWorkflow.payment_method_changed)
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        assert await asyncio.wait_for(claim.result(), 30) == "collected"
        assert [c for c in fake.charges if c[0] == 2] == [(2, 1), (2, 2)]
        assert await asyncio.wait_for(handle.result(), 60) == "completed"
        await record(claim, "claim")
    assert fake.reminders == [(2, "first", True)]  # no second reminder after the payment
    status = fake.closed[0]
    assert (status.outcome, status.charges) == ("collected", 2)


async def test_a_card_saved_while_the_seller_paused_the_dunning_is_charged_at_once(client, record):
    """The seller paused the claim: no reminder and no retry comes, but the payer who saves another card is
    charged at once, and the claim is collected without a reminder."""
    fake = FakeBilling(
        monthly(3, PaymentType.limited_subscription), declines={(2, 1): "soft"}, stage_days=(5, 40, 80)
    )
    token = f"paused{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token, day=0.1)
    async with worker:
        handle = await start()
        await until(lambda: fake.failed == [2])
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        for _ in range(50):  # the claim starts right after the failure is recorded
            try:
                await claim.signal(ClaimWorkflow.pause_dunning)
                break
            except RPCError:
                await asyncio.sleep(0.01)
        await asyncio.sleep(1.0)  # past the first stage's day (0.5 s): paused, so nothing
        assert fake.reminders == [] and [c for c in fake.charges if c[0] == 2] == [(2, 1)]
        await handle.signal(SubscriptionWorkflow.payment_method_changed)
        assert await asyncio.wait_for(claim.result(), 30) == "collected"
        await record(claim, "claim")
    assert fake.reminders == []
    assert [c for c in fake.charges if c[0] == 2] == [(2, 1), (2, 2)]


async def test_unpaid_after_the_third_reminder_the_rate_is_a_debt(client, record):
    fake = FakeBilling(
        monthly(2, PaymentType.limited_subscription),
        declines={(2, a): "soft" for a in range(1, 5)},
        strategy="dunning",
    )
    token = f"debt{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token)
    async with worker:
        handle = await start()
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        await until(lambda: fake.closed != [])
        assert await claim.result() == "not_collected"
        await record(claim, "claim")
        await asyncio.wait_for(handle.result(), 30)
    assert [s for _, s, _ in fake.reminders] == ["first", "second", "third"]  # each once
    assert fake.charges.count((2, 1)) == 1 and [a for r, a in fake.charges if r == 2] == [1, 2, 3, 4]
    closed = fake.closed[0]
    assert (closed.outcome, closed.dunning, closed.inkasso) == ("not_collected", "completed", "no")
    assert fake.handed == []  # dunning only: never to the agency


async def test_inkasso_at_once_takes_the_agencys_reports_each_once(client, record):
    """Strategy inkasso: no reminder; the claim goes to the agency, which reports in_inkasso, half paid (sent
    twice), pre_court and the end: partially collected, the payment booked once."""
    fake = FakeBilling(
        monthly(2, PaymentType.limited_subscription), declines={(2, 1): "soft"}, strategy="inkasso"
    )
    token = f"ink{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token)
    async with worker:
        handle = await start()
        await until(lambda: fake.handed == [2])
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        half = AgencyEvent("evt-2", "payment", amount=500)
        for event in (
            AgencyEvent("evt-1", "status", status="in_inkasso"),
            half,
            half,
            AgencyEvent("evt-3", "status", status="pre_court"),
            AgencyEvent("evt-4", "closed", outcome="partially_collected"),
        ):
            await claim.signal(ClaimWorkflow.agency_event, event)
        assert await asyncio.wait_for(claim.result(), 30) == "partially_collected"
        await record(claim, "claim")
        await asyncio.wait_for(handle.result(), 30)
    assert fake.reminders == [] and fake.charges == [(2, 1)]
    assert fake.collected == [(500, "evt-2")] and fake.statuses == ["in_inkasso", "pre_court"]
    closed = fake.closed[0]
    assert (closed.outcome, closed.dunning, closed.inkasso) == ("partially_collected", "skipped", "pre_court")


async def test_dunning_then_inkasso_collects_in_full(client, record):
    fake = FakeBilling(
        monthly(2, PaymentType.limited_subscription),
        declines={(2, a): "soft" for a in range(1, 5)},
        strategy="dunning_inkasso",
    )
    token = f"dink{uuid.uuid4().hex[:10]}"
    worker, start = await subscription_worker(client, fake, token)
    async with worker:
        handle = await start()
        await until(lambda: fake.handed == [2])
        assert [s for _, s, _ in fake.reminders] == ["first", "second", "third"]
        claim = client.get_workflow_handle_for(ClaimWorkflow.run, claim_id(token, 2))
        await claim.signal(ClaimWorkflow.agency_event, AgencyEvent("e1", "status", status="in_inkasso"))
        await claim.signal(ClaimWorkflow.agency_event, AgencyEvent("e2", "payment", amount=1000))
        assert await asyncio.wait_for(claim.result(), 30) == "collected"
        await record(claim, "claim")
        await asyncio.wait_for(handle.result(), 30)
    closed = fake.closed[0]
    assert (closed.outcome, closed.dunning, closed.inkasso) == ("collected", "completed", "in_inkasso")


async def test_what_a_seller_asks_of_a_claim_is_refused_when_it_does_not_apply(client, record):
    """Pause and resume of a claim's reminders are updates: refused when they do not apply, and on a closed claim."""
    # every retry of rate 2 declines and the stages are days apart: the claim stays open until the seller acts,
    # however slow the machine (it once collected on its own before the first ask)
    fake = FakeBilling(monthly(), declines={(2, a): "soft" for a in range(1, 9)}, stage_days=(500, 600, 700))
    token = f"claimref{uuid.uuid4().hex[:8]}"
    worker, start = await subscription_worker(client, fake, token, day=0.15)
    async with worker:
        await start()
        await until(lambda: fake.failed == [2])
        claim = client.get_workflow_handle(claim_id(token, 2))
        await until(lambda: fake.opened == [2])  # the claim runs: asked before it starts, it is not there yet
        with pytest.raises(DomainError) as refused:
            await subscriptions.claim_paused(client, token, 2, pause=False)
        assert refused.value.reason == "claim_not_paused"
        assert await subscriptions.claim_paused(client, token, 2, pause=True) == "paused"
        with pytest.raises(DomainError) as refused:
            await subscriptions.claim_paused(client, token, 2, pause=True)
        assert refused.value.reason == "claim_paused"
        assert (await claim.query(ClaimWorkflow.status)).paused
        assert await subscriptions.claim_resolved(client, token, 2, "manually_resolved_dunning")
        await asyncio.wait_for(claim.result(), 10)
        for ask in (
            subscriptions.claim_paused(client, token, 2, pause=False),
            subscriptions.claim_resolved(client, token, 2, "collected"),
        ):
            with pytest.raises(DomainError) as refused:
                await ask
            assert (refused.value.status, refused.value.reason) == (409, "claim_closed")
    assert [c.outcome for c in fake.closed] == ["manually_resolved_dunning"]
    await record(claim, "claim")
