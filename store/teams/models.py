"""A seller's team: the people invited to work in their cabinet or to sell for them (issue 23)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from domain.limits import EMAIL_MAX
from domain.teams import TeamRole, TeamState
from store.base import Base, StrEnumText, Timestamps


class TeamMember(Timestamps, Base):
    """One invitation of an address into a seller's team in one role, and the membership it became: `user_id` is
    the user who accepted it (none until then)."""

    __tablename__ = "team_members"
    __table_args__ = (
        UniqueConstraint("seller_id", "email", "role", name="uq_team_members_seller_email_role"),
        CheckConstraint("fee_bp >= 0 AND fee_bp <= 10000", name="ck_team_members_fee_bp"),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    email: Mapped[str] = mapped_column(String(EMAIL_MAX), index=True)  # stored lowercased
    role: Mapped[TeamRole] = mapped_column(StrEnumText(TeamRole, 20))
    state: Mapped[TeamState] = mapped_column(StrEnumText(TeamState, 20))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    fee_bp: Mapped[int] = mapped_column(Integer, default=0)  # a sales team member's fee on what they sell
    invited_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
