"""An event's tickets and the payment tickets its orders hold: capacity kept under a row lock (the last seat goes
to one buyer), a payment ticket per order (a unique constraint), check-in once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import and_, case, delete, false, func, literal, or_, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from domain.catalog.events import (
    TICKETS_MAX,
    CheckInRefusal,
    PaymentTicketState,
    check_in_refusal,
    new_code,
    ticket_over,
    ticket_state,
    typed_code,
    upgrade_price,
)
from domain.catalog.products import Publication
from domain.errors import DomainError, ErrorCode
from domain.orders.orders import (
    CHECKOUT_OPEN_STATES,
    PAID_STATES,
    REFUNDED_STATES,
    OrderType,
    PaymentState,
    PaymentType,
)
from domain.seller_webhooks import EventType
from store.catalog.models import PaymentTicket, PricingPlan, Product, Ticket
from store.orders.models import Order, Transfer
from store.seller_webhooks.actions import event_recorded, order_data


async def tickets_of(s: AsyncSession, product_id: int) -> list[Ticket]:
    rows = await s.execute(
        select(Ticket).where(Ticket.product_id == product_id).order_by(Ticket.position, Ticket.id)
    )
    return list(rows.scalars())


async def ticket_of(s: AsyncSession, product: Product, ticket_id: int) -> Ticket:
    t = await s.get(Ticket, ticket_id)
    if t is None or t.product_id != product.id:
        raise DomainError(ErrorCode.NOT_FOUND, "This ticket does not exist.")
    return t


async def ticket_added(s: AsyncSession, product: Product, fields: dict) -> Ticket:
    await s.execute(select(Product.id).where(Product.id == product.id).with_for_update())
    count = (await s.execute(select(func.count()).where(Ticket.product_id == product.id))).scalar_one()
    if count >= TICKETS_MAX:
        raise DomainError(
            ErrorCode.INVALID_INPUT, f"An event has at most {TICKETS_MAX} tickets.", {"tickets": "too_many"}
        )
    t = Ticket(seller_id=product.seller_id, product_id=product.id, position=count + 1, **fields)
    s.add(t)
    await s.flush()
    return t


async def tickets_copied(s: AsyncSession, source_id: int, copy: Product) -> dict[int, int]:
    """A duplicated event keeps its tickets (not their buyers): the new id of each old one."""
    ids: dict[int, int] = {}
    for t in await tickets_of(s, source_id):
        row = Ticket(
            seller_id=copy.seller_id,
            product_id=copy.id,
            name=t.name,
            starts_at=t.starts_at,
            ends_at=t.ends_at,
            time_zone=t.time_zone,
            location=t.location,
            online=t.online,
            without_dates=t.without_dates,
            limit=t.limit,
            position=t.position,
        )
        s.add(row)
        await s.flush()
        ids[t.id] = row.id
    return ids


async def ticket_removed(s: AsyncSession, ticket: Ticket) -> None:
    """A ticket nobody holds goes; a sold one stays (its buyers keep their payment tickets)."""
    held = (await s.execute(select(func.count()).where(PaymentTicket.ticket_id == ticket.id))).scalar_one()
    if held:
        raise DomainError(ErrorCode.CONFLICT, "This ticket is sold already.", reason="ticket_sold")
    await s.delete(ticket)
    await s.flush()


async def held_counts(s: AsyncSession, ticket_ids: list[int]) -> dict[int, int]:
    """Payment tickets per ticket: sold, or set aside for a checkout still open."""
    if not ticket_ids:
        return {}
    rows = await s.execute(
        select(PaymentTicket.ticket_id, func.count())
        .where(PaymentTicket.ticket_id.in_(ticket_ids), ~upgraded_sql())
        .group_by(PaymentTicket.ticket_id)
    )
    return {tid: n for tid, n in rows.all()}


async def active_ticket_counts(s: AsyncSession, product_ids: list[int]) -> dict[int, int]:
    """Per event: its tickets on sale (not over, not sold out, with an active pricing plan)."""
    if not product_ids:
        return {}
    now = datetime.now(UTC)
    tickets = list((await s.execute(select(Ticket).where(Ticket.product_id.in_(product_ids)))).scalars())
    with_plan = set(
        (
            await s.execute(
                select(PricingPlan.ticket_id).where(
                    PricingPlan.product_id.in_(product_ids), PricingPlan.active.is_(True)
                )
            )
        ).scalars()
    )
    held = await held_counts(s, [t.id for t in tickets])
    out: dict[int, int] = {}
    for t in tickets:
        on_sale = (
            t.id in with_plan
            and not ticket_over(t.starts_at, t.ends_at, t.without_dates, now)
            and (t.limit is None or held.get(t.id, 0) < t.limit)
        )
        out[t.product_id] = out.get(t.product_id, 0) + int(on_sale)
    return out


async def ticket_reserved(s: AsyncSession, order: Order) -> bool:
    """A seat for this order before any money moves: under the ticket's row lock, the last seat goes to one buyer.
    True when the order holds a payment ticket (now or already), False when the ticket is sold out or over (or,
    for an upgrade, its ticket can no longer be upgraded)."""
    if (await s.execute(select(PaymentTicket.id).where(PaymentTicket.order_id == order.id))).first():
        return True
    if order.order_type == OrderType.upgrade and not await upgrade_may_go_on(s, order):
        return False
    plan = await s.get(PricingPlan, order.pricing_plan_id)
    if plan is None or plan.ticket_id is None:
        return False
    ticket = (
        await s.execute(select(Ticket).where(Ticket.id == plan.ticket_id).with_for_update())
    ).scalar_one()
    if ticket_over(ticket.starts_at, ticket.ends_at, ticket.without_dates, datetime.now(UTC)):
        return False
    if ticket.limit is not None:  # a ticket its holder upgraded gives its seat back
        held = (
            await s.execute(select(func.count()).where(PaymentTicket.ticket_id == ticket.id, ~upgraded_sql()))
        ).scalar_one()
        if held >= ticket.limit:
            return False
    for _ in range(5):  # a code already taken (50 bits: all but impossible) is drawn again
        try:
            async with s.begin_nested():
                s.add(
                    PaymentTicket(
                        seller_id=order.seller_id,
                        product_id=order.product_id,
                        ticket_id=ticket.id,
                        order_id=order.id,
                        code=new_code(),
                    )
                )
            return True
        except IntegrityError:
            if (await s.execute(select(PaymentTicket.id).where(PaymentTicket.order_id == order.id))).first():
                return True
    return False


async def ticket_released(s: AsyncSession, order: Order) -> None:
    """A checkout that ends unpaid gives its seat back (its code was never shown)."""
    if order.payment_state in PAID_STATES or order.paid_at is not None:
        return
    if order.payment_state in CHECKOUT_OPEN_STATES:
        return
    await s.execute(delete(PaymentTicket).where(PaymentTicket.order_id == order.id))


def _paid():  # type: ignore[no-untyped-def]
    """An order that was paid (refunded later or not), or a subscription running from a later first rate."""
    return or_(Order.paid_at.is_not(None), Order.payment_state.in_(PAID_STATES))


def upgraded_sql():  # type: ignore[no-untyped-def]
    """The payment ticket was replaced by a paid upgrade of its order (a refunded upgrade gives it back)."""
    child = aliased(Order)
    return (
        select(child.id)
        .where(
            child.parent_order_id == PaymentTicket.order_id,
            child.order_type == OrderType.upgrade,
            child.payment_state.in_(PAID_STATES),
        )
        .exists()
    )


@dataclass
class HeldTicket:
    payment: PaymentTicket
    ticket: Ticket
    order: Order
    upgraded: bool = False  # replaced by a paid upgrade: it lets no one in (the new ticket does)

    @property
    def holder_name(self) -> str:
        """Who the ticket lets in: its attendee when one is named, else the buyer."""
        a = self.payment.attendee or {}
        return f"{a.get('first_name', '')} {a.get('last_name', '')}".strip() or self.order.payer_name

    @property
    def holder_email(self) -> str:
        return (self.payment.attendee or {}).get("email") or self.order.payer_email

    @property
    def state(self) -> PaymentTicketState:
        return ticket_state(
            used=self.payment.used_at is not None,
            invalidated=self.payment.invalidated_at is not None,
            refunded=self.order.payment_state in REFUNDED_STATES,
            upgraded=self.upgraded,
            over=ticket_over(
                self.ticket.starts_at, self.ticket.ends_at, self.ticket.without_dates, datetime.now(UTC)
            ),
        )


async def held_ticket_of_order(s: AsyncSession, order: Order) -> HeldTicket | None:
    row = (
        await s.execute(
            select(PaymentTicket, Ticket, upgraded_sql())
            .join(Ticket, Ticket.id == PaymentTicket.ticket_id)
            .where(PaymentTicket.order_id == order.id)
        )
    ).first()
    return HeldTicket(row[0], row[1], order, row[2]) if row else None


async def held_ticket_by_code(s: AsyncSession, seller_id: int, code: str, lock: bool = False) -> HeldTicket:
    q = (
        select(PaymentTicket, Ticket, Order, upgraded_sql())
        .join(Ticket, Ticket.id == PaymentTicket.ticket_id)
        .join(Order, Order.id == PaymentTicket.order_id)
        .where(PaymentTicket.code == code, PaymentTicket.seller_id == seller_id)
        .where(_paid())
    )
    row = (await s.execute(q.with_for_update(of=PaymentTicket) if lock else q)).first()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No ticket has this code.")
    return HeldTicket(*row)


async def checked_in(s: AsyncSession, seller_id: int, code: str) -> HeldTicket:
    """Lets a ticket in once: a second scan, a refunded, invalidated or expired ticket is refused (409)."""
    held = await held_ticket_by_code(s, seller_id, code, lock=True)
    refusal = CheckInRefusal.ticket_upgraded if held.upgraded else check_in_refusal(held.state)
    if refusal is not None:
        raise DomainError(
            ErrorCode.CONFLICT,
            "This ticket cannot be let in.",
            {"used_at": held.payment.used_at.isoformat() if held.payment.used_at else None},
            reason=refusal.value,
        )
    held.payment.used_at = datetime.now(UTC)
    await event_recorded(
        s,
        seller_id,
        EventType.ticket_checked_in,
        f"{held.order.token}-{held.payment.id}",
        order_data(
            held.order,
            ticket=held.ticket.name,
            holder=held.holder_name,
            checked_in_at=held.payment.used_at.isoformat(),
        ),
    )
    await s.flush()
    return held


async def payment_tickets_listed(
    s: AsyncSession, product: Product, page: int, per: int
) -> tuple[list[HeldTicket], int]:
    q = (
        select(PaymentTicket, Ticket, Order, upgraded_sql())
        .join(Ticket, Ticket.id == PaymentTicket.ticket_id)
        .join(Order, Order.id == PaymentTicket.order_id)
        .where(PaymentTicket.product_id == product.id, _paid())
    )
    total = (await s.execute(select(func.count()).select_from(q.subquery()))).scalar_one()
    rows = await s.execute(q.order_by(PaymentTicket.id.desc()).limit(per).offset((page - 1) * per))
    return [HeldTicket(*r) for r in rows.all()], total


def _state_sql():  # type: ignore[no-untyped-def]
    """HeldTicket.state in SQL (domain.events.ticket_state, same order): to filter and count by state."""
    over = and_(
        Ticket.without_dates.is_(False),
        func.coalesce(Ticket.ends_at, Ticket.starts_at + text("interval '1 day'")) < func.now(),
    )
    return case(
        (Order.payment_state.in_(REFUNDED_STATES), literal(PaymentTicketState.refunded.value)),
        (
            or_(PaymentTicket.invalidated_at.is_not(None), upgraded_sql()),
            literal(PaymentTicketState.invalidated.value),
        ),
        (PaymentTicket.used_at.is_not(None), literal(PaymentTicketState.used.value)),
        (over, literal(PaymentTicketState.expired.value)),
        else_=literal(PaymentTicketState.unused.value),
    )


@dataclass
class SellerTicket:
    held: HeldTicket
    product: Product
    transfer_id: int | None


async def seller_payment_tickets(
    s: AsyncSession,
    seller_id: int,
    page: int,
    per: int,
    *,
    product_id: int | None = None,
    state: PaymentTicketState | None = None,
    query: str | None = None,
) -> tuple[list[SellerTicket], int]:
    """Every payment ticket of the seller's events, newest first: by event, by state, by code or buyer address."""
    transfer = (
        select(func.min(Transfer.id)).where(Transfer.order_id == Order.id).correlate(Order).scalar_subquery()
    )
    q = (
        select(PaymentTicket, Ticket, Order, upgraded_sql(), Product, transfer.label("transfer_id"))
        .join(Ticket, Ticket.id == PaymentTicket.ticket_id)
        .join(Order, Order.id == PaymentTicket.order_id)
        .join(Product, Product.id == PaymentTicket.product_id)
        .where(PaymentTicket.seller_id == seller_id, _paid())
    )
    if product_id is not None:
        q = q.where(PaymentTicket.product_id == product_id)
    if state is not None:
        q = q.where(_state_sql() == state.value)
    if query:
        code = typed_code(query)
        needle = query.strip().lower()
        q = q.where(
            or_(
                PaymentTicket.code == code if code else false(),
                func.lower(Order.payer_email).startswith(needle, autoescape=True),
            )
        )
    total = (await s.execute(select(func.count()).select_from(q.subquery()))).scalar_one()
    rows = await s.execute(q.order_by(PaymentTicket.id.desc()).limit(per).offset((page - 1) * per))
    return [SellerTicket(HeldTicket(r[0], r[1], r[2], r[3]), r[4], r[5]) for r in rows.all()], total


