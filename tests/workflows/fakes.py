"""Fake checkout activities: the same activity names and types as `activities.checkout.CheckoutActivities`,
answering from a script and recording every call, so each branch of the checkout's diagram can be driven."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from temporalio import activity

from domain.orders.checkout import (
    AccessGranted,
    CardSaved,
    EnsureIntent,
    IntentStatus,
    InvoiceIssued,
    LateTransfer,
    LateTransferBooked,
    MailsSent,
    OrderPaid,
    OrderStep,
    PayOutcome,
    TransferReturns,
    WireInstructions,
    WireMail,
    WireStart,
)


@dataclass
class FakeCheckout:
    ensure: dict[int, PayOutcome] = field(default_factory=lambda: {1: PayOutcome.succeeded})  # per attempt
    refresh: list[PayOutcome] = field(default_factory=list)  # answers in turn; the last one stays
    cancel: PayOutcome = PayOutcome.failed  # what cancelling a waiting attempt finds
    ensure_delay_s: float = 0.0
    free_available: bool = True  # reserve_free finds the goods and the coupon's use still there
    saved: dict[int, bool] = field(default_factory=dict)  # a deferred order: did attempt n's card get saved
    settled: str = "paying"  # what settle_pay_later finds after the claim (paid: the agency collected it)
    agency_paid: int = 0  # what the collection agency collected of the overdue rate
    late_paid: int = 0  # what transfers after the day paid of it
    returned: dict[str, int] = field(default_factory=dict)  # bank event → the part owed back to the payer
    calls: list[str] = field(default_factory=list)
    attempts: list[int] = field(default_factory=list)
    intents: dict[int, str] = field(default_factory=dict)
    current: int = 0

    def _status(self, outcome: PayOutcome, attempt: int) -> IntentStatus:
        return IntentStatus(
            intent_id=self.intents.setdefault(attempt, f"pi_fake_{attempt}"),
            outcome=outcome,
            attempt=attempt,
            client_secret=f"pi_fake_{attempt}_secret_x" if outcome == PayOutcome.requires_action else None,
            error_message="Your card was declined." if outcome == PayOutcome.failed else None,
        )

    @activity.defn(name="ensure_payment_intent")
    async def ensure_payment_intent(self, req: EnsureIntent) -> IntentStatus:
        self.calls.append("ensure_payment_intent")
        self.attempts.append(req.attempt)
        self.current = req.attempt
        await asyncio.sleep(self.ensure_delay_s)
        return self._status(self.ensure.get(req.attempt, PayOutcome.succeeded), req.attempt)

    @activity.defn(name="save_card")
    async def save_card(self, req: EnsureIntent) -> IntentStatus:
        self.calls.append("save_card")
        ok = self.saved.get(req.attempt, True)
        return IntentStatus(
            intent_id="seti_fake",
            outcome=PayOutcome.succeeded if ok else PayOutcome.failed,
            attempt=req.attempt,
            error_message=None if ok else "The card was not saved. Please enter it again.",
        )

    @activity.defn(name="reserve_free")
    async def reserve_free(self, req: OrderStep) -> IntentStatus:
        self.calls.append("reserve_free")
        ok = self.free_available
        return IntentStatus(
            intent_id=f"free-{req.order_token}",
            outcome=PayOutcome.succeeded if ok else PayOutcome.failed,
            attempt=0 if ok else 1,
            error_message=None if ok else "Sold out",
        )

    @activity.defn(name="record_order_started")
    async def record_order_started(self, req: CardSaved) -> None:
        self.calls.append(f"record_order_started:{req.payment_method}")

    @activity.defn(name="refresh_payment_intent")
    async def refresh_payment_intent(self, req: OrderStep) -> IntentStatus:
        self.calls.append("refresh_payment_intent")
        outcome = self.refresh.pop(0) if len(self.refresh) > 1 else self.refresh[0]
        return self._status(outcome, self.current)

    @activity.defn(name="cancel_payment_intent")
    async def cancel_payment_intent(self, req: OrderStep) -> IntentStatus:
        self.calls.append("cancel_payment_intent")
        return self._status(self.cancel, self.current)

    @activity.defn(name="expire_checkout")
    async def expire_checkout(self, req: OrderStep) -> None:
        self.calls.append("expire_checkout")

    @activity.defn(name="record_order_paid")
    async def record_order_paid(self, req: OrderPaid) -> None:
        self.calls.append(f"record_order_paid:{req.intent_id}")

    @activity.defn(name="issue_invoice")
    async def issue_invoice(self, req: OrderStep) -> InvoiceIssued:
        self.calls.append("issue_invoice")
        return InvoiceIssued(number=1)

    @activity.defn(name="book_seller_balance")
    async def book_seller_balance(self, req: OrderStep) -> None:
        self.calls.append("book_seller_balance")

    @activity.defn(name="grant_access")
    async def grant_access(self, req: OrderStep) -> AccessGranted:
        self.calls.append("grant_access")
        return AccessGranted(access_token="access-token")

    @activity.defn(name="send_order_mails")
    async def send_order_mails(self, req: OrderStep) -> MailsSent:
        self.calls.append("send_order_mails")
        return MailsSent(sent_now=2)

    @activity.defn(name="start_wire")
    async def start_wire(self, req: WireStart) -> WireInstructions:
        self.calls.append("start_wire")
        return WireInstructions(
            req.order_token, 3400, "eur", f"SF-{req.order_token.upper()}", "DE89", "BIC", "Holder"
        )

    @activity.defn(name="start_pay_later")
    async def start_pay_later(self, req: WireStart) -> WireInstructions:
        self.calls.append("start_pay_later")
        return WireInstructions(
            req.order_token, 3400, "eur", f"SF-{req.order_token.upper()}", "DE89", "BIC", "Holder", later=True
        )

    @activity.defn(name="pay_later_overdue")
    async def pay_later_overdue(self, req: OrderStep) -> int:
        self.calls.append("pay_later_overdue")
        return 3400

    @activity.defn(name="book_late_transfer")
    async def book_late_transfer(self, req: LateTransfer) -> LateTransferBooked:
        """The overdue rate of 34.00 (`pay_later_overdue`), paid part by part; the agency's collections are
        `agency_paid`."""
        self.calls.append(f"book_late_transfer:{req.event_id}")
        part = min(req.amount, max(3400 - self.agency_paid - self.late_paid, 0))
        self.late_paid += part
        return LateTransferBooked(self.agency_paid + self.late_paid >= 3400, req.amount - part)

    @activity.defn(name="record_transfer_returns")
    async def record_transfer_returns(self, req: TransferReturns) -> None:
        self.calls.append("record_transfer_returns")
        self.returned.update(req.returns)

    @activity.defn(name="settle_pay_later")
    async def settle_pay_later(self, req: OrderStep) -> str:
        self.calls.append("settle_pay_later")
        return self.settled

    @activity.defn(name="send_wire_mail")
    async def send_wire_mail(self, req: WireMail) -> None:
        self.calls.append(f"send_wire_mail:{req.n}")

    def activities(self) -> list[Callable[..., Any]]:
        return [
            self.start_wire,
            self.start_pay_later,
            self.pay_later_overdue,
            self.settle_pay_later,
            self.book_late_transfer,
            self.record_transfer_returns,
            self.send_wire_mail,
            self.ensure_payment_intent,
            self.save_card,
            self.reserve_free,
            self.record_order_started,
            self.refresh_payment_intent,
            self.cancel_payment_intent,
            self.expire_checkout,
            self.record_order_paid,
            self.issue_invoice,
            self.book_seller_balance,
            self.grant_access,
            self.send_order_mails,
        ]

    def charged_attempts(self) -> list[int]:
        return sorted(set(self.attempts))


def fake_activities(fake: type) -> dict[str, Callable[..., Any]]:
    """The activities a fake class registers, by activity name (`@activity.defn(name=…)`)."""
    from temporalio.activity import _Definition

    out: dict[str, Callable[..., Any]] = {}
    for attr in dir(fake):
        fn = getattr(fake, attr, None)
        defn = _Definition.from_callable(fn) if callable(fn) else None
        if defn is not None and defn.name:
            out[defn.name] = fn
    return out


def assert_fake_matches(fake: type, *real: type) -> None:
    """Every activity the fake stands in for is a real activity method of one of `real` with the same argument and
    result types, and the fake lacks none of the real classes' activities it must cover."""
    reals: dict[str, Callable[..., Any]] = {}
    for cls in real:
        reals |= {n: f for n, f in vars(cls).items() if callable(f) and not n.startswith("_")}
    fakes = fake_activities(fake)
    assert fakes, f"{fake.__name__} registers no activity"
    for name, fn in fakes.items():
        assert name in reals, f"{fake.__name__}.{name} stands in for no real activity"
        assert _types(fn) == _types(reals[name]), f"{name}: argument or result types differ"


def _types(fn: Callable[..., Any]) -> tuple[list[Any], Any]:
    """The argument types in order (names may differ) and the result type."""
    import inspect
    import typing

    hints = typing.get_type_hints(fn)
    params = [p for p in inspect.signature(fn).parameters if p != "self"]
    return [hints.get(p) for p in params], hints.get("return")
