"""Request and response models of `/v1/cabinet/domains` and `/v1/shop/_host`."""

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, StringConstraints

from domain.domains import (
    DEFAULT_TTL,
    HOSTNAME_MAX,
    TTL_OPTIONS,
    DnsRecordState,
    DnsRecordType,
    DomainAction,
    DomainKind,
    DomainNoteCode,
    DomainState,
)


def _ttl(v: int) -> int:
    if v not in TTL_OPTIONS:
        raise ValueError(f"one of {', '.join(str(t) for t in TTL_OPTIONS)}")
    return v


# One of the TTL options (core §9); bounded in the contract, and nothing else passes.
Ttl = Annotated[
    int,
    Strict(),
    AfterValidator(_ttl),
    Field(json_schema_extra={"minimum": min(TTL_OPTIONS), "maximum": max(TTL_OPTIONS)}),
]


class DomainIn(BaseModel):
    """`name`: the whole hostname for a custom domain (shop.example.com, IDN allowed), or one label for a
    platform subdomain ({name}.{platform suffix}). `ttl`: one of the TTL options of core §9."""

    model_config = ConfigDict(extra="forbid")
    kind: DomainKind
    name: Annotated[str, StringConstraints(max_length=HOSTNAME_MAX + 10)]
    ttl: Ttl = DEFAULT_TTL


class DnsRecordOut(BaseModel):
    """A record the seller sets at their DNS host (for a subdomain the platform sets it): the TXT that verifies
    the domain, or the CNAME that delegates its ACME challenge to the platform's zone."""

    type: DnsRecordType
    name: str
    value: str
    ttl: int
    state: DnsRecordState


class RoutingRecordOut(DnsRecordOut):
    """A record that sends the custom domain's visitors to the shop (CNAME to the platform's host, or A/AAAA to its
    addresses at a domain's apex), with what the last look saw at the name (`state` waiting until it matches)."""

    seen: list[str]


class CertificateOut(BaseModel):
    n: int
    not_before: datetime
    not_after: datetime
    issued_at: datetime


class DomainNoteOut(BaseModel):
    """What the last check or issuance saw: a code the web app words, with its facts."""

    code: DomainNoteCode
    record: str = ""
    expected: str = ""
    attempts: int = 0
    seen: list[str] = []
    dns_error: str = ""
    cause: str = ""


class DomainOut(BaseModel):
    id: int
    hostname: str  # ASCII (punycode) form
    display_hostname: str  # Unicode form
    kind: DomainKind
    state: DomainState
    record: DnsRecordOut
    # a custom domain's `_acme-challenge.{host}` CNAME to the platform's zone (DCV delegation), which the SSL
    # certificate needs; None for a platform subdomain
    delegation: DnsRecordOut | None
    # a custom domain's routing records ([] for a platform subdomain, which the platform routes), and when the
    # last look at them was (None: not looked at yet)
    routing: list[RoutingRecordOut] = []
    routing_checked_at: datetime | None = None
    attempts: int
    message: str | None  # domains last checked before notes: the check's words
    note: DomainNoteOut | None = None
    certificate_not_after: datetime | None
    created_at: datetime


class DomainEventOut(BaseModel):
    seq: int
    at: datetime
    action: DomainAction
    state: DomainState
    message: str | None
    note: DomainNoteOut | None = None


class DomainDetail(DomainOut):
    history: list[DomainEventOut]
    certificates: list[CertificateOut]
    max_attempts: int
    next_check_at: datetime | None
    renew_at: datetime | None
    workflow_id: str


class DomainsOverview(BaseModel):
    platform_suffix: str
    ttl_options: list[int]
    record_type: DnsRecordType
    list: list[DomainOut]  # last: after it, `list` in this class body is the field


class HostShop(BaseModel):
    """The shop a verified domain serves: what a reverse proxy (or the web app on that domain) asks for."""

    username: str
    hostname: str
    state: DomainState
