"""`/v1/publish/…`: the publisher area (core §2; issue 23). A publisher is a user holding the publisher profile
(they get it by asking to join a program); everything here is their own: the programs they joined with their
link, the marketplace, the orders their links brought and what those earned, their figures by day, and their
balance and payouts through their own Payout workflow (`payout-publisher-{user id}`)."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date, datetime
from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Query
from pydantic import BaseModel, Field

from api.deps import DB, CurrentPublisher, CurrentUser, IdempotencyKey, Temporal
from api.presenters.payouts import payout_overview, settings_in, settings_out
from api.schemas.ledger import PaymentAccount, PayoutOverview, PayoutSettingsIn, PayoutSettingsOut
from api.schemas.payees import EarnedOrder, EarningList, EarningOut
from core.settings import get_settings
from domain.affiliates.affiliates import CommissionMode, Duration, NodeState, ProgramForm, publisher_link
from domain.ledger.ledger import PayeeType
from services import payees
from services.payees import Payee
from store.affiliates.marketplace import market_products, market_publishers, market_sellers
from store.affiliates.publisher import credited_orders, daily, joined_programs, marketplace
from store.affiliates.publisher_statistics import publisher_statistics
from store.affiliates.statistics import DAYS_MAX
from store.ledger.payouts import CURRENCY, balance_split, settings_of

router = APIRouter(prefix="/v1/publish", tags=["publish"])

Page = Annotated[int, Query(ge=1, le=10_000)]
Per = Annotated[int, Query(ge=1, le=100)]


class ProgramTerms(BaseModel):
    """What a program pays, as a publisher reads it."""

    commission_bp: int  # the single rate, or the highest first stage
    type: CommissionMode
    stages: int  # how many stages its best product pays
    cookies_expire: int
    lifetime: Duration
    lifetime_duration: int
    bonus: int


def _terms(form: ProgramForm) -> ProgramTerms:
    return ProgramTerms(
        commission_bp=form.headline_bp,
        type=form.form,
        stages=max((len(pc.stages) for pc in form.product_commissions), default=1),
        cookies_expire=form.cookies_expire,
        lifetime=form.lifetime,
        lifetime_duration=form.lifetime_duration,
        bonus=form.bonus,
    )


class JoinedOut(BaseModel):
    node_id: int
    affiliate_program_id: int
    name: str
    shop: str
    state: NodeState
    terms: ProgramTerms
    link: str  # the publisher's link into the shop (a path: the page that shows it puts its origin in front)
    clicks: int
    orders: int
    earned: int  # euro cents, net of what refunds and chargebacks took back
    joined_at: datetime


class JoinedList(BaseModel):
    list: list[JoinedOut]
    total_count: int


@router.get("/affiliate_nodes", response_model=JoinedList)
async def publisher_programs(user: CurrentPublisher, s: DB) -> JoinedList:
    """The programs the publisher asked to join, with their state, link and what the link did."""
    rows = await joined_programs(s, user.id)
    return JoinedList(
        list=[
            JoinedOut(
                node_id=r.node_id,
                affiliate_program_id=r.program_id,
                name=r.program,
                shop=r.shop,
                state=r.state,
                terms=_terms(r.form),
                link=publisher_link(r.shop, user.id, r.program_id),
                clicks=r.clicks,
                orders=r.orders,
                earned=r.earned,
                joined_at=r.joined_at,
            )
            for r in rows
        ],
        total_count=len(rows),
    )


class MarketOut(BaseModel):
    affiliate_program_id: int
    name: str
    shop: str
    terms: ProgramTerms
    publishers: int
    state: NodeState | None  # the caller's place in it; none: not asked to join


class MarketList(BaseModel):
    list: list[MarketOut]
    total_count: int


@router.get("/affiliate_marketplace", response_model=MarketList)
async def publisher_marketplace(
    user: CurrentUser, s: DB, query: Annotated[str | None, Query(max_length=100)] = None
) -> MarketList:
    """The programs listed in the affiliate marketplace (any signed-in user may look before joining one)."""
    rows = await marketplace(s, user.id, (query or "").strip() or None)
    return MarketList(
        list=[
            MarketOut(
                affiliate_program_id=r.program_id,
                name=r.program,
                shop=r.shop,
                terms=_terms(r.form),
                publishers=r.publishers,
                state=r.state,
            )
            for r in rows
        ],
        total_count=len(rows),
    )


class MarketProductOut(BaseModel):
    product_id: int
    name: str
    slug: str
    shop: str
    affiliate_program_id: int
    program: str
    rate_bp: int
    price: int | None
    currency: str | None


class MarketProductList(BaseModel):
    list: list[MarketProductOut]
    total_count: int


@router.get("/affiliate_marketplace/products", response_model=MarketProductList)
async def marketplace_products(
    user: CurrentUser, s: DB, query: Annotated[str | None, Query(max_length=100)] = None
) -> MarketProductList:
    """The products the marketplace's programs pay on, the best rate first (any signed-in user)."""
    rows = await market_products(s, (query or "").strip() or None)
    return MarketProductList(
        list=[MarketProductOut(**{**r.__dict__, "affiliate_program_id": r.program_id}) for r in rows],
        total_count=len(rows),
    )


