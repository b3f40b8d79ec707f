"""The purges in PostgreSQL: what is past its time goes (a webhook body, a mail body, a seller's webhook payloads and
endpoint answers, old read notifications), what is not stays; a deleted account's buyers become pseudonyms while
its invoices keep what they said, until the retention ends and the invoices' buyers go too; a purge run again
finds nothing to do."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, text

from domain.accounts.account_deletion import AccountType
from domain.accounts.accounts import ProfileType
from domain.billing.billing_calendar import PlanTerms
from domain.notifications import NotificationType
from domain.orders.orders import PaymentType
from domain.retention import pseudonym
from store.accounts.actions import user_created
from store.accounts.models import Seller
from store.accounts.queries import seller_of
from store.catalog.actions import plan_added, product_created
from store.db import session
from store.mail.models import Mail
from store.notifications.actions import noticed
from store.notifications.models import Notification
from store.orders.actions import order_created
from store.provider_events.models import WebhookEvent
from store.retention import platform_purged, retention_marked, seller_purged, sellers_without_retention
from store.seller_webhooks.models import SellerEvent

TODAY = datetime.now(UTC).date()
LONG_AGO = datetime.now(UTC) - timedelta(days=400)


async def _seller() -> int:
    name = uuid.uuid4().hex[:10]
    async with session() as s:
        user = await user_created(
            s,
            email=f"{name}@example.test",
            password="sellflow-demo",
            username=f"r{name}",
            first_name="A",
            last_name="B",
            locale="en",
            profile_type=ProfileType.seller,
        )
        seller = await seller_of(s, user.id)
        assert seller is not None
        return seller.id


async def test_the_platforms_purge_empties_old_bodies_and_keeps_their_keys():
    old, new = f"evt_old_{uuid.uuid4().hex}", f"evt_new_{uuid.uuid4().hex}"
    async with session() as s:
        s.add(
            WebhookEvent(
                id=old,
                provider="stripe",
                type="charge.succeeded",
                payload={"email": "a@b.c"},
                received_at=LONG_AGO,
            )
        )
        s.add(WebhookEvent(id=new, provider="stripe", type="charge.succeeded", payload={"email": "d@e.f"}))
        s.add(
            Mail(
                idempotency_key=f"k-{old}",
                to_email="a@b.c",
                subject="Hi",
                body="Your link",
                sent_at=LONG_AGO,
                created_at=LONG_AGO,
            )
        )
        s.add(
            Mail(
                idempotency_key=f"k-{new}", to_email="a@b.c", subject="Hi", body="Your link", sent_at=LONG_AGO
            )
        )
    async with session() as s:
        first = await platform_purged(s, TODAY)
    async with session() as s:
        assert first["provider_payloads"] >= 1 and first["mail_bodies"] >= 1
        assert (await s.get(WebhookEvent, old)).payload == {}
        assert (await s.get(WebhookEvent, new)).payload == {"email": "d@e.f"}
        bodies = dict(
            (await s.execute(select(Mail.idempotency_key, Mail.body).where(Mail.to_email == "a@b.c"))).all()
        )
        assert (bodies[f"k-{old}"], bodies[f"k-{new}"]) == ("", "Your link")
        assert await platform_purged(s, TODAY) == {
            "erased_invoice_buyers": 0,
            "provider_payloads": 0,
            "mail_bodies": 0,
        }


async def test_a_sellers_purge_takes_old_webhook_payloads_and_read_notifications_only():
    seller = await _seller()
    async with session() as s:
        s.add(
            SellerEvent(
                seller_id=seller,
                type="order.paid",
                key=f"old-{seller}",
                data={"email": "x@y.z"},
                created_at=LONG_AGO,
            )
        )
        s.add(SellerEvent(seller_id=seller, type="order.paid", key=f"new-{seller}", data={"email": "x@y.z"}))
        for key in ("read-old", "unread-old", "read-new"):
            await noticed(
                s,
                seller,
                NotificationType.comment,
                f"{key}-{seller}",
                {},
            )
        await s.execute(
            text(
                "UPDATE notifications SET created_at = :t, read_at = CASE WHEN key LIKE 'comment:read%' THEN :t END "
                "WHERE seller_id = :s AND key LIKE '%-old-%'"
            ),
            {"t": LONG_AGO, "s": seller},
        )
        await s.execute(
            text(
                "UPDATE notifications SET read_at = now() WHERE seller_id = :s AND key LIKE 'comment:read-new%'"
            ),
            {"s": seller},
        )
    async with session() as s:
        counts, ended = await seller_purged(s, seller, TODAY)
    assert (counts["webhook_payloads"], counts["notifications"], ended) == (1, 1, False)
    async with session() as s:
        data = dict(
            (
                await s.execute(
                    select(SellerEvent.key, SellerEvent.data).where(SellerEvent.seller_id == seller)
                )
            ).all()
        )
        left = sorted(
            (await s.execute(select(Notification.key).where(Notification.seller_id == seller))).scalars()
        )
    assert data == {f"old-{seller}": {}, f"new-{seller}": {"email": "x@y.z"}}
    assert left == [f"comment:read-new-{seller}", f"comment:unread-old-{seller}"]


async def test_a_deleted_accounts_buyers_become_pseudonyms_and_its_invoices_lose_them_after_ten_years():
    seller = await _seller()
    async with session() as s:
        view = await product_created(s, seller, name="Yoga", description="", form="download")
        plan = await plan_added(
            s,
            view,
            name="Once",
            terms=PlanTerms(PaymentType.one_time, "eur", first_amount=4900, next_amount=4900),
        )
        await order_created(
            s,
            token=f"ret-{seller}",
            product=view.product,
            plan=plan,
            payer={"email": "Bea@Example.com", "first_name": "Bea", "last_name": "Lind", "city": "Berlin"},
            customer_id="cus_x",
            setup_intent_id=None,
        )
    order_id = (await _order(seller))[0]
    async with session() as s:
        await s.execute(
            text(
                "INSERT INTO invoices (seller_id, order_id, form, rate, number, state, total, currency, document) "
                "VALUES (:s, :o, 'regular', 1, 1, 'paid', 4900, 'eur', "
                '\'{"buyer_lines": ["Bea Lind", "Berlin"], "buyer_address": {"city": "Berlin"}, "text": "Yoga"}\')'
            ),
            {"s": seller, "o": order_id},
        )
        row = await s.get(Seller, seller)
        row.account_type = AccountType.deleted
        row.retention_until = TODAY + timedelta(days=3650)
    async with session() as s:
        counts, ended = await seller_purged(s, seller, TODAY)
    assert (counts["buyers_pseudonymised"], ended) == (1, False)
    _, email, first, city = await _order(seller)
    assert (email, first, city) == (pseudonym("Bea@Example.com", order_id), "", None)
    assert (await _document(seller))["buyer_lines"] == [
        "Bea Lind",
        "Berlin",
    ]  # the law keeps the invoice as issued

    later = TODAY + timedelta(days=3651)
    async with session() as s:
        counts, ended = await seller_purged(s, seller, later)
    assert (counts["buyers_pseudonymised"], counts["invoice_buyers"], ended) == (0, 1, True)
    document = await _document(seller)
    assert (document["buyer_lines"], document["buyer_address"], document["text"]) == ([], {}, "Yoga")


async def test_the_sellers_without_retention_are_found_once():
    seller = await _seller()
    async with session() as s:
        waiting = await sellers_without_retention(s, 100_000)
        assert seller in waiting
        await retention_marked(s, [seller])
    async with session() as s:
        assert seller not in await sellers_without_retention(s, 100_000)


async def _order(seller: int) -> tuple:
    async with session() as s:
        return (
            await s.execute(
                text("SELECT id, payer_email, payer_first_name, payer_city FROM orders WHERE seller_id = :s"),
                {"s": seller},
            )
        ).one()


async def _document(seller: int) -> dict:
    async with session() as s:
        return (
            await s.execute(text("SELECT document FROM invoices WHERE seller_id = :s"), {"s": seller})
        ).scalar_one()
