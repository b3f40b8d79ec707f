"""`/v1/cabinet/team_members` (issue 23; core §2, §6): the seller's team. A seller invites an address as a team
member (who then works in their cabinet) or a sales team member (who sells through their link for a fee), changes
a sales team member's fee for what they sell from then on, and removes anyone. Only the account's owner manages the
team (`api/permissions.py` OWNER_ONLY); every row is the seller's own (404 otherwise)."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Response

from api.deps import DB, CurrentSeller, Temporal
from api.presenters.teams import member_out
from api.schemas.fields import Id
from api.schemas.teams import FeeIn, InviteIn, TeamList, TeamMemberOut
from handles.checkout import send_mail
from services import teams
from store.teams.actions import MemberRow, fee_changed, member_of_seller, member_removed, team_of

router = APIRouter()


@router.get("/team_members", response_model=TeamList)
async def team_members(seller: CurrentSeller, s: DB) -> TeamList:
    """The seller's invitations and members, newest first."""
    shop = await teams.shop_of(s, seller.id)
    rows = await team_of(s, seller.id)
    return TeamList(list=[member_out(r, shop) for r in rows], total_count=len(rows))


@router.post("/team_members", response_model=TeamMemberOut, status_code=201)
async def invite_team_member(
    body: InviteIn, seller: CurrentSeller, s: DB, client: Temporal, tasks: BackgroundTasks
) -> TeamMemberOut:
    """Invites the address into the team in the role (a sales team member with their fee) and mails it the
    invitation; inviting an invited or active address again changes nothing and mails nothing."""
    invited = await teams.member_asked(s, seller, body.email, body.role, body.fee_bp)
    if invited.mail is not None:
        tasks.add_task(send_mail, client, invited.mail)
    return member_out(MemberRow(invited.member, ""), invited.shop)


@router.patch("/team_members/{member_id}", response_model=TeamMemberOut)
async def change_team_member(member_id: Id, body: FeeIn, seller: CurrentSeller, s: DB) -> TeamMemberOut:
    """A sales team member's fee, for the orders they sell from now on (409 for a team member, or one removed)."""
    member = await member_of_seller(s, seller.id, member_id)
    fee_changed(member, body.fee_bp)
    return member_out(MemberRow(member, ""), await teams.shop_of(s, seller.id))


@router.delete("/team_members/{member_id}", status_code=204, response_class=Response)
async def remove_team_member(member_id: Id, seller: CurrentSeller, s: DB) -> Response:
    """Ends an invitation or a membership (409 once it is over): they no longer work or sell for the seller."""
    member_removed(await member_of_seller(s, seller.id, member_id))
    return Response(status_code=204)
