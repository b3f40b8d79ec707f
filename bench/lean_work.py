"""The lean reference's side effects (issue 48): the cheapest durable checkout this stack allows, beside which the
checkout benchmark measures Sellflow. The same provider calls as Sellflow's checkout (a customer and a prepared
PaymentIntent when the checkout opens, one confirm when the buyer pays, through Stripe's SDK at localstripe) and the
same rows (order, payment attempt, payment, two ledger entries, an invoice number, access, two mails queued and
sent), written with hand-written SQL over psycopg in as few round trips as each step allows. Each step is
idempotent on its business key, as Sellflow's are; none reads the order more than once."""

from __future__ import annotations

import asyncio
import os
import secrets
import smtplib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, urlparse

import psycopg
import stripe
from temporalio import activity

SCHEMA = """
CREATE SCHEMA IF NOT EXISTS lean;
CREATE TABLE IF NOT EXISTS lean.customers (email text PRIMARY KEY, provider_ref text NOT NULL);
CREATE TABLE IF NOT EXISTS lean.orders (
    id bigserial PRIMARY KEY, token text NOT NULL UNIQUE, seller_id bigint NOT NULL, product_id bigint NOT NULL,
    payer_email text NOT NULL, payer_first_name text NOT NULL, payer_last_name text NOT NULL,
    total bigint NOT NULL, paid bigint NOT NULL DEFAULT 0, currency text NOT NULL,
    payment_state text NOT NULL DEFAULT 'payment_waiting', customer_ref text NOT NULL, prepared_intent text,
    created_at timestamptz NOT NULL DEFAULT now(), paid_at timestamptz);
CREATE TABLE IF NOT EXISTS lean.payment_intents (
    id bigserial PRIMARY KEY, order_id bigint NOT NULL REFERENCES lean.orders, attempt int NOT NULL,
    provider_ref text NOT NULL, idempotency_key text NOT NULL UNIQUE, payment_method text NOT NULL,
    amount bigint NOT NULL, currency text NOT NULL, status text NOT NULL, UNIQUE (order_id, attempt));
CREATE TABLE IF NOT EXISTS lean.payments (
    id bigserial PRIMARY KEY, order_id bigint NOT NULL REFERENCES lean.orders, state text NOT NULL,
    provider_ref text NOT NULL, amount bigint NOT NULL, currency text NOT NULL,
    idempotency_key text NOT NULL UNIQUE, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS lean.ledger_entries (
    id bigserial PRIMARY KEY, order_id bigint NOT NULL REFERENCES lean.orders, account text NOT NULL,
    kind text NOT NULL, amount bigint NOT NULL, currency text NOT NULL, idempotency_key text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS lean.invoice_numbers (seller_id bigint PRIMARY KEY, last int NOT NULL);
CREATE TABLE IF NOT EXISTS lean.invoices (
    id bigserial PRIMARY KEY, order_id bigint NOT NULL UNIQUE REFERENCES lean.orders, seller_id bigint NOT NULL,
    number int NOT NULL, total bigint NOT NULL, currency text NOT NULL, UNIQUE (seller_id, number));
CREATE TABLE IF NOT EXISTS lean.access (
    id bigserial PRIMARY KEY, order_id bigint NOT NULL UNIQUE REFERENCES lean.orders, token text NOT NULL);
CREATE TABLE IF NOT EXISTS lean.mails (
    id bigserial PRIMARY KEY, key text NOT NULL UNIQUE, recipient text NOT NULL, subject text NOT NULL,
    body text NOT NULL, sent_at timestamptz);
"""
FEE_BP = 500  # the platform's fee on a sale, in basis points (booked as its own entry, as Sellflow books it)


def dsn() -> str:
    """Sellflow's database (SQLAlchemy's URL in the stack's environment) as psycopg's connection string."""
    url = urlparse(os.environ["SELLFLOW_DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://"))
    host = parse_qs(url.query).get("host", [""])[0]
    return f"dbname={url.path.lstrip('/')} user={url.username} host={host}"


