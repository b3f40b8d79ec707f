"""A seller's affiliate programs, the publishers who ask to join and the seller's decisions (core §4 affiliate
node), and the clicks on publishers' links into the shop."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.accounts import ProfileType
from domain.affiliates.affiliates import NodeState, ProgramForm, clicks_per_program, node_move_error
from domain.errors import MESSAGES_REFUSED, DomainError, ErrorCode, Refusal, invalid
from domain.seller_webhooks import EventType
from store.accounts.actions import profile_added
from store.accounts.models import Seller, User
from store.affiliates.models import AffiliateClick, AffiliateNode, AffiliateProgram
from store.catalog.models import Product
from store.seller_webhooks.actions import event_recorded

PROGRAMS_MAX = 50  # programs per seller


def _not_found() -> DomainError:
    return DomainError(ErrorCode.NOT_FOUND, "Affiliate program not found.")


async def _products_are_the_sellers(s: AsyncSession, seller_id: int, form: ProgramForm) -> None:
    named = {*form.product_ids, *(pc.product_id for pc in form.product_commissions)}
    if not named:
        return
    own = set(
        (
            await s.execute(select(Product.id).where(Product.seller_id == seller_id, Product.id.in_(named)))
        ).scalars()
    )
    if missing := sorted(named - own):
        raise invalid(product_ids=f"not products of this shop: {', '.join(map(str, missing[:5]))}")


async def programs_of(
    s: AsyncSession, seller_id: int, program_id: int | None = None
) -> list[tuple[AffiliateProgram, int, int]]:
    """The seller's programs (or the one named), newest first, each with its active publishers and open
    requests."""
    active = func.count().filter(AffiliateNode.state == NodeState.accepted)
    asked = func.count().filter(AffiliateNode.state == NodeState.requested)
    q = (
        select(AffiliateProgram, active, asked)
        .outerjoin(AffiliateNode, AffiliateNode.program_id == AffiliateProgram.id)
        .where(AffiliateProgram.seller_id == seller_id)
        .group_by(AffiliateProgram.id)
        .order_by(AffiliateProgram.id.desc())
    )
    if program_id is not None:
        q = q.where(AffiliateProgram.id == program_id)
    return [(p, a, r) for p, a, r in (await s.execute(q)).all()]


async def program_of(s: AsyncSession, seller_id: int, program_id: int) -> AffiliateProgram:
    p = await s.get(AffiliateProgram, program_id)
    if p is None or p.seller_id != seller_id:
        raise _not_found()
    return p


async def program_created(s: AsyncSession, seller_id: int, form: ProgramForm) -> AffiliateProgram:
    count = (
        await s.execute(select(func.count()).where(AffiliateProgram.seller_id == seller_id))
    ).scalar_one()
    if count >= PROGRAMS_MAX:
        raise DomainError(
            ErrorCode.CONFLICT,
            f"A shop keeps at most {PROGRAMS_MAX} programs.",
            reason=Refusal.too_many.value,
        )
    await _products_are_the_sellers(s, seller_id, form)
    p = AffiliateProgram(seller_id=seller_id, name=form.name, form=form.model_dump(mode="json"))
    s.add(p)
    await s.flush()
    return p


async def program_saved(
    s: AsyncSession, seller_id: int, program_id: int, form: ProgramForm
) -> AffiliateProgram:
    p = await program_of(s, seller_id, program_id)
    await _products_are_the_sellers(s, seller_id, form)
    p.name, p.form = form.name, form.model_dump(mode="json")
    await s.flush()
    return p


async def program_deleted(s: AsyncSession, seller_id: int, program_id: int) -> None:
    await s.delete(await program_of(s, seller_id, program_id))
    await s.flush()


async def public_program(s: AsyncSession, program_id: int) -> tuple[AffiliateProgram, str]:
    """A program as publishers see it before joining (core §7 `GET /common/affiliate_programs/{id}`), with its
    shop's username."""
    row = (
        await s.execute(
            select(AffiliateProgram, User.username)
            .join(Seller, Seller.id == AffiliateProgram.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(AffiliateProgram.id == program_id)
        )
    ).first()
    if row is None:
        raise _not_found()
    return row[0], row[1] or ""


async def node_requested(
    s: AsyncSession,
    program: AffiliateProgram,
    user: User,
    *,
    from_landing_page: bool,
    referrer_user_id: int | None,
) -> AffiliateNode:
    """The user asks to join the program as a publisher (and becomes one). Asking again while asked or active
    changes nothing; after a refusal or a cancellation it is a new request."""
    await profile_added(s, user, ProfileType.publisher)
    referrer = None
    if referrer_user_id is not None and referrer_user_id != user.id:
        referrer = (
            await s.execute(
                select(AffiliateNode.id).where(
                    AffiliateNode.program_id == program.id,
                    AffiliateNode.publisher_user_id == referrer_user_id,
                    AffiliateNode.state == NodeState.accepted,
                )
            )
        ).scalar_one_or_none()
    now = datetime.now(UTC)
    await s.execute(
        insert(AffiliateNode)
        .values(
            program_id=program.id,
            seller_id=program.seller_id,
            publisher_user_id=user.id,
            state=NodeState.requested,
            referrer_node_id=referrer,
            from_landing_page=from_landing_page,
            created_at=now,
            updated_at=now,
        )
        .on_conflict_do_nothing(index_elements=["program_id", "publisher_user_id"])
    )
    node = (
        await s.execute(
            select(AffiliateNode).where(
                AffiliateNode.program_id == program.id, AffiliateNode.publisher_user_id == user.id
            )
        )
    ).scalar_one()
    if node.state in (NodeState.rejected, NodeState.canceled):
        node.state, node.updated_at = NodeState.requested, now
        await s.flush()
    if node.state == NodeState.requested:  # once per request (asking again while asked changes nothing)
        await event_recorded(
            s,
            program.seller_id,
            EventType.affiliate_requested,
            f"{node.id}-{node.updated_at.isoformat()}",
            {"node": node.id, "program_id": program.id, "program": program.name, "email": user.email},
        )
    return node


@dataclass(frozen=True)
class NodeRow:
    node: AffiliateNode
    program: str
    email: str
    name: str


async def nodes_of(
    s: AsyncSession, seller_id: int, state: NodeState | None = None, *, node_id: int | None = None
) -> list[NodeRow]:
    """The publishers of the seller's programs (editor §3's columns), newest first; or the one named."""
    q = (
        select(AffiliateNode, AffiliateProgram.name, User.email, User.first_name, User.last_name)
        .join(AffiliateProgram, AffiliateProgram.id == AffiliateNode.program_id)
        .join(User, User.id == AffiliateNode.publisher_user_id)
        .where(AffiliateNode.seller_id == seller_id)
        .order_by(AffiliateNode.id.desc())
    )
    if state is not None:
        q = q.where(AffiliateNode.state == state)
    if node_id is not None:
        q = q.where(AffiliateNode.id == node_id)
    return [
        NodeRow(n, program, email, " ".join(x for x in (first, last) if x))
        for n, program, email, first, last in (await s.execute(q)).all()
    ]


async def node_decided(s: AsyncSession, seller_id: int, node_id: int, wanted: NodeState) -> AffiliateNode:
    """The seller accepts, rejects or cancels a publisher; 409 `node_state` when the node cannot move so (a
    second tab's decision came first)."""
    node = (
        await s.execute(
            select(AffiliateNode)
            .where(AffiliateNode.id == node_id, AffiliateNode.seller_id == seller_id)
            .with_for_update()
        )
    ).scalar_one_or_none()
    if node is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Publisher not found.")
    if node_move_error(node.state, wanted):
        raise DomainError(
            ErrorCode.CONFLICT, MESSAGES_REFUSED[Refusal.node_state], reason=Refusal.node_state.value
        )
    node.state, node.updated_at = wanted, datetime.now(UTC)
    await s.flush()
    await event_recorded(
        s,
        seller_id,
        EventType.affiliate_decided,
        f"{node.id}-{node.updated_at.isoformat()}",
        {"node": node.id, "program_id": node.program_id, "state": wanted.value},
    )
    return node


CLICK_AGAIN_AFTER = timedelta(days=1)  # a visitor's clicks on one publisher's link count once a day


def active_in(seller_id: int, publisher_user_id: int, program_id: int | None = None) -> tuple[Any, ...]:
    """The publisher's accepted place at the seller: in the program a link named, or (none) in any of its
    programs."""
    return (
        AffiliateNode.seller_id == seller_id,
        AffiliateNode.publisher_user_id == publisher_user_id,
        AffiliateNode.state == NodeState.accepted,
        *((AffiliateNode.program_id == program_id,) if program_id is not None else ()),
    )


async def click_recorded(
    s: AsyncSession,
    seller_id: int,
    publisher_user_id: int,
    landing: str,
    previous: int | None = None,
    program_id: int | None = None,
) -> int | None:
    """A click on a publisher's link into the seller's shop, if the publisher is active in the program the link
    names (`program_id`; a link without one: in any of the shop's programs); its id, for the visitor's cookie. The
    visitor's own click on the same link within a day (`previous`, from their cookie) is that click again: a
    reload counts nothing."""
    active = (
        await s.execute(
            select(AffiliateNode.id).where(*active_in(seller_id, publisher_user_id, program_id)).limit(1)
        )
    ).scalar_one_or_none()
    if active is None:
        return None
    if previous is not None:
        before = await s.get(AffiliateClick, previous)
        if (
            before is not None
            and before.seller_id == seller_id
            and before.publisher_user_id == publisher_user_id
            and before.program_id == program_id
            and datetime.now(UTC) - before.at < CLICK_AGAIN_AFTER
        ):
            return before.id
    click = AffiliateClick(
        publisher_user_id=publisher_user_id,
        seller_id=seller_id,
        at=datetime.now(UTC),
        landing=landing[:300],
        program_id=program_id,
    )
    s.add(click)
    await s.flush()
    return click.id


async def click_redirection(
    s: AsyncSession,
    seller_id: int,
    publisher_user_id: int,
    chosen: str | None = None,
    program_id: int | None = None,
) -> tuple[str, bool] | None:
    """The landing a program sends its publisher's shop link to (the oldest of the publisher's active programs at
    this seller that has one), and whether the click's parameters go along; `chosen`, the page the publisher named,
    where one of those programs lets publishers choose."""
    rows = (
        await s.execute(
            select(AffiliateProgram.form)
            .join(AffiliateNode, AffiliateNode.program_id == AffiliateProgram.id)
            .where(*active_in(seller_id, publisher_user_id, program_id))
            .order_by(AffiliateProgram.id)
        )
    ).scalars()
    forms = list(rows)
    if chosen:
        for form in forms:
            if form.get("affiliate_redirections_allowed"):
                return chosen, bool(form.get("forward_url_params"))
    for form in forms:
        if form.get("redirection_url"):
            return str(form["redirection_url"]), bool(form.get("forward_url_params"))
    return None


async def clicks_of(s: AsyncSession, seller_id: int) -> dict[tuple[int, int], int]:
    """Clicks into the seller's shop per (publisher, program), each counted once: the program its link named, or
    (a link of before links named one) the publisher's oldest program here."""
    oldest = dict(
        (
            await s.execute(
                select(AffiliateNode.publisher_user_id, func.min(AffiliateNode.program_id))
                .where(AffiliateNode.seller_id == seller_id)
                .group_by(AffiliateNode.publisher_user_id)
            )
        )
        .tuples()
        .all()
    )
    q = (
        select(AffiliateClick.publisher_user_id, AffiliateClick.program_id, func.count())
        .where(AffiliateClick.seller_id == seller_id)
        .group_by(AffiliateClick.publisher_user_id, AffiliateClick.program_id)
    )
    return clicks_per_program((await s.execute(q)).tuples().all(), oldest)


@dataclass(frozen=True)
class NodeParties:
    """Who a publisher's request or the seller's decision is mailed to, and the names the mail uses."""

    node: AffiliateNode
    program: str
    publisher: User
    seller_user: User


async def node_parties(s: AsyncSession, node_id: int) -> NodeParties | None:
    row = (
        await s.execute(
            select(AffiliateNode, AffiliateProgram.name, User)
            .join(AffiliateProgram, AffiliateProgram.id == AffiliateNode.program_id)
            .join(User, User.id == AffiliateNode.publisher_user_id)
            .where(AffiliateNode.id == node_id)
        )
    ).first()
    if row is None:
        return None
    seller_user = (
        await s.execute(
            select(User).join(Seller, Seller.user_id == User.id).where(Seller.id == row[0].seller_id)
        )
    ).scalar_one()
    return NodeParties(row[0], row[1], row[2], seller_user)
