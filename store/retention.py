"""The purges of the Retention workflows (domain/retention.py says what goes when). Each statement touches at most
`BATCH` rows and leaves what it purged marked (an empty body, a pseudonym), so a purge run again finds nothing
left to do and a long backlog is worked off batch by batch, day by day."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import cast, delete, func, literal, select, text, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from domain.accounts.account_deletion import RETENTION_YEARS as INVOICE_RETENTION_YEARS
from domain.accounts.account_deletion import AccountType
from domain.retention import (
    BATCH,
    MAIL_BODY_DAYS,
    NOTIFICATION_DAYS,
    PROVIDER_PAYLOAD_DAYS,
    SELLER_WEBHOOK_DAYS,
    pseudonym,
)
from store.accounts.models import Seller
from store.mail.models import Mail
from store.notifications.models import Notification
from store.orders.models import Invoice, Order
from store.provider_events.models import WebhookEvent
from store.seller_webhooks.models import SellerEvent, WebhookAttempt, WebhookDelivery

EMPTY = cast(literal("{}"), JSONB)
PURGED_DOCUMENT = cast(literal('{"buyer_lines": [], "buyer_address": {}, "buyer_vat_id": null}'), JSONB)


def _before(today: date, days: int) -> datetime:
    return datetime.combine(today - timedelta(days=days), datetime.min.time(), UTC)


async def _count(s: AsyncSession, statement) -> int:  # type: ignore[no-untyped-def]
    return len((await s.execute(statement)).all())


async def platform_purged(s: AsyncSession, today: date) -> dict[str, int]:
    """What belongs to no seller: the providers' webhook bodies and the sent mails' bodies past their time."""
    events = select(WebhookEvent.id).where(
        WebhookEvent.received_at < _before(today, PROVIDER_PAYLOAD_DAYS), WebhookEvent.payload != EMPTY
    )
    mails = select(Mail.id).where(
        Mail.created_at < _before(today, MAIL_BODY_DAYS), Mail.sent_at.is_not(None), Mail.body != ""
    )
    # an erased payer's invoices keep the buyer to the end of their tenth year (§ 147 AO), then lose it
    erased = select(Order.id).where(Order.payer_erased_at.is_not(None))
    kept_since = datetime(today.year - INVOICE_RETENTION_YEARS, 1, 1, tzinfo=UTC)
    return {
        "erased_invoice_buyers": await _invoice_buyers_purged(
            s, Invoice.order_id.in_(erased), Invoice.issued_at < kept_since
        ),
        "provider_payloads": await _count(
            s,
            update(WebhookEvent)
            .where(WebhookEvent.id.in_(events.limit(BATCH).scalar_subquery()))
            .values(payload=EMPTY)
            .returning(WebhookEvent.id),
        ),
        "mail_bodies": await _count(
            s,
            update(Mail)
            .where(Mail.id.in_(mails.limit(BATCH).scalar_subquery()))
            .values(body="")
            .returning(Mail.id),
        ),
    }


async def _invoice_buyers_purged(s: AsyncSession, *where: ColumnElement[bool]) -> int:
    """The buyer's lines, address and VAT id taken from (at most BATCH of) the invoices `where` finds."""
    has_buyer = (
        func.jsonb_array_length(func.coalesce(Invoice.document["buyer_lines"], text("'[]'::jsonb"))) > 0
    )
    found = select(Invoice.id).where(*where, has_buyer).limit(BATCH).scalar_subquery()
    return await _count(
        s,
        update(Invoice)
        .where(Invoice.id.in_(found))
        .values(document=Invoice.document.op("||")(PURGED_DOCUMENT))
        .returning(Invoice.id),
    )


async def buyers_pseudonymised(s: AsyncSession, orders: Sequence[tuple[int, str]], **also: object) -> None:
    """The buyer's personal data on each order (id, e-mail) replaced by a pseudonym and blanks (`also`: more
    columns to set); the order, its money and its invoices stay."""
    for order_id, email in orders:
        await s.execute(
            update(Order)
            .where(Order.id == order_id)
            .values(
                payer_email=pseudonym(email, order_id),
                payer_first_name="",
                payer_last_name="",
                payer_company=None,
                payer_vat_id=None,
                payer_street=None,
                payer_street_number=None,
                payer_zip=None,
                payer_city=None,
                payer_leitweg_id=None,
                **also,
            )
        )


async def sellers_without_retention(s: AsyncSession, limit: int) -> list[int]:
    return list(
        (
            await s.execute(
                select(Seller.id)
                .where(Seller.retention_started_at.is_(None))
                .order_by(Seller.id)
                .limit(limit)
            )
        ).scalars()
    )


async def retention_marked(s: AsyncSession, seller_ids: list[int]) -> None:
    await s.execute(
        update(Seller).where(Seller.id.in_(seller_ids)).values(retention_started_at=datetime.now(UTC))
    )


async def seller_purged(s: AsyncSession, seller_id: int, today: date) -> tuple[dict[str, int], bool]:
    """One seller's purge: webhook payloads and answers, old read notifications; for a deleted account its buyers
    pseudonymised, and after `retention_until` the buyers on its invoices too. Whether nothing will ever be left
    to purge (the seller is gone, or deleted and past its retention)."""
    seller = await s.get(Seller, seller_id)
    if seller is None:
        return {}, True
    webhook_cutoff = _before(today, SELLER_WEBHOOK_DAYS)
    events = select(SellerEvent.id).where(
        SellerEvent.seller_id == seller_id, SellerEvent.created_at < webhook_cutoff, SellerEvent.data != EMPTY
    )
    answers = (
        select(WebhookAttempt.id)
        .join(WebhookDelivery, WebhookDelivery.id == WebhookAttempt.delivery_id)
        .where(
            WebhookDelivery.seller_id == seller_id,
            WebhookAttempt.at < webhook_cutoff,
            WebhookAttempt.response != "",
        )
    )
    old_read = select(Notification.id).where(
        Notification.seller_id == seller_id,
        Notification.read_at.is_not(None),
        Notification.created_at < _before(today, NOTIFICATION_DAYS),
    )
    counts = {
        "webhook_payloads": await _count(
            s,
            update(SellerEvent)
            .where(SellerEvent.id.in_(events.limit(BATCH).scalar_subquery()))
            .values(data=EMPTY)
            .returning(SellerEvent.id),
        ),
        "webhook_answers": await _count(
            s,
            update(WebhookAttempt)
            .where(WebhookAttempt.id.in_(answers.limit(BATCH).scalar_subquery()))
            .values(response="")
            .returning(WebhookAttempt.id),
        ),
        "notifications": await _count(
            s,
            delete(Notification)
            .where(Notification.id.in_(old_read.limit(BATCH).scalar_subquery()))
            .returning(Notification.id),
        ),
    }
    if seller.account_type != AccountType.deleted:
        return counts, False
    named = select(Order.id, Order.payer_email).where(
        Order.seller_id == seller_id, Order.payer_email.not_like("deleted-%@invalid")
    )
    rows = (await s.execute(named.limit(BATCH))).all()
    await buyers_pseudonymised(s, rows)
    counts["buyers_pseudonymised"] = len(rows)
    past = seller.retention_until is not None and today > seller.retention_until
    if past:
        counts["invoice_buyers"] = await _invoice_buyers_purged(s, Invoice.seller_id == seller_id)
    done = (
        past
        and len(rows) < BATCH
        and counts.get("invoice_buyers", 0) < BATCH
        and all(counts[k] < BATCH for k in ("webhook_payloads", "webhook_answers", "notifications"))
    )
    return counts, done
