"""The affiliate marketplace's other views (core §2 tabs; issue 23): the products its programs pay on, the shops
that list programs, and for a seller, the publishers active in it. Everything here is what the sellers chose to
list (`affiliate_marketplace_product`); a publisher's e-mail is never shown, only the name they go by."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.affiliates.affiliates import NodeState, ProgramForm
from domain.catalog.products import Publication
from store.accounts.models import Seller, User
from store.accounts.queries import display_name
from store.affiliates.models import AffiliateNode, AffiliateProgram
from store.catalog.models import PricingPlan, Product

LISTED = AffiliateProgram.form["affiliate_marketplace_product"].as_boolean().is_(True)
ROWS_MAX = 200


@dataclass(frozen=True)
class MarketProduct:
    product_id: int
    name: str
    slug: str
    shop: str
    program_id: int
    program: str
    rate_bp: int  # the first stage's rate on it
    price: int | None  # its first plan's price (the first rate of a recurring plan)
    currency: str | None


async def market_products(s: AsyncSession, query: str | None) -> list[MarketProduct]:
    """The published products the listed programs pay a commission on, the best paying first."""
    programs = (
        await s.execute(
            select(AffiliateProgram, User.username)
            .join(Seller, Seller.id == AffiliateProgram.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(LISTED)
        )
    ).all()
    if not programs:
        return []
    sellers = {p.seller_id for p, _ in programs}
    q = select(Product).where(Product.seller_id.in_(sellers), Product.publication == Publication.published)
    if query:
        q = q.where(Product.name.icontains(query, autoescape=True))
    products = list((await s.execute(q)).scalars())
    first_plan = (
        {
            pid: (price, currency)
            for pid, price, currency in (
                await s.execute(
                    select(PricingPlan.product_id, PricingPlan.price, PricingPlan.currency)
                    .where(PricingPlan.product_id.in_([p.id for p in products]), PricingPlan.active.is_(True))
                    .distinct(PricingPlan.product_id)
                    .order_by(PricingPlan.product_id, PricingPlan.id)
                )
            )
            .tuples()
            .all()
        }
        if products
        else {}
    )
    out: dict[int, MarketProduct] = {}
    for program, shop in programs:
        form = ProgramForm.model_validate(program.form)
        for p in products:
            rates = form.stages_for(p.id) if p.seller_id == program.seller_id else []
            if not rates or (p.id in out and out[p.id].rate_bp >= rates[0]):
                continue
            price, currency = first_plan.get(p.id, (None, None))
            out[p.id] = MarketProduct(
                p.id, p.name, p.slug, shop or "", program.id, program.name, rates[0], price, currency
            )
    return sorted(out.values(), key=lambda x: (-x.rate_bp, x.name, x.product_id))[:ROWS_MAX]


@dataclass(frozen=True)
class MarketSeller:
    seller_id: int
    shop: str
    name: str
    programs: int
    best_rate_bp: int
    publishers: int


async def market_sellers(s: AsyncSession, query: str | None) -> list[MarketSeller]:
    """The shops listing programs in the marketplace, the most publishers first."""
    q = (
        select(AffiliateProgram, User)
        .join(Seller, Seller.id == AffiliateProgram.seller_id)
        .join(User, User.id == Seller.user_id)
        .where(LISTED)
    )
    if query:
        q = q.where(User.username.icontains(query, autoescape=True))
    rows = (await s.execute(q)).all()
    active = (
        dict(
            (
                await s.execute(
                    select(
                        AffiliateNode.seller_id, func.count(func.distinct(AffiliateNode.publisher_user_id))
                    )
                    .where(
                        AffiliateNode.state == NodeState.accepted,
                        AffiliateNode.seller_id.in_({p.seller_id for p, _ in rows}),
                    )
                    .group_by(AffiliateNode.seller_id)
                )
            )
            .tuples()
            .all()
        )
        if rows
        else {}
    )
    shops: dict[int, MarketSeller] = {}
    for program, user in rows:
        rate = ProgramForm.model_validate(program.form).headline_bp
        had = shops.get(program.seller_id)
        shops[program.seller_id] = MarketSeller(
            program.seller_id,
            user.username or "",
            display_name(user) or user.username or "",
            (had.programs if had else 0) + 1,
            max(rate, had.best_rate_bp if had else 0),
            int(active.get(program.seller_id, 0)),
        )
    return sorted(shops.values(), key=lambda x: (-x.publishers, -x.best_rate_bp, x.seller_id))[:ROWS_MAX]


@dataclass(frozen=True)
class MarketPublisher:
    publisher_id: int
    name: str
    programs: int  # the listed programs they are active in


async def market_publishers(s: AsyncSession) -> list[MarketPublisher]:
    """The publishers active in listed programs, the busiest first, by the name they go by (never an e-mail)."""
    n = func.count(AffiliateNode.id)
    rows = (
        await s.execute(
            select(User, n)
            .join(AffiliateNode, AffiliateNode.publisher_user_id == User.id)
            .join(AffiliateProgram, AffiliateProgram.id == AffiliateNode.program_id)
            .where(LISTED, AffiliateNode.state == NodeState.accepted)
            .group_by(User.id)
            .order_by(n.desc(), User.id)
            .limit(ROWS_MAX)
        )
    ).all()
    return [MarketPublisher(u.id, display_name(u) or u.username or "", int(k)) for u, k in rows]
