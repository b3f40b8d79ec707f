"""What follows a paid order: its product's upsells and downsells, bought with one click and charged with the
card that paid it; and a ticket's upgrade to a dearer ticket of the same event (core §3 order type `upgrade`)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.catalog.addons import AddonKind
from domain.errors import Refusal, refused
from domain.orders.checkout import PayResult
from domain.orders.orders import PAID_STATES, OrderType
from services.checkout.opening import Opened, TemporalClient, opened
from services.checkout.paying import closed, pay_with_card_of
from services.tickets import shop_ticket
from store.catalog.addons import Offer, offers_of
from store.catalog.models import Product, ProductAddon
from store.catalog.tickets import UpgradeOption, upgrade_options, upgrade_order_created
from store.orders.actions import new_order_token, upsell_order_created
from store.orders.models import Order
from store.orders.queries import extras_of, order_in_shop, paid_with

UPSELLS = frozenset({AddonKind.upsell, AddonKind.downsell})


async def offers_after(s: AsyncSession, order: Order, product: Product | None) -> dict[str, list[Offer]]:
    """What the thank-you page offers once the order is paid: its product's upsells not bought yet, and its
    downsells (shown when the buyer declines) unless an upsell was bought."""
    if not _may_offer(order, product) or await paid_with(s, order) is None:
        return {}  # an upsell is charged with the card that paid: none after a bank transfer
    return _offered(await extras_of(s, order.id), await offers_of(s, order.product_id, set(UPSELLS)))


def _may_offer(order: Order, product: Product | None) -> bool:
    return (
        product is not None
        and bool(product.upsell)
        and order.payment_state in PAID_STATES
        and order.order_type == OrderType.standard
    )


def _offered(extras: list[Order], offers: list[Offer]) -> dict[str, list[Offer]]:
    bought = {x.product_id for x in extras if x.payment_state in PAID_STATES}
    left = [o for o in offers if o.view.product.id not in bought]
    upsold = any(x.upsell_type == AddonKind.upsell and x.payment_state in PAID_STATES for x in extras)
    return {
        "upsells": [o for o in left if o.addon.kind == AddonKind.upsell],
        "downsells": [] if upsold else [o for o in left if o.addon.kind == AddonKind.downsell],
    }


async def buy_offer(s: AsyncSession, client: Client, username: str, token: str, addon_id: int) -> PayResult:
    """An upsell or downsell of a paid order bought with one click: on the thank-you page, or a funnel page's
    accept button. It becomes its own order, charged off-session with the card that paid this one. Idempotent: the
    offer's order is found again and charged once. 409 `upsell_unavailable` when this order offers no such upsell
    now or has no card to charge. Reads the order's extras, its card and its offers once each."""
    order = await order_in_shop(s, username, token)
    product = await s.get(Product, order.product_id)
    method = await paid_with(s, order)
    extras = await extras_of(s, order.id)
    addon = await s.get(ProductAddon, addon_id)
    wanted = addon.addon_product_id if addon else None
    existing = next((x for x in extras if x.upsell_type in UPSELLS and x.product_id == wanted), None)
    if existing is None:
        offered: dict[str, list[Offer]] = {}
        if method is not None and _may_offer(order, product):
            offered = _offered(extras, await offers_of(s, order.product_id, set(UPSELLS)))
        offer = next((o for kind in offered.values() for o in kind if o.addon.id == addon_id), None)
        if offer is None:
            raise refused(Refusal.upsell_unavailable)
        existing = await upsell_order_created(s, order, offer.view.product, offer.plan, offer.addon.kind)
        await s.commit()  # the Checkout workflow reads the order
    if done := closed(existing):
        return done
    if method is None:
        raise refused(Refusal.upsell_unavailable)
    return await pay_with_card_of(s, client, existing, method)


async def ticket_upgrades(s: AsyncSession, username: str, code: str) -> list[UpgradeOption]:
    """The dearer tickets of the same event this ticket can be upgraded to, each with the difference to pay."""
    return await upgrade_options(s, await shop_ticket(s, username, code))


async def start_upgrade(
    s: AsyncSession, temporal: TemporalClient, username: str, code: str, plan_id: int
) -> Opened:
    """An upgrade's checkout: its own order (type `upgrade`) for the difference, paid like any order. 409 when the
    ticket is not upgradable to this plan (used, refunded, upgraded already, or the plan is not dearer, sold out or
    over)."""
    held = await shop_ticket(s, username, code)
    option = next((o for o in await upgrade_options(s, held) if o.plan.id == plan_id), None)
    customer = held.order.provider_customer_id
    if option is None or not customer:
        raise refused(Refusal.upgrade_unavailable)
    order = await upgrade_order_created(
        s, token=new_order_token(), parent=held.order, option=option, setup_intent_id=None
    )
    order.defers_first_rate = False
    return await opened(s, temporal, order, customer, order.total)