class Pool:
    """A fixed set of open connections handed out one request or step at a time."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.free: asyncio.Queue[psycopg.AsyncConnection] = asyncio.Queue()

    async def open(self) -> None:
        for _ in range(self.size):
            self.free.put_nowait(await psycopg.AsyncConnection.connect(dsn(), prepare_threshold=0))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[psycopg.AsyncConnection]:
        conn = await self.free.get()
        try:
            async with conn.transaction():
                yield conn
        finally:
            self.free.put_nowait(conn)


def stripe_client() -> stripe.StripeClient:
    return stripe.StripeClient(
        os.environ.get("SELLFLOW_STRIPE_SECRET_KEY", "sk_test_sellflow_local"),
        base_addresses={"api": os.environ["SELLFLOW_STRIPE_API_BASE"]},
        http_client=stripe.HTTPXClient(),
        max_network_retries=0,
    )


class Smtp:
    """One kept connection per sending thread, as Sellflow's mailer keeps them."""

    def __init__(self) -> None:
        self.host = os.environ.get("SELLFLOW_SMTP_HOST", "127.0.0.1")
        self.port = int(os.environ["SELLFLOW_SMTP_PORT"])
        self.idle: list[smtplib.SMTP] = []

    def _send(self, to: str, subject: str, body: str) -> None:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = "shop@sellflow.test", to, subject
        msg.set_content(body)
        smtp = self.idle.pop() if self.idle else smtplib.SMTP(self.host, self.port, timeout=10)
        smtp.send_message(msg)
        self.idle.append(smtp)

    async def send(self, to: str, subject: str, body: str, headers=None) -> None:
        await asyncio.to_thread(self._send, to, subject, body)


@dataclass(frozen=True)
class Pay:
    token: str
    payment_method: str


