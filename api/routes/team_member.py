"""`/v1/team_member/…`: the team member area (core §2; issue 23). Anyone signed in sees the invitations sent to
their address and accepts or declines them (accepting gives them the role's profile). A team member then works for
each seller they belong to in that seller's cabinet (the web app's `/team_member/sellers/{id}/…`, every call naming
the seller in `Sellflow-Seller-Id`); a sales team member sells through their link and is paid their fees by their
own Payout workflow (`payout-sales_team_member-{user id}`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Query
from pydantic import BaseModel

from api.deps import DB, CurrentUser, IdempotencyKey, Temporal
from api.presenters.payouts import payout_overview, settings_in, settings_out
from api.schemas.fields import Id
from api.schemas.ledger import PaymentAccount, PayoutOverview, PayoutSettingsIn, PayoutSettingsOut
from api.schemas.payees import EarnedOrder, EarningList, EarningOut
from core.settings import get_settings
from domain.ledger.ledger import PayeeType
from domain.teams import SALES_LINK_PARAM, TeamRole, TeamState
from services import payees
from services.payees import Payee
from store.ledger.payouts import CURRENCY, balance_split, settings_of
from store.teams.actions import InviteRow, invite_answered, invites_for, left
from store.teams.queries import sales_totals, sold_orders

router = APIRouter(prefix="/v1/team_member", tags=["team_member"])

Page = Annotated[int, Query(ge=1, le=10_000)]
Per = Annotated[int, Query(ge=1, le=100)]
ME = PayeeType.sales_team_member


class InviteOut(BaseModel):
    id: int
    seller_id: int
    shop: str
    seller_name: str
    role: TeamRole
    state: TeamState
    fee_bp: int
    invited_at: datetime
    link: str | None  # a sales team member's link into the shop (a path)


class InviteList(BaseModel):
    list: list[InviteOut]
    total_count: int


def _invite(r: InviteRow, user_id: int) -> InviteOut:
    m = r.member
    sells = m.role == TeamRole.sales_team_member and m.state == TeamState.active
    return InviteOut(
        id=m.id,
        seller_id=m.seller_id,
        shop=r.shop,
        seller_name=r.seller_name,
        role=m.role,
        state=m.state,
        fee_bp=m.fee_bp,
        invited_at=m.invited_at,
        link=f"/s/{r.shop}?{SALES_LINK_PARAM}={user_id}" if sells else None,
    )


@router.get("/invites", response_model=InviteList)
async def team_invites(user: CurrentUser, s: DB) -> InviteList:
    """The invitations sent to the caller's address (open ones first) and the teams they belong to or left."""
    rows = await invites_for(s, user)
    return InviteList(list=[_invite(r, user.id) for r in rows], total_count=len(rows))


async def _answered(user: CurrentUser, s: DB, member_id: int, accept: bool) -> InviteOut:
    await invite_answered(s, user, member_id, accept=accept)
    return next(_invite(r, user.id) for r in await invites_for(s, user) if r.member.id == member_id)


@router.post("/invites/{member_id}/accept", response_model=InviteOut)
async def accept_team_invite(member_id: Id, user: CurrentUser, s: DB) -> InviteOut:
    """Joins the seller's team in the invitation's role (409 once it was answered or withdrawn)."""
    return await _answered(user, s, member_id, True)


@router.post("/invites/{member_id}/decline", response_model=InviteOut)
async def decline_team_invite(member_id: Id, user: CurrentUser, s: DB) -> InviteOut:
    return await _answered(user, s, member_id, False)


@router.post("/memberships/{member_id}/leave", response_model=InviteOut)
async def leave_team(member_id: Id, user: CurrentUser, s: DB) -> InviteOut:
    """Leaves a seller's team (409 once over): no more work or sales for them; what was earned stays."""
    await left(s, user, member_id)
    return next(_invite(r, user.id) for r in await invites_for(s, user) if r.member.id == member_id)


class TeamOverview(BaseModel):
    available: int
    held: int
    currency: str
    orders: int  # sold as a sales team member
    earned: int  # the fees, net of what refunds and chargebacks took back
    teams: list[InviteOut]  # the active memberships


@router.get("/overview", response_model=TeamOverview)
async def team_member_overview(user: CurrentUser, s: DB) -> TeamOverview:
    """The team member's home: the sellers they work or sell for, and a sales team member's balance and sales."""
    settings = await settings_of(s, ME, user.id)
    available, held = await balance_split(s, ME, user.id, settings.hold_days * get_settings().payout_day_s)
    totals = await sales_totals(s, user.id)
    teams = [_invite(r, user.id) for r in await invites_for(s, user) if r.member.state == TeamState.active]
    return TeamOverview(
        available=available,
        held=held,
        currency=CURRENCY,
        orders=totals.orders,
        earned=totals.earned,
        teams=teams,
    )


class SoldOut(EarnedOrder):
    fee_bp: int


class SoldList(BaseModel):
    list: list[SoldOut]
    total_count: int


@router.get("/orders", response_model=SoldList)
async def team_member_orders(user: CurrentUser, s: DB, page: Page = 1, per: Per = 20) -> SoldList:
    """The orders the sales team member sold, with their fee and what each earned them (no buyer's details)."""
    rows, total = await sold_orders(s, user.id, page, per)
    return SoldList(list=[SoldOut(**r.__dict__) for r in rows], total_count=total)


@router.get("/transfers", response_model=EarningList)
async def team_member_transfers(user: CurrentUser, s: DB, page: Page = 1, per: Per = 20) -> EarningList:
    """Every movement of the sales team member's money: fees, what refunds took back, payouts."""
    rows, total = await payees.money_moves(s, Payee(ME, user.id), page, per)
    return EarningList(list=[EarningOut(**r.__dict__) for r in rows], total_count=total)


@router.get("/payouts", response_model=PayoutOverview)
async def team_member_payouts(user: CurrentUser, s: DB, client: Temporal) -> PayoutOverview:
    return payout_overview(await payees.overview(s, client, Payee(ME, user.id)))


@router.put("/payout_settings", response_model=PayoutSettingsOut)
async def save_team_member_payout_settings(
    body: PayoutSettingsIn, user: CurrentUser, s: DB, client: Temporal, tasks: BackgroundTasks
) -> PayoutSettingsOut:
    payee = Payee(ME, user.id)
    saved = await payees.save_settings(s, payee, settings_in(body))
    tasks.add_task(payees.settings_changed, client, payee)  # after the commit: the workflow reads them
    return settings_out(saved)


@router.post("/cashouts", status_code=202, response_model=PayoutOverview)
async def team_member_cashout(
    idempotency_key: IdempotencyKey, user: CurrentUser, s: DB, client: Temporal
) -> PayoutOverview:
    """Pays the available fees out now (no minimum), if the member may receive payouts: 409 `payout_not_eligible`
    with why not."""
    await payees.cash_out(client, Payee(ME, user.id))
    return payout_overview(await payees.overview(s, client, Payee(ME, user.id)))


@router.post("/payment_account", response_model=PaymentAccount)
async def open_team_payment_account(user: CurrentUser, s: DB) -> PaymentAccount:
    """The member's payment account (`/v1/cabinet/seller_profile` and its siblings keep its details, bank account
    and documents), which their payouts go by; opened once."""
    return PaymentAccount(legitimated=await payees.payment_account(s, user))
