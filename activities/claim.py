"""Claim activities (dunning and debt collection of one failed rate): the claim opened, a reminder sent, the
claim handed to the collection agency, the agency's reports applied, the claim closed; one idempotent side
effect each. Charging the rate again is the subscription's `charge_rate` (the same exactly-once intent)."""

from __future__ import annotations

import structlog
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.checkout import order_page_url, transfer_terms
from activities.mail import deliver
from activities.subscription import manage_url
from core.metrics import CLAIMS
from domain.billing.claims import ClaimClosed, ClaimOpened, ClaimStageMail, InkassoStatus, OpenClaim
from domain.billing.inkasso import AgencyStatus, ClaimPayment, HandOver
from domain.keys import claim_reminder_key
from domain.mail import MailTemplate, OutgoingMail, mail_date
from domain.money import format_money
from domain.orders.orders import PaymentMethod
from providers.inkasso.client import AgencyRefused, CollectionAgency
from providers.mail.smtp import Mailer
from store.billing.claims import (
    claim_closed,
    claim_handover,
    claim_inkasso_moved,
    claim_opened,
    claim_payment_booked,
    claim_stage_reached,
)
from store.billing.subscriptions import rate_invoice_draft
from store.db import session
from store.orders.invoices import invoice_numbered
from store.orders.queries import order_by_token

log = structlog.get_logger()


class ClaimActivities:
    def __init__(self, mailer: Mailer, agency: CollectionAgency | None = None) -> None:
        self.mailer = mailer
        self.agency = agency

    # ----- dunning --------------------------------------------------------------------------------------------
    @activity.defn
    async def open_claim(self, req: OpenClaim) -> ClaimOpened:
        CLAIMS.add(1, {"stage": "opened"})
        async with session() as s:
            settings = await claim_opened(s, req.order_token, req.rate, req.amount, req.decline)
        return ClaimOpened(settings=settings)

    @activity.defn
    async def send_claim_reminder(self, req: ClaimStageMail) -> None:
        CLAIMS.add(1, {"stage": str(req.stage)})
        async with session() as s:
            await claim_stage_reached(s, req.order_token, req.rate, req.stage)
            order = await order_by_token(s, req.order_token)
            # an invoice paid later is paid by transfer: its account and reference, and the order's page
            later = order.payment_form == PaymentMethod.pay_later
            page = await order_page_url(s, order) if later else await manage_url(order.seller_id, order.token)
        transfer = (
            transfer_terms(order) if later else {"reference": ""}
        )  # a card's claim: the manage page pays it
        await deliver(
            self.mailer,
            OutgoingMail(
                key=claim_reminder_key(req.order_token, req.rate, req.stage),
                to=order.payer_email,
                template=MailTemplate.claim_reminder,
                locale=order.payer_locale or "en",
                context={
                    "first_name": order.payer_first_name,
                    "product_name": order.product_name,
                    "amount": format_money(req.amount, order.currency_key, order.payer_locale),
                    "stage": req.stage,
                    "hard": "yes" if req.hard else "",
                    "manage_url": page,
                    **transfer,
                    **(
                        {"due": mail_date(transfer["due"], order.payer_locale)} if transfer.get("due") else {}
                    ),
                },
            ),
        )

    @activity.defn
    async def close_claim(self, req: ClaimClosed) -> None:
        CLAIMS.add(1, {"stage": f"closed_{req.outcome}"})
        async with session() as s:
            await claim_closed(s, req)
        log.info("claim_closed", order_token=req.order_token, rate=req.rate, outcome=req.outcome)

    # ----- debt collection ------------------------------------------------------------------------------------
    @activity.defn
    async def hand_to_agency(self, req: HandOver) -> str:
        """The claim to the collection agency (idempotent on its reference: a retry reaches the same case)."""
        if self.agency is None:
            raise ApplicationError("no collection agency configured", type="NoAgency", non_retryable=True)
        async with session() as s:
            claim = await claim_handover(s, req.order_token, req.rate)
        try:
            case = await self.agency.hand_over(claim)
        except AgencyRefused as e:
            raise ApplicationError(str(e), type="AgencyRefused", non_retryable=True) from e
        async with session() as s:
            await claim_inkasso_moved(s, req.order_token, req.rate, InkassoStatus.in_inkasso)
        log.info("claim_handed_over", order_token=req.order_token, rate=req.rate, case_id=case)
        return case

    @activity.defn
    async def record_agency_status(self, req: AgencyStatus) -> None:
        async with session() as s:
            await claim_inkasso_moved(s, req.order_token, req.rate, req.status)

    @activity.defn
    async def book_claim_payment(self, req: ClaimPayment) -> bool:
        async with session() as s:
            full = await claim_payment_booked(s, req)
            draft = (
                await rate_invoice_draft(s, await order_by_token(s, req.order_token), req.rate)
                if full
                else None
            )
        if draft is not None:
            await invoice_numbered(draft)
        return full
