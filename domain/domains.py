"""Custom domains and platform subdomains (core §3, §4, §9; editor §9): the vocabularies, the name rules, the TXT
record a seller sets, the DNS check's backoff and the certificate's renewal calendar, and the dataclasses the
Domain SSL workflow (`domain-{domain id}`) exchanges with its activities. Pure: no I/O."""

from __future__ import annotations

import hashlib
import ipaddress
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from functools import lru_cache
from typing import Any

import idna


class DomainState(StrEnum):
    """Core §4: a domain is waiting for its record, active (verified), in error, or active with a certificate."""

    waiting = "waiting"
    active = "active"
    error = "error"
    active_with_ssl = "active_with_ssl"


class DnsRecordState(StrEnum):
    """Core §4: the TXT record is waiting (not seen yet), submitted (seen in DNS) or deleted (domain removed)."""

    waiting = "waiting"
    submitted = "submitted"
    deleted = "deleted"


class DomainKind(StrEnum):
    custom = "custom"  # the seller's own domain (shop.example.com)
    subdomain = (
        "subdomain"  # a name under the platform's suffix ({name}.{suffix}, core §9 "subdomain suffix")
    )


class DnsRecordType(StrEnum):
    TXT = "TXT"  # core §9: the record that proves the seller owns the domain
    CNAME = (
        "CNAME"  # a custom domain's DCV delegation (_acme-challenge.{host}), and its routing below its apex
    )
    A = "A"  # routing at a domain's apex (no CNAME there): the platform's IPv4 address
    AAAA = "AAAA"  # … and its IPv6 address, where the platform has one


VERIFIED_STATES = frozenset({DomainState.active, DomainState.active_with_ssl})  # the shop answers on these
MAX_DOMAINS_PER_SELLER = 20
TTL_OPTIONS: tuple[int, ...] = (300, 3600, 86400, 604800)  # core §9 and editor §9, in seconds
DEFAULT_TTL = 3600
HOSTNAME_MAX = 253
LABEL_MAX = 63
TOKEN_LEN = 32
VERIFY_LABEL = "_sellflow"  # the TXT record lives at _sellflow.{hostname}
VERIFY_PREFIX = "sellflow-verification="
ACME_LABEL = "_acme-challenge"
DCV_ZONE_LABEL = "acme"  # DCV delegation targets live under acme.{platform suffix}
DCV_LABEL_LEN = 20  # hex characters of the target's first label
DCV_PATCH = "dcv-delegation"  # workflow.patched id: custom domains check their CNAME before a certificate
EDGE_PATCH = (
    "edge-served"  # workflow.patched id: a certificate is active only once the TLS edge answers with it
)
MESSAGE_MAX = 500

_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_TLD = re.compile(r"^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$")


class HostnameError(StrEnum):
    """Why a name is refused; the API maps each to a field message."""

    required = "required"
    too_big = "too big"
    invalid = "invalid hostname"
    ip_address = "an IP address is not a domain"
    platform_domain = "the platform's own domain cannot be added"
    not_a_subdomain = "a subdomain is one name without dots"


def ascii_hostname(name: str) -> str:
    """The ASCII (punycode) form of a hostname by IDNA 2008 with the UTS 46 mapping (as browsers resolve it): lower
    case, no trailing dot, IDN labels encoded (müller.de → xn--mller-kva.de, faß.de → xn--fa-hia.de). Emoji and
    other code points IDNA 2008 disallows, and A-labels that do not decode to a valid label (xn--abc), raise
    ValueError."""
    n = name.strip().rstrip(".")
    if not n:
        raise ValueError("empty")
    try:
        return idna.encode(n, uts46=True).decode("ascii").lower()
    except (idna.IDNAError, UnicodeError) as e:
        raise ValueError(str(e)) from e


def _valid_ascii(host: str) -> bool:
    labels = host.split(".")
    return (
        len(host) <= HOSTNAME_MAX
        and len(labels) >= 2
        and all(_LABEL.match(label) for label in labels)
        and _TLD.match(labels[-1]) is not None
    )


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip().strip("[]"))
    except ValueError:
        return False
    return True


