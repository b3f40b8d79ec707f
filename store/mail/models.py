"""The outbox: every mail Sellflow sends, stored under a business key and sent at most once."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from domain.limits import EMAIL_MAX, MAIL_SUBJECT_MAX
from store.base import Base


class Mail(Base):
    """Every mail Sellflow sends, keyed by a business idempotency key (sent at most once per key)."""

    __tablename__ = "mails"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    to_email: Mapped[str] = mapped_column(String(EMAIL_MAX))
    subject: Mapped[str] = mapped_column(String(MAIL_SUBJECT_MAX))
    body: Mapped[str] = mapped_column(Text)
    unsubscribe_url: Mapped[str | None] = mapped_column(String(500))  # RFC 8058: stops this kind of mail
    # its browser view's token (`/email_logs/{token}`); none for a mail whose link signs in
    view_token: Mapped[str | None] = mapped_column(String(32), unique=True, index=True)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
