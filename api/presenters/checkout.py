"""The checkout's answers: the price, the opened checkout, a payment's outcome, a transfer's instructions, the
thank-you page and the offers after it."""

from __future__ import annotations

from dataclasses import asdict

from api.schemas.addons import OfferOut
from api.schemas.catalog import cover_out
from api.schemas.events import UpgradeOptionOut, UpgradeOptions
from api.schemas.shop import (
    CheckoutOut,
    ConsentOut,
    ExtraBought,
    IncludedDelivery,
    PayOut,
    PriceOut,
    SepaOut,
    ThankYou,
    WireOut,
)
from core.settings import get_settings
from domain.catalog.addons import AddonKind
from domain.orders.checkout import PayOutcome, PayResult
from services.checkout.offers import Offer
from services.checkout.opening import Opened
from services.checkout.paying import Transfer
from services.checkout.pricing import Price
from services.checkout.receipt import Extra, Receipt
from store.catalog.tickets import UpgradeOption
from store.orders.delivery import Delivered
from store.orders.models import SepaMandate


def price_out(p: Price) -> PriceOut:
    return PriceOut(**asdict(p))


def checkout_out(o: Opened) -> CheckoutOut:
    return CheckoutOut(**asdict(o))


def pay_out(r: PayResult) -> PayOut:
    return PayOut(
        order_token=r.order_token,
        outcome=r.outcome,
        payment_state=r.payment_state,
        client_secret=r.client_secret,
        message=r.message,
    )


def paypal_out(r: PayResult) -> PayOut:
    """A PayPal attempt waiting for the buyer answers where to approve it (its "secret" is PayPal's link)."""
    out = pay_out(r)
    if r.outcome == PayOutcome.requires_action and (r.client_secret or "").startswith(
        ("http://", "https://")
    ):
        out.approve_url, out.client_secret = r.client_secret, None
    return out


def wire_out(t: Transfer) -> WireOut:
    return WireOut(**asdict(t))


def offer_out(o: Offer) -> OfferOut:
    p = o.view.product
    cover = cover_out(p.id, p.cover)
    return OfferOut(
        id=o.addon.id,
        kind=o.addon.kind,
        product_name=p.name,
        form=p.form,
        title=o.addon.title,
        description=o.addon.description,
        position=o.addon.position,
        plan_name=o.plan.name,
        payment_type=o.plan.payment_type,
        price=o.plan.price,
        currency=o.plan.currency,
        cover_url=cover.variants[0].url if cover and cover.variants else None,
    )


def offers_out(offers: dict[str, list[Offer]]) -> dict[str, list[OfferOut]]:
    return {k: [offer_out(o) for o in v] for k, v in offers.items()}


def _download_url(token: str | None) -> str | None:
    return f"{get_settings().public_url}/v1/shop/downloads/{token}" if token else None


def _extra_out(x: Extra) -> ExtraBought:
    d, o = x.delivered, x.order
    return ExtraBought(
        token=o.token,
        upsell_type=o.upsell_type or AddonKind.bump,
        product_name=o.product_name,
        payment_state=o.payment_state,
        total=o.total,
        currency=o.currency_key,
        download_url=_download_url(d.download_token),
        delivery_link=d.link,
        delivery_text=d.text,
        license_key=d.license_key,
        course_url=d.course_path,
        certificate_url=d.certificate_path,
        invoice_number=x.invoice_number,
    )


def _sepa_out(m: SepaMandate | None) -> SepaOut | None:
    if m is None:
        return None
    return SepaOut(
        reference=m.reference,
        holder=m.holder,
        iban_country=m.iban_country,
        iban_last4=m.iban_last4,
        accepted_at=m.accepted_at,
    )


def _items(delivered: Delivered) -> list[IncludedDelivery]:
    base = get_settings().public_url
    return [
        IncludedDelivery(
            product_id=x.product_id,
            name=x.name,
            form=x.form,
            download_url=f"{base}{x.download_path}" if x.download_path else None,
            delivery_link=x.link,
            delivery_text=x.text,
            course_url=x.course_path,
        )
        for x in delivered.items
    ]


def thank_you(r: Receipt, username: str) -> ThankYou:
    order, delivered, first, product = r.order, r.delivered, r.first_rate, r.product
    return ThankYou(
        token=order.token,
        seller_name=r.seller_name,
        payment_state=order.payment_state,
        product_name=order.product_name,
        total=order.total,
        currency=order.currency_key,
        payer_email=order.payer_email,
        withdrawal_consent=ConsentOut(text=order.withdrawal_consent_text, at=order.withdrawal_consent_at)
        if order.withdrawal_consent_text and order.withdrawal_consent_at
        else None,
        download_url=_download_url(delivered.download_token),
        invoice_number=r.invoice_number,
        recurring=order.terms is not None,
        first_due=first.due if first else None,
        first_amount=first.amount if first else None,
        delivery_link=delivered.link,
        delivery_text=delivered.text,
        license_key=delivered.license_key,
        course_url=delivered.course_path,
        certificate_number=delivered.certificate_number,
        certificate_url=delivered.certificate_path,
        certificate_pending=delivered.certificate_pending,
        ticket_code=delivered.ticket_code,
        ticket_url=delivered.ticket_path,
        items=_items(delivered),
        extras=[_extra_out(x) for x in r.extras],
        wire=wire_out(r.wire) if r.wire else None,
        pay_later=wire_out(r.pay_later) if r.pay_later else None,
        sepa=_sepa_out(r.mandate),
        upsell_title=product.upsell_title if product else None,
        thank_you_page=r.thank_you_page,
        **offers_out(r.offers),
        funnel_url=f"/s/{username}/{product.slug}/offer/{order.token}"
        if product is not None and r.funnel
        else None,
    )


def upgrade_options_out(options: list[UpgradeOption]) -> UpgradeOptions:
    return UpgradeOptions(
        options=[
            UpgradeOptionOut(
                pricing_plan_id=o.plan.id,
                plan_name=o.plan.name,
                ticket_name=o.ticket.name,
                price=o.price,
                currency=o.plan.currency,
                starts_at=o.ticket.starts_at,
                ends_at=o.ticket.ends_at,
                time_zone=o.ticket.time_zone,
                without_dates=o.ticket.without_dates,
                location=o.ticket.location,
                online=o.ticket.online,
            )
            for o in options
        ]
    )
