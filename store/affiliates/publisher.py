"""What a publisher sees of their own work (core §2 publisher area): the programs they joined with their link, the
marketplace of programs open to everyone, the orders their links brought, the money those earned and gave back,
and their figures by day. A publisher is a user (their user id); nothing here reaches another publisher's data or
a buyer's details."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import Date, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.affiliates.affiliates import NodeState, ProgramForm, clicks_per_program
from domain.ledger.ledger import EntryKind, PayeeType
from store.accounts.models import Seller, User
from store.affiliates.models import AffiliateClick, AffiliateNode, AffiliateProgram
from store.ledger.models import LedgerEntry
from store.ledger.queries import payee_orders
from store.orders.models import Order

MARKETPLACE_MAX = 200
SERIES_DAYS = 30
# what a publisher earns on an order: its commissions, less what refunds and chargebacks took back
EARNING_KINDS = (EntryKind.commission, EntryKind.reversal)


@dataclass(frozen=True)
class JoinedProgram:
    node_id: int
    program_id: int
    program: str
    shop: str
    state: NodeState
    form: ProgramForm
    clicks: int
    orders: int
    earned: int
    joined_at: datetime


async def _clicks_by_program(
    s: AsyncSession, user_id: int, oldest: dict[int, int]
) -> dict[tuple[int, int], int]:
    """The publisher's clicks per (shop, program), each counted once (`oldest`: seller id → program id)."""
    q = (
        select(AffiliateClick.seller_id, AffiliateClick.program_id, func.count())
        .where(AffiliateClick.publisher_user_id == user_id)
        .group_by(AffiliateClick.seller_id, AffiliateClick.program_id)
    )
    return clicks_per_program((await s.execute(q)).tuples().all(), oldest)


async def _by_program(s: AsyncSession, user_id: int) -> tuple[dict[int, int], dict[int, int]]:
    """(orders, earned) per program id: the orders credited to the publisher's link, and what the publisher
    earned on orders of each program at any stage, net of what was given back."""
    program = Order.affiliate["program_id"].as_integer()
    orders = {
        int(p): int(n)
        for p, n in (
            await s.execute(
                select(program, func.count()).where(Order.affiliate_publisher_id == user_id).group_by(program)
            )
        )
        .tuples()
        .all()
    }
    earned = {
        int(p): int(v)
        for p, v in (
            await s.execute(
                select(program, func.sum(LedgerEntry.amount))
                .join(Order, Order.id == LedgerEntry.order_id)
                .where(
                    LedgerEntry.payee_type == PayeeType.publisher,
                    LedgerEntry.payee_id == user_id,
                    LedgerEntry.kind.in_(EARNING_KINDS),
                )
                .group_by(program)
            )
        )
        .tuples()
        .all()
        if p is not None
    }
    return orders, earned