def custom_hostname(name: str | None, platform_suffix: str) -> str:
    """A seller's own domain, checked and in ASCII form. Raises ValueError(HostnameError)."""
    if name is None or not name.strip():
        raise ValueError(HostnameError.required)
    if _is_ip(name):
        raise ValueError(HostnameError.ip_address)
    if len(name.strip()) > HOSTNAME_MAX:
        raise ValueError(HostnameError.too_big)
    try:
        host = ascii_hostname(name)
    except ValueError:
        raise ValueError(HostnameError.invalid) from None
    if not _valid_ascii(host):
        raise ValueError(HostnameError.invalid)
    suffix = platform_suffix.lower().strip(".")
    if host == suffix or host.endswith("." + suffix):
        raise ValueError(HostnameError.platform_domain)
    return host


def subdomain_hostname(label: str | None, platform_suffix: str) -> str:
    """`{label}.{suffix}` for a platform subdomain: one DNS label, ASCII after IDN encoding."""
    if label is None or not label.strip():
        raise ValueError(HostnameError.required)
    raw = label.strip().lower()
    if "." in raw.rstrip("."):
        raise ValueError(HostnameError.not_a_subdomain)
    if len(raw) > LABEL_MAX:
        raise ValueError(HostnameError.too_big)
    try:
        ascii_label = ascii_hostname(raw)
    except ValueError:
        raise ValueError(HostnameError.invalid) from None
    if len(ascii_label) > LABEL_MAX:
        raise ValueError(HostnameError.too_big)
    if not _LABEL.match(ascii_label):
        raise ValueError(HostnameError.invalid)
    return f"{ascii_label}.{platform_suffix.lower().strip('.')}"


def display_hostname(host: str) -> str:
    """The Unicode form to show (xn--mller-kva.de → müller.de); the ASCII form if it does not decode."""
    try:
        return idna.decode(host)
    except (idna.IDNAError, UnicodeError):
        return host


def verify_record_name(host: str) -> str:
    return f"{VERIFY_LABEL}.{host}"


def verify_record_value(token: str) -> str:
    return f"{VERIFY_PREFIX}{token}"


def acme_record_name(host: str) -> str:
    return f"{ACME_LABEL}.{host}"


def dcv_target(token: str, platform_suffix: str) -> str:
    """Where a custom domain's `_acme-challenge.{host}` CNAME points: `{label}.acme.{suffix}` in the platform's
    zone, the label a hash of the domain's token (stable for the domain, unique, and not the token itself). At
    most 20 + 6 + len(suffix) characters, so well under 253 for any suffix the platform can have."""
    label = hashlib.sha256(f"dcv:{token}".encode()).hexdigest()[:DCV_LABEL_LEN]
    return f"{label}.{DCV_ZONE_LABEL}.{platform_suffix.lower().strip('.')}"


@dataclass(frozen=True)
class RoutingRecord:
    """A record that sends a custom domain's visitors to the platform: a CNAME to the platform's host below a
    domain's apex, A (and AAAA) to its addresses at the apex, where DNS allows no CNAME."""

    type: DnsRecordType
    name: str
    value: str


@lru_cache(maxsize=1)
def _public_suffixes() -> Any:
    from publicsuffixlist import (
        PublicSuffixList,  # lazily: the list loads once, never in a workflow's sandbox
    )

    return PublicSuffixList()


def is_apex(host: str) -> bool:
    """Whether `host` is a registrable domain itself (example.com, example.co.uk), by the Public Suffix List."""
    name = host.lower().rstrip(".")
    return bool(_public_suffixes().privatesuffix(name) == name)


def routing_records(
    host: str, kind: DomainKind, routing_host: str, ipv4: str, ipv6: str
) -> list[RoutingRecord]:
    """The records a seller sets so that the custom domain `host` reaches the shop; none for a platform subdomain
    (the platform's wildcard routes it)."""
    if kind != DomainKind.custom:
        return []
    if not is_apex(host):
        return [RoutingRecord(DnsRecordType.CNAME, host, routing_host.lower().rstrip("."))]
    out = [RoutingRecord(DnsRecordType.A, host, ipv4)] if ipv4 else []
    if ipv6:
        out.append(RoutingRecord(DnsRecordType.AAAA, host, ipv6))
    return out


