"""A seller's domain as the cabinet shows it: its records with their states, and its history in words."""

from __future__ import annotations

from api.deps import DB
from api.schemas.domains import (
    CertificateOut,
    DnsRecordOut,
    DomainDetail,
    DomainEventOut,
    DomainNoteOut,
    DomainOut,
    RoutingRecordOut,
)
from core.settings import get_settings
from domain.domains import (
    DnsRecordState,
    DnsRecordType,
    DomainKind,
    acme_record_name,
    dcv_target,
    display_hostname,
    verify_record_name,
    verify_record_value,
)
from domain.workflow_ids import domain_id as workflow_id_of
from handles.domains import DomainStatus
from services.domains import routing_of
from store.domains.models import Domain
from store.domains.queries import certificates_of, events_then_row


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


def domain_out(row: Domain) -> DomainOut:
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
        routing=[
            RoutingRecordOut(
                type=r.record.type,
                name=r.record.name,
                value=r.record.value,
                ttl=row.ttl,
                state=r.state,
                seen=r.seen,
            )
            for r in routing_of(row)
        ],
        routing_checked_at=row.routing_checked_at,
        attempts=row.attempts,
        message=row.message,
        note=DomainNoteOut.model_validate(row.note) if row.note else None,
        certificate_not_after=row.certificate_not_after,
        created_at=row.created_at,
    )


async def domain_detail(s: DB, row: Domain, status: DomainStatus | None) -> DomainDetail:
    events = await events_then_row(s, row)
    return DomainDetail(
        **domain_out(row).model_dump(),
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
