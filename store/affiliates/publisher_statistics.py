"""A publisher's figures (core §2 `/publish/statistics`, `…_programs`, `…_products`, `…_sellers`, `…_affiliate`):
their clicks, the orders credited to them at any stage, what those orders' buyers paid and what the publisher
earned on them (net of what refunds and chargebacks took back), by day, program, product, shop, and by the
publishers they brought in (the orders those publishers' links made, which pay the caller a later stage)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import Date, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.ledger.ledger import PayeeType
from store.accounts.models import Seller, User
from store.accounts.queries import display_name
from store.affiliates.models import AffiliateClick, AffiliateProgram
from store.affiliates.publisher import EARNING_KINDS
from store.ledger.models import LedgerEntry
from store.orders.models import Order


@dataclass(frozen=True)
class Figures:
    clicks: int = 0
    orders: int = 0
    revenue: int = 0  # what the credited orders' buyers paid
    earned: int = 0  # what those payments earned the publisher


@dataclass(frozen=True)
class Group:
    key: int
    name: str
    figures: Figures


@dataclass(frozen=True)
class Day:
    day: date
    figures: Figures


@dataclass(frozen=True)
class PublisherStatistics:
    total: Figures
    days: list[Day]
    programs: list[Group]
    products: list[Group]
    sellers: list[Group]
    affiliates: list[Group]  # the publishers the caller brought in, by the orders their links made


async def publisher_statistics(s: AsyncSession, user_id: int, days: int = 30) -> PublisherStatistics:
    """The last `days` days (today included, UTC) of the publisher's business."""
    today = datetime.now(UTC).date()
    first = today - timedelta(days=days - 1)
    since = datetime.combine(first, datetime.min.time(), UTC)
    earned = (
        select(func.coalesce(func.sum(LedgerEntry.amount), 0))
        .where(
            LedgerEntry.order_id == Order.id,
            LedgerEntry.payee_type == PayeeType.publisher,
            LedgerEntry.payee_id == user_id,
            LedgerEntry.kind.in_(EARNING_KINDS),
        )
        .correlate(Order)
        .scalar_subquery()
    )
    credited = (Order.affiliate["chain"].contains([user_id]), Order.created_at >= since)
    measures = (
        func.count().filter(Order.paid > 0),
        func.coalesce(func.sum(Order.paid), 0),
        func.coalesce(func.sum(earned), 0),
    )

    async def by(*keys, where=()) -> dict:  # noqa: ANN001, ANN002 - columns and extra conditions
        rows = (
            (await s.execute(select(*keys, *measures).where(*credited, *where).group_by(*keys)))
            .tuples()
            .all()
        )
        n = len(keys)
        return {row[:n] if n > 1 else row[0]: row[n:] for row in rows}

    def figures(row: tuple | None, clicks: int = 0) -> Figures:
        return Figures(clicks, *(int(x) for x in row)) if row else Figures(clicks=clicks)

    program = Order.affiliate["program_id"].as_integer()
    by_program = await by(program)
    by_product = await by(Order.product_id, Order.product_name)
    by_seller = await by(Order.seller_id)
    by_affiliate = await by(Order.affiliate_publisher_id, where=(Order.affiliate_publisher_id != user_id,))
    by_day = await by(cast(func.timezone("UTC", Order.created_at), Date))

    clicked = (AffiliateClick.publisher_user_id == user_id, AffiliateClick.at >= since)
    click_day = cast(func.timezone("UTC", AffiliateClick.at), Date)
    clicks_by_day = dict(
        (await s.execute(select(click_day, func.count()).where(*clicked).group_by(click_day))).tuples().all()
    )
    clicks_by_seller = dict(
        (
            await s.execute(
                select(AffiliateClick.seller_id, func.count())
                .where(*clicked)
                .group_by(AffiliateClick.seller_id)
            )
        )
        .tuples()
        .all()
    )

    names = (
        dict(
            (
                await s.execute(
                    select(AffiliateProgram.id, AffiliateProgram.name).where(
                        AffiliateProgram.id.in_(list(by_program))
                    )
                )
            )
            .tuples()
            .all()
        )
        if by_program
        else {}
    )
    shop_ids = set(by_seller) | set(clicks_by_seller)
    shops = (
        dict(
            (
                await s.execute(
                    select(Seller.id, User.username)
                    .join(User, User.id == Seller.user_id)
                    .where(Seller.id.in_(shop_ids))
                )
            )
            .tuples()
            .all()
        )
        if shop_ids
        else {}
    )
    people = [k for k in by_affiliate if k is not None]
    users = (
        {u.id: u for u in (await s.execute(select(User).where(User.id.in_(people)))).scalars()}
        if people
        else {}
    )

    def ranked(groups: list[Group]) -> list[Group]:
        return sorted(groups, key=lambda g: (-g.figures.earned, -g.figures.revenue, -g.figures.clicks, g.key))

    day_rows = [
        Day(d, figures(by_day.get(d), int(clicks_by_day.get(d, 0))))
        for d in (first + timedelta(days=i) for i in range(days))
    ]
    return PublisherStatistics(
        total=Figures(
            clicks=sum(x.figures.clicks for x in day_rows),
            orders=sum(x.figures.orders for x in day_rows),
            revenue=sum(x.figures.revenue for x in day_rows),
            earned=sum(x.figures.earned for x in day_rows),
        ),
        days=day_rows,
        programs=ranked(
            [Group(k, names.get(k, ""), figures(v)) for k, v in by_program.items() if k is not None]
        ),
        products=ranked([Group(k[0], k[1], figures(v)) for k, v in by_product.items()]),
        sellers=ranked(
            [
                Group(k, shops.get(k) or "", figures(by_seller.get(k), int(clicks_by_seller.get(k, 0))))
                for k in shop_ids
            ]
        ),
        affiliates=ranked(
            [
                Group(k, display_name(users[k]) or users[k].username or "", figures(v))
                for k, v in by_affiliate.items()
                if k in users
            ]
        ),
    )
