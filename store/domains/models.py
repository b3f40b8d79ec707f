"""A seller's domains (core §3, §4), their history (append-only, one row per workflow history entry) and their
certificates (one row per issuance; the newest is the one served)."""

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.domains import (
    HOSTNAME_MAX,
    MESSAGE_MAX,
    TOKEN_LEN,
    DnsRecordState,
    DomainAction,
    DomainKind,
    DomainState,
)
from store.base import Base, StrEnumText, Timestamps


class Domain(Timestamps, Base):
    """One hostname of one seller. A hostname belongs to at most one seller among the domains not deleted
    (partial unique index); a deleted domain keeps its row and history."""

    __tablename__ = "domains"
    __table_args__ = (
        Index(
            "uq_domains_hostname_live",
            "hostname",
            unique=True,
            postgresql_where=text("deleted_at IS NULL"),
        ),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    hostname: Mapped[str] = mapped_column(String(HOSTNAME_MAX))  # ASCII (punycode) form
    kind: Mapped[DomainKind] = mapped_column(StrEnumText(DomainKind, 20))
    token: Mapped[str] = mapped_column(String(TOKEN_LEN * 2))  # the secret the TXT value is derived from
    ttl: Mapped[int] = mapped_column(Integer)
    state: Mapped[DomainState] = mapped_column(StrEnumText(DomainState, 20))
    record_state: Mapped[DnsRecordState] = mapped_column(StrEnumText(DnsRecordState, 20))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    message: Mapped[str | None] = mapped_column(String(MESSAGE_MAX))  # rows written before notes
    note: Mapped[dict[str, Any] | None] = mapped_column(JSONB)  # a DomainNote: code and facts
    seq: Mapped[int] = mapped_column(Integer, default=0)  # the last history entry applied
    certificate_not_after: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # what the last look at the routing records saw: {"CNAME": [...], "A": [...], "AAAA": [...]}, and when
    routing_seen: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    routing_checked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class DomainEvent(Base):
    __tablename__ = "domain_events"
    __table_args__ = (UniqueConstraint("domain_id", "seq"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    domain_id: Mapped[int] = mapped_column(ForeignKey("domains.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    action: Mapped[DomainAction] = mapped_column(StrEnumText(DomainAction, 40))
    state: Mapped[DomainState] = mapped_column(StrEnumText(DomainState, 20))
    message: Mapped[str | None] = mapped_column(String(MESSAGE_MAX))  # rows written before notes
    note: Mapped[dict[str, Any] | None] = mapped_column(JSONB)


class DomainCertificate(Base):
    """The n-th certificate of a domain, unique on (domain, n): a retried issuance finds the row it wrote."""

    __tablename__ = "domain_certificates"
    __table_args__ = (UniqueConstraint("domain_id", "n"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    domain_id: Mapped[int] = mapped_column(ForeignKey("domains.id", ondelete="CASCADE"))
    n: Mapped[int] = mapped_column(Integer)
    fullchain_pem: Mapped[str] = mapped_column(Text)
    # the private key's PEM sealed with store/secrets.py (a Fernet token; read it with `newest_certificate`)
    key_pem: Mapped[str] = mapped_column(Text)
    not_before: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    not_after: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    issued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