class MarketSellerOut(BaseModel):
    seller_id: int
    shop: str
    name: str
    programs: int
    best_rate_bp: int
    publishers: int


class MarketSellerList(BaseModel):
    list: list[MarketSellerOut]
    total_count: int


@router.get("/affiliate_marketplace/sellers", response_model=MarketSellerList)
async def marketplace_sellers(
    user: CurrentUser, s: DB, query: Annotated[str | None, Query(max_length=100)] = None
) -> MarketSellerList:
    """The shops that list programs in the marketplace, the most publishers first."""
    rows = await market_sellers(s, (query or "").strip() or None)
    return MarketSellerList(list=[MarketSellerOut(**r.__dict__) for r in rows], total_count=len(rows))


class MarketPublisherOut(BaseModel):
    publisher_id: int
    name: str
    programs: int


class MarketPublisherList(BaseModel):
    list: list[MarketPublisherOut]
    total_count: int


@router.get("/affiliate_marketplace/publishers", response_model=MarketPublisherList)
async def marketplace_publishers(user: CurrentUser, s: DB) -> MarketPublisherList:
    """The publishers active in the marketplace's programs, by the name they go by (no e-mail)."""
    rows = await market_publishers(s)
    return MarketPublisherList(list=[MarketPublisherOut(**r.__dict__) for r in rows], total_count=len(rows))


class CreditedOut(EarnedOrder):
    stage: int


class CreditedList(BaseModel):
    list: list[CreditedOut]
    total_count: int


@router.get("/orders", response_model=CreditedList)
async def publisher_orders(user: CurrentPublisher, s: DB, page: Page = 1, per: Per = 20) -> CreditedList:
    """The orders that earn the publisher a commission (their link's, or a publisher's they brought in)."""
    rows, total = await credited_orders(s, user.id, page, per)
    return CreditedList(list=[CreditedOut(**r.__dict__) for r in rows], total_count=total)


@router.get("/transfers", response_model=EarningList)
async def publisher_transfers(user: CurrentPublisher, s: DB, page: Page = 1, per: Per = 20) -> EarningList:
    """Every movement of the publisher's money: commissions, what refunds took back, payouts."""
    rows, total = await payees.money_moves(s, Payee(PayeeType.publisher, user.id), page, per)
    return EarningList(list=[EarningOut(**r.__dict__) for r in rows], total_count=total)


class PublisherDay(BaseModel):
    day: date
    clicks: int
    orders: int
    earned: int


class PublisherOverview(BaseModel):
    available: int
    held: int
    currency: str
    clicks: int
    orders: int
    earned: int
    active_programs: int
    days: list[PublisherDay] = Field(description="the last 30 days, oldest first")


