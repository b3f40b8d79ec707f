"""The checkout's mails once an order is paid (or its card saved): the payer's confirmation with what they bought and
where to get it (a mail per included product where the product asks for it) and the seller's sale mail, each sent
once by its key."""

from __future__ import annotations

from datetime import UTC

import structlog
from temporalio.exceptions import ApplicationError

from activities.mail import deliver
from core.settings import get_settings
from domain.billing.billing_calendar import schedule
from domain.billing.subscriptions import terms_from_json
from domain.builder.legal import Document, LegalTexts
from domain.catalog.checkout_pages import CheckoutPage, EmailMode
from domain.catalog.products import ProductForm
from domain.keys import order_event_key
from domain.mail import MailTemplate, OutgoingMail, mail_date
from domain.money import format_money
from domain.notifications import NotificationType
from domain.orders.checkout import MailsSent
from domain.orders.orders import PAID_STATES, PaymentState, paying_later
from providers.mail.smtp import Mailer
from store.accounts.queries import seller_user_of
from store.builder.settings import legal_texts
from store.catalog.checkout_pages import page_of
from store.catalog.models import Product
from store.db import session
from store.notifications.actions import mail_chosen
from store.orders.delivery import Delivered, DeliveredItem, delivered_of
from store.orders.models import Order
from store.orders.queries import access_of_order, extras_of, invoice_of_order, order_by_token

log = structlog.get_logger()


def _legal(
    order: Order, form: ProductForm | None, base: str, username: str, texts: LegalTexts
) -> dict[str, str]:
    """The consent to begin at once the buyer ticked (repeated on a durable medium), and the seller's documents."""
    at = order.withdrawal_consent_at
    kind = f"?product_type={form.value}" if form else ""
    written = set(texts.written(form))
    return {
        "consent_text": order.withdrawal_consent_text or "",
        "consent_at": f"{mail_date(at.date(), order.payer_locale)} {at.astimezone(UTC):%H:%M} UTC"
        if at
        else "",
        **{
            f"{d.value}_url": f"{base}/s/{username}/document/{d.value}"
            + (kind if d == Document.cancellation_terms else "")
            if d in written and username
            else ""
            for d in Document
        },
    }


