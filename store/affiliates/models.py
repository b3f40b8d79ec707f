"""Affiliate programs, their publishers (nodes) and the clicks on publishers' links (issue 23)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.affiliates.affiliates import NAME_MAX, NodeState
from store.base import Base, StrEnumText, Timestamps


class AffiliateProgram(Timestamps, Base):
    """A seller's program: its form (domain.affiliates.ProgramForm) kept whole."""

    __tablename__ = "affiliate_programs"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    form: Mapped[dict] = mapped_column(JSONB)


class AffiliateNode(Timestamps, Base):
    """A publisher's place in a program (core §4): requested, accepted (active), rejected or canceled; the
    publisher who brought them in (`referrer_node_id`) takes the next commission stage."""

    __tablename__ = "affiliate_nodes"
    __table_args__ = (UniqueConstraint("program_id", "publisher_user_id"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    program_id: Mapped[int] = mapped_column(ForeignKey("affiliate_programs.id", ondelete="CASCADE"))
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    publisher_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    state: Mapped[NodeState] = mapped_column(StrEnumText(NodeState, 20))
    referrer_node_id: Mapped[int | None] = mapped_column(
        ForeignKey("affiliate_nodes.id", ondelete="SET NULL")
    )
    from_landing_page: Mapped[bool] = mapped_column(default=False)


class AffiliateClick(Base):
    """A click on a publisher's link into a shop (`epid`: the publisher's user id, core §7 "eloPublisherId"); the
    visitor's cookie names it until the program's cookie runs out."""

    __tablename__ = "affiliate_clicks"
    __table_args__ = (Index("ix_affiliate_clicks_seller_at", "seller_id", "at"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    publisher_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    landing: Mapped[str] = mapped_column(String(300))  # the address clicked
    # the program the link named (`prid`); none: a link of before links named one (any of the publisher's programs)
    program_id: Mapped[int | None] = mapped_column(
        ForeignKey("affiliate_programs.id", ondelete="SET NULL"), index=True
    )


class EmbeddableItem(Timestamps, Base):
    """A publisher's embeddable item (domain.embeds.ItemForm kept whole) for a program they are in; `token` names
    it in the snippet pasted into other pages (public, unguessable, never the id)."""

    __tablename__ = "embeddable_items"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    publisher_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    program_id: Mapped[int] = mapped_column(
        ForeignKey("affiliate_programs.id", ondelete="CASCADE"), index=True
    )
    token: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    form: Mapped[dict] = mapped_column(JSONB)