@dataclass
class TicketTally:
    product_id: int
    product_name: str
    ticket_id: int
    ticket_name: str
    starts_at: datetime | None
    time_zone: str
    limit: int | None
    counts: dict[PaymentTicketState, int]


async def ticket_tallies(s: AsyncSession, seller_id: int) -> list[TicketTally]:
    """Per event and ticket, its payment tickets by state (the overview), the next events first."""
    st = _state_sql().label("state")
    rows = (
        await s.execute(
            select(Ticket, Product.name, st, func.count(PaymentTicket.id))
            .join(Product, Product.id == Ticket.product_id)
            .outerjoin(PaymentTicket, PaymentTicket.ticket_id == Ticket.id)
            .outerjoin(Order, Order.id == PaymentTicket.order_id)
            .where(Ticket.seller_id == seller_id, Product.is_archived.is_(False))
            .where(or_(PaymentTicket.id.is_(None), _paid()))
            .group_by(Ticket.id, Product.name, st)
        )
    ).all()
    out: dict[int, TicketTally] = {}
    for ticket, name, state, n in rows:
        tally = out.setdefault(
            ticket.id,
            TicketTally(
                ticket.product_id,
                name,
                ticket.id,
                ticket.name,
                ticket.starts_at,
                ticket.time_zone,
                ticket.limit,
                {},
            ),
        )
        if n:
            tally.counts[PaymentTicketState(state)] = n
    far = datetime.max.replace(tzinfo=UTC)
    return sorted(out.values(), key=lambda x: (x.starts_at or far, x.product_id, x.ticket_id))


