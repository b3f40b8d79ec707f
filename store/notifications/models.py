"""A seller's notifications, written in the transaction of their fact once per business key, and the seller's
choice per type (shown in the cabinet, sent by mail); a type without a row keeps its default."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Index, String, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from store.base import Base


class Notification(Base):
    __tablename__ = "notifications"
    __table_args__ = (
        Index("ix_notifications_seller", "seller_id", "id", postgresql_where=text("shown")),
        Index("ix_notifications_unread", "seller_id", postgresql_where=text("shown AND read_at IS NULL")),
        Index("ix_notifications_mail_waiting", "id", postgresql_where=text("mail_state = 'waiting'")),
        Index("ix_notifications_mail_bulk", "id", postgresql_where=text("mail_state = 'bulk'")),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    type: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(200), unique=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSONB)
    shown: Mapped[bool] = mapped_column(Boolean)  # in the cabinet's list (the seller's choice when it came)
    mail_state: Mapped[str] = mapped_column(
        String(10)
    )  # none | waiting | bulk (a message to every seller: after the rest) | sent
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class NotificationChoice(Base):
    __tablename__ = "notification_settings"
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), primary_key=True)
    type: Mapped[str] = mapped_column(String(40), primary_key=True)
    in_app: Mapped[bool] = mapped_column(Boolean)
    mail: Mapped[bool] = mapped_column(Boolean)
