"""Recovery analytics of one seller, month by month (rules in domain/billing/recovery.py): recurring revenue, new and
churned subscriptions, and what happened to failed money (recovered by stage, lost, still open). Read from the
orders, their rates and claims; nothing is stored for it.

Two queries, each bounded by the seller and the range: the recurring orders running at some point of the range
(with when and why each ended), and the claims that were open at some point of it. The months are then counted
in Python: a seller's subscriptions and claims of three years fit in memory many times over.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.claims import ClaimOutcome
from domain.billing.recovery import ChurnKind, Month, RecoveryStage, monthly_value, recovery_stage
from domain.billing.subscriptions import terms_from_json
from domain.orders.orders import OrderRateState, PaymentState
from store.billing.models import Claim, OrderRate
from store.orders.models import Order

# Order states that end a subscription, and the kind of churn each is.
_ENDED_BY = {
    PaymentState.payment_canceled: ChurnKind.voluntary,
    PaymentState.payment_refunded: ChurnKind.voluntary,
    PaymentState.payment_chargebacked: ChurnKind.involuntary,
}
_DEBT_OUTCOMES = (ClaimOutcome.not_collected, ClaimOutcome.partially_collected)


@dataclass
class CurrencyMonth:
    currency: str
    mrr: int = 0
    failed: int = 0  # claims opened in the month
    recovered: dict[RecoveryStage, int] = field(default_factory=lambda: dict.fromkeys(RecoveryStage, 0))
    lost: int = 0  # claims closed in the month that stayed (partly) unpaid
    still_open: int = 0  # unpaid money of claims open at the month's end


@dataclass
class MonthFigures:
    month: Month
    active: int = 0  # recurring orders running at the month's end
    new: int = 0
    voluntary_churn: int = 0
    involuntary_churn: int = 0
    money: dict[str, CurrencyMonth] = field(default_factory=dict)

    def of(self, currency: str) -> CurrencyMonth:
        if currency not in self.money:
            self.money[currency] = CurrencyMonth(currency)
        return self.money[currency]


@dataclass(frozen=True)
class _Subscription:
    currency: str
    value: int
    started: datetime
    ended: datetime | None
    churn: ChurnKind | None  # None: still running, or a limited plan paid to its end


def _month_index(months: list[Month], at: datetime) -> int | None:
    m = Month.of(at.astimezone(UTC))
    if not months or m < months[0] or m > months[-1]:
        return None
    return (m.year - months[0].year) * 12 + m.month - months[0].month


async def _subscriptions(
    s: AsyncSession, seller_id: int, start: datetime, end: datetime
) -> list[_Subscription]:
    debt_at = (
        select(func.min(Claim.closed_at))
        .where(Claim.order_id == Order.id, Claim.outcome.in_(_DEBT_OUTCOMES))
        .scalar_subquery()
    )
    last_paid_at = (
        select(func.max(OrderRate.updated_at))
        .where(OrderRate.order_id == Order.id, OrderRate.state == OrderRateState.paid)
        .scalar_subquery()
    )
    rows = await s.execute(
        select(Order.currency_key, Order.terms, Order.paid_at, Order.payment_state, Order.updated_at)
        .add_columns(debt_at, last_paid_at)
        .where(
            Order.seller_id == seller_id,
            Order.terms.is_not(None),
            Order.paid_at.is_not(None),
            Order.paid_at < end,
            or_(
                Order.payment_state.not_in([*_ENDED_BY, PaymentState.paid]),
                Order.updated_at >= start,
            ),
        )
    )
    out: list[_Subscription] = []
    for currency, terms_json, paid_at, state, updated_at, debt, last_paid in rows:
        if not terms_json:  # a one-time order: its JSONB `terms` is JSON null, which IS NOT NULL lets through
            continue
        try:
            terms = terms_from_json(terms_json)
        except (KeyError, ValueError):
            continue
        ended: datetime | None = None
        churn: ChurnKind | None = None
        if state in _ENDED_BY:
            ended, churn = updated_at, _ENDED_BY[state]
        elif state == PaymentState.paid and terms.limited:  # every rate paid: completed, not churned
            ended = last_paid or updated_at
        if debt is not None and (ended is None or debt < ended):
            ended, churn = debt, ChurnKind.involuntary
        out.append(_Subscription(currency, monthly_value(terms), paid_at, ended, churn))
    return out


async def _claims(s: AsyncSession, seller_id: int, start: datetime, end: datetime) -> list[Claim]:
    q = select(Claim).where(
        Claim.seller_id == seller_id,
        Claim.opened_at < end,
        or_(Claim.closed_at.is_(None), Claim.closed_at >= start),
    )
    return list((await s.execute(q)).scalars())


async def recovery_analytics(
    s: AsyncSession, seller_id: int, months: list[Month], now: datetime | None = None
) -> list[MonthFigures]:
    """The seller's figures for each of `months` (consecutive, oldest first)."""
    if not months:
        return []
    now = now or datetime.now(UTC)
    start, end = months[0].start, months[-1].end
    figures = [MonthFigures(m) for m in months]
    # a month's "end" is its last moment, or now for the running month
    ends = [min(m.end, now) for m in months]

    for sub in await _subscriptions(s, seller_id, start, end):
        if (i := _month_index(months, sub.started)) is not None:
            figures[i].new += 1
        if (
            sub.ended is not None
            and sub.churn is not None
            and (i := _month_index(months, sub.ended)) is not None
        ):
            f = figures[i]
            if sub.churn == ChurnKind.voluntary:
                f.voluntary_churn += 1
            else:
                f.involuntary_churn += 1
        for f, at in zip(figures, ends, strict=True):
            if sub.started < at and (sub.ended is None or sub.ended >= at):
                f.active += 1
                f.of(sub.currency).mrr += sub.value

    for claim in await _claims(s, seller_id, start, end):
        if (i := _month_index(months, claim.opened_at)) is not None:
            figures[i].of(claim.currency).failed += claim.amount
        if claim.closed_at is not None and (i := _month_index(months, claim.closed_at)) is not None:
            money = figures[i].of(claim.currency)
            stage = recovery_stage(claim.outcome, claim.stage, claim.inkasso)
            if stage is not None:
                money.recovered[stage] += claim.collected
            if claim.outcome in _DEBT_OUTCOMES:
                money.lost += claim.amount - claim.collected
        for f, at in zip(figures, ends, strict=True):
            if claim.opened_at < at and (claim.closed_at is None or claim.closed_at >= at):
                f.of(claim.currency).still_open += claim.amount - claim.collected
    return figures


def currencies_of(figures: list[MonthFigures]) -> list[str]:
    seen: defaultdict[str, int] = defaultdict(int)
    for f in figures:
        for c, m in f.money.items():
            seen[c] += m.mrr + m.failed
    return sorted(seen, key=lambda c: (-seen[c], c))
