"""The Domain SSL workflow with fake activities: a missing record ends in error with a clear message and a
"check again" finds it later; a record added while the checks back off is found; the certificate is issued and
renewed before it expires with a compressed day (continuing as new); a platform subdomain publishes its own
record; a refused certificate ends in error; a delete removes the domain at any time. A custom domain with a DCV
delegation target checks its `_acme-challenge` CNAME before the certificate: missing, it says which record to set
and ends in error; set later, the certificate is issued with the challenge at the target."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

import pytest
from temporalio import activity
from temporalio.client import Client, WorkflowHandle
from temporalio.exceptions import ApplicationError
from temporalio.worker import Worker

from activities.domains import DomainActivities
from domain.domains import (
    CertificateRequest,
    CertificateResult,
    DelegationCheck,
    DelegationCheckResult,
    DnsCheck,
    DnsCheckResult,
    DnsRecordState,
    DomainAction,
    DomainInput,
    DomainKind,
    DomainNoteCode,
    DomainRecord,
    DomainRemoval,
    DomainState,
    PlatformRecord,
)
from domain.errors import DomainError, Refusal
from domain.workflow_ids import domain_id
from handles.errors import answered
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.domains import DomainWorkflow

TOKEN = "0123456789abcdef0123456789abcdef"
TARGET = "0f1e2d3c4b5a69788796.acme.sellflow.site"


class FakeDomains:
    """Stands in for DomainActivities: DNS answers from a switch, certificates of a 90-day lifetime."""

    def __init__(
        self, found_after: int | None = 0, refuse_certificate: bool = False, delegated_after: int | None = 0
    ) -> None:
        self.found_after = found_after  # checks that miss before the record is there (None: never)
        self.delegated_after = delegated_after  # CNAME checks that miss before it is there (None: never)
        self.delegation_checks: list[DelegationCheck] = []
        self.challenge_names: list[str | None] = []
        self.refuse_certificate = refuse_certificate
        self.checks = 0
        self.records: list[DomainRecord] = []
        self.published: list[PlatformRecord] = []
        self.certificates: list[int] = []
        self.removed: list[int] = []
        self.served: list[int] = []  # the certificates the TLS edge answered with
        self.not_served = False

    @activity.defn(name="record_domain")
    async def record_domain(self, rec: DomainRecord) -> bool:
        if rec.seq in {r.seq for r in self.records}:
            return False
        self.records.append(rec)
        return True

    @activity.defn(name="check_dns")
    async def check_dns(self, check: DnsCheck) -> DnsCheckResult:
        self.checks += 1
        if self.found_after is not None and self.checks > self.found_after:
            return DnsCheckResult(found=True, values=[check.expected_value])
        return DnsCheckResult(found=False, values=["v=spf1 -all"])

    @activity.defn(name="check_delegation")
    async def check_delegation(self, check: DelegationCheck) -> DelegationCheckResult:
        self.delegation_checks.append(check)
        n = len(self.delegation_checks)
        if self.delegated_after is not None and n > self.delegated_after:
            return DelegationCheckResult(found=True, seen=[check.target])
        return DelegationCheckResult(found=False, seen=["shop.example-dns-host.test"] if n == 1 else [])

    @activity.defn(name="publish_platform_record")
    async def publish_platform_record(self, rec: PlatformRecord) -> None:
        self.published.append(rec)

    @activity.defn(name="issue_certificate")
    async def issue_certificate(self, req: CertificateRequest) -> CertificateResult:
        if self.refuse_certificate:
            raise ApplicationError(
                "the DNS challenge was not validated: no TXT record", type="AcmeFailed", non_retryable=True
            )
        self.certificates.append(req.n)
        self.challenge_names.append(req.challenge_name)
        now = datetime.now(UTC)
        return CertificateResult(n=req.n, not_before=now, not_after=now + timedelta(days=90), issued_at=now)

    @activity.defn(name="serve_certificate")
    async def serve_certificate(self, req: CertificateRequest) -> None:
        if self.not_served:
            raise ApplicationError(
                "HTTPS through the edge answers with another certificate",
                type="NotServed",
                non_retryable=True,
            )
        self.served.append(req.n)

    @activity.defn(name="remove_domain")
    async def remove_domain(self, req: DomainRemoval) -> None:
        self.removed.append(req.domain_id)

    def activities(self) -> list[Callable[..., Awaitable[object]]]:
        return [
            self.record_domain,
            self.check_dns,
            self.check_delegation,
            self.publish_platform_record,
            self.issue_certificate,
            self.serve_certificate,
            self.remove_domain,
        ]

    def actions(self) -> list[str]:
        return [r.entry.action.value for r in self.records]

    def last(self) -> DomainRecord:
        return self.records[-1]


@asynccontextmanager
async def running(
    client: Client,
    fake: FakeDomains,
    *,
    kind: DomainKind = DomainKind.custom,
    attempts: int = 3,
    day_s: float = 86400.0,
    dcv_target: str = "",
) -> AsyncIterator[WorkflowHandle]:
    task_queue = f"test-{uuid.uuid4().hex[:8]}"
    row_id = uuid.uuid4().int % 10**9
    host = "anna.sellflow.site" if kind == DomainKind.subdomain else f"shop-{row_id}.example.test"
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[DomainWorkflow],
        activities=fake.activities(),
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            DomainWorkflow.run,
            DomainInput(
                domain_id=row_id,
                hostname=host,
                kind=kind,
                token=TOKEN,
                day_s=day_s,
                check_first_s=0.05,
                check_max_s=0.2,
                check_attempts=attempts,
                dcv_target=dcv_target,
            ),
            id=domain_id(row_id),
            task_queue=task_queue,
        )
        yield handle


async def until(check: Callable[[], bool], timeout: float = 15) -> None:
    async def poll() -> None:
        while not check():
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), timeout)


async def deleted(handle: WorkflowHandle, fake: FakeDomains) -> None:
    await handle.signal(DomainWorkflow.delete)
    assert await handle.result() == "deleted"
    assert fake.removed and fake.last().record_state == DnsRecordState.deleted


async def test_a_missing_record_ends_in_error_with_a_clear_message_and_check_again_finds_it(client, record):
    fake = FakeDomains(found_after=None)
    async with running(client, fake, attempts=3) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.error)
        err = fake.last()
        assert err.entry.action == DomainAction.check_failed and err.attempts == 3
        # facts and a code, never a sentence: the web app words them in the seller's language
        assert err.message is None and err.note is not None
        assert err.note.code == DomainNoteCode.txt_failed and err.note.attempts == 3
        assert (
            err.note.record.startswith("_sellflow.shop-")
            and err.note.expected == f"sellflow-verification={TOKEN}"
        )
        assert err.note.seen == ["v=spf1 -all"]
        assert fake.actions() == ["added", "checked_missing", "checked_missing", "check_failed"]
        status = await handle.query(DomainWorkflow.status)
        assert status.state == DomainState.error and status.record_state == DnsRecordState.waiting

        fake.found_after = fake.checks  # the seller sets the record, then asks to check again
        await handle.signal(DomainWorkflow.check_again)
        await until(lambda: fake.last().state == DomainState.active_with_ssl)
        assert fake.actions()[4:] == ["check_requested", "record_found", "certificate_issued"]
        assert fake.records[-2].record_state == DnsRecordState.submitted
        await deleted(handle, fake)
        await record(handle, "domains")


async def test_a_record_added_later_is_found_and_a_certificate_issued(client, record):
    fake = FakeDomains(found_after=2)
    async with running(client, fake, attempts=10) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.active_with_ssl)
        assert fake.actions() == [
            "added",
            "checked_missing",
            "checked_missing",
            "record_found",
            "certificate_issued",
        ]
        cert = fake.last().certificate
        assert cert is not None and cert.n == 1 and fake.certificates == [1]
        assert fake.served == [1]  # active with SSL once the edge answered with it
        assert fake.last().message is None and fake.last().note is None
        await deleted(handle, fake)
        assert fake.actions()[-1] == "deleted"
        await record(handle, "domains")


async def test_the_certificate_is_renewed_before_it_expires_continuing_as_new(client, record):
    # a 90-day certificate renewed 30 days before it expires: after 60 days of 0.02 s
    fake = FakeDomains(found_after=0)
    async with running(client, fake, day_s=0.02) as handle:
        await until(lambda: DomainAction.certificate_renewed.value in fake.actions(), timeout=20)
        assert fake.certificates[:2] == [1, 2]
        renewed = next(r for r in fake.records if r.entry.action == DomainAction.certificate_renewed)
        first = next(r for r in fake.records if r.entry.action == DomainAction.certificate_issued)
        assert renewed.certificate is not None and first.certificate is not None
        assert renewed.certificate.n == 2 and renewed.state == DomainState.active_with_ssl
        # renewed ~60 compressed days after the first (not at expiry, 90 days = 1.8 s)
        gap = (renewed.entry.at - first.entry.at).total_seconds()
        assert 1.0 <= gap < 1.8, gap
        latest = client.get_workflow_handle(handle.id)
        assert (await latest.describe()).run_id != handle.run_id  # a new run per renewal cycle
        await deleted(latest, fake)
        await record(handle, "domains")
        await record(latest, "domains", "_renewed")


async def test_a_platform_subdomain_publishes_its_own_record(client, record):
    fake = FakeDomains(found_after=0)
    async with running(client, fake, kind=DomainKind.subdomain) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.active_with_ssl)
        assert [p.record_name for p in fake.published] == ["_sellflow.anna.sellflow.site"]
        assert fake.published[0].value == f"sellflow-verification={TOKEN}"
        assert fake.actions() == ["record_published", "record_found", "certificate_issued"]
        await deleted(handle, fake)
        await record(handle, "domains")


async def test_a_refused_certificate_ends_in_error_with_the_reason(client, record):
    fake = FakeDomains(found_after=0, refuse_certificate=True)
    async with running(client, fake) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.error)
        assert fake.actions() == ["added", "record_found", "certificate_failed"]
        note = fake.last().note
        assert (
            note is not None
            and note.code == DomainNoteCode.certificate_failed
            and "no TXT record" in note.cause
        )
        await deleted(handle, fake)
        await record(handle, "domains")


async def test_a_certificate_the_edge_does_not_serve_is_not_called_active_with_ssl(client, record):
    fake = FakeDomains(found_after=0)
    fake.not_served = True
    async with running(client, fake) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.error)
        assert fake.certificates == [1] and fake.served == []
        assert fake.actions() == ["added", "record_found", "certificate_failed"]
        note = fake.last().note
        assert (
            note is not None
            and note.code == DomainNoteCode.not_served
            and "another certificate" in note.cause
        )
        assert fake.last().certificate is None  # not claimed
        await deleted(handle, fake)
        await record(handle, "domains")


async def test_a_domain_deleted_while_waiting_stops_checking(client, record):
    fake = FakeDomains(found_after=None)
    async with running(client, fake, attempts=50) as handle:
        await until(lambda: fake.checks >= 1)
        await deleted(handle, fake)
        checks = fake.checks
        await asyncio.sleep(0.3)
        assert fake.checks == checks and fake.actions()[-1] == "deleted"
        await record(handle, "domains")


async def test_a_missing_delegation_cname_says_what_to_set_and_a_cname_set_later_gets_the_certificate(
    client, record
):
    fake = FakeDomains(found_after=0, delegated_after=None)
    async with running(client, fake, attempts=3, dcv_target=TARGET) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.error)
        assert fake.actions() == [
            "added",
            "record_found",
            "delegation_missing",
            "delegation_missing",
            "delegation_failed",
        ]
        waiting, failed = fake.records[2].note, fake.last().note
        assert waiting is not None and failed is not None
        host = failed.record.removeprefix("_acme-challenge.")
        assert (waiting.code, waiting.record, waiting.expected) == (
            DomainNoteCode.cname_missing,
            f"_acme-challenge.{host}",
            TARGET,
        )
        assert waiting.seen == ["shop.example-dns-host.test"]  # it points elsewhere
        assert fake.records[2].state == DomainState.active  # verified, waiting for the CNAME
        assert (failed.code, failed.expected, failed.attempts) == (DomainNoteCode.cname_failed, TARGET, 3)
        assert fake.certificates == []
        assert [c.name for c in fake.delegation_checks] == [f"_acme-challenge.{host}"] * 3
        assert all(c.target == TARGET for c in fake.delegation_checks)

        fake.delegated_after = len(fake.delegation_checks)  # the seller sets the CNAME, then checks again
        await handle.signal(DomainWorkflow.check_again)
        await until(lambda: fake.last().state == DomainState.active_with_ssl)
        assert fake.actions()[5:] == [
            "check_requested",
            "record_found",
            "delegation_found",
            "certificate_issued",
        ]
        assert fake.challenge_names == [TARGET]  # the challenge goes to the platform's zone
        assert fake.last().note is None
        await deleted(handle, fake)
        await record(handle, "domains")


async def test_a_delegation_cname_set_while_the_checks_back_off_is_found(client, record):
    fake = FakeDomains(found_after=0, delegated_after=1)
    async with running(client, fake, attempts=5, dcv_target=TARGET) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.active_with_ssl)
        assert fake.actions() == [
            "added",
            "record_found",
            "delegation_missing",
            "delegation_found",
            "certificate_issued",
        ]
        assert fake.challenge_names == [TARGET] and fake.certificates == [1]
        await deleted(handle, fake)
        await record(handle, "domains")


async def test_a_workflow_without_a_delegation_target_answers_the_challenge_at_the_host(client):
    # a platform subdomain (and a custom domain started before the delegation existed) checks no CNAME
    fake = FakeDomains(found_after=0, delegated_after=None)
    async with running(client, fake) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.active_with_ssl)
        assert fake.delegation_checks == [] and fake.challenge_names == [None]
        await deleted(handle, fake)


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FakeDomains, DomainActivities)


async def test_check_and_remove_are_refused_when_they_do_not_apply(client, record):
    """`check_now` and `remove` are updates: a verified domain has nothing to check, a domain being removed takes
    neither again; each refusal is a 409 code and changes nothing."""
    fake = FakeDomains(found_after=0)
    async with running(client, fake, attempts=10) as handle:
        await until(lambda: bool(fake.records) and fake.last().state == DomainState.active_with_ssl)
        before = fake.actions()
        with pytest.raises(DomainError) as refused:
            await answered(handle.execute_update(DomainWorkflow.check_now))
        assert (refused.value.status, refused.value.reason) == (409, "domain_not_checkable")
        assert fake.actions() == before
        assert await answered(handle.execute_update(DomainWorkflow.remove)) == "active_with_ssl"
        assert await handle.result() == "deleted"
        with pytest.raises(DomainError) as refused:
            await answered(handle.execute_update(DomainWorkflow.remove), Refusal.domain_deleted)
        assert refused.value.reason == "domain_deleted"
        await record(handle, "domains")
