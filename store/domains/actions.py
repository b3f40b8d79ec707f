"""Writes: a seller adds or deletes a domain; the Domain SSL workflow's projection (`domain_recorded`, by its
record step only) and its certificates (`certificate_stored`, once per (domain, n); the private key sealed with
store/secrets.py, never stored in the clear)."""

from __future__ import annotations

import dataclasses
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.domains import (
    MAX_DOMAINS_PER_SELLER,
    TOKEN_LEN,
    DnsRecordState,
    DomainKind,
    DomainNote,
    DomainRecord,
    DomainState,
)
from domain.errors import DomainError, ErrorCode
from store.domains.models import Domain, DomainCertificate, DomainEvent
from store.domains.queries import live_domain_count
from store.secrets import sealed


async def domain_added(s: AsyncSession, seller_id: int, hostname: str, kind: DomainKind, ttl: int) -> Domain:
    """A new domain, waiting for its record. 409 when the hostname is taken (by anyone: the partial unique
    index decides between two sellers adding it at once) or the seller has too many domains."""
    if await live_domain_count(s, seller_id) >= MAX_DOMAINS_PER_SELLER:
        raise DomainError(
            ErrorCode.CONFLICT,
            f"A seller can have at most {MAX_DOMAINS_PER_SELLER} domains; delete one first.",
        )
    now = datetime.now(UTC)
    row = Domain(
        seller_id=seller_id,
        hostname=hostname,
        kind=kind,
        token=secrets.token_hex(TOKEN_LEN // 2),
        ttl=ttl,
        state=DomainState.waiting,
        record_state=DnsRecordState.waiting,
        attempts=0,
        seq=0,
        created_at=now,
        updated_at=now,
    )
    try:
        async with s.begin_nested():
            s.add(row)
            await s.flush()
    except IntegrityError as e:
        raise DomainError(
            ErrorCode.CONFLICT, "This domain is already added.", fields={"hostname": "already taken"}
        ) from e
    return row


async def domain_deleted(s: AsyncSession, domain_id: int) -> bool:
    """Marks the domain deleted and its record deleted (idempotent); its history and certificates stay."""
    row = await s.scalar(select(Domain).where(Domain.id == domain_id).with_for_update())
    if row is None or row.deleted_at is not None:
        return False
    row.deleted_at = datetime.now(UTC)
    row.record_state = DnsRecordState.deleted
    return True


async def routing_seen(s: AsyncSession, domain_id: int, seen: dict[str, list[str]]) -> bool:
    """Records what a look at the domain's routing records saw (a later look overwrites it); False once the
    domain is deleted."""
    row = await s.scalar(select(Domain).where(Domain.id == domain_id).with_for_update())
    if row is None or row.deleted_at is not None:
        return False
    row.routing_seen = {k: list(v)[:5] for k, v in seen.items()}
    row.routing_checked_at = datetime.now(UTC)
    return True


def note_json(note: DomainNote | None) -> dict[str, Any] | None:
    return dataclasses.asdict(note) if note is not None else None


async def domain_recorded(s: AsyncSession, rec: DomainRecord) -> bool:
    """Applies one history entry: the event row (unique on domain and seq, so a retry writes it once) and, if
    it is newer than what the row shows, the domain's state."""
    e = rec.entry
    result = await s.execute(
        insert(DomainEvent)
        .values(
            domain_id=rec.domain_id,
            seq=rec.seq,
            at=e.at,
            action=e.action.value,
            state=e.state.value,
            message=e.message,
            note=note_json(e.note),
        )
        .on_conflict_do_nothing()
    )
    row = await s.scalar(select(Domain).where(Domain.id == rec.domain_id).with_for_update())
    if row is None or rec.seq <= row.seq:
        return bool(getattr(result, "rowcount", 0))
    row.seq = rec.seq
    row.state = rec.state
    row.record_state = DnsRecordState.deleted if row.deleted_at is not None else rec.record_state
    row.attempts = rec.attempts
    row.message = rec.message
    row.note = note_json(rec.note)
    row.certificate_not_after = rec.certificate.not_after if rec.certificate else None
    row.updated_at = datetime.now(UTC)
    return True


async def certificate_stored(
    s: AsyncSession,
    domain_id: int,
    n: int,
    fullchain_pem: str,
    key_pem: str,
    not_before: datetime,
    not_after: datetime,
) -> DomainCertificate:
    await s.execute(
        insert(DomainCertificate)
        .values(
            domain_id=domain_id,
            n=n,
            fullchain_pem=fullchain_pem,
            key_pem=sealed(key_pem),
            not_before=not_before,
            not_after=not_after,
            issued_at=datetime.now(UTC),
        )
        .on_conflict_do_nothing()
    )
    row = await s.scalar(
        select(DomainCertificate).where(DomainCertificate.domain_id == domain_id, DomainCertificate.n == n)
    )
    if row is None:  # pragma: no cover - inserted above or by a concurrent retry
        raise RuntimeError("certificate row missing")
    return row


async def domains_of_closed_account_deleted(s: AsyncSession, seller_id: int) -> list[int]:
    """A deleted account's live domains (its platform subdomain and custom domains) marked deleted, so none serves
    the shop again; the ids of those marked now (their workflows remove the platform's records)."""
    rows = (
        await s.scalars(
            select(Domain.id)
            .where(Domain.seller_id == seller_id, Domain.deleted_at.is_(None))
            .order_by(Domain.id)
        )
    ).all()
    return [i for i in rows if await domain_deleted(s, i)]
