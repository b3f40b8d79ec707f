"""A purchase credited to a publisher's click (issue 23; core §4 Affiliates): the attribution fixed on the order
when it is bought, the commissions each of its payments earns booked with the payment, and given back with a
refund or a chargeback in proportion. Every entry's key is built from the payment's own, so a retried step or a
webhook delivered twice books nothing twice."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.affiliates.affiliates import (
    Attribution,
    NodeState,
    ProgramForm,
    commission_back_entries,
    commission_entries,
    referrer_chain,
)
from domain.keys import order_key
from domain.ledger.ledger import Entry, EntryKind, PayeeType
from store.accounts.models import Seller, User
from store.affiliates.models import AffiliateClick, AffiliateNode, AffiliateProgram
from store.affiliates.programs import active_in
from store.ledger.actions import entries_booked
from store.ledger.models import LedgerEntry
from store.orders.models import Order
from store.teams.fees import sales_fees_booked, sales_fees_given_back, sales_fees_restored


async def attribution_for(
    s: AsyncSession,
    *,
    seller_id: int,
    product_id: int,
    click_id: int | None,
    buyer_email: str,
    vat_rate_bp: int,
) -> Attribution | None:
    """What a purchase of `product_id` owes through the visitor's last click (`click_id`, from the signed cookie):
    the program of the seller in which the clicked publisher is active, which covers the product and whose cookie
    still lasts (the best paying first stage, should several), and the stages up the chain of who brought whom
    into it. None when nothing applies, and for a self-referral (the publisher buying, or the seller promoting
    their own shop)."""
    if click_id is None:
        return None
    click = await s.get(AffiliateClick, click_id)
    if click is None or click.seller_id != seller_id:
        return None
    now = datetime.now(UTC)
    rows = (
        await s.execute(
            select(AffiliateNode, AffiliateProgram)
            .join(AffiliateProgram, AffiliateProgram.id == AffiliateNode.program_id)
            .where(*active_in(seller_id, click.publisher_user_id, click.program_id))
        )
    ).all()
    best: tuple[int, int, AffiliateNode, ProgramForm, list[int]] | None = None
    for node, program in rows:
        form = ProgramForm.model_validate(program.form)
        rates = form.stages_for(product_id)
        if not rates or now - click.at >= timedelta(days=form.cookies_expire):
            continue
        if best is None or (rates[0], -program.id) > (best[0], best[1]):
            best = (rates[0], -program.id, node, form, rates)
    if best is None:
        return None
    _, _, node, form, rates = best
    publishers = {
        n.id: n
        for n in (
            await s.execute(
                select(AffiliateNode).where(
                    AffiliateNode.program_id == node.program_id, AffiliateNode.state == NodeState.accepted
                )
            )
        ).scalars()
    }
    referrer_of = {i: n.referrer_node_id for i, n in publishers.items()}
    chain = [publishers[i].publisher_user_id for i in referrer_chain(node.id, referrer_of, len(rates))]
    seller_user = (await s.execute(select(Seller.user_id).where(Seller.id == seller_id))).scalar_one()
    emails = dict((await s.execute(select(User.id, User.email).where(User.id.in_(chain)))).tuples().all())
    buyer = buyer_email.strip().lower()
    # nobody earns on their own purchase, nor the seller on their shop: the stages above them still do
    if chain[0] == seller_user or emails.get(chain[0], "").lower() == buyer:
        return None
    # a publisher up the chain who is the buyer (or the seller) earns nothing; the others keep their stages
    chain = [0 if u == seller_user or emails.get(u, "").lower() == buyer else u for u in chain]
    return Attribution(
        program_id=node.program_id,
        click_id=click.id,
        chain=tuple(chain),
        rates_bp=tuple(rates[: len(chain)]),
        from_gross=form.provision_from_brutto,
        duration=form.lifetime,
        days=form.lifetime_duration,
        bonus=form.bonus,
        vat_rate_bp=vat_rate_bp,
    )


def attributed_to(order: Order, attribution: Attribution | None) -> None:
    if attribution is not None:
        order.affiliate = attribution.to_json()
        order.affiliate_publisher_id = attribution.chain[0]


async def commissions_booked(s: AsyncSession, order: Order, ref: str, rate_no: int, amount: int) -> int:
    """The commissions a payment of `amount` (the order's `rate_no`-th; `ref` as its sale's entries are keyed)
    earns, from the seller to each stage's publisher, and the fee of the sales team member who sold the order, in
    the payment's transaction; once. How many entries were new."""
    fees = await sales_fees_booked(s, order, ref, amount)
    if not order.affiliate or amount <= 0:
        return fees
    a = Attribution.from_json(order.affiliate)
    now = datetime.now(UTC)
    paid = a.owed(amount, rate_no, order.paid_at or now, now)
    if not paid:
        return fees
    return fees + await entries_booked(
        s, commission_entries(ref, order.seller_id, paid, order.currency_key), order_id=order.id
    )


