"""The pay path reads its order once per activity (issue 48: `ensure_payment_intent` read it six times, because each
store action took the token instead of the loaded order). The real checkout activities run against PostgreSQL with a
scripted card provider, and every statement that reads the order's own row is counted."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from sqlalchemy import event
from temporalio.testing import ActivityEnvironment

from activities.checkout import CheckoutActivities
from domain.accounts.accounts import ProfileType
from domain.billing.billing_calendar import PlanTerms
from domain.orders.checkout import EnsureIntent, OrderPaid, OrderStep, PayOutcome
from domain.orders.orders import PaymentMethod, PaymentState, PaymentType
from providers.stripe.client import Intent, SepaMandate
from providers.stripe.errors import ProviderDeclined
from store.accounts.actions import user_created
from store.accounts.queries import seller_of
from store.catalog.actions import plan_added, product_created
from store.db import engine, session
from store.orders.actions import order_created
from store.orders.queries import order_by_token

PRICE = 4900
# a read of one order's own row: by its token or its id (a bump's list by its parent is another question)
_ORDER_READ = re.compile(r"^\s*SELECT\b.*\bFROM orders\b.*\bWHERE orders\.(token|id) = ", re.S | re.I)


@dataclass
class ScriptedCards:
    """A card provider answering from a script: the next confirmation succeeds, asks for 3-D Secure, or declines."""

    confirm: str = "succeeded"
    intents: dict[str, Intent] = field(default_factory=dict)

    async def create_payment_intent(self, **kw: Any) -> Intent:
        pi = Intent(
            f"pi_{kw['order_token']}_{kw['attempt']}", "requires_confirmation", "s", None, kw["amount"], "eur"
        )
        self.intents[pi.id] = pi
        return pi

    async def confirm_payment_intent(
        self,
        intent_id: str,
        idempotency_key: str,
        mandate: SepaMandate | None = None,
        payment_method: str | None = None,
    ) -> Intent:
        pi = self.intents[intent_id]
        if self.confirm == "declined":
            raise ProviderDeclined("Your card was declined.", "card_declined", intent_id)
        self.intents[intent_id] = Intent(pi.id, self.confirm, "s", None, pi.amount, pi.currency)
        return self.intents[intent_id]

    async def retrieve_payment_intent(self, intent_id: str) -> Intent:
        return self.intents[intent_id]

    async def attach_payment_method(
        self, payment_method: str, customer_id: str, idempotency_key: str
    ) -> None:
        return None


@contextmanager
def order_reads() -> Iterator[list[str]]:
    seen: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if _ORDER_READ.search(statement):
            seen.append(statement)

    sync = engine().sync_engine
    event.listen(sync, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(sync, "before_cursor_execute", count)


async def _order() -> str:
    name = uuid.uuid4().hex[:10]
    token = uuid.uuid4().hex[:20]
    async with session() as s:
        user = await user_created(
            s,
            email=f"{name}@example.test",
            password="sellflow-demo",
            username=f"s{name}",
            first_name="A",
            last_name="B",
            locale="en",
            profile_type=ProfileType.seller,
        )
        seller = await seller_of(s, user.id)
        assert seller is not None
        view = await product_created(s, seller.id, name=f"Guide {name}", description="", form="download")
        plan = await plan_added(
            s,
            view,
            name="Once",
            terms=PlanTerms(PaymentType.one_time, "eur", first_amount=PRICE, next_amount=PRICE),
        )
        await order_created(
            s,
            token=token,
            product=view.product,
            plan=plan,
            payer={"email": f"b{name}@example.test", "first_name": "Bea", "last_name": "Buyer"},
            customer_id="cus_x",
            setup_intent_id=None,
        )
    return token


async def _state(token: str) -> PaymentState:
    async with session() as s:
        return (await order_by_token(s, token)).payment_state


@pytest.mark.parametrize(
    ("confirm", "outcome", "state"),
    [
        ("succeeded", PayOutcome.succeeded, PaymentState.payment_waiting),
        ("requires_action", PayOutcome.requires_action, PaymentState.payment_pending),
        ("declined", PayOutcome.failed, PaymentState.payment_waiting),
    ],
)
async def test_a_payment_step_reads_its_order_once(
    confirm: str, outcome: PayOutcome, state: PaymentState
) -> None:
    token = await _order()
    acts = CheckoutActivities(ScriptedCards(confirm=confirm), mailer=None)  # type: ignore[arg-type]
    step = EnsureIntent(order_token=token, attempt=1, payment_method="pm_card_visa", kind=PaymentMethod.card)
    with order_reads() as reads:
        answer = await ActivityEnvironment().run(acts.ensure_payment_intent, step)
    assert answer.outcome == outcome
    assert len(reads) == 1, reads
    assert (
        await _state(token) == state
    )  # what the attempt means for the order, recorded without reading it again


async def test_the_paid_order_is_recorded_reading_it_once_per_step() -> None:
    token = await _order()
    acts = CheckoutActivities(ScriptedCards(), mailer=None)  # type: ignore[arg-type]
    env = ActivityEnvironment()
    step = EnsureIntent(order_token=token, attempt=1, payment_method="pm_card_visa", kind=PaymentMethod.card)
    paid = await env.run(acts.ensure_payment_intent, step)
    for run in (
        lambda: env.run(acts.record_order_paid, OrderPaid(order_token=token, intent_id=paid.intent_id)),
        lambda: env.run(acts.issue_invoice, OrderStep(order_token=token)),
        lambda: env.run(acts.book_seller_balance, OrderStep(order_token=token)),
        lambda: env.run(acts.grant_access, OrderStep(order_token=token)),
    ):
        with order_reads() as reads:
            await run()
        assert len(reads) <= 1, reads
    assert await _state(token) == PaymentState.paid