async def order_mails(mailer: Mailer, token: str) -> MailsSent:
    """Reads only: the invoice and the access were made by the steps before this one."""
    base = get_settings().public_url
    async with session() as s:
        order = await order_by_token(s, token)
        access = await access_of_order(s, order.id)
        delivered = await delivered_of(s, order) or Delivered()
        product = await s.get(Product, order.product_id)
        each_item = bool(product and product.email_for_each_item)
        # the checkout page's email mode: the confirmation, with the seller's own text, or none at all
        page = await page_of(s, product) if product else CheckoutPage()
        invoice = await invoice_of_order(s, order.id)
        seller_user = await seller_user_of(s, order.seller_id)
        username = (seller_user.username if seller_user else None) or ""
        legal = _legal(
            order, product.form if product else None, base, username, await legal_texts(s, order.seller_id)
        )
        if not await mail_chosen(s, order.seller_id, NotificationType.paid_transaction):
            seller_user = None  # the seller turned the sale's mail off
        bumps = [
            (b, await delivered_of(s, b) or Delivered())
            for b in await extras_of(s, order.id, bumps_only=True)
            if b.payment_state in PAID_STATES
        ]
    charged = order.total + sum(b.total for b, _ in bumps)
    what = {
        "download_url": f"{base}/v1/shop/downloads/{delivered.download_token}"
        if delivered.download_token
        else "",
        "license_key": delivered.license_key or "",
        "delivery_link": delivered.link or "",
        "delivery_text": delivered.text or "",
        "course_url": f"{base}{delivered.course_path}" if delivered.course_path else "",
        # a bundle's products, and the bumps paid with the order, each with where to get it
        "items_text": "\n".join(
            [
                *(_item_line(base, x) for x in delivered.items),
                *(_extra_line(base, b, d) for b, d in bumps),
            ]
        ),
        "ticket_code": delivered.ticket_code or "",
        "certificate_url": f"{base}{delivered.certificate_path}" if delivered.certificate_path else "",
        "ticket_url": f"{base}{delivered.ticket_path}" if delivered.ticket_path else "",
        # the same ticket as PDF: `/s/{seller}/tickets/{code}` → `/v1/shop/{seller}/tickets/{code}/pdf`
        "ticket_pdf_url": f"{base}/v1/shop{delivered.ticket_path.removeprefix('/s')}/pdf?lang={order.payer_locale}"
        if delivered.ticket_path
        else "",
        "custom_text": page.custom_email_text.strip() if page.email_mode == EmailMode.custom_email else "",
    }
    if order.started_on is not None:  # deferred: the card is saved, the first rate comes later
        if access is None:
            raise ApplicationError("order is not fulfilled yet", type="NotFulfilled")
        first = schedule(terms_from_json(order.terms or {}), order.started_on, horizon=1)[0]
        payer_mail = OutgoingMail(
            key=order_event_key(token, "payer-started"),
            to=order.payer_email,
            template=MailTemplate.order_started,
            locale=order.payer_locale,
            context={
                "first_name": order.payer_first_name,
                "product_name": order.product_name,
                "amount": format_money(first.amount, order.currency_key, order.payer_locale),
                "due": mail_date(first.due, order.payer_locale),
                **what,
                **legal,
                # the shop's own name, also when the seller turned their sale mail off
                "manage_url": f"{base}/s/{username}/payment/{token}/manage",
                "order_token": token,
            },
        )
    else:
        if order.payment_state != PaymentState.paid and not paying_later(
            order.payment_state, order.payment_form
        ):
            raise ApplicationError("order is not paid", type="NotPaid", non_retryable=True)
        if access is None or invoice is None:
            raise ApplicationError("order is not fulfilled yet", type="NotFulfilled")
        payer_mail = OutgoingMail(
            key=order_event_key(token, "payer-confirmation"),
            to=order.payer_email,
            template=MailTemplate.order_confirmation,
            locale=order.payer_locale,
            context={
                "first_name": order.payer_first_name,
                "product_name": order.product_name,
                "price": format_money(charged, order.currency_key, order.payer_locale),
                "invoice_number": str(invoice.number),
                **what,
                **legal,
                "order_token": token,
            },
        )
    silent = page.email_mode == EmailMode.no_email  # the seller mails the buyer themselves
    mails = [] if silent else [payer_mail]
    if (
        each_item and order.started_on is None and not silent
    ):  # emailForEachItem: a mail per included product besides
        mails += [
            OutgoingMail(
                key=order_event_key(token, f"payer-item-{x.product_id}"),
                to=order.payer_email,
                template=MailTemplate.order_item,
                locale=order.payer_locale,
                context={
                    "first_name": order.payer_first_name,
                    "product_name": order.product_name,
                    "item_name": x.name,
                    "item_text": _item_line(base, x),
                    "order_token": token,
                },
            )
            for x in delivered.items
        ]
        mails += [
            OutgoingMail(
                key=order_event_key(b.token, "payer-item"),
                to=order.payer_email,
                template=MailTemplate.order_item,
                locale=order.payer_locale,
                context={
                    "first_name": order.payer_first_name,
                    "product_name": order.product_name,
                    "item_name": b.product_name,
                    "item_text": _extra_line(base, b, d),
                    "order_token": token,
                },
            )
            for b, d in bumps
        ]
    if seller_user:
        mails.append(
            OutgoingMail(
                key=order_event_key(token, "seller-sale"),
                to=seller_user.email,
                template=MailTemplate.order_sale,
                locale=seller_user.locale,
                context={
                    "product_name": order.product_name,
                    "price": format_money(charged, order.currency_key, seller_user.locale),
                    "payer_email": order.payer_email,
                    "order_url": f"{base}/cabinet/orders/{token}",
                },
            )
        )
    sent = sum([await deliver(mailer, m) for m in mails])
    log.info("order_mails_sent", order_token=token, sent_now=sent)
    return MailsSent(sent_now=sent)


def _extra_line(base: str, order: Order, d: Delivered) -> str:
    """A bump paid with the order, in its mail: its name and where to get it (a download, a course, a key, …)."""
    where = (
        f"{base}/v1/shop/downloads/{d.download_token}"
        if d.download_token
        else f"{base}{d.course_path}"
        if d.course_path
        else d.license_key or d.link or (f"{base}{d.certificate_path}" if d.certificate_path else "")
    )
    return f"- {order.product_name}: {where}" if where else f"- {order.product_name}"


def _item_line(base: str, x: DeliveredItem) -> str:
    """An included product in a mail: its name and where to get it (a download, a course, a link, a text)."""
    where = (
        f"{base}{x.download_path}"
        if x.download_path
        else f"{base}{x.course_path}"
        if x.course_path
        else x.link or (x.text or "").strip()
    )
    return f"- {x.name}: {where}" if where else f"- {x.name}"
