"""Domain SSL (`domain-{domain id}`): one per domain a seller adds, from the moment it is added until it is
deleted. It verifies the seller's TXT record, gets a certificate from the ACME server and renews it before it
expires, continuing as new for every renewal cycle; a projection of each change (`record_domain`) is what the
cabinet and the Host resolution read.

    added ─(platform subdomain: publish_platform_record)─► waiting (record waiting)
    waiting ──check_dns──► found ─────────────────────────► active (record submitted)
       │  └─ missing: checked_missing, wait first_s·2ⁿ (capped; `check_again` checks at once)
       └─ still missing after `check_attempts` checks ───► error, with what was expected and seen
    error ──`check_again`──► waiting (a new round of checks)
    active ──(custom domain, patched "dcv-delegation": check_delegation with the same backoff until the
       │     _acme-challenge.{host} CNAME points at the platform's zone; missing after a round ──► error)
       └────issue_certificate(n=1, challenge at the CNAME's target)──► active_with_ssl (certificate n, not-after)
       └─ refused by the CA ─────────────────────────────► error ("check again" starts over)
    active_with_ssl ──timer: (lifetime − margin) days of the input's calendar──► continue-as-new, renew_due
       └─ renew: issue_certificate(n+1) ─► certificate_renewed (a refused renewal keeps the old certificate
          and is tried again a day later)
    any state ──`delete`──► remove_domain (record deleted) ─► finished

The shape is the legitimation's (workflows/legitimation.py): one state dataclass carried across continue-as-new,
activities by typed method reference, options from workflows/policies.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TypeVar

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

from domain.domains import (
    DCV_PATCH,
    EDGE_PATCH,
    CertificateInfo,
    CertificateRequest,
    DelegationCheck,
    DnsCheck,
    DnsRecordState,
    DomainAction,
    DomainFlowState,
    DomainHistoryEntry,
    DomainInput,
    DomainKind,
    DomainNote,
    DomainNoteCode,
    DomainRecord,
    DomainRemoval,
    DomainState,
    DomainStatus,
    PlatformRecord,
    acme_record_name,
    check_delay_s,
    cname_note,
    renewal_delay_s,
    txt_note,
    verify_record_name,
    verify_record_value,
)
from domain.errors import Refusal
from workflows.policies import CERTIFICATE_STEP, FULFILMENT_STEP, StepPolicy, run_step

with workflow.unsafe.imports_passed_through():
    from activities.domains import DomainActivities

A = TypeVar("A")
R = TypeVar("R")
HISTORY_KEPT = 20  # the newest entries travel in the state; all of them are in the projection


@workflow.defn(name="DomainSsl")
class DomainWorkflow:
    @workflow.init
    def __init__(self, inp: DomainInput) -> None:
        self.inp = inp
        self.state = inp.state or DomainFlowState(domain_id=inp.domain_id)
        self.next_check_at: datetime | None = None
        self.renew_at: datetime | None = None
        self.delegation_pending = False  # checking the DCV CNAME: "check again" checks it at once

    # ----- the main line ---------------------------------------------------------------------------------
    @workflow.run
    async def run(self, inp: DomainInput) -> str:
        st = self.state
        if st.seq == 0:
            if inp.kind == DomainKind.subdomain:  # the platform's own zone: it sets the record itself
                await self._remote(
                    DomainActivities.publish_platform_record,
                    PlatformRecord(
                        domain_id=inp.domain_id,
                        record_name=verify_record_name(inp.hostname),
                        value=verify_record_value(inp.token),
                    ),
                )
                await self._record(DomainAction.record_published)
            else:
                await self._record(DomainAction.added)
        while not st.delete_requested:
            if st.state == DomainState.waiting:
                await self._verify()
            elif st.state == DomainState.error:
                await workflow.wait_condition(
                    lambda: st.check_requested or st.delete_requested or self._suggested()
                )
                if st.check_requested and not st.delete_requested:
                    st.check_requested = False
                    st.round += 1
                    st.attempts = 0
                    st.state = DomainState.waiting
                    st.record_state = DnsRecordState.waiting
                    st.message, st.note = None, None
                    await self._record(DomainAction.check_requested)
            elif st.state == DomainState.active or st.renew_due:
                if self._delegated() and not await self._verify_delegation():
                    continue
                await self._issue()
            elif await self._renewal_due():
                st.renew_due = True
                await self._continue_as_new()
            if self._suggested():
                await self._continue_as_new()
        await self._remote(
            DomainActivities.remove_domain,
            DomainRemoval(
                domain_id=inp.domain_id, hostname=inp.hostname, kind=inp.kind, dcv_target=inp.dcv_target
            ),
        )
        st.record_state = DnsRecordState.deleted
        await self._record(DomainAction.deleted)
        await workflow.wait_condition(workflow.all_handlers_finished)
        return "deleted"

    async def _verify(self) -> None:
        """Checks the TXT record with backoff until it is found, the round's checks are used up, or the domain
        is deleted. A `check_again` while waiting checks at once."""
        st, inp = self.state, self.inp
        name, value = verify_record_name(inp.hostname), verify_record_value(inp.token)
        while st.state == DomainState.waiting and not st.delete_requested and not self._suggested():
            st.check_requested = False
            result = await self._remote(
                DomainActivities.check_dns,
                DnsCheck(
                    domain_id=inp.domain_id, hostname=inp.hostname, record_name=name, expected_value=value
                ),
            )
            st.attempts += 1
            if result.found:
                st.state = DomainState.active
                st.record_state = DnsRecordState.submitted
                st.message, st.note = None, None
                await self._record(DomainAction.record_found)
                return
            if st.attempts >= inp.check_attempts:
                st.state = DomainState.error
                st.message, st.note = (
                    None,
                    txt_note(DomainNoteCode.txt_failed, result, name, value, st.attempts),
                )
                await self._record(DomainAction.check_failed, st.note)
                return
            st.message, st.note = None, txt_note(DomainNoteCode.txt_missing, result, name, value, st.attempts)
            await self._record(DomainAction.checked_missing, st.note)
            await self._back_off(st.attempts)

    async def _back_off(self, attempts: int) -> None:
        """The wait before the next DNS check: doubling from the first delay up to the longest, cut short by
        "Check again", a deletion or a long history."""
        st, inp = self.state, self.inp
        delay = check_delay_s(attempts, inp.check_first_s, inp.check_max_s)
        self.next_check_at = workflow.now() + timedelta(seconds=delay)
        try:
            await workflow.wait_condition(
                lambda: st.check_requested or st.delete_requested or self._suggested(),
                timeout=timedelta(seconds=delay),
            )
        except TimeoutError:
            pass
        self.next_check_at = None

    def _delegated(self) -> bool:
        """A custom domain answers the DNS-01 challenge through its `_acme-challenge` CNAME (DCV delegation).
        Workflows started before it existed carry no target and never reach the patch."""
        return (
            self.inp.kind == DomainKind.custom and bool(self.inp.dcv_target) and workflow.patched(DCV_PATCH)
        )

    async def _verify_delegation(self) -> bool:
        """Before each certificate: checks the seller's `_acme-challenge.{host}` CNAME with the TXT check's
        backoff. True when it points at the target. False when the domain was deleted, the history is long, or
        a round of checks missed it: then the domain is in error (first certificate) or, for a renewal, the
        old certificate stays and the renewal is tried again a day later."""
        st, inp = self.state, self.inp
        name, target = acme_record_name(inp.hostname), inp.dcv_target
        attempts = 0
        self.delegation_pending = True
        try:
            while not st.delete_requested and not self._suggested():
                st.check_requested = False
                result = await self._remote(
                    DomainActivities.check_delegation,
                    DelegationCheck(domain_id=inp.domain_id, name=name, target=target),
                )
                attempts += 1
                if result.found:
                    st.message, st.note = None, None
                    await self._record(DomainAction.delegation_found)
                    return True
                if attempts >= inp.check_attempts:
                    code = DomainNoteCode.cname_failed
                    if st.certificate is not None and st.certificate.not_after > workflow.now():
                        st.renew_due = False
                        st.certificate_failures += 1
                        st.last_failure_at = workflow.now()
                        code = DomainNoteCode.cname_failed_renewal  # the current certificate stays valid
                    else:
                        st.state = DomainState.error
                    st.message, st.note = None, cname_note(code, result, name, target, attempts)
                    await self._record(DomainAction.delegation_failed, st.note)
                    return False
                st.message = None
                st.note = cname_note(DomainNoteCode.cname_missing, result, name, target, attempts)
                await self._record(DomainAction.delegation_missing, st.note)
                await self._back_off(attempts)
            return False
        finally:
            self.delegation_pending = False

    async def _issue(self) -> None:
        st = self.state
        n = st.certificate.n + 1 if st.certificate else 1
        renewal = st.certificate is not None
        try:
            res = await self._remote(
                DomainActivities.issue_certificate,
                CertificateRequest(
                    domain_id=self.inp.domain_id,
                    hostname=self.inp.hostname,
                    n=n,
                    challenge_name=self.inp.dcv_target if self._delegated() else None,
                ),
                CERTIFICATE_STEP,
            )
        except ActivityError as e:
            valid = st.certificate is not None and st.certificate.not_after > workflow.now()
            code = DomainNoteCode.renewal_failed if valid else DomainNoteCode.certificate_failed
            await self._failed(e, code, error=not valid)  # a valid current certificate stays
            return
        if workflow.patched(EDGE_PATCH) and not await self._served(res.n, renewal):
            return
        st.certificate = CertificateInfo(
            n=res.n, not_before=res.not_before, not_after=res.not_after, issued_at=res.issued_at
        )
        st.state = DomainState.active_with_ssl
        st.renew_due = False
        st.certificate_failures = 0
        st.last_failure_at = None
        st.message, st.note = None, None
        await self._record(DomainAction.certificate_renewed if renewal else DomainAction.certificate_issued)

    async def _served(self, n: int, renewal: bool) -> bool:
        """Certificate n loaded into the TLS edge and answered with over HTTPS for the hostname: only then is the
        domain active with SSL. Not served: a first certificate leaves the domain in error with the reason (the
        seller checks again); a renewal keeps the current certificate and is tried again the next day."""
        try:
            await self._remote(
                DomainActivities.serve_certificate,
                CertificateRequest(domain_id=self.inp.domain_id, hostname=self.inp.hostname, n=n),
                CERTIFICATE_STEP,
            )
        except ActivityError as e:
            await self._failed(e, DomainNoteCode.not_served, error=not renewal)
            return False
        return True

    async def _failed(self, e: ActivityError, code: DomainNoteCode, *, error: bool) -> None:
        """A certificate step that did not succeed: counted, its reason noted and recorded; `error`: the domain is
        in error (no valid certificate to keep)."""
        st = self.state
        cause = e.cause.message if isinstance(e.cause, ApplicationError) else str(e)
        st.renew_due = False
        st.certificate_failures += 1
        st.last_failure_at = workflow.now()
        if error:
            st.state = DomainState.error
        st.message, st.note = None, DomainNote(code, cause=cause[:400])
        await self._record(DomainAction.certificate_failed, st.note)

    async def _renewal_due(self) -> bool:
        """Waits until the certificate is due for renewal (True), or until a delete or a long history (False)."""
        st = self.state
        self.renew_at = self._renew_at()
        timeout = max(timedelta(0), self.renew_at - workflow.now())
        try:
            await workflow.wait_condition(lambda: st.delete_requested or self._suggested(), timeout=timeout)
        except TimeoutError:
            return True
        return False

    def _renew_at(self) -> datetime:
        st, inp = self.state, self.inp
        cert = st.certificate
        if cert is None:
            return workflow.now()
        due = cert.issued_at + timedelta(
            seconds=renewal_delay_s(
                cert.not_before, cert.not_after, inp.renew_margin_days, inp.day_s, cert.issued_at
            )
        )
        if st.last_failure_at is not None:  # a refused renewal: again a day later
            due = max(due, st.last_failure_at + timedelta(seconds=inp.day_s))
        return due

    async def _continue_as_new(self) -> None:
        await workflow.wait_condition(workflow.all_handlers_finished)
        self.state.cycles += 1
        workflow.continue_as_new(dataclasses.replace(self.inp, state=self.state))

    def _suggested(self) -> bool:
        return workflow.info().is_continue_as_new_suggested()

    # ----- handlers --------------------------------------------------------------------------------------
    # The seller's actions are updates with validators (409 at the API when they do not apply); the signals of
    # the same purpose are kept for the histories written before them.
    @workflow.update
    def check_now(self) -> str:
        """The seller set the record: check now (waiting, or the DCV CNAME looked for), or start a new round of
        checks (error)."""
        self.state.check_requested = True
        return self.state.state

    @check_now.validator
    def _check_applies(self) -> None:
        st = self.state
        if st.delete_requested:
            raise ApplicationError("being removed", type=Refusal.domain_deleted)
        if st.state not in (DomainState.waiting, DomainState.error) and not self.delegation_pending:
            raise ApplicationError("nothing to check", type=Refusal.domain_not_checkable)

    @workflow.update
    def remove(self) -> str:
        self.state.delete_requested = True
        return self.state.state

    @remove.validator
    def _remove_applies(self) -> None:
        if self.state.delete_requested:
            raise ApplicationError("being removed", type=Refusal.domain_deleted)

    @workflow.signal
    def check_again(self) -> None:
        """Kept for histories written before `check_now`."""
        if self.state.state in (DomainState.waiting, DomainState.error) or self.delegation_pending:
            self.state.check_requested = True

    @workflow.signal
    def delete(self) -> None:
        """From another workflow (an account's deletion); kept too for histories written before `remove`."""
        self.state.delete_requested = True

    @workflow.query
    def status(self) -> DomainStatus:
        st = self.state
        return DomainStatus(
            state=st.state,
            record_state=st.record_state,
            attempts=st.attempts,
            max_attempts=self.inp.check_attempts,
            next_check_at=self.next_check_at,
            renew_at=self.renew_at,
            message=st.message,
            note=st.note,
        )

    # ----- activities ------------------------------------------------------------------------------------
    async def _record(self, action: DomainAction, note: DomainNote | None = None) -> None:
        st = self.state
        st.seq += 1
        entry = DomainHistoryEntry(at=workflow.now(), action=action, state=st.state, note=note)
        st.history = [*st.history[-(HISTORY_KEPT - 1) :], entry]
        await self._remote(
            DomainActivities.record_domain,
            DomainRecord(
                domain_id=st.domain_id,
                seq=st.seq,
                entry=entry,
                state=st.state,
                record_state=st.record_state,
                attempts=st.attempts,
                message=st.message,
                note=st.note,
                certificate=st.certificate,
            ),
        )

    @staticmethod
    async def _remote(
        activity: Callable[[DomainActivities, A], Awaitable[R]], arg: A, policy: StepPolicy = FULFILMENT_STEP
    ) -> R:
        return await run_step(activity, arg, policy)
