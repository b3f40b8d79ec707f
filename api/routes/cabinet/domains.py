"""`/v1/cabinet/domains`: the seller's custom domains and platform subdomains (core §3, §4, §9): the TXT record
to set with its TTL (and, for a custom domain, the `_acme-challenge` CNAME that delegates the certificate's DNS
challenge to the platform's zone), the state of the domain and its record, the certificate, "check again", delete, and the
Domain SSL workflow's history in words."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Response

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.presenters.domains import domain_detail, domain_out
from api.schemas.domains import DomainDetail, DomainIn, DomainOut, DomainsOverview
from api.schemas.fields import Id
from core.settings import get_settings
from domain.domains import TTL_OPTIONS, DnsRecordType
from handles import domains as flow
from services import domains
from store.domains.queries import domains_of

router = APIRouter()


@router.get("/domains", response_model=DomainsOverview)
async def list_domains(seller: CurrentSeller, s: DB) -> DomainsOverview:
    return DomainsOverview(
        list=[domain_out(r) for r in await domains_of(s, seller.id)],
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
    row = await domains.domain_wanted(s, seller.id, body.name, body.kind, body.ttl)
    tasks.add_task(flow.added, client, row)  # after the commit: the workflow records onto the row
    return domain_out(row)


@router.get("/domains/{domain_id}", response_model=DomainDetail)
async def get_domain(domain_id: Id, seller: CurrentSeller, s: DB, client: Temporal) -> DomainDetail:
    row = await domains.own_domain(s, seller.id, domain_id)
    return await domain_detail(s, row, await flow.domain_status(client, row))


@router.post("/domains/{domain_id}/check", status_code=202, response_model=DomainOut)
async def check_domain(
    idempotency_key: IdempotencyKey, domain_id: Id, seller: CurrentSeller, s: DB, client: Temporal
) -> DomainOut:
    """Checks the record now (waiting) or starts a new round of checks (error); for a verified custom domain
    without a certificate, checks its `_acme-challenge` CNAME now; for a verified custom domain whose routing
    records were not seen, looks at them now. 409 once there is nothing to check."""
    return domain_out(await domains.domain_checked(s, client, seller.id, domain_id))


@router.delete("/domains/{domain_id}", status_code=204)
async def delete_domain(domain_id: Id, seller: CurrentSeller, s: DB, client: Temporal) -> Response:
    """Deletes the domain: the shop stops answering on it at once, the workflow removes its records."""
    await domains.domain_removed(s, client, seller.id, domain_id)
    return Response(status_code=204)
