"""Reads: a seller's domains, one domain with its history and certificates, and the seller a Host header names."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.account_deletion import AccountType
from domain.domains import VERIFIED_STATES
from domain.errors import DomainError, ErrorCode
from store.accounts.models import Seller
from store.domains.models import Domain, DomainCertificate, DomainEvent
from store.secrets import opened


async def domains_of(s: AsyncSession, seller_id: int) -> list[Domain]:
    q = (
        select(Domain)
        .where(Domain.seller_id == seller_id, Domain.deleted_at.is_(None))
        .order_by(Domain.created_at.desc(), Domain.id.desc())
    )
    return list((await s.scalars(q)).all())


async def domain_of(s: AsyncSession, seller_id: int, domain_id: int) -> Domain:
    """The seller's domain (not deleted); another seller's or a missing one is 404, alike."""
    row = await s.scalar(
        select(Domain).where(
            Domain.id == domain_id, Domain.seller_id == seller_id, Domain.deleted_at.is_(None)
        )
    )
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This domain does not exist.")
    return row


async def domain_by_id(s: AsyncSession, domain_id: int) -> Domain | None:
    return await s.get(Domain, domain_id)


async def live_domain_count(s: AsyncSession, seller_id: int) -> int:
    q = select(func.count()).where(Domain.seller_id == seller_id, Domain.deleted_at.is_(None))
    return int(await s.scalar(q) or 0)


async def events_of(s: AsyncSession, domain_id: int) -> list[DomainEvent]:
    q = select(DomainEvent).where(DomainEvent.domain_id == domain_id).order_by(DomainEvent.seq)
    return list((await s.scalars(q)).all())


async def events_then_row(s: AsyncSession, row: Domain) -> list[DomainEvent]:
    """The domain's history, then its row read again: the workflow writes both in one transaction after each step,
    so a step seen in the history is never newer than the state, note and message shown beside it."""
    events = await events_of(s, row.id)
    await s.refresh(row)
    return events


async def certificate_of(s: AsyncSession, domain_id: int, n: int) -> DomainCertificate | None:
    q = select(DomainCertificate).where(DomainCertificate.domain_id == domain_id, DomainCertificate.n == n)
    return await s.scalar(q)


async def certificate_count(s: AsyncSession, domain_id: int) -> int:
    q = select(func.count()).where(DomainCertificate.domain_id == domain_id)
    return int(await s.scalar(q) or 0)


async def seller_of_host(s: AsyncSession, hostname: str) -> tuple[Domain, Seller] | None:
    """The seller whose verified domain (active or active_with_ssl) this hostname is, while the seller's account is
    active: a deactivated or deleted seller's domains serve no shop."""
    q = (
        select(Domain, Seller)
        .join(Seller, Seller.id == Domain.seller_id)
        .where(
            Domain.hostname == hostname,
            Domain.deleted_at.is_(None),
            Domain.state.in_([x.value for x in VERIFIED_STATES]),
            Seller.account_type == AccountType.active,
        )
    )
    row = (await s.execute(q)).first()
    return None if row is None else (row[0], row[1])


@dataclass(frozen=True)
class ServedCertificate:
    """What a serving proxy needs for a hostname: the chain and the private key, opened."""

    n: int
    fullchain_pem: str
    key_pem: str
    not_after: datetime


async def newest_certificate(s: AsyncSession, domain_id: int) -> ServedCertificate | None:
    """The domain's newest certificate with its private key opened (store/secrets.py); None before the first."""
    q = (
        select(DomainCertificate)
        .where(DomainCertificate.domain_id == domain_id)
        .order_by(DomainCertificate.n.desc())
        .limit(1)
    )
    row = await s.scalar(q)
    if row is None:
        return None
    return ServedCertificate(
        n=row.n, fullchain_pem=row.fullchain_pem, key_pem=opened(row.key_pem), not_after=row.not_after
    )


async def certificates_of(s: AsyncSession, domain_id: int) -> list[DomainCertificate]:
    q = (
        select(DomainCertificate)
        .where(DomainCertificate.domain_id == domain_id)
        .order_by(DomainCertificate.n)
    )
    return list((await s.scalars(q)).all())
