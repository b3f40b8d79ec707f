"""The thank-you page's receipt: what the buyer bought and has now, what is still to pay and how, and the offers
that follow the order."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncSession

from core.settings import get_settings
from domain.billing.billing_calendar import Rate, schedule
from domain.billing.subscriptions import terms_from_json
from domain.builder.pages import PageType
from domain.orders.orders import CHECKOUT_OPEN_STATES, PaymentMethod, paying_later
from domain.payments.rules import wire_reference
from services.checkout.offers import offers_after
from services.checkout.paying import Transfer
from store.accounts.queries import display_name, seller_user_of
from store.builder.pages import published_for_product
from store.catalog.addons import Offer
from store.catalog.models import Product
from store.orders.delivery import Delivered, delivered_of
from store.orders.models import Order, SepaMandate
from store.orders.queries import charged_total, extras_of, invoice_of_order, order_in_shop
from store.orders.sepa import mandate_of


@dataclass
class Extra:
    """A bump or upsell bought with the order: its own order, what it delivered and its invoice."""

    order: Order
    delivered: Delivered
    invoice_number: int | None


@dataclass
class Receipt:
    order: Order
    product: Product | None
    seller_name: str
    delivered: Delivered
    invoice_number: int | None
    first_rate: Rate | None
    extras: list[Extra]
    wire: Transfer | None  # the bank wire's transfer still awaited
    pay_later: Transfer | None  # the invoice of an order delivered and paid later
    mandate: SepaMandate | None
    thank_you_page: bool  # the seller published a thank-you page for the product
    offers: dict[str, list[Offer]] = field(default_factory=dict)
    funnel: bool = False  # a funnel page shows the upsells


async def transfer_of(s: AsyncSession, order: Order) -> Transfer:
    """What to transfer where, and by when, for an order that waits for a transfer."""
    settings = get_settings()
    return Transfer(
        amount=await charged_total(s, order),
        currency=order.currency_key,
        reference=wire_reference(order.token),
        iban=settings.wire_iban,
        bic=settings.wire_bic,
        holder=settings.wire_holder,
        due_at=order.wire_due_at,
    )


async def receipt(s: AsyncSession, username: str, token: str) -> Receipt:
    order = await order_in_shop(s, username, token)
    product = await s.get(Product, order.product_id)
    seller = await seller_user_of(s, order.seller_id)
    invoice = await invoice_of_order(s, order.id)
    first = (
        schedule(terms_from_json(order.terms), order.started_on, horizon=1)[0]
        if order.started_on is not None and order.terms is not None
        else None
    )
    extras = []
    for x in await extras_of(s, order.id):
        bought = await invoice_of_order(s, x.id)
        extras.append(Extra(x, await delivered_of(s, x) or Delivered(), bought.number if bought else None))
    offers = await offers_after(s, order, product)
    funnel = (
        product is not None
        and bool(offers.get("upsells"))
        and await published_for_product(s, order.seller_id, PageType.funnel, product.id) is not None
    )
    waits_for_wire = (
        order.payment_form == PaymentMethod.bank_wire and order.payment_state in CHECKOUT_OPEN_STATES
    )
    return Receipt(
        order=order,
        product=product,
        seller_name=display_name(seller) or username,
        delivered=await delivered_of(s, order) or Delivered(),
        invoice_number=invoice.number if invoice else None,
        first_rate=first,
        extras=extras,
        wire=await transfer_of(s, order) if waits_for_wire else None,
        pay_later=await transfer_of(s, order)
        if paying_later(order.payment_state, order.payment_form)
        else None,
        mandate=await mandate_of(s, order.id) if order.payment_form == PaymentMethod.sepa else None,
        thank_you_page=await published_for_product(s, order.seller_id, PageType.thank_you, order.product_id)
        is not None,
        offers=offers,
        funnel=funnel,
    )