def routing_found(record: RoutingRecord, seen: dict[str, list[str]]) -> bool:
    """Whether the last lookup saw `record`: the CNAME target, or the address (compared as addresses)."""
    values = seen.get(record.type.value, [])
    if record.type == DnsRecordType.CNAME:
        return record.value in {v.lower().rstrip(".") for v in values}
    try:
        want = ipaddress.ip_address(record.value)
        return any(ipaddress.ip_address(v) == want for v in values)
    except ValueError:
        return False


def check_delay_s(attempt: int, first_s: float, max_s: float) -> float:
    """Exponential backoff between DNS checks: first_s, 2×, 4×, … capped at max_s (attempt counts from 1)."""
    return min(max_s, first_s * (2.0 ** max(0, attempt - 1)))


def renewal_delay_s(
    not_before: datetime, not_after: datetime, margin_days: int, day_s: float, issued_at: datetime
) -> float:
    """Seconds from `issued_at` until a certificate is renewed: its lifetime in days, minus `margin_days`,
    counted in the workflow's days (`day_s` seconds each; 86400 in production, compressed in tests). With a
    real day this is `not_after - margin`; a certificate younger than its margin is renewed after half its
    lifetime, and one already past it at once."""
    lifetime_days = (not_after - not_before) / timedelta(days=1)
    elapsed_days = max(0.0, (issued_at - not_before) / timedelta(days=1))
    wait_days = lifetime_days - margin_days if lifetime_days > margin_days else lifetime_days / 2
    return max(0.0, (wait_days - elapsed_days) * day_s)


# ----- the workflow's data -------------------------------------------------------------------------------
class DomainAction(StrEnum):
    """What happened to a domain, in the history the cabinet shows in words."""

    added = "added"
    record_published = "record_published"
    checked_missing = "checked_missing"
    record_found = "record_found"
    check_failed = "check_failed"
    check_requested = "check_requested"
    delegation_missing = "delegation_missing"  # the _acme-challenge CNAME is not there (yet)
    delegation_found = "delegation_found"
    delegation_failed = "delegation_failed"  # still missing after a round of checks
    certificate_issued = "certificate_issued"
    certificate_renewed = "certificate_renewed"
    certificate_failed = "certificate_failed"
    deleted = "deleted"


class DomainNoteCode(StrEnum):
    """What the last check saw, as a code the web app words (en, de); the facts travel beside it in DomainNote."""

    txt_missing = "txt_missing"  # the TXT record is not there (yet); checks go on
    txt_failed = "txt_failed"  # still missing after a round of checks: error
    cname_missing = "cname_missing"  # the _acme-challenge CNAME is not there (yet); checks go on
    cname_failed = "cname_failed"  # still missing after a round: error (no certificate yet)
    cname_failed_renewal = (
        "cname_failed_renewal"  # still missing: the current certificate stays, renewal tomorrow
    )
    certificate_failed = "certificate_failed"  # the certificate authority refused: error
    not_served = (
        "not_served"  # the certificate was issued, but HTTPS through the edge does not answer with it
    )
    renewal_failed = (
        "renewal_failed"  # a renewal refused: the current certificate stays, tried again tomorrow
    )


@dataclass
class DomainNote:
    """What a check or an issuance found, as facts (never a sentence: the web app words the code)."""

    code: DomainNoteCode
    record: str = ""  # the record's name (`_sellflow.{host}`, `_acme-challenge.{host}`)
    expected: str = ""  # the TXT value or the CNAME target it should have
    attempts: int = 0  # the checks of this round so far
    seen: list[str] = field(default_factory=list)  # other values found at the name (at most 3, trimmed)
    dns_error: str = ""  # the resolver's own error, when it did not answer
    cause: str = ""  # the certificate authority's reason, as it gave it


def txt_note(
    code: DomainNoteCode, result: DnsCheckResult, record: str, expected: str, attempts: int
) -> DomainNote:
    return DomainNote(
        code, record, expected, attempts, [v[:80] for v in result.values[:3]], (result.error or "")[:200]
    )


def cname_note(
    code: DomainNoteCode, result: DelegationCheckResult, record: str, target: str, attempts: int
) -> DomainNote:
    return DomainNote(
        code, record, target, attempts, [v[:120] for v in result.seen[:3]], (result.error or "")[:200]
    )


