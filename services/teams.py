"""A seller's team (issue 23; core §2, §6): invitations in a role (a sales team member with their fee), mailed
once in the seller's language."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from core.settings import get_settings
from domain.errors import invalid
from domain.keys import team_invite_mail_key
from domain.mail import MailTemplate, OutgoingMail
from domain.teams import TeamRole
from store.accounts.models import Seller, User
from store.accounts.queries import display_name, seller_with_user
from store.teams.actions import member_invited
from store.teams.models import TeamMember


@dataclass(frozen=True)
class Invited:
    member: TeamMember
    shop: str  # the seller's username: the sales link's path
    mail: OutgoingMail | None  # none when the address was invited or active already


async def shop_of(s: AsyncSession, seller_id: int) -> str:
    found = await seller_with_user(s, seller_id)
    return (found[1].username or "") if found else ""


def invite_mail(member: TeamMember, owner: User) -> OutgoingMail:
    """The invitation, in the seller's language (the address may have no account yet)."""
    return OutgoingMail(
        key=team_invite_mail_key(member.id, member.invited_at),
        to=member.email,
        template=MailTemplate.team_invited,
        locale=owner.locale,
        context={
            "shop": display_name(owner) or owner.username or "",
            "role": member.role.value,
            "fee": f"{member.fee_bp / 100:g} %",
            "invites_url": f"{get_settings().public_url}/team_member/invites",
        },
    )


async def member_asked(s: AsyncSession, seller: Seller, email: str, role: TeamRole, fee_bp: int) -> Invited:
    """The address invited into the team in the role; inviting an invited or active address again changes
    nothing and mails nothing. Only a sales team member earns a fee (400)."""
    if role == TeamRole.team_member and fee_bp:
        raise invalid(fee_bp="only a sales team member earns a fee")
    member, mailed = await member_invited(s, seller, email=email, role=role, fee_bp=fee_bp)
    found = await seller_with_user(s, seller.id)
    mail = invite_mail(member, found[1]) if mailed and found is not None else None
    return Invited(member, (found[1].username or "") if found else "", mail)
