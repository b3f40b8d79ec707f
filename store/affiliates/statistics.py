"""A seller's affiliate figures (editor §2 `/cabinet/affiliate_statistics`: programs, publishers, statistic): the
clicks on publishers' links into the shop, the referred orders and what their buyers paid, and the commissions
those payments cost (net of what refunds and chargebacks took back), by program, by publisher and by day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import Date, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.ledger.ledger import PayeeType
from store.accounts.models import User
from store.accounts.queries import display_name
from store.affiliates.models import AffiliateClick, AffiliateNode, AffiliateProgram
from store.affiliates.publisher import EARNING_KINDS
from store.ledger.models import LedgerEntry
from store.orders.models import Order

DAYS_MAX = 366


@dataclass(frozen=True)
class Figures:
    clicks: int = 0
    orders: int = 0
    revenue: int = 0  # what the referred orders' buyers paid
    commission: int = 0  # what those payments cost in commissions


@dataclass(frozen=True)
class ProgramFigures:
    id: int
    name: str
    publishers: int
    figures: Figures


@dataclass(frozen=True)
class PublisherFigures:
    publisher_id: int
    name: str
    email: str
    figures: Figures


@dataclass(frozen=True)
class DayFigures:
    day: date
    figures: Figures


@dataclass(frozen=True)
class Statistics:
    total: Figures
    programs: list[ProgramFigures]
    publishers: list[PublisherFigures]
    days: list[DayFigures]


def _referred(seller_id: int, since: datetime):  # noqa: ANN202 - a where clause
    return (Order.seller_id == seller_id, Order.affiliate.is_not(None), Order.created_at >= since)


async def _pairs(s: AsyncSession, q) -> dict:  # noqa: ANN001 - a select of (key, value…)
    return {row[0]: row[1:] for row in (await s.execute(q)).tuples().all()}


async def statistics(s: AsyncSession, seller_id: int, days: int = 30) -> Statistics:
    """The last `days` days (today included, UTC) of the seller's affiliate business."""
    today = datetime.now(UTC).date()
    first = today - timedelta(days=days - 1)
    since = datetime.combine(first, datetime.min.time(), UTC)
    program = Order.affiliate["program_id"].as_integer()
    earned = (
        select(func.coalesce(func.sum(LedgerEntry.amount), 0))
        .where(
            LedgerEntry.order_id == Order.id,
            LedgerEntry.payee_type == PayeeType.publisher,
            LedgerEntry.kind.in_(EARNING_KINDS),
        )
        .correlate(Order)
        .scalar_subquery()
    )
    paid_orders = func.count().filter(Order.paid > 0)

    async def by(key) -> dict:  # noqa: ANN001 - a column
        return await _pairs(
            s,
            select(
                key, paid_orders, func.coalesce(func.sum(Order.paid), 0), func.coalesce(func.sum(earned), 0)
            )
            .where(*_referred(seller_id, since))
            .group_by(key),
        )

    by_program = await by(program)
    by_publisher = await by(Order.affiliate_publisher_id)
    order_day = cast(func.timezone("UTC", Order.created_at), Date)
    by_day = await by(order_day)

    click_where = (AffiliateClick.seller_id == seller_id, AffiliateClick.at >= since)
    clicks_by_publisher = await _pairs(
        s,
        select(AffiliateClick.publisher_user_id, func.count())
        .where(*click_where)
        .group_by(AffiliateClick.publisher_user_id),
    )
    click_day = cast(func.timezone("UTC", AffiliateClick.at), Date)
    clicks_by_day = await _pairs(s, select(click_day, func.count()).where(*click_where).group_by(click_day))

    def figures(row: tuple | None, clicks: int = 0) -> Figures:
        if row is None:
            return Figures(clicks=clicks)
        return Figures(clicks, int(row[0]), int(row[1]), int(row[2]))

    active = func.count(AffiliateNode.id).filter(AffiliateNode.state == "accepted")
    programs = [
        ProgramFigures(p.id, p.name, int(n), figures(by_program.get(p.id)))
        for p, n in (
            await s.execute(
                select(AffiliateProgram, active)
                .outerjoin(AffiliateNode, AffiliateNode.program_id == AffiliateProgram.id)
                .where(AffiliateProgram.seller_id == seller_id)
                .group_by(AffiliateProgram.id)
                .order_by(AffiliateProgram.id.desc())
            )
        ).all()
    ]
    # every program's clicks come through its publishers' links: a click is the shop's, not one program's
    people = set(clicks_by_publisher) | {k for k in by_publisher if k is not None}
    users = (
        {u.id: u for u in (await s.execute(select(User).where(User.id.in_(people)))).scalars()}
        if people
        else {}
    )
    publishers = sorted(
        (
            PublisherFigures(
                uid,
                display_name(users[uid]),
                users[uid].email,
                figures(by_publisher.get(uid), int(clicks_by_publisher.get(uid, (0,))[0])),
            )
            for uid in people
            if uid in users
        ),
        key=lambda p: (-p.figures.revenue, -p.figures.clicks, p.publisher_id),
    )
    day_rows = []
    for i in range(days):
        d = first + timedelta(days=i)
        day_rows.append(DayFigures(d, figures(by_day.get(d), int(clicks_by_day.get(d, (0,))[0]))))
    total = Figures(
        clicks=sum(x.figures.clicks for x in day_rows),
        orders=sum(x.figures.orders for x in day_rows),
        revenue=sum(x.figures.revenue for x in day_rows),
        commission=sum(x.figures.commission for x in day_rows),
    )
    return Statistics(total, programs, publishers, day_rows)