async def ticket_invalidated(s: AsyncSession, seller_id: int, payment_ticket_id: int) -> HeldTicket:
    """The seller voids a ticket (a guest who cannot come, a duplicate): it no longer lets anyone in. Only an
    unused or expired ticket; a used, refunded or already invalidated one answers 409 with its state."""
    row = (
        await s.execute(
            select(PaymentTicket, Ticket, Order, upgraded_sql())
            .join(Ticket, Ticket.id == PaymentTicket.ticket_id)
            .join(Order, Order.id == PaymentTicket.order_id)
            .where(PaymentTicket.id == payment_ticket_id, PaymentTicket.seller_id == seller_id, _paid())
            .with_for_update(of=PaymentTicket)
        )
    ).first()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Ticket not found.")
    held = HeldTicket(*row)
    if held.state not in (PaymentTicketState.unused, PaymentTicketState.expired):
        raise DomainError(
            ErrorCode.CONFLICT, "This ticket cannot be invalidated.", {"state": held.state.value}
        )
    held.payment.invalidated_at = datetime.now(UTC)
    await s.flush()
    return held


async def attendee_set(s: AsyncSession, held: HeldTicket, attendee: dict | None) -> HeldTicket:
    """Names who comes with this ticket (None: the buyer again); `held` is read under its row lock. Only a ticket
    still to be used: a used, refunded, invalidated or expired one answers 409 with its state."""
    if held.state != PaymentTicketState.unused:
        raise DomainError(
            ErrorCode.CONFLICT, "This ticket can no longer change hands.", {"state": held.state.value}
        )
    held.payment.attendee = attendee
    await s.flush()
    return held


