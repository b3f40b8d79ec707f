"""Bank accounts, KYC documents and the Legitimation workflow's vocabulary (core §3, §4), and the dataclasses
the workflow, its activities and the API exchange."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class BankAccountType(StrEnum):
    """The four provider kinds of core §3: two payment institutions, the provider-connect account and the
    collection (inkasso) account."""

    lemonway = "lemonway"
    mango_pay = "mango_pay"
    provider_connect = "provider_connect"
    inkasso = "inkasso"


class BankAccountState(StrEnum):
    not_sent = "not_sent"
    waiting = "waiting"
    activated = "activated"
    deactivated = "deactivated"
    rejected = "rejected"
    error = "error"
    init_state = "init_state"
    # the admin view adds the states the payment institution set itself
    activated_by_lw = "activated_by_lw"
    deactivated_by_lw = "deactivated_by_lw"


# core §4 groups: registered/activated; not_sent/waiting; rejected, rejected by bank, by the institution,
# deactivated.
BANK_ACCOUNT_GROUPS: dict[str, tuple[BankAccountState, ...]] = {
    "activated": (BankAccountState.activated, BankAccountState.activated_by_lw),
    "pending": (BankAccountState.not_sent, BankAccountState.waiting, BankAccountState.init_state),
    "rejected": (
        BankAccountState.rejected,
        BankAccountState.error,
        BankAccountState.deactivated,
        BankAccountState.deactivated_by_lw,
    ),
}
ACTIVE_BANK_STATES = frozenset(BANK_ACCOUNT_GROUPS["activated"])


class DocumentType(StrEnum):
    id_from_front = "id_from_front"
    id_from_back = "id_from_back"
    proof_doc = "proof_doc"
    company_lr = "company_lr"
    article_doc = "article_doc"
    other_doc_1 = "other_doc_1"
    other_doc_2 = "other_doc_2"
    id_verification = "id_verification"
    shareholder_declaration = "shareholder_declaration"


class DocumentState(StrEnum):
    accepted = "accepted"
    created = "created"
    expired = "expired"
    init = "init"
    not_accepted = "not_accepted"
    not_verified = "not_verified"
    on_hold = "on_hold"
    refused = "refused"
    sent = "sent"
    unreadable = "unreadable"
    validated = "validated"
    validation_asked = "validation_asked"
    wrong_name = "wrong_name"
    wrong_type = "wrong_type"
    incomplete = "incomplete"


# The documents a review needs (docs/DECISIONS.md): an identity document front and back for every seller; a
# legal entity adds its register extract (company_lr) and articles of association.
REQUIRED_DOCUMENTS = {
    "natural": (DocumentType.id_from_front, DocumentType.id_from_back),
    "entity": (
        DocumentType.id_from_front,
        DocumentType.id_from_back,
        DocumentType.company_lr,
        DocumentType.article_doc,
    ),
}
DOCUMENT_CONTENT_TYPES = frozenset({"application/pdf", "image/png", "image/jpeg"})
DOCUMENT_MAX_BYTES = 10 * 1024 * 1024


class LegitimationStep(StrEnum):
    head_quarter = "head_quarter"
    legal_representative = "legal_representative"
    documents = "documents"
    ubo = "ubo"
    requested = "requested"
    in_review = "in_review"
    change = "change"
    registered = "registered"
    legitimated = "legitimated"
    rejected = "rejected"


class LegitimationStatus(StrEnum):
    init = "init"
    change = "change"
    accepted = "accepted"
    rejected = "rejected"


class ReviewingStatus(StrEnum):
    change = "change"
    in_review = "in_review"
    reviewed = "reviewed"
    init = "init"
    requested = "requested"


class VerificationLevel(StrEnum):
    kyc_1 = "kyc_1"
    kyc_2 = "kyc_2"
    closed = "closed"
    kyc_incomplete = "kyc_incomplete"
    rejected = "rejected"
    blocked = "blocked"
    expired = "expired"


class AccountLimit(StrEnum):
    no_documents = "no_documents"
    verification = "verification"
    rejected = "rejected"
    payments = "payments"
    payouts = "payouts"
    payments_payouts = "payments_payouts"


# A limit that stops selling (core §6 canSell) and one that stops payouts.
STOPS_PAYMENTS = frozenset(
    {AccountLimit.payments, AccountLimit.payments_payouts, AccountLimit.rejected, AccountLimit.verification}
)
STOPS_PAYOUTS = frozenset(set(AccountLimit) - {AccountLimit.payments})


_SEVERITY = (AccountLimit.rejected, AccountLimit.verification, AccountLimit.no_documents)


def combined_limit(a: AccountLimit | None, b: AccountLimit | None) -> AccountLimit | None:
    """Two limits in force at once (the review's and a manager's) as the one the seller lives with."""
    if a is None or b is None or a == b:
        return a or b
    for severe in _SEVERITY:
        if severe in (a, b):
            return severe
    return AccountLimit.payments_payouts  # payments with payouts, or either with payments_payouts


class DataMismatch(StrEnum):
    requested = "requested"
    data_mismatch = "data_mismatch"


class KycOutcome(StrEnum):
    approved = "approved"
    documents_required = "documents_required"
    refused = "refused"


class Decision(StrEnum):
    approve = "approve"
    reject = "reject"
    request_changes = "request_changes"


# ----- what the workflow exchanges ----------------------------------------------------------------------


@dataclass(frozen=True)
class ProfileFacts:
    """What the workflow needs to know of a saved profile: how far the wizard's data goes, and a digest of the
    data a verification confirms (a different digest after legitimation is a data mismatch)."""

    business_type: str | None
    step: LegitimationStep  # the first collection step still incomplete (or the last one when all are done)
    complete: bool  # the profile, the provider's address list, the documents and a bank account are there
    data_hash: str


@dataclass(frozen=True)
class KycAnswer:
    event_id: str
    reference: str
    outcome: KycOutcome
    reason: str | None = None


@dataclass(frozen=True)
class ManagerDecision:
    decision: Decision
    manager_id: int
    reason: str | None = None


@dataclass(frozen=True)
class LimitChange:
    """A manager sets (or lifts, with None) an account limit: `payments` stops selling, `payouts` payouts."""

    limit: AccountLimit | None
    manager_id: int
    reason: str | None = None


@dataclass(frozen=True)
class HistoryEntry:
    at: datetime
    actor: str  # seller, kyc, manager:{id}, system
    action: str
    step: LegitimationStep
    reason: str | None = None


@dataclass
class LegitimationState:
    """All the Legitimation workflow knows; carried across continue-as-new."""

    seller_id: int
    step: LegitimationStep = LegitimationStep.head_quarter
    status: LegitimationStatus = LegitimationStatus.init
    reviewing_status: ReviewingStatus = ReviewingStatus.init
    verification_level: VerificationLevel | None = None
    data_mismatch: DataMismatch | None = None
    account_limit: AccountLimit | None = AccountLimit.verification
    reason: str | None = None
    facts: ProfileFacts | None = None
    verified_hash: str | None = None
    # submission rounds: each is one KYC request with its own reference
    round: int = 0
    reference: str | None = None
    kyc_outcome: KycOutcome | None = None
    seen_events: list[str] = field(default_factory=list)
    submit_requested: bool = False
    decision: ManagerDecision | None = None
    limit_change: LimitChange | None = None
    manager_limit: AccountLimit | None = None  # set by a manager on top of what the review decided
    change_since: datetime | None = None
    reminded: bool = False
    seq: int = 0  # history entries written so far (the projection's idempotency key)
    history: list[HistoryEntry] = field(default_factory=list)


@dataclass(frozen=True)
class LegitimationInput:
    seller_id: int
    day_s: float = 86400.0  # a compressed day in tests
    reminder_days: int = 7  # a seller asked for changes is reminded after this many days, once
    state: LegitimationState | None = None


@dataclass(frozen=True)
class LegitimationRecord:
    """The projection the cabinet and the admin lists read: the state after one history entry."""

    seller_id: int
    seq: int
    entry: HistoryEntry
    step: LegitimationStep
    status: LegitimationStatus
    reviewing_status: ReviewingStatus
    verification_level: VerificationLevel | None
    data_mismatch: DataMismatch | None
    account_limit: AccountLimit | None
    reason: str | None
    reference: str | None


@dataclass(frozen=True)
class KycSubmission:
    seller_id: int
    reference: str


class LegitimationMailKind(StrEnum):
    changes_reminder = "changes_reminder"
    changes_requested = "changes_requested"
    legitimated = "legitimated"
    rejected = "rejected"


@dataclass(frozen=True)
class LegitimationMail:
    seller_id: int
    kind: LegitimationMailKind
    key: str  # business key of the mail (idempotency)
    reason: str | None = None


# ----- how far a seller is (the wizard, the dashboard, the workflow's facts) ----------------------------


class Missing(StrEnum):
    """What still stands between a seller and selling (the dashboard names each, with a link)."""

    profile = "profile"  # required fields of core §5
    provider_data = "provider_data"  # the KYC provider's address list, beneficial owners
    documents = "documents"
    bank_account = "bank_account"
    submission = "submission"  # everything is there; the seller has not asked for the review yet
    review = "review"  # the KYC provider or a manager is reviewing
    changes = "changes"  # documents or data asked for again
    rejected = "rejected"
    limited = "limited"  # an account limit stops payments


def required_documents(business_type: str | None) -> tuple[DocumentType, ...]:
    return REQUIRED_DOCUMENTS.get(business_type or "natural", REQUIRED_DOCUMENTS["natural"])


def collection(
    *,
    business_type: str | None,
    profile_missing: bool,
    provider_missing: set[str],
    documents: set[DocumentType],
    verification_needed: bool,
    has_bank_account: bool,
) -> tuple[LegitimationStep, list[Missing]]:
    """The first legitimation step still incomplete (core §4: head_quarter, legal_representative, documents,
    ubo) and what is missing. With nothing missing the step is the last one of the seller's kind."""
    missing: list[Missing] = []
    ubo_missing = any(f.startswith("beneficial_owners") for f in provider_missing)
    docs_missing = verification_needed and not set(required_documents(business_type)) <= documents
    if profile_missing:
        missing.append(Missing.profile)
    if provider_missing:
        missing.append(Missing.provider_data)
    if docs_missing:
        missing.append(Missing.documents)
    if not has_bank_account:
        missing.append(Missing.bank_account)
    entity = business_type == "entity"
    if profile_missing:
        step = LegitimationStep.head_quarter
    elif provider_missing - {f for f in provider_missing if f.startswith("beneficial_owners")}:
        step = LegitimationStep.legal_representative
    elif docs_missing:
        step = LegitimationStep.documents
    elif entity and ubo_missing:
        step = LegitimationStep.ubo
    else:
        step = LegitimationStep.ubo if entity else LegitimationStep.documents
    return step, missing


# The steps during which the seller waits for a review; the profile is locked meanwhile.
UNDER_REVIEW = frozenset(
    {LegitimationStep.requested, LegitimationStep.in_review, LegitimationStep.registered}
)


def profile_editable(step: LegitimationStep | None) -> bool:
    """The seller edits the profile before a review and after one asked for changes; not while it is reviewed
    (the review would see other data than was submitted), and never after a rejection."""
    return step is None or (step not in UNDER_REVIEW and step != LegitimationStep.rejected)


def profile_lock_reason(step: LegitimationStep | None) -> str | None:
    """Why the profile cannot be edited now (the API's 409 words), or None."""
    if profile_editable(step):
        return None
    if step == LegitimationStep.rejected:
        return "This seller account was rejected."
    return "Your profile is under review; wait for it."