async def joined_programs(s: AsyncSession, user_id: int) -> list[JoinedProgram]:
    """The programs the publisher asked to join, newest first, with what their link did in each."""
    rows = (
        await s.execute(
            select(AffiliateNode, AffiliateProgram, User.username)
            .join(AffiliateProgram, AffiliateProgram.id == AffiliateNode.program_id)
            .join(Seller, Seller.id == AffiliateProgram.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(AffiliateNode.publisher_user_id == user_id)
            .order_by(AffiliateNode.id.desc())
        )
    ).all()
    oldest: dict[int, int] = {}
    for _n, p, _shop in rows:
        oldest[p.seller_id] = min(oldest.get(p.seller_id, p.id), p.id)
    clicks = await _clicks_by_program(s, user_id, oldest)
    orders, earned = await _by_program(s, user_id)
    return [
        JoinedProgram(
            node_id=n.id,
            program_id=p.id,
            program=p.name,
            shop=shop or "",
            state=n.state,
            form=ProgramForm.model_validate(p.form),
            clicks=clicks.get((p.seller_id, p.id), 0),
            orders=orders.get(p.id, 0),
            earned=earned.get(p.id, 0),
            joined_at=n.created_at,
        )
        for n, p, shop in rows
    ]


@dataclass(frozen=True)
class MarketProgram:
    program_id: int
    program: str
    shop: str
    form: ProgramForm
    publishers: int
    state: NodeState | None  # the caller's place in it, if they asked to join


async def marketplace(s: AsyncSession, user_id: int, query: str | None = None) -> list[MarketProgram]:
    """The programs their sellers list in the affiliate marketplace, the most publishers first (a name search
    narrows them), with the caller's own state in each."""
    active = func.count(AffiliateNode.id).filter(AffiliateNode.state == NodeState.accepted)
    q = (
        select(AffiliateProgram, User.username, active)
        .join(Seller, Seller.id == AffiliateProgram.seller_id)
        .join(User, User.id == Seller.user_id)
        .outerjoin(AffiliateNode, AffiliateNode.program_id == AffiliateProgram.id)
        .where(AffiliateProgram.form["affiliate_marketplace_product"].as_boolean().is_(True))
        .group_by(AffiliateProgram.id, User.username)
        .order_by(active.desc(), AffiliateProgram.id.desc())
        .limit(MARKETPLACE_MAX)
    )
    if query:
        q = q.where(AffiliateProgram.name.icontains(query, autoescape=True))
    rows = (await s.execute(q)).all()
    mine = {
        int(p): st
        for p, st in (
            await s.execute(
                select(AffiliateNode.program_id, AffiliateNode.state).where(
                    AffiliateNode.publisher_user_id == user_id
                )
            )
        )
        .tuples()
        .all()
    }
    return [
        MarketProgram(p.id, p.name, shop or "", ProgramForm.model_validate(p.form), n, mine.get(p.id))
        for p, shop, n in rows
    ]


@dataclass(frozen=True)
class EarningRow:
    at: datetime
    kind: EntryKind
    amount: int
    currency: str
    product: str
    shop: str


async def earnings(
    s: AsyncSession, user_id: int, page: int, per: int, payee_type: PayeeType = PayeeType.publisher
) -> tuple[list[EarningRow], int]:
    """The publisher's (or a sales team member's) money, newest first: each commission (fee) earned, given back
    and paid out."""
    mine = (LedgerEntry.payee_type == payee_type, LedgerEntry.payee_id == user_id)
    total = int((await s.execute(select(func.count()).where(*mine))).scalar_one())
    rows = (
        await s.execute(
            select(LedgerEntry, Order.product_name, User.username)
            .outerjoin(Order, Order.id == LedgerEntry.order_id)
            .outerjoin(Seller, Seller.id == Order.seller_id)
            .outerjoin(User, User.id == Seller.user_id)
            .where(*mine)
            .order_by(LedgerEntry.id.desc())
            .offset((page - 1) * per)
            .limit(per)
        )
    ).all()
    return [
        EarningRow(e.created_at, e.kind, e.amount, e.currency, product or "", shop or "")
        for e, product, shop in rows
    ], total


@dataclass(frozen=True)
class CreditedOrder:
    id: int
    created_at: datetime
    product: str
    shop: str
    payment_state: str
    total: int
    paid: int
    currency: str
    earned: int
    stage: int  # 1: the publisher's own link; 2…: a publisher they brought in


async def credited_orders(
    s: AsyncSession, user_id: int, page: int, per: int
) -> tuple[list[CreditedOrder], int]:
    """The orders that earn the publisher a commission at any stage, newest first, with what each earned them;
    no buyer's details."""
    mine = Order.affiliate["chain"].contains([user_id])
    rows, total = await payee_orders(s, mine, (PayeeType.publisher, user_id), EARNING_KINDS, page, per)
    return [
        CreditedOrder(
            id=o.id,
            created_at=o.created_at,
            product=o.product_name,
            shop=shop,
            payment_state=o.payment_state.value,
            total=o.total,
            paid=o.paid,
            currency=o.currency_key,
            earned=e,
            stage=[int(x) for x in (o.affiliate or {}).get("chain", [])].index(user_id) + 1,
        )
        for o, shop, e in rows
    ], total


@dataclass(frozen=True)
class Day:
    day: date
    clicks: int
    orders: int
    earned: int


async def daily(s: AsyncSession, user_id: int, days: int = SERIES_DAYS) -> list[Day]:
    """The last `days` days (today included, UTC), each with the publisher's clicks, the orders their link
    brought and what they earned (net of what was given back), for the statistics' charts."""
    today = datetime.now(UTC).date()
    first = today - timedelta(days=days - 1)
    since = datetime.combine(first, datetime.min.time(), UTC)

    async def per_day(q) -> dict[date, int]:  # noqa: ANN001 - a two-column select
        return {d: int(v) for d, v in (await s.execute(q)).tuples().all()}

    click_day = cast(func.timezone("UTC", AffiliateClick.at), Date)
    clicks = await per_day(
        select(click_day, func.count())
        .where(AffiliateClick.publisher_user_id == user_id, AffiliateClick.at >= since)
        .group_by(click_day)
    )
    order_day = cast(func.timezone("UTC", Order.created_at), Date)
    orders = await per_day(
        select(order_day, func.count())
        .where(Order.affiliate_publisher_id == user_id, Order.created_at >= since, Order.paid > 0)
        .group_by(order_day)
    )
    entry_day = cast(func.timezone("UTC", LedgerEntry.created_at), Date)
    earned = await per_day(
        select(entry_day, func.sum(LedgerEntry.amount))
        .where(
            LedgerEntry.payee_type == PayeeType.publisher,
            LedgerEntry.payee_id == user_id,
            LedgerEntry.kind.in_(EARNING_KINDS),
            LedgerEntry.order_id.is_not(None),  # a returned payout's reversal is no earning
            LedgerEntry.created_at >= since,
        )
        .group_by(entry_day)
    )
    out = []
    for i in range(days):
        d = first + timedelta(days=i)
        out.append(Day(d, clicks.get(d, 0), orders.get(d, 0), earned.get(d, 0)))
    return out
