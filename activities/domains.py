"""Domain SSL activities, one idempotent side effect each, with the DNS lookup, the platform's zone and the ACME
issuer injected (the worker passes the real ones; tests pass fakes).

- `record_domain` applies one history entry to the projection (unique on domain and seq: a retry writes it once);
- `check_dns` looks the seller's TXT record up (a read; a resolver that does not answer is retried);
- `check_delegation` looks the seller's `_acme-challenge.{host}` CNAME up (DCV delegation; a read);
  both also note what the domain's routing records hold (CNAME or A/AAAA), which the Domains page shows;
- `publish_platform_record` sets a platform subdomain's TXT record in the platform's own zone (an upsert);
- `issue_certificate` gets certificate n from the ACME server and stores it; a retry finds the stored one;
  the DNS-01 challenge TXT goes to the delegation target in the platform's zone (or `_acme-challenge.{host}`);
- `remove_domain` marks the domain deleted and removes the platform's records of it.
"""

from __future__ import annotations

import asyncio

import structlog
from temporalio import activity
from temporalio.exceptions import ApplicationError

from domain.domains import (
    ACME_LABEL,
    CertificateRequest,
    CertificateResult,
    DelegationCheck,
    DelegationCheckResult,
    DnsCheck,
    DnsCheckResult,
    DomainKind,
    DomainRecord,
    DomainRemoval,
    PlatformRecord,
    acme_record_name,
    verify_record_name,
)
from providers.acme.client import AcmeFailed, CertificateIssuer
from providers.dns.resolver import DnsLookupError, TxtLookup
from providers.dns.zone import DnsZone, ZoneError
from providers.edge.caddy import EdgeError, TlsEdge, leaf_fingerprint
from store.db import session
from store.domains.actions import certificate_stored, domain_deleted, domain_recorded, routing_seen
from store.domains.queries import certificate_of, newest_certificate

log = structlog.get_logger()


class DomainActivities:
    def __init__(self, lookup: TxtLookup, zone: DnsZone, issuer: CertificateIssuer, edge: TlsEdge) -> None:
        self.lookup = lookup
        self.zone = zone
        self.issuer = issuer
        self.edge = edge

    @activity.defn
    async def record_domain(self, rec: DomainRecord) -> bool:
        async with session() as s:
            applied = await domain_recorded(s, rec)
        log.info("domain_recorded", domain_id=rec.domain_id, seq=rec.seq, state=rec.state, new=applied)
        return applied

    async def _look_at_routing(self, domain_id: int, hostname: str) -> None:
        """Beside each check, records what the domain's routing records hold now (for the Domains page); a
        resolver that does not answer leaves the last look as it was. The workflow never waits on routing."""
        try:
            seen = await self.lookup.routing_values(hostname)
        except DnsLookupError:
            return
        async with session() as s:
            await routing_seen(s, domain_id, seen)

    @activity.defn
    async def check_dns(self, check: DnsCheck) -> DnsCheckResult:
        await self._look_at_routing(check.domain_id, check.hostname)
        try:
            values = await self.lookup.txt_values(check.record_name)
        except DnsLookupError as e:
            return DnsCheckResult(found=False, error=str(e)[:300])
        return DnsCheckResult(found=check.expected_value in values, values=values[:5])

    @activity.defn
    async def check_delegation(self, check: DelegationCheck) -> DelegationCheckResult:
        await self._look_at_routing(check.domain_id, check.name.removeprefix(f"{ACME_LABEL}."))
        try:
            targets = await self.lookup.cname_targets(check.name)
        except DnsLookupError as e:
            return DelegationCheckResult(found=False, error=str(e)[:300])
        want = check.target.rstrip(".").lower()
        return DelegationCheckResult(found=want in targets, seen=targets[:5])

    @activity.defn
    async def publish_platform_record(self, rec: PlatformRecord) -> None:
        try:
            await asyncio.to_thread(self.zone.set_txt, rec.record_name, rec.value, rec.ttl)
        except ZoneError as e:
            raise ApplicationError(str(e), type="ZoneError", non_retryable=not e.retryable) from e

    @activity.defn
    async def issue_certificate(self, req: CertificateRequest) -> CertificateResult:
        """Certificate n of the domain: the stored one if a previous attempt got it, else a new one from the
        ACME server (idempotent on (domain, n); an order the CA refused is non-retryable)."""
        async with session() as s:
            row = await certificate_of(s, req.domain_id, req.n)
        if row is None:
            try:
                cert = await asyncio.to_thread(self.issuer.issue, req.hostname, req.challenge_name)
            except AcmeFailed as e:
                raise ApplicationError(str(e), type="AcmeFailed", non_retryable=not e.retryable) from e
            async with session() as s:
                row = await certificate_stored(
                    s, req.domain_id, req.n, cert.fullchain_pem, cert.key_pem, cert.not_before, cert.not_after
                )
        log.info("certificate_issued", domain_id=req.domain_id, n=req.n, not_after=row.not_after.isoformat())
        return CertificateResult(
            n=req.n, not_before=row.not_before, not_after=row.not_after, issued_at=row.issued_at
        )

    @activity.defn
    async def serve_certificate(self, req: CertificateRequest) -> None:
        """The certificate loaded into the TLS edge, then checked as a browser would see it: an HTTPS request for
        the hostname through the edge answers with this very certificate and the shop (200). Until it does, the
        step is tried again; a domain is "active with SSL" only after it."""
        async with session() as s:
            cert = await newest_certificate(s, req.domain_id)
        if cert is None or cert.n != req.n:
            raise ApplicationError("no such certificate", type="NotServed", non_retryable=True)
        try:
            await asyncio.to_thread(self.edge.load, req.hostname, cert.fullchain_pem, cert.key_pem)
            served = await asyncio.to_thread(self.edge.served, req.hostname)
        except EdgeError as e:
            raise ApplicationError(str(e), type="EdgeError", non_retryable=not e.retryable) from e
        if served.fingerprint != leaf_fingerprint(cert.fullchain_pem):
            raise ApplicationError(
                "HTTPS through the edge answers with another certificate", type="NotServed"
            )
        if served.status != 200:
            raise ApplicationError(f"the shop answered {served.status} over HTTPS", type="NotServed")
        log.info("certificate_served", domain_id=req.domain_id, n=req.n)

    @activity.defn
    async def remove_domain(self, req: DomainRemoval) -> None:
        async with session() as s:
            await domain_deleted(s, req.domain_id)
        try:
            await asyncio.to_thread(self.edge.unload, req.hostname)
        except EdgeError as e:
            raise ApplicationError(str(e), type="EdgeError", non_retryable=not e.retryable) from e
        names = [acme_record_name(req.hostname)]
        if req.dcv_target:
            names.append(req.dcv_target)
        if req.kind == DomainKind.subdomain:
            names.append(verify_record_name(req.hostname))
        for name in names:
            try:
                await asyncio.to_thread(self.zone.delete_txt, name, None)
            except ZoneError as e:
                raise ApplicationError(str(e), type="ZoneError", non_retryable=not e.retryable) from e
