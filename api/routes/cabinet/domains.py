"""`/v1/cabinet/domains`: the seller's custom domains and platform subdomains (core §3, §4, §9): the TXT record
to set with its TTL (and, for a custom domain, the `_acme-challenge` CNAME that delegates the certificate's DNS
challenge to the platform's zone), the state of the domain and its record, the certificate, "check again", delete, and the
Domain SSL workflow's history in words."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Response

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.schemas.domains import (
    CertificateOut,
    DnsRecordOut,
    DomainDetail,
    DomainEventOut,
    DomainIn,
    DomainNoteOut,
    DomainOut,
    DomainsOverview,
    RoutingRecordOut,
)
from api.schemas.fields import Id
from core.settings import get_settings
from domain.domains import (
    TTL_OPTIONS,
    VERIFIED_STATES,
    DnsRecordState,
    DnsRecordType,
    DomainKind,
    DomainState,
    acme_record_name,
    custom_hostname,
    dcv_target,
    display_hostname,
    routing_found,
    routing_records,
    subdomain_hostname,
    verify_record_name,
    verify_record_value,
)
from domain.errors import DomainError, ErrorCode, Refusal, invalid, refused
from domain.workflow_ids import domain_id as workflow_id_of
from handles import domains as flow
from providers.dns.resolver import DnsLookupError, txt_lookup
from store.domains.actions import domain_added, domain_deleted, routing_seen
from store.domains.models import Domain
from store.domains.queries import certificates_of, domain_of, domains_of, events_then_row

router = APIRouter()
DOMAIN_ID_MAX = 2**63 - 1


def _delegation(row: Domain) -> DnsRecordOut | None:
    if row.kind != DomainKind.custom:
        return None
    seen = row.certificate_not_after is not None  # a certificate was issued through it
    return DnsRecordOut(
        type=DnsRecordType.CNAME,
        name=acme_record_name(row.hostname),
        value=dcv_target(row.token, get_settings().domain_platform_suffix),
        ttl=row.ttl,
        state=DnsRecordState.deleted
        if row.deleted_at is not None
        else DnsRecordState.submitted
        if seen
        else DnsRecordState.waiting,
    )


def _routing(row: Domain) -> list[RoutingRecordOut]:
    settings = get_settings()
    seen: dict[str, list[str]] = row.routing_seen or {}
    out = []
    for r in routing_records(
        row.hostname,
        row.kind,
        settings.routing_host,
        settings.domain_routing_ipv4,
        settings.domain_routing_ipv6,
    ):
        state = (
            DnsRecordState.deleted
            if row.deleted_at is not None
            else DnsRecordState.submitted
            if routing_found(r, seen)
            else DnsRecordState.waiting
        )
        out.append(
            RoutingRecordOut(
                type=r.type,
                name=r.name,
                value=r.value,
                ttl=row.ttl,
                state=state,
                seen=seen.get(r.type.value, []),
            )
        )
    return out


def _routing_due(row: Domain) -> bool:
    """A verified custom domain whose routing records were not all seen: "check again" looks at them now."""
    return row.state in VERIFIED_STATES and any(r.state != DnsRecordState.submitted for r in _routing(row))


def _out(row: Domain) -> DomainOut:
    return DomainOut(
        id=row.id,
        hostname=row.hostname,
        display_hostname=display_hostname(row.hostname),
        kind=row.kind,
        state=row.state,
        record=DnsRecordOut(
            type=DnsRecordType.TXT,
            name=verify_record_name(row.hostname),
            value=verify_record_value(row.token),
            ttl=row.ttl,
            state=row.record_state,
        ),
        delegation=_delegation(row),
        routing=_routing(row),
        routing_checked_at=row.routing_checked_at,
        attempts=row.attempts,
        message=row.message,
        note=DomainNoteOut.model_validate(row.note) if row.note else None,
        certificate_not_after=row.certificate_not_after,
        created_at=row.created_at,
    )


async def _own(s: DB, seller_id: int, domain_id: int) -> Domain:
    if not 0 < domain_id <= DOMAIN_ID_MAX:
        raise DomainError(ErrorCode.NOT_FOUND, "This domain does not exist.")
    return await domain_of(s, seller_id, domain_id)


@router.get("/domains", response_model=DomainsOverview)
async def list_domains(seller: CurrentSeller, s: DB) -> DomainsOverview:
    return DomainsOverview(
        list=[_out(r) for r in await domains_of(s, seller.id)],
        platform_suffix=get_settings().domain_platform_suffix,
        ttl_options=list(TTL_OPTIONS),
        record_type=DnsRecordType.TXT,
    )


@router.post("/domains", status_code=201, response_model=DomainOut)
async def add_domain(
    idempotency_key: IdempotencyKey,
    body: DomainIn,
    seller: CurrentSeller,
    s: DB,
    client: Temporal,
    tasks: BackgroundTasks,
) -> DomainOut:
    """Adds a custom domain (`name` = the hostname) or a platform subdomain (`name` = one label). 400 for a name
    that is not a hostname (IP addresses, the platform's own domain), 409 when it is taken."""
    if body.ttl not in TTL_OPTIONS:
        raise invalid(ttl=f"one of {', '.join(str(t) for t in TTL_OPTIONS)}")
    suffix = get_settings().domain_platform_suffix
    try:
        if body.kind == DomainKind.subdomain:
            hostname = subdomain_hostname(body.name, suffix)
        else:
            hostname = custom_hostname(body.name, suffix)
    except ValueError as e:
        raise invalid(name=str(e)) from e
    row = await domain_added(s, seller.id, hostname, body.kind, body.ttl)
    tasks.add_task(flow.added, client, row)  # after the commit: the workflow records onto the row
    return _out(row)


@router.get("/domains/{domain_id}", response_model=DomainDetail)
async def get_domain(domain_id: Id, seller: CurrentSeller, s: DB, client: Temporal) -> DomainDetail:
    row = await _own(s, seller.id, domain_id)
    events = await events_then_row(s, row)
    status = await flow.domain_status(client, row)
    return DomainDetail(
        **_out(row).model_dump(),
        history=[
            DomainEventOut(
                seq=e.seq,
                at=e.at,
                action=e.action,
                state=e.state,
                message=e.message,
                note=DomainNoteOut.model_validate(e.note) if e.note else None,
            )
            for e in events
        ],
        certificates=[
            CertificateOut(n=c.n, not_before=c.not_before, not_after=c.not_after, issued_at=c.issued_at)
            for c in await certificates_of(s, row.id)
        ],
        max_attempts=status.max_attempts if status else get_settings().domain_check_attempts,
        next_check_at=status.next_check_at if status else None,
        renew_at=status.renew_at if status else None,
        workflow_id=workflow_id_of(row.id),
    )


@router.post("/domains/{domain_id}/check", status_code=202, response_model=DomainOut)
async def check_domain(
    idempotency_key: IdempotencyKey, domain_id: Id, seller: CurrentSeller, s: DB, client: Temporal
) -> DomainOut:
    """Checks the record now (waiting) or starts a new round of checks (error); for a verified custom domain
    without a certificate, checks its `_acme-challenge` CNAME now; for a verified custom domain whose routing
    records were not seen, looks at them now. 409 once there is nothing to check."""
    row = await _own(s, seller.id, domain_id)
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
            await routing_seen(s, row.id, seen)  # the row is the one in the session: _out sees the look
    if checkable:
        await flow.check_requested(client, row)
    return _out(row)


@router.delete("/domains/{domain_id}", status_code=204)
async def delete_domain(domain_id: Id, seller: CurrentSeller, s: DB, client: Temporal) -> Response:
    """Deletes the domain: the shop stops answering on it at once, the workflow removes its records."""
    row = await _own(s, seller.id, domain_id)
    await flow.delete_requested(client, row)
    await domain_deleted(s, row.id)
    return Response(status_code=204)