# ----- ticket upgrades (core §3 order type `upgrade`) ---------------------------------------------------------------
async def ticket_value(s: AsyncSession, order: Order) -> int:
    """What the holder has paid for the ticket this order holds: its total, and an upgrade's parents' totals."""
    value, seen = order.total, {order.id}
    parent_id = order.parent_order_id
    while parent_id is not None and parent_id not in seen:
        parent = await s.get(Order, parent_id)
        if parent is None:
            break
        seen.add(parent.id)
        value += parent.total
        parent_id = parent.parent_order_id
    return value


@dataclass
class UpgradeOption:
    plan: PricingPlan
    ticket: Ticket
    price: int  # the difference to pay


async def upgrade_options(s: AsyncSession, held: HeldTicket) -> list[UpgradeOption]:
    """The dearer tickets of the same event this ticket can be upgraded to now: on sale (a one-time plan, not over,
    a seat left) and in the same currency. Only a ticket still to be used, bought outright, is upgraded."""
    if held.state != PaymentTicketState.unused or held.order.period_type != PaymentType.one_time:
        return []
    value = await ticket_value(s, held.order)
    rows = (
        await s.execute(
            select(PricingPlan, Ticket)
            .join(Ticket, Ticket.id == PricingPlan.ticket_id)
            .join(Product, Product.id == PricingPlan.product_id)
            .where(
                Product.publication == Publication.published,  # an event taken off sale offers no upgrade
                Product.is_archived.is_(False),
                PricingPlan.product_id == held.payment.product_id,
                PricingPlan.active.is_(True),
                PricingPlan.payment_type == PaymentType.one_time,
                PricingPlan.currency == held.order.currency_key,
                Ticket.id != held.ticket.id,
            )
            .order_by(PricingPlan.price, PricingPlan.id)
        )
    ).all()
    seats = await held_counts(s, [t.id for _, t in rows])
    now = datetime.now(UTC)
    out = []
    for plan, ticket in rows:
        price = upgrade_price(value, plan.price)
        if price is None or ticket_over(ticket.starts_at, ticket.ends_at, ticket.without_dates, now):
            continue
        if ticket.limit is not None and seats.get(ticket.id, 0) >= ticket.limit:
            continue
        out.append(UpgradeOption(plan, ticket, price))
    return out