@dataclass
class DomainHistoryEntry:
    at: datetime
    action: DomainAction
    state: DomainState
    message: str | None = None  # histories written before notes carried a sentence
    note: DomainNote | None = None


@dataclass
class CertificateInfo:
    n: int  # the n-th certificate of this domain (1 on the first issuance, +1 per renewal)
    not_before: datetime
    not_after: datetime
    issued_at: datetime


@dataclass
class DomainFlowState:
    domain_id: int
    state: DomainState = DomainState.waiting
    record_state: DnsRecordState = DnsRecordState.waiting
    attempts: int = 0  # DNS checks of the current round
    round: int = 1  # a "check again" starts a new round
    check_requested: bool = False
    delete_requested: bool = False
    message: str | None = None  # states carried across continue-as-new before notes
    note: DomainNote | None = None
    certificate: CertificateInfo | None = None
    certificate_failures: int = 0
    last_failure_at: datetime | None = None
    renew_due: bool = False  # set before continuing as new: the next run renews the certificate
    seq: int = 0
    cycles: int = 0  # continue-as-new runs (one per renewal cycle)
    history: list[DomainHistoryEntry] = field(default_factory=list)


@dataclass
class DomainInput:
    domain_id: int
    hostname: str  # ASCII form
    kind: DomainKind
    token: str
    day_s: float = 86400.0  # the renewal calendar's day (compressed in tests)
    check_first_s: float = 60.0
    check_max_s: float = 3600.0
    check_attempts: int = 12
    renew_margin_days: int = 30
    state: DomainFlowState | None = None
    # a custom domain's DCV delegation target (dcv_target); "" for a platform subdomain and for workflows
    # started before the delegation existed (they answer the challenge at _acme-challenge.{host} directly)
    dcv_target: str = ""


@dataclass
class DnsCheck:
    domain_id: int
    hostname: str
    record_name: str
    expected_value: str


@dataclass
class DnsCheckResult:
    found: bool
    values: list[str] = field(default_factory=list)  # the TXT values seen at the name (for the message)
    error: str | None = None  # the resolver's answer when it was not a plain "no such record"


@dataclass
class DelegationCheck:
    """Is `name` (the seller's `_acme-challenge.{host}`) a CNAME to `target`?"""

    domain_id: int
    name: str
    target: str


@dataclass
class DelegationCheckResult:
    found: bool
    seen: list[str] = field(default_factory=list)  # the CNAME targets seen at the name (for the message)
    error: str | None = None


@dataclass
class PlatformRecord:
    domain_id: int
    record_name: str
    value: str
    ttl: int = DEFAULT_TTL


@dataclass
class CertificateRequest:
    """Certificate n of the domain: issued (`issue_certificate`), then loaded into the TLS edge and checked there
    (`serve_certificate`: an HTTPS request for the hostname answers with it)."""

    domain_id: int
    hostname: str
    n: int  # the certificate's number: the idempotency key is `domain-{id}-cert-{n}`
    # where the DNS-01 challenge TXT is written in the platform's zone: the DCV delegation target of a custom
    # domain; None: `_acme-challenge.{hostname}` itself (a platform subdomain, or a workflow started before)
    challenge_name: str | None = None


@dataclass
class CertificateResult:
    n: int
    not_before: datetime
    not_after: datetime
    issued_at: datetime


@dataclass
class DomainRecord:
    """One transition, as the projection (`domains`, `domain_events`) stores it; `seq` makes it idempotent."""

    domain_id: int
    seq: int
    entry: DomainHistoryEntry
    state: DomainState
    record_state: DnsRecordState
    attempts: int
    message: str | None = None
    note: DomainNote | None = None
    certificate: CertificateInfo | None = None


@dataclass
class DomainRemoval:
    domain_id: int
    hostname: str
    kind: DomainKind
    dcv_target: str = ""  # its challenge records in the platform's zone go too


@dataclass
class DomainStatus:
    """The query the cabinet reads while the workflow runs."""

    state: DomainState
    record_state: DnsRecordState
    attempts: int
    max_attempts: int
    next_check_at: datetime | None
    renew_at: datetime | None
    message: str | None = None
    note: DomainNote | None = None