@router.get("/overview", response_model=PublisherOverview)
async def publisher_overview(user: CurrentPublisher, s: DB) -> PublisherOverview:
    """The publisher's home: balance, totals and the last 30 days by day."""
    settings = await settings_of(s, PayeeType.publisher, user.id)
    available, held = await balance_split(
        s, PayeeType.publisher, user.id, settings.hold_days * get_settings().payout_day_s
    )
    programs = await joined_programs(s, user.id)
    days = await daily(s, user.id)
    return PublisherOverview(
        available=available,
        held=held,
        currency=CURRENCY,
        clicks=sum(p.clicks for p in programs),
        orders=sum(p.orders for p in programs),
        earned=sum(p.earned for p in programs),
        active_programs=sum(1 for p in programs if p.state == NodeState.accepted),
        days=[PublisherDay(**d.__dict__) for d in days],
    )


@router.get("/payouts", response_model=PayoutOverview)
async def publisher_payouts(user: CurrentPublisher, s: DB, client: Temporal) -> PayoutOverview:
    return payout_overview(await payees.overview(s, client, Payee(PayeeType.publisher, user.id)))


@router.put("/payout_settings", response_model=PayoutSettingsOut)
async def save_publisher_payout_settings(
    body: PayoutSettingsIn, user: CurrentPublisher, s: DB, client: Temporal, tasks: BackgroundTasks
) -> PayoutSettingsOut:
    payee = Payee(PayeeType.publisher, user.id)
    saved = await payees.save_settings(s, payee, settings_in(body))
    tasks.add_task(payees.settings_changed, client, payee)  # after the commit: the workflow reads them
    return settings_out(saved)


@router.post("/cashouts", status_code=202, response_model=PayoutOverview)
async def publisher_cashout(
    idempotency_key: IdempotencyKey, user: CurrentPublisher, s: DB, client: Temporal
) -> PayoutOverview:
    """Pays the available balance out now (no minimum), if the publisher may receive payouts: 409
    `payout_not_eligible` with why not."""
    await payees.cash_out(client, Payee(PayeeType.publisher, user.id))
    return payout_overview(await payees.overview(s, client, Payee(PayeeType.publisher, user.id)))


class StatFigures(BaseModel):
    clicks: int
    orders: int
    revenue: int  # what the credited orders' buyers paid, euro cents
    earned: int  # what those payments earned the publisher, net of refunds and chargebacks


class StatGroup(BaseModel):
    key: int  # the program's, product's or shop's id; the brought-in publisher's user id
    name: str
    figures: StatFigures


class StatDay(BaseModel):
    day: date
    figures: StatFigures


class PublisherStatisticsOut(BaseModel):
    days: int
    total: StatFigures
    series: list[StatDay] = Field(description="one entry per day, oldest first")
    programs: list[StatGroup]
    products: list[StatGroup]
    sellers: list[StatGroup]
    affiliates: list[StatGroup] = Field(
        description="the publishers the caller brought in, by their links' orders"
    )


@router.get("/statistics", response_model=PublisherStatisticsOut)
async def publisher_statistics_of(
    user: CurrentPublisher, s: DB, days: Annotated[int, Query(ge=7, le=DAYS_MAX)] = 30
) -> PublisherStatisticsOut:
    """The publisher's figures of the last `days` days (core §2's five statistics screens): by day, program,
    product, shop and the publishers they brought in."""
    st = await publisher_statistics(s, user.id, days)
    return PublisherStatisticsOut.model_validate(
        {
            "days": days,
            "total": asdict(st.total),
            "series": [asdict(d) for d in st.days],
            "programs": [asdict(g) for g in st.programs],
            "products": [asdict(g) for g in st.products],
            "sellers": [asdict(g) for g in st.sellers],
            "affiliates": [asdict(g) for g in st.affiliates],
        }
    )


@router.post("/payment_account", response_model=PaymentAccount)
async def open_payment_account(user: CurrentPublisher, s: DB) -> PaymentAccount:
    """The publisher's payment account: what their details, bank account and documents are kept and legitimated
    in (`/v1/cabinet/seller_profile` and its siblings), and what their payouts go by; opened once, a second call
    finds it. It sells nothing: selling needs the seller profile."""
    return PaymentAccount(legitimated=await payees.payment_account(s, user))