async def upgrade_order_created(
    s: AsyncSession, *, token: str, parent: Order, option: UpgradeOption, setup_intent_id: str | None
) -> Order:
    """The upgrade's own order: the parent's buyer, the target ticket's plan, the difference as its one payment."""
    order = Order(
        token=token,
        setup_intent_id=setup_intent_id,
        seller_id=parent.seller_id,
        product_id=parent.product_id,
        product_name=parent.product_name,
        pricing_plan_id=option.plan.id,
        pricing_plan_name=option.plan.name,
        payment_state=PaymentState.payment_waiting,
        payment_form="card",
        period_type=PaymentType.one_time,
        total=option.price,
        terms=None,
        paid=0,
        currency_key=parent.currency_key,
        payer_email=parent.payer_email,
        payer_first_name=parent.payer_first_name,
        payer_last_name=parent.payer_last_name,
        payer_country=parent.payer_country,
        payer_company=parent.payer_company,
        payer_vat_id=parent.payer_vat_id,
        payer_leitweg_id=parent.payer_leitweg_id,
        payer_street=parent.payer_street,
        payer_street_number=parent.payer_street_number,
        payer_zip=parent.payer_zip,
        payer_city=parent.payer_city,
        payer_locale=parent.payer_locale,
        provider_customer_id=parent.provider_customer_id,
        order_type=OrderType.upgrade,
        parent_order_id=parent.id,
    )
    s.add(order)
    await s.flush()
    return order


async def upgrade_may_go_on(s: AsyncSession, order: Order) -> bool:
    """Before an upgrade's money moves: under the parent ticket's row lock, the parent ticket is still to be used
    and no other upgrade of it holds a seat (open or paid). Two upgrades of one ticket at once: one goes on, the
    other is declined uncharged, so the unique 'one paid upgrade' index is never what stops a charge."""
    if order.parent_order_id is None:
        return True
    parent_ticket = (
        await s.execute(
            select(PaymentTicket).where(PaymentTicket.order_id == order.parent_order_id).with_for_update()
        )
    ).scalar_one_or_none()
    parent = await s.get(Order, order.parent_order_id)
    if parent_ticket is None or parent is None:
        return False
    held = await held_ticket_of_order(s, parent)
    if held is None or held.state != PaymentTicketState.unused:
        return False
    rival = aliased(Order)
    other = (
        await s.execute(
            select(rival.id)
            .join(PaymentTicket, PaymentTicket.order_id == rival.id)
            .where(
                rival.parent_order_id == order.parent_order_id,
                rival.order_type == OrderType.upgrade,
                rival.id != order.id,
                or_(rival.payment_state.in_(PAID_STATES), rival.payment_state.in_(CHECKOUT_OPEN_STATES)),
            )
        )
    ).first()
    return other is None


async def upgraded_code(s: AsyncSession, order_id: int) -> str | None:
    """The code of the ticket that replaced this order's ticket (its paid upgrade), if any."""
    child = aliased(Order)
    return (
        await s.execute(
            select(PaymentTicket.code)
            .join(child, child.id == PaymentTicket.order_id)
            .where(
                child.parent_order_id == order_id,
                child.order_type == OrderType.upgrade,
                child.payment_state.in_(PAID_STATES),
            )
        )
    ).scalar_one_or_none()