async def _earned(s: AsyncSession, order: Order, roots: tuple[str, ...] = ()) -> dict[int, int]:
    """What each publisher earned on the order (on the payments keyed under `roots` only, when given)."""
    q = (
        select(LedgerEntry.payee_id, func.sum(LedgerEntry.amount))
        .where(
            LedgerEntry.order_id == order.id,
            LedgerEntry.payee_type == PayeeType.publisher,
            LedgerEntry.kind == EntryKind.commission,
        )
        .group_by(LedgerEntry.payee_id)
    )
    if roots:
        q = q.where(
            or_(*(LedgerEntry.idempotency_key.startswith(f"{r}-commission-", autoescape=True) for r in roots))
        )
    return {int(p): int(v) for p, v in (await s.execute(q)).tuples().all() if v}


async def commissions_given_back(
    s: AsyncSession,
    order: Order,
    key: str,
    *,
    total: int,
    before: int,
    amount: int,
    rate_roots: tuple[str, ...] = (),
    refund_id: int | None = None,
) -> int:
    """A refund or a chargeback (`key`) of `amount` after `before`, of payments of `total`: each publisher gives
    back that share of what they earned on them (on one rate's payment: `rate_roots`, its entries' key roots),
    and so does the order's sales team member; once."""
    fees = await sales_fees_given_back(
        s, order, key, total=total, before=before, amount=amount, rate_roots=rate_roots, refund_id=refund_id
    )
    if not order.affiliate or amount <= 0:
        return fees
    earned = await _earned(s, order, rate_roots)
    entries = commission_back_entries(key, order.seller_id, earned, total, before, amount, order.currency_key)
    if not entries:
        return fees
    return fees + await entries_booked(s, entries, order_id=order.id, refund_id=refund_id)


async def commissions_restored(s: AsyncSession, order: Order, key: str) -> int:
    """A dispute the seller won: what the chargeback (`key`) took back from the publishers (and the sales team
    member) is theirs again."""
    fees = await sales_fees_restored(s, order, key)
    rows = (
        await s.execute(
            select(LedgerEntry).where(
                LedgerEntry.order_id == order.id,
                LedgerEntry.kind == EntryKind.reversal,
                LedgerEntry.idempotency_key.startswith(f"{key}-commission-", autoescape=True),
            )
        )
    ).scalars()
    entries = [
        Entry(
            e.payee_type, e.payee_id, EntryKind.commission, -e.amount, e.currency, f"{e.idempotency_key}-won"
        )
        for e in rows
    ]
    return fees + (await entries_booked(s, entries, order_id=order.id) if entries else 0)


def rate_roots(order_token: str, rate: int) -> tuple[str, ...]:
    """The key roots a rate's payment may be booked under: the order's own for the first rate paid at checkout,
    the rate's for one paid later (a deferred first rate among them)."""
    return (
        (order_key(order_token), f"{order_key(order_token)}-rate-{rate}")
        if rate == 1
        else (f"{order_key(order_token)}-rate-{rate}",)
    )


async def orders_attributed(
    s: AsyncSession, orders: list[Order], click_id: int | None, vat_rate_bp: int | None
) -> None:
    """The orders of one checkout (the main product and its bumps), each credited to the visitor's last click as
    far as the program covers its product."""
    if click_id is None:
        return
    for o in orders:
        attributed_to(
            o,
            await attribution_for(
                s,
                seller_id=o.seller_id,
                product_id=o.product_id,
                click_id=click_id,
                buyer_email=o.payer_email,
                vat_rate_bp=vat_rate_bp or 0,
            ),
        )
