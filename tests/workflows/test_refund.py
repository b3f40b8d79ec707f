"""The Refund workflow with fake activities: a partial refund, a full one (access revoked), one the provider
refuses (the reservation released, nothing booked), and a provider step retried after a failure (one refund)."""

from __future__ import annotations

import asyncio
import uuid

from temporalio import activity
from temporalio.worker import Worker

from activities.refund import RefundActivities
from domain.ledger.refunds import ProviderAnswer, RefundBooked, RefundConfirmed, RefundInput, RefundResult
from domain.workflow_ids import refund_id
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.refund import RefundWorkflow


class FakeRefunds:
    def __init__(self, *, full: bool = False, refuse: bool = False, flaky: int = 0) -> None:
        self.full, self.refuse, self.flaky = full, refuse, flaky
        self.calls: list[str] = []
        self.provider_refunds: dict[str, str] = {}

    @activity.defn(name="refund_at_provider")
    async def refund_at_provider(self, req: RefundInput) -> ProviderAnswer:
        self.calls.append("provider")
        key = f"{req.order_token}-{req.number}"
        if self.refuse:
            return ProviderAnswer(ok=False, message="Charge already refunded")
        self.provider_refunds.setdefault(key, f"re_{len(self.provider_refunds) + 1}")
        if self.flaky:  # the answer is lost after the provider refunded: the retry must adopt the same refund
            self.flaky -= 1
            raise ConnectionResetError("lost")
        return ProviderAnswer(ok=True, provider_ref=self.provider_refunds[key])

    @activity.defn(name="book_refund")
    async def book_refund(self, req: RefundConfirmed) -> RefundBooked:
        self.calls.append(f"book:{req.provider_ref}")
        return RefundBooked(full=self.full)

    @activity.defn(name="release_refund")
    async def release_refund(self, req: RefundInput) -> None:
        self.calls.append("release")

    @activity.defn(name="issue_reversal")
    async def issue_reversal(self, req: RefundInput) -> int:
        self.calls.append("reversal")
        return 2

    @activity.defn(name="revoke_access")
    async def revoke_access(self, req: RefundInput) -> None:
        self.calls.append("revoke")

    @activity.defn(name="send_refund_mails")
    async def send_refund_mails(self, req: RefundInput) -> int:
        self.calls.append("mails")
        return 2

    def all(self) -> list:
        return [
            self.refund_at_provider,
            self.book_refund,
            self.release_refund,
            self.issue_reversal,
            self.revoke_access,
            self.send_refund_mails,
        ]


async def _run(client, fake: FakeRefunds) -> tuple[RefundResult, object]:
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    token = uuid.uuid4().hex[:20]
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[RefundWorkflow],
        activities=fake.all(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            RefundWorkflow.run,
            RefundInput(order_token=token, number=1),
            id=refund_id(token, 1),
            task_queue=task_queue,
        )
        return await asyncio.wait_for(handle.result(), 30), handle


async def test_a_partial_refund_keeps_the_access(client, record):
    fake = FakeRefunds()
    result, handle = await _run(client, fake)
    assert result == RefundResult(state="succeeded", full=False)
    assert fake.calls == ["provider", "book:re_1", "reversal", "mails"]
    await record(handle, "refund")


async def test_a_full_refund_revokes_the_access(client, record):
    fake = FakeRefunds(full=True)
    result, handle = await _run(client, fake)
    assert result.full and fake.calls == ["provider", "book:re_1", "reversal", "revoke", "mails"]
    await record(handle, "refund")


async def test_a_refused_refund_releases_its_reservation_and_books_nothing(client, record):
    fake = FakeRefunds(refuse=True)
    result, handle = await _run(client, fake)
    assert result == RefundResult(state="failed", message="Charge already refunded")
    assert fake.calls == ["provider", "release"]
    await record(handle, "refund")


async def test_a_lost_provider_answer_is_retried_onto_the_same_refund(client):
    fake = FakeRefunds(flaky=1)
    result, _ = await _run(client, fake)
    assert result.state == "succeeded"
    assert fake.calls[:3] == ["provider", "provider", "book:re_1"] and len(fake.provider_refunds) == 1


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakeRefunds, RefundActivities)
