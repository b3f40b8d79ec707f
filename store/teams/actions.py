"""A seller's team (issue 23; domain/teams.py): invitations, their answers, removals, and who a team member may
act for."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.accounts import ProfileType, normalised_email
from domain.errors import DomainError, ErrorCode, Refusal, refused
from domain.teams import ANSWERABLE, REINVITABLE, REMOVABLE, TEAM_MAX, TeamRole, TeamState
from store.accounts.actions import profile_added
from store.accounts.models import Seller, User
from store.accounts.queries import display_name
from store.teams.models import TeamMember


@dataclass(frozen=True)
class MemberRow:
    member: TeamMember
    name: str  # the member's name as far as their account gives it; "" before they accepted


async def team_of(s: AsyncSession, seller_id: int) -> list[MemberRow]:
    """The seller's invitations and members, newest first."""
    rows = (
        await s.execute(
            select(TeamMember, User)
            .outerjoin(User, User.id == TeamMember.user_id)
            .where(TeamMember.seller_id == seller_id)
            .order_by(TeamMember.id.desc())
        )
    ).all()
    return [MemberRow(m, display_name(u)) for m, u in rows]


async def member_of_seller(s: AsyncSession, seller_id: int, member_id: int) -> TeamMember:
    """One of the seller's team (another seller's, or none: 404), locked for the change that follows."""
    m = (
        await s.execute(
            select(TeamMember)
            .where(TeamMember.id == member_id, TeamMember.seller_id == seller_id)
            .with_for_update()
        )
    ).scalar_one_or_none()
    if m is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such team member.")
    return m


async def member_invited(
    s: AsyncSession, seller: Seller, *, email: str, role: TeamRole, fee_bp: int
) -> tuple[TeamMember, bool]:
    """The address invited into the seller's team in `role` (a sales team member with their fee): (the row, whether
    an invitation is to be mailed). Inviting an address invited or active in that role again changes nothing; one
    that declined or was removed is invited anew."""
    address = normalised_email(email)
    owner = (await s.execute(select(User.email).where(User.id == seller.user_id))).scalar_one()
    if owner.lower() == address:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"email": "the shop's own address"})
    now = datetime.now(UTC)
    existing = (
        await s.execute(
            select(TeamMember)
            .where(TeamMember.seller_id == seller.id, TeamMember.email == address, TeamMember.role == role)
            .with_for_update()
        )
    ).scalar_one_or_none()
    if existing is not None:
        if existing.state not in REINVITABLE:
            return existing, False
        existing.state, existing.user_id, existing.answered_at = TeamState.invited, None, None
        existing.fee_bp, existing.invited_at = fee_bp, now
        return existing, True
    count = (await s.execute(select(func.count()).where(TeamMember.seller_id == seller.id))).scalar_one()
    if count >= TEAM_MAX:
        raise DomainError(
            ErrorCode.CONFLICT, "This keeps no more; delete one first.", reason=Refusal.too_many.value
        )
    member = TeamMember(
        seller_id=seller.id,
        email=address,
        role=role,
        state=TeamState.invited,
        fee_bp=fee_bp,
        invited_at=now,
        created_at=now,
        updated_at=now,
    )
    s.add(member)
    await s.flush()
    return member, True


def fee_changed(member: TeamMember, fee_bp: int) -> None:
    """A sales team member's fee for the orders they sell from now on (those sold keep theirs)."""
    if member.role != TeamRole.sales_team_member or member.state not in REMOVABLE:
        raise refused(Refusal.team_state)
    member.fee_bp = fee_bp


def member_removed(member: TeamMember) -> None:
    """The seller ends an invitation or a membership: the member no longer acts or sells for them (what they earned
    stays theirs)."""
    if member.state not in REMOVABLE:
        raise refused(Refusal.team_state)
    member.state = TeamState.removed
    member.answered_at = member.answered_at or datetime.now(UTC)


@dataclass(frozen=True)
class InviteRow:
    member: TeamMember
    shop: str  # the seller's username
    seller_name: str


async def invites_for(s: AsyncSession, user: User) -> list[InviteRow]:
    """The invitations and memberships of the user's address and account: open invitations first."""
    rows = (
        await s.execute(
            select(TeamMember, User)
            .join(Seller, Seller.id == TeamMember.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(
                (TeamMember.user_id == user.id)
                | ((TeamMember.email == user.email.lower()) & (TeamMember.state == TeamState.invited))
            )
            .order_by(TeamMember.id.desc())
        )
    ).all()
    out = [InviteRow(m, u.username or "", display_name(u) or u.username or "") for m, u in rows]
    return sorted(out, key=lambda r: r.member.state != TeamState.invited)


async def invite_answered(s: AsyncSession, user: User, member_id: int, *, accept: bool) -> TeamMember:
    """The invited user accepts (and holds the role's profile from now on) or declines an invitation addressed to
    them; any other answer of it is 409, another address's invitation 404."""
    m = (
        await s.execute(
            select(TeamMember)
            .where(TeamMember.id == member_id, TeamMember.email == user.email.lower())
            .with_for_update()
        )
    ).scalar_one_or_none()
    if m is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such invitation.")
    if m.state not in ANSWERABLE:
        raise refused(Refusal.team_state)
    if accept and user.confirmed_at is None:  # anyone may sign up with an address; only its owner confirms it
        raise refused(Refusal.email_unconfirmed)
    m.state = TeamState.active if accept else TeamState.declined
    m.answered_at = datetime.now(UTC)
    m.user_id = user.id  # who answered it (a new invitation starts without)
    if accept:
        await profile_added(s, user, ProfileType(m.role.value))
    return m


async def left(s: AsyncSession, user: User, member_id: int) -> TeamMember:
    """A member leaves a seller's team."""
    m = (
        await s.execute(
            select(TeamMember)
            .where(TeamMember.id == member_id, TeamMember.user_id == user.id)
            .with_for_update()
        )
    ).scalar_one_or_none()
    if m is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No such membership.")
    member_removed(m)
    return m


async def acting_seller(s: AsyncSession, user_id: int, seller_id: int) -> Seller | None:
    """The seller a team member works for, if they are an active team member of theirs (none: not theirs)."""
    return (
        await s.execute(
            select(Seller)
            .join(TeamMember, TeamMember.seller_id == Seller.id)
            .where(
                Seller.id == seller_id,
                TeamMember.user_id == user_id,
                TeamMember.role == TeamRole.team_member,
                TeamMember.state == TeamState.active,
            )
        )
    ).scalar_one_or_none()


async def active_sales_member(s: AsyncSession, seller_id: int, user_id: int) -> TeamMember | None:
    return (
        await s.execute(
            select(TeamMember).where(
                TeamMember.seller_id == seller_id,
                TeamMember.user_id == user_id,
                TeamMember.role == TeamRole.sales_team_member,
                TeamMember.state == TeamState.active,
            )
        )
    ).scalar_one_or_none()
