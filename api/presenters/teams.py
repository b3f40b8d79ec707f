"""A seller's team members as the cabinet shows them."""

from __future__ import annotations

from api.schemas.teams import TeamMemberOut
from domain.teams import SALES_LINK_PARAM, TeamRole, TeamState
from store.teams.actions import MemberRow


def member_out(row: MemberRow, shop: str) -> TeamMemberOut:
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
