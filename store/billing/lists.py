"""The cabinet's lists of recurring money (generic list engine): order rates and claims."""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.billing.claims import (
    ClaimStrategy,
    DunningStage,
    DunningState,
    InkassoStatus,
    inkasso_filter_values,
    visible_inkasso,
)
from domain.billing.subscriptions import PAYABLE_RATE_STATES
from domain.listing import ListParams
from domain.orders.orders import OrderRateState
from store.billing.models import Claim, OrderRate
from store.listing import ListSpec, date_filter, enum_filter, number_filter, run_list, values_of
from store.orders.models import Order


def _token(q: Any, text: str) -> Any:
    return q.where(Order.token == text.strip().lower().replace(" ", ""))


# editor §5: overdue days 0 to 365, charges count 0 to 10000
OVERDUE_DAYS_MAX = 365
CHARGES_MAX = 10_000
_overdue_days = func.current_date() - OrderRate.due_on  # whole days in PostgreSQL (date minus date)


def _overdue(bound: Literal["min", "max"]) -> Any:
    """Days a rate is past due; only rates still owed are overdue."""
    days = number_filter(_overdue_days, bound, 0, OVERDUE_DAYS_MAX, f"overdue_{bound}")
    return lambda q, value: days(q, value).where(OrderRate.state.in_(PAYABLE_RATE_STATES))


def _range(lo: int, hi: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": lo, "maximum": hi}


DATE = {"type": "string", "format": "date"}
ORDER_RATE_FILTERS: dict[str, dict[str, Any]] = {
    "state": {"type": "array", "items": {"type": "string", "enum": list(OrderRateState)}},
    "overdue_min": _range(0, OVERDUE_DAYS_MAX),
    "overdue_max": _range(0, OVERDUE_DAYS_MAX),
    "due_from": DATE,
    "due_to": DATE,
}
ORDER_RATE_LIST = ListSpec(
    sort_columns={"due_on": OrderRate.due_on, "number": OrderRate.number, "amount": OrderRate.amount},
    default_sort="due_on",
    tiebreak=OrderRate.id,
    filters={
        "state": enum_filter(OrderRate.state, OrderRateState, "state"),
        "overdue_min": _overdue("min"),
        "overdue_max": _overdue("max"),
        "due_from": date_filter(OrderRate.due_on, "from", "due_from"),
        "due_to": date_filter(OrderRate.due_on, "to", "due_to"),
    },
    search=_token,
)

CLAIM_FILTERS: dict[str, dict[str, Any]] = {
    "strategy": {"type": "array", "items": {"type": "string", "enum": list(ClaimStrategy)}},
    "stage": {"type": "array", "items": {"type": "string", "enum": list(DunningStage)}},
    "dunning": {"type": "array", "items": {"type": "string", "enum": list(DunningState)}},
    "inkasso": {"type": "array", "items": {"type": "string", "enum": list(InkassoStatus)}},
    "charges_min": _range(0, CHARGES_MAX),
    "charges_max": _range(0, CHARGES_MAX),
    "opened_from": DATE,
    "opened_to": DATE,
}
CLAIM_LIST = ListSpec(
    sort_columns={"opened_at": Claim.opened_at, "amount": Claim.amount, "charges": Claim.charges},
    default_sort="opened_at",
    tiebreak=Claim.id,
    filters={
        "strategy": enum_filter(Claim.strategy, ClaimStrategy, "strategy"),
        "stage": enum_filter(Claim.stage, DunningStage, "stage"),
        "dunning": enum_filter(Claim.dunning, DunningState, "dunning"),
        "inkasso": enum_filter(Claim.inkasso, InkassoStatus, "inkasso"),
        "charges_min": number_filter(Claim.charges, "min", 0, CHARGES_MAX, "charges_min"),
        "charges_max": number_filter(Claim.charges, "max", 0, CHARGES_MAX, "charges_max"),
        "opened_from": date_filter(Claim.opened_at, "from", "opened_from"),
        "opened_to": date_filter(Claim.opened_at, "to", "opened_to"),
    },
    search=_token,
)


async def order_rates_listed(
    s: AsyncSession, seller_id: int, params: ListParams
) -> tuple[list[dict[str, Any]], int]:
    base = (
        select(
            OrderRate.id,
            OrderRate.number,
            OrderRate.due_on,
            OrderRate.amount,
            OrderRate.paid_amount,
            OrderRate.currency,
            OrderRate.state,
            OrderRate.attempts,
            Order.token.label("order_token"),
            Order.product_name,
            Order.payer_email,
        )
        .join(Order, Order.id == OrderRate.order_id)
        .where(OrderRate.seller_id == seller_id)
    )
    rows, total = await run_list(s, base, params, ORDER_RATE_LIST)
    return rows, total


async def claims_listed(
    s: AsyncSession, seller_id: int, params: ListParams, *, sees_court: bool
) -> tuple[list[dict[str, Any]], int]:
    base = (
        select(
            Claim.id,
            Claim.rate,
            Claim.amount,
            Claim.collected,
            Claim.currency,
            Claim.strategy,
            Claim.decline,
            Claim.stage,
            Claim.dunning,
            Claim.inkasso,
            Claim.outcome,
            Claim.charges,
            Claim.opened_at,
            Claim.closed_at,
            Claim.paused_at,
            Order.token.label("order_token"),
            Order.product_name,
            Order.payer_email,
        )
        .join(Order, Order.id == Claim.order_id)
        .where(Claim.seller_id == seller_id)
    )
    asked = params.filters.get("inkasso")
    if asked is not None:  # the filter matches what the list shows (a seller's pre_court includes court)
        wanted = inkasso_filter_values(values_of(asked), manager_or_power_seller=sees_court)
        params = params.model_copy(update={"filters": {**params.filters, "inkasso": wanted}})
    rows, total = await run_list(s, base, params, CLAIM_LIST)
    out = []
    for r in rows:
        row = dict(r)
        row["inkasso"] = visible_inkasso(row["inkasso"], manager_or_power_seller=sees_court)
        out.append(row)
    return out, total
