"""Refund activities, one idempotent side effect each, with the provider's refunds and the mailer injected.

- `refund_at_provider`: the provider refund under the key `order-{token}-refund-{n}` (a retry adopts the refund
  it made, see providers/stripe/refunds.py); a refusal is an answer, not an error;
- `book_refund`: ledger entries, payment log and order state in one transaction, once;
- `issue_reversal`: the credit memo (gapless number, referencing the original invoice);
- `revoke_access`, `release_refund` (a refused refund frees its reserved amount), `send_refund_mails`.
"""

from __future__ import annotations

import structlog
from sqlalchemy import select
from temporalio import activity

from activities.gateways import card, transfer
from activities.gateways.attempts import Back, attempt_flow, flow_of
from activities.gateways.paypal import paypal_refund
from activities.mail import deliver
from core.settings import get_settings
from domain.catalog.addons import AddonKind
from domain.keys import refund_key
from domain.ledger.refunds import ProviderAnswer, RefundBooked, RefundConfirmed, RefundInput
from domain.mail import MailTemplate, OutgoingMail
from domain.money import format_money
from domain.orders.orders import PaymentState
from domain.payments.gateways import Flow
from providers.bank.client import Bank
from providers.mail.smtp import Mailer
from providers.paypal.client import PayPalPayments
from providers.stripe.refunds import Refunds
from store.accounts.queries import seller_user_of
from store.db import session
from store.ledger.refunds import access_revoked, refund_booked, refund_failed, refund_of, reversal_issued
from store.orders.bank_wire import refund_account_of
from store.orders.models import PaymentIntentRecord
from store.orders.queries import order_of_id

log = structlog.get_logger()


class RefundActivities:
    def __init__(
        self, refunds: Refunds, mailer: Mailer, bank: Bank | None = None, paypal: PayPalPayments | None = None
    ) -> None:
        self.refunds = refunds
        self.mailer = mailer
        self.bank = bank
        self.paypal = paypal

    @activity.defn
    async def refund_at_provider(self, req: RefundInput) -> ProviderAnswer:
        async with session() as s:
            refund, order = await refund_of(s, req.order_token, req.number)
            if refund.provider_refund_id:
                return ProviderAnswer(ok=True, provider_ref=refund.provider_refund_id)
            # a bump was paid with its main order's charge: refunded from that charge
            paid_by = order.parent_order_id if order.upsell_type == AddonKind.bump else order.id
            payer = await order_of_id(s, paid_by) if paid_by != order.id and paid_by else order
            # the way the money came is the way it goes back: the paying method's gateway says how
            flow = flow_of(payer.payment_form)
            account = await refund_account_of(s, payer.id) if flow is Flow.transfer else None
            paying = (
                await s.execute(
                    select(PaymentIntentRecord)
                    .where(PaymentIntentRecord.order_id == paid_by, PaymentIntentRecord.status == "succeeded")
                    .order_by(PaymentIntentRecord.attempt.desc())
                    .limit(1)
                )
            ).scalar_one_or_none()
        key = refund_key(req.order_token, req.number)
        if flow is Flow.transfer:  # the bank call is made outside the database transaction
            back = Back(req.order_token, req.number, refund.amount, refund.currency, payer.token, key)
            return await transfer.refund(self.bank, back, account)
        if paying is None:
            return ProviderAnswer(ok=False, message="No successful card payment to refund.")
        back = Back(req.order_token, req.number, refund.amount, refund.currency, paying.provider_ref, key)
        if attempt_flow(paying) is Flow.redirect:
            return await paypal_refund(self.paypal, back)
        return await card.refund(self.refunds, back)

    @activity.defn
    async def book_refund(self, req: RefundConfirmed) -> RefundBooked:
        async with session() as s:
            refund, order = await refund_of(s, req.order_token, req.number)
            full = await refund_booked(s, refund, order, req.provider_ref)
        return RefundBooked(full=full)

    @activity.defn
    async def release_refund(self, req: RefundInput) -> None:
        async with session() as s:
            refund, _ = await refund_of(s, req.order_token, req.number)
            await refund_failed(s, refund)

    @activity.defn
    async def issue_reversal(self, req: RefundInput) -> int:
        async with session() as s:
            refund, order = await refund_of(s, req.order_token, req.number)
            return (await reversal_issued(s, refund, order)).number

    @activity.defn
    async def revoke_access(self, req: RefundInput) -> None:
        async with session() as s:
            _, order = await refund_of(s, req.order_token, req.number)
            await access_revoked(s, order.id)

    @activity.defn
    async def send_refund_mails(self, req: RefundInput) -> int:
        base = get_settings().public_url
        async with session() as s:
            refund, order = await refund_of(s, req.order_token, req.number)
            seller_user = await seller_user_of(s, order.seller_id)
        key = refund_key(req.order_token, req.number)
        full = order.payment_state == PaymentState.payment_refunded
        mails = [
            OutgoingMail(
                key=f"{key}-payer",
                to=order.payer_email,
                template=MailTemplate.refund_payer,
                locale=order.payer_locale,
                context={
                    "first_name": order.payer_first_name,
                    "product_name": order.product_name,
                    "amount": format_money(refund.amount, order.currency_key, order.payer_locale),
                    "reason": refund.reason,
                    "access": "revoked" if full else "kept",
                },
            )
        ]
        if seller_user:
            mails.append(
                OutgoingMail(
                    key=f"{key}-seller",
                    to=seller_user.email,
                    template=MailTemplate.refund_seller,
                    locale=seller_user.locale,
                    context={
                        "product_name": order.product_name,
                        "amount": format_money(refund.amount, order.currency_key, seller_user.locale),
                        "payer_email": order.payer_email,
                        "order_url": f"{base}/cabinet/orders/{req.order_token}",
                    },
                )
            )
        return sum([await deliver(self.mailer, m) for m in mails])