class LeanActivities:
    def __init__(self, pool: Pool, cards: stripe.StripeClient, smtp: Smtp) -> None:
        self.pool, self.cards, self.smtp = pool, cards, smtp

    @activity.defn(name="lean_pay")
    async def pay(self, req: Pay) -> str:
        """The pay step (a local activity): the prepared intent recorded for attempt 1, then confirmed with the
        buyer's card, once (a retry finds the record and asks the provider instead)."""
        key = f"order-{req.token}-pi-1-prepared"
        async with self.pool.transaction() as c:
            cur = await c.execute(
                "WITH o AS (SELECT id, prepared_intent, total, currency FROM lean.orders WHERE token = %s),"
                " ins AS (INSERT INTO lean.payment_intents"
                " (order_id, attempt, provider_ref, idempotency_key, payment_method, amount, currency, status)"
                " SELECT id, 1, prepared_intent, %s, %s, total, currency, 'requires_payment_method' FROM o"
                " ON CONFLICT DO NOTHING RETURNING provider_ref)"
                " SELECT o.prepared_intent, (SELECT count(*) FROM ins) FROM o",
                (req.token, key, req.payment_method),
            )
            row = await cur.fetchone()
        if row is None:
            raise RuntimeError(f"no order {req.token}")
        intent, fresh = row
        if fresh:
            pi = await self.cards.v1.payment_intents.confirm_async(
                intent,
                params={"payment_method": req.payment_method},
                options={"idempotency_key": f"order-{req.token}-pi-1-confirm"},
            )
        else:
            pi = await self.cards.v1.payment_intents.retrieve_async(intent)
        return str(pi.status)

    @activity.defn(name="lean_record_paid")
    async def record_paid(self, token: str) -> None:
        async with self.pool.transaction() as c:
            await c.execute(
                "WITH o AS (UPDATE lean.orders SET payment_state = 'paid', paid = total, paid_at = now()"
                " WHERE token = %s RETURNING id, total, currency, prepared_intent),"
                " i AS (UPDATE lean.payment_intents SET status = 'succeeded'"
                " WHERE order_id = (SELECT id FROM o) AND attempt = 1)"
                " INSERT INTO lean.payments (order_id, state, provider_ref, amount, currency, idempotency_key)"
                " SELECT id, 'success', prepared_intent, total, currency, 'order-' || %s || '-paid' FROM o"
                " ON CONFLICT DO NOTHING",
                (token, token),
            )

    @activity.defn(name="lean_issue_invoice")
    async def issue_invoice(self, token: str) -> int:
        """The seller's next invoice number, once per order (the counter row serialises the seller's invoices)."""
        async with self.pool.transaction() as c:
            cur = await c.execute(
                "SELECT o.id, o.seller_id, o.total, o.currency, i.number FROM lean.orders o"
                " LEFT JOIN lean.invoices i ON i.order_id = o.id WHERE o.token = %s",
                (token,),
            )
            order_id, seller_id, total, currency, number = await cur.fetchone() or (0, 0, 0, "", 0)
            if number:
                return int(number)
            cur = await c.execute(
                "WITH n AS (INSERT INTO lean.invoice_numbers VALUES (%s, 1) ON CONFLICT (seller_id)"
                " DO UPDATE SET last = lean.invoice_numbers.last + 1 RETURNING last)"
                " INSERT INTO lean.invoices (order_id, seller_id, number, total, currency)"
                " SELECT %s, %s, last, %s, %s FROM n RETURNING number",
                (seller_id, order_id, seller_id, total, currency),
            )
            made = await cur.fetchone()
            return int(made[0]) if made else 0

    @activity.defn(name="lean_book_sale")
    async def book_sale(self, token: str) -> None:
        """The sale on the seller's balance and the platform's fee off it: two append-only entries."""
        async with self.pool.transaction() as c:
            await c.execute(
                "INSERT INTO lean.ledger_entries (order_id, account, kind, amount, currency, idempotency_key)"
                " SELECT id, a.account, a.kind, a.sign * (CASE a.kind WHEN 'sale' THEN total"
                " ELSE total * %s / 10000 END), currency, 'order-' || token || '-' || a.kind"
                " FROM lean.orders, (VALUES ('seller', 'sale', 1), ('seller', 'fee', -1)) AS a(account, kind, sign)"
                " WHERE token = %s ON CONFLICT DO NOTHING",
                (FEE_BP, token),
            )

    @activity.defn(name="lean_grant_access")
    async def grant_access(self, token: str) -> str:
        async with self.pool.transaction() as c:
            cur = await c.execute(
                "WITH ins AS (INSERT INTO lean.access (order_id, token)"
                " SELECT id, %s FROM lean.orders WHERE token = %s ON CONFLICT DO NOTHING RETURNING token)"
                " SELECT token FROM ins UNION ALL SELECT a.token FROM lean.access a"
                " JOIN lean.orders o ON o.id = a.order_id WHERE o.token = %s",
                (secrets.token_urlsafe(24), token, token),
            )
            row = await cur.fetchone()
            return str(row[0]) if row else ""

    @activity.defn(name="lean_send_mails")
    async def send_mails(self, token: str) -> int:
        """The buyer's confirmation and the seller's sale notice: queued under their keys, sent, marked sent (a
        retried step sends what is still unsent)."""
        async with self.pool.transaction() as c:
            cur = await c.execute(
                "WITH ins AS (INSERT INTO lean.mails (key, recipient, subject, body)"
                " SELECT 'order-' || token || '-' || m.kind, CASE m.kind WHEN 'buyer' THEN payer_email"
                " ELSE 'seller@sellflow.test' END, m.subject, 'Order ' || token || ': ' || total || ' ' || currency"
                " FROM lean.orders, (VALUES ('buyer', 'Your order'), ('seller', 'A new sale')) AS m(kind, subject)"
                " WHERE token = %s ON CONFLICT DO NOTHING RETURNING id, recipient, subject, body)"
                " SELECT * FROM ins UNION ALL SELECT id, recipient, subject, body FROM lean.mails"
                " WHERE key IN ('order-' || %s || '-buyer', 'order-' || %s || '-seller') AND sent_at IS NULL",
                (token, token, token),
            )
            queued = await cur.fetchall()
        for mail_id, to, subject, body in queued:
            await self.smtp.send(to, subject, body)
            async with self.pool.transaction() as c:
                await c.execute("UPDATE lean.mails SET sent_at = now() WHERE id = %s", (mail_id,))
        return len(queued)
