"""A seller's custom domains and platform subdomains (core §3, §4, §9): added (a hostname of theirs or one label
under the platform's suffix, with a TTL of the list), checked again while there is something to check, deleted;
which of the routing records the last lookup saw."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from core.settings import get_settings
from domain.domains import (
    TTL_OPTIONS,
    VERIFIED_STATES,
    DnsRecordState,
    DomainKind,
    DomainState,
    RoutingRecord,
    custom_hostname,
    routing_found,
    routing_records,
    subdomain_hostname,
)
from domain.errors import DomainError, ErrorCode, Refusal, invalid, refused
from handles import domains as flow
from providers.dns.resolver import DnsLookupError, txt_lookup
from store.domains.actions import domain_added, domain_deleted, routing_seen
from store.domains.models import Domain
from store.domains.queries import domain_of

DOMAIN_ID_MAX = 2**63 - 1


@dataclass(frozen=True)
class RoutingState:
    record: RoutingRecord
    state: DnsRecordState
    seen: list[str]  # the values the last lookup saw for the record's type


def routing_of(row: Domain) -> list[RoutingState]:
    """The records that route the domain to the shop, each with whether the last lookup saw it."""
    settings = get_settings()
    seen: dict[str, list[str]] = row.routing_seen or {}
    records = routing_records(
        row.hostname,
        row.kind,
        settings.routing_host,
        settings.domain_routing_ipv4,
        settings.domain_routing_ipv6,
    )
    return [
        RoutingState(
            r,
            DnsRecordState.deleted
            if row.deleted_at is not None
            else DnsRecordState.submitted
            if routing_found(r, seen)
            else DnsRecordState.waiting,
            seen.get(r.type.value, []),
        )
        for r in records
    ]


def _routing_due(row: Domain) -> bool:
    """A verified custom domain whose routing records were not all seen: "check again" looks at them now."""
    return row.state in VERIFIED_STATES and any(r.state != DnsRecordState.submitted for r in routing_of(row))


async def own_domain(s: AsyncSession, seller_id: int, domain_id: int) -> Domain:
    if not 0 < domain_id <= DOMAIN_ID_MAX:
        raise DomainError(ErrorCode.NOT_FOUND, "This domain does not exist.")
    return await domain_of(s, seller_id, domain_id)


async def domain_wanted(s: AsyncSession, seller_id: int, name: str, kind: DomainKind, ttl: int) -> Domain:
    """A custom domain (`name` the hostname) or a platform subdomain (`name` one label): 400 for a TTL not offered
    or a name that is not a hostname (IP addresses, the platform's own domain), 409 when it is taken. Its
    workflow starts once the caller's transaction is committed (`flow.added`)."""
    if ttl not in TTL_OPTIONS:
        raise invalid(ttl=f"one of {', '.join(str(t) for t in TTL_OPTIONS)}")
    suffix = get_settings().domain_platform_suffix
    try:
        hostname = (
            subdomain_hostname(name, suffix)
            if kind == DomainKind.subdomain
            else custom_hostname(name, suffix)
        )
    except ValueError as e:
        raise invalid(name=str(e)) from e
    return await domain_added(s, seller_id, hostname, kind, ttl)


async def domain_checked(s: AsyncSession, client: Client, seller_id: int, domain_id: int) -> Domain:
    """The record checked now (waiting) or a new round of checks (error); for a verified custom domain without a
    certificate, its `_acme-challenge` CNAME now; for a verified custom domain whose routing records were not
    seen, a look at them now. 409 once there is nothing to check."""
    row = await own_domain(s, seller_id, domain_id)
    delegation_due = (
        row.kind == DomainKind.custom
        and row.state == DomainState.active
        and row.certificate_not_after is None
    )
    checkable = row.state in (DomainState.waiting, DomainState.error) or delegation_due
    routing_due = _routing_due(row)
    if not checkable and not routing_due:
        raise refused(Refusal.domain_not_checkable)
    if routing_due:
        try:
            seen = await txt_lookup().routing_values(row.hostname)
        except DnsLookupError:
            pass  # the resolver did not answer: the last look stays, the seller may try again
        else:
            await routing_seen(s, row.id, seen)  # the row is the one in the session: the answer sees the look
    if checkable:
        await flow.check_requested(client, row)
    return row


async def domain_removed(s: AsyncSession, client: Client, seller_id: int, domain_id: int) -> None:
    """The shop stops answering on it at once; its workflow removes its records."""
    row = await own_domain(s, seller_id, domain_id)
    await flow.delete_requested(client, row)
    await domain_deleted(s, row.id)
