"""Order reads: one order by token, its payment intents, the orders list (generic list engine) and one order's
details. Reading never creates a row."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.addons import AddonKind
from domain.errors import DomainError, ErrorCode, invalid
from domain.limits import ID_MAX
from domain.listing import AMOUNT_FILTER_MAX, ListParams
from domain.orders.orders import (
    ORDER_SORT_KEYS,
    PAID_STATES,
    InvoiceForm,
    OrderType,
    PaymentMethod,
    PaymentState,
)
from store.accounts.models import Seller, User
from store.catalog.models import File
from store.listing import ListSpec, Query, enum_filter, range_filters, run_list, window_filters
from store.orders.models import Access, Invoice, Order, PayerCustomer, Payment, PaymentIntentRecord, Transfer

LIST_COLUMNS = (
    Order.token,
    Order.product_id,
    Order.product_name,
    Order.created_at,
    Order.payment_state,
    Order.payment_form,
    Order.period_type,
    Order.pricing_plan_name,
    Order.total,
    Order.paid,
    Order.currency_key,
    Order.payer_first_name,
    Order.payer_last_name,
    Order.payer_email,
    Order.order_type,
    Order.upsell_type,
)


def _as_list(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _payment_state(q: Query, value: Any) -> Query:
    states = _as_list(value)
    bad = [v for v in states if v not in PaymentState.__members__]
    if bad:
        raise invalid(filters=f"unknown payment_state {', '.join(bad)}")
    return q.where(Order.payment_state.in_(states))


def _product(q: Query, value: Any) -> Query:
    try:
        ids = [int(v) for v in _as_list(value)]
    except ValueError:
        raise invalid(filters="product_id must be a number") from None
    if not all(1 <= i <= ID_MAX for i in ids):
        raise invalid(filters="product_id must be a product's id")
    return q.where(Order.product_id.in_(ids))


def _order_type(q: Query, value: Any) -> Query:
    """core §3 order types; `ticket_upgrade` is how one listing names `upgrade`."""
    given = ["upgrade" if v == "ticket_upgrade" else v for v in _as_list(value)]
    bad = [v for v in given if v not in {t.value for t in OrderType}]
    if bad:
        raise invalid(filters=f"unknown order_type {', '.join(bad)}")
    return q.where(Order.order_type.in_(given))


def _search(q: Query, text: str) -> Query:
    """An order by its token, its payer (the e-mail's, the first or last name's start, or "first last") or its
    product (the name's start), whatever the case: each a prefix of an index (0066)."""
    t = " ".join(text.lower().split())
    if not t:
        return q

    def starts(column: Any, value: str) -> Any:
        return func.lower(column).startswith(value, autoescape=True)

    found = [
        Order.token == text.strip(),
        starts(Order.payer_email, t),
        starts(Order.payer_first_name, t),
        starts(Order.payer_last_name, t),
        starts(Order.product_name, t),
    ]
    first, _, last = t.partition(" ")
    if last:  # "Bea Buy": the first name whole, the last name's start
        found.append(and_(func.lower(Order.payer_first_name) == first, starts(Order.payer_last_name, last)))
    return q.where(or_(*found))


ORDER_LIST = ListSpec(
    sort_columns={k: getattr(Order, k) for k in ORDER_SORT_KEYS},
    default_sort="created_at",
    tiebreak=Order.id,
    filters={
        "payment_state": _payment_state,
        "product_id": _product,
        "order_type": _order_type,
        "payment_form": enum_filter(Order.payment_form, PaymentMethod, "payment_form"),
        **window_filters(Order.created_at, "created"),
        **range_filters(Order.total, "total", AMOUNT_FILTER_MAX),
    },
    search=_search,
    keep_filtered=True,  # its filters and search read only their values
)


@lru_cache(maxsize=4096)
def order_list_select(seller_id: int) -> Query:
    """A seller's orders, before the list's filters: a statement is immutable, so one per seller is built once (its
    construction was about a twentieth of a list request's work)."""
    return select(*LIST_COLUMNS).where(Order.seller_id == seller_id)


async def orders_listed(
    s: AsyncSession, seller_id: int, params: ListParams
) -> tuple[list[dict[str, Any]], int]:
    rows, total = await run_list(s, order_list_select(seller_id), params, ORDER_LIST)
    for d in rows:
        d["payer_name"] = f"{d.pop('payer_first_name')} {d.pop('payer_last_name')}".strip()
    return rows, total


async def order_of_seller(s: AsyncSession, seller_id: int, token: str) -> Order:
    order = (
        await s.execute(select(Order).where(Order.token == token, Order.seller_id == seller_id))
    ).scalar_one_or_none()
    if order is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Order not found.")
    return order


@dataclass
class OrderDetails:
    payments: list[Payment]
    invoice: Invoice | None
    transfer: Transfer | None
    access: Access | None


async def order_details(s: AsyncSession, order: Order) -> OrderDetails:
    payments = (
        await s.execute(select(Payment).where(Payment.order_id == order.id).order_by(Payment.id))
    ).scalars()
    invoice = (
        await s.execute(
            select(Invoice).where(
                Invoice.order_id == order.id, Invoice.form == InvoiceForm.regular, Invoice.rate == 1
            )
        )
    ).scalar_one_or_none()
    transfer = (
        await s.execute(select(Transfer).where(Transfer.order_id == order.id).limit(1))
    ).scalar_one_or_none()
    access = (await s.execute(select(Access).where(Access.order_id == order.id))).scalar_one_or_none()
    return OrderDetails(payments=list(payments), invoice=invoice, transfer=transfer, access=access)


async def order_by_token(s: AsyncSession, token: str, *, lock: bool = False) -> Order:
    q = select(Order).where(Order.token == token)
    if lock:
        q = q.with_for_update()
    order = (await s.execute(q)).scalar_one_or_none()
    if order is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Order not found.")
    return order


async def order_opened_by(s: AsyncSession, opened_by: str) -> Order | None:
    """The order the checkout request with this key digest opened, if it did."""
    return (await s.execute(select(Order).where(Order.opened_by == opened_by))).scalar_one_or_none()


async def order_of_id(s: AsyncSession, order_id: int) -> Order:
    order = await s.get(Order, order_id)
    if order is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Order not found.")
    return order


async def extras_of(
    s: AsyncSession, order_id: int, *, bumps_only: bool = False, lock: bool = False
) -> list[Order]:
    """The order's bumps and upsells (orders of type bump under it), in the order they were made; `bumps_only`:
    the bumps paid with its charge."""
    q = select(Order).where(Order.parent_order_id == order_id, Order.order_type == OrderType.bump)
    if bumps_only:
        q = q.where(Order.upsell_type == AddonKind.bump)
    if lock:
        q = q.with_for_update()
    return list((await s.execute(q.order_by(Order.id))).scalars())


async def paid_with(s: AsyncSession, order: Order) -> str | None:
    """The card (payment method) that paid the order: an upsell after it is charged with it."""
    if order.renewal_payment_method:
        return order.renewal_payment_method
    q = (
        select(PaymentIntentRecord.payment_method)
        .where(PaymentIntentRecord.order_id == order.id, PaymentIntentRecord.status == "succeeded")
        .order_by(PaymentIntentRecord.attempt.desc())
    )
    return (await s.execute(q)).scalar()


async def charged_total(s: AsyncSession, order: Order) -> int:
    """What the order's one charge takes: its total and the bumps ticked with it."""
    return order.total + sum(b.total for b in await extras_of(s, order.id, bumps_only=True))


async def payer_customer(s: AsyncSession, email: str) -> str | None:
    row = await s.get(PayerCustomer, email.lower())
    return row.provider_customer_id if row else None


async def intent_for_attempt(s: AsyncSession, order_id: int, attempt: int) -> PaymentIntentRecord | None:
    return (
        await s.execute(
            select(PaymentIntentRecord).where(
                PaymentIntentRecord.order_id == order_id, PaymentIntentRecord.attempt == attempt
            )
        )
    ).scalar_one_or_none()


async def latest_intent(s: AsyncSession, order_id: int) -> PaymentIntentRecord | None:
    return (
        await s.execute(
            select(PaymentIntentRecord)
            .where(PaymentIntentRecord.order_id == order_id)
            .order_by(PaymentIntentRecord.attempt.desc())
            .limit(1)
        )
    ).scalar_one_or_none()


async def payment_state_of(s: AsyncSession, token: str) -> str | None:
    """The order's payment state, or None for an unknown token (one column, no row loaded)."""
    return (await s.execute(select(Order.payment_state).where(Order.token == token))).scalar_one_or_none()


async def invoice_of_order(s: AsyncSession, order_id: int) -> Invoice | None:
    return (
        await s.execute(
            select(Invoice).where(
                Invoice.order_id == order_id, Invoice.form == InvoiceForm.regular, Invoice.rate == 1
            )
        )
    ).scalar_one_or_none()


async def access_of_order(s: AsyncSession, order_id: int) -> Access | None:
    return (await s.execute(select(Access).where(Access.order_id == order_id))).scalar_one_or_none()


async def order_in_shop(s: AsyncSession, username: str, token: str) -> Order:
    """The order, if it was placed in this seller's shop; otherwise not found (one query)."""
    row = (
        await s.execute(
            select(Order, User.username)
            .join(Seller, Seller.id == Order.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(Order.token == token)
        )
    ).first()
    if row is None or (row[1] or "").lower() != username.lower():
        raise DomainError(ErrorCode.NOT_FOUND, "Order not found.")
    return row[0]


async def download_of(s: AsyncSession, access_token: str) -> tuple[Access, File]:
    """The access and its file, while the order it came with stays paid; otherwise not found."""
    row = (
        await s.execute(
            select(Access, File, Order.payment_state)
            .join(Order, Order.id == Access.order_id)
            .join(File, File.id == Access.file_id)
            .where(Access.token == access_token)
        )
    ).first()
    if row is None or row[2] not in PAID_STATES or row[0].revoked_at or row[0].suspended_at:
        raise DomainError(ErrorCode.NOT_FOUND, "Download not found.")
    return row[0], row[1]


async def last_purchases(s: AsyncSession, product_ids: list[int]) -> dict[int, Any]:
    """When each product was last bought (paid), for the 'recent purchase' sort."""
    if not product_ids:
        return {}
    q = (
        select(Order.product_id, func.max(Order.paid_at))
        .where(Order.product_id.in_(product_ids), Order.paid_at.is_not(None))
        .group_by(Order.product_id)
    )
    return {pid: at for pid, at in (await s.execute(q)).all()}
