"""`/v1/cabinet/team_members` (issue 23; core §2, §6): the seller's team. A seller invites an address as a team
member (who then works in their cabinet) or a sales team member (who sells through their link for a fee), changes
a sales team member's fee for what they sell from then on, and removes anyone. Only the account's owner manages the
team (`api/permissions.py` OWNER_ONLY); every row is the seller's own (404 otherwise)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Response
from pydantic import BaseModel, ConfigDict, Field
from pydantic import Strict as PStrict

from api.deps import DB, CurrentSeller, Temporal
from api.schemas.fields import Email, Id
from core.settings import get_settings
from domain.errors import invalid
from domain.keys import team_invite_mail_key
from domain.mail import MailTemplate, OutgoingMail
from domain.teams import FULL, SALES_LINK_PARAM, TeamRole, TeamState
from handles.checkout import send_mail
from store.accounts.models import User
from store.accounts.queries import display_name, seller_with_user
from store.teams.actions import (
    MemberRow,
    fee_changed,
    member_invited,
    member_of_seller,
    member_removed,
    team_of,
)
from store.teams.models import TeamMember

router = APIRouter()

FeeBp = Annotated[int, PStrict(), Field(ge=0, le=FULL, description="basis points: 1000 is 10 %")]


class TeamMemberOut(BaseModel):
    id: int
    email: str
    name: str  # as their account names them, once they accepted
    role: TeamRole
    state: TeamState
    fee_bp: int
    invited_at: datetime
    answered_at: datetime | None
    link: str | None  # a sales team member's link into the shop (a path)


class TeamList(BaseModel):
    list: list[TeamMemberOut]
    total_count: int


class InviteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: Email
    role: TeamRole
    fee_bp: FeeBp = 0


class FeeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    fee_bp: FeeBp


def _out(row: MemberRow, shop: str) -> TeamMemberOut:
    m = row.member
    sells = m.role == TeamRole.sales_team_member and m.state == TeamState.active and m.user_id is not None
    return TeamMemberOut(
        id=m.id,
        email=m.email,
        name=row.name,
        role=m.role,
        state=m.state,
        fee_bp=m.fee_bp,
        invited_at=m.invited_at,
        answered_at=m.answered_at,
        link=f"/s/{shop}?{SALES_LINK_PARAM}={m.user_id}" if sells else None,
    )


async def _shop(s: DB, seller_id: int) -> str:
    found = await seller_with_user(s, seller_id)
    return (found[1].username or "") if found else ""


@router.get("/team_members", response_model=TeamList)
async def team_members(seller: CurrentSeller, s: DB) -> TeamList:
    """The seller's invitations and members, newest first."""
    shop = await _shop(s, seller.id)
    rows = await team_of(s, seller.id)
    return TeamList(list=[_out(r, shop) for r in rows], total_count=len(rows))


@router.post("/team_members", response_model=TeamMemberOut, status_code=201)
async def invite_team_member(
    body: InviteIn, seller: CurrentSeller, s: DB, client: Temporal, tasks: BackgroundTasks
) -> TeamMemberOut:
    """Invites the address into the team in the role (a sales team member with their fee) and mails it the
    invitation; inviting an invited or active address again changes nothing and mails nothing."""
    if body.role == TeamRole.team_member and body.fee_bp:
        raise invalid(fee_bp="only a sales team member earns a fee")
    member, mail = await member_invited(s, seller, email=body.email, role=body.role, fee_bp=body.fee_bp)
    found = await seller_with_user(s, seller.id)
    if mail and found is not None:
        tasks.add_task(send_mail, client, invite_mail(member, found[1]))
    return _out(MemberRow(member, ""), (found[1].username or "") if found else "")


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


@router.patch("/team_members/{member_id}", response_model=TeamMemberOut)
async def change_team_member(member_id: Id, body: FeeIn, seller: CurrentSeller, s: DB) -> TeamMemberOut:
    """A sales team member's fee, for the orders they sell from now on (409 for a team member, or one removed)."""
    member = await member_of_seller(s, seller.id, member_id)
    fee_changed(member, body.fee_bp)
    return _out(MemberRow(member, ""), await _shop(s, seller.id))


@router.delete("/team_members/{member_id}", status_code=204, response_class=Response)
async def remove_team_member(member_id: Id, seller: CurrentSeller, s: DB) -> Response:
    """Ends an invitation or a membership (409 once it is over): they no longer work or sell for the seller."""
    member_removed(await member_of_seller(s, seller.id, member_id))
    return Response(status_code=204)
