"""The seller profile, bank accounts, KYC documents and the legitimation, for the cabinet and the admin area.
Every bound comes from domain/limits.py; the field rules (required fields, VAT, phone, age, IBAN, BIC) are the
domain's, applied by the routes, so the web form shows the API's own messages."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from domain.legitimation.legitimation import (
    AccountLimit,
    BankAccountState,
    BankAccountType,
    DataMismatch,
    Decision,
    DocumentState,
    DocumentType,
    LegitimationStatus,
    LegitimationStep,
    Missing,
    ReviewingStatus,
    VerificationLevel,
)
from domain.legitimation.seller_profile import (
    BusinessType,
    EmployeeSize,
    PositionInCompany,
    Salutation,
    TaxNoType,
    VatExemptReason,
)
from domain.limits import (
    ACCOUNT_HOLDER_MAX,
    BENEFICIAL_OWNERS_MAX,
    BIC_MAX,
    COUNTRY_CODE_LEN,
    DECISION_REASON_MAX,
    IBAN_MAX,
    PERSON_NAME_MAX,
    PHONE_MAX,
    PROFILE_TEXT_MAX,
    STREET_NUMBER_MAX,
    TAX_NUMBER_MAX,
    VAT_ID_MAX,
    ZIP_MAX,
)
from domain.listing import ListAnswer

Name = Annotated[str, StringConstraints(max_length=PERSON_NAME_MAX)]
ProfileText = Annotated[str, StringConstraints(max_length=PROFILE_TEXT_MAX)]
Phone = Annotated[str, StringConstraints(max_length=PHONE_MAX)]
StreetNumber = Annotated[str, StringConstraints(max_length=STREET_NUMBER_MAX)]
Zip = Annotated[str, StringConstraints(max_length=ZIP_MAX)]
VatId = Annotated[str, StringConstraints(max_length=VAT_ID_MAX)]
TaxNumber = Annotated[str, StringConstraints(max_length=TAX_NUMBER_MAX)]
ManagerLimit = Literal["payments", "payouts", "payments_payouts"]
Country = Annotated[str, StringConstraints(max_length=COUNTRY_CODE_LEN)]
WIZARD_STEPS = ("business", "personal", "representative", "details", "tax", "documents", "summary")
WizardStep = Annotated[str, StringConstraints(pattern=rf"^({'|'.join(WIZARD_STEPS)})$")]


class BeneficialOwnerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    first_name: Name | None = None
    last_name: Name | None = None
    birthday: date | None = None
    birthplace_city: ProfileText | None = None
    birthplace_country: Country | None = None
    nationality: Country | None = None


class SellerProfileIn(BaseModel):
    """The whole profile as the wizard has it (a draft may leave fields empty). `wizard_step` is the step the
    seller is on, kept for the next visit."""

    model_config = ConfigDict(extra="forbid")
    business_type: BusinessType | None = None
    salutation: Salutation | None = None
    first_name: Name | None = None
    last_name: Name | None = None
    phone: Phone | None = None
    birthday: date | None = None
    nationality: Country | None = None
    street: ProfileText | None = None
    street_number: StreetNumber | None = None
    zip: Zip | None = None
    city: ProfileText | None = None
    country_code: Country | None = None
    region: ProfileText | None = None
    company: ProfileText | None = None
    registration_location: ProfileText | None = None
    position: PositionInCompany | None = None
    employee_size: EmployeeSize | None = None
    vat_payer: bool | None = None
    vat_id: VatId | None = None
    vat_exempt_reason: VatExemptReason | None = None
    tax_no_type: TaxNoType | None = None
    tax_no: TaxNumber | None = None
    tax_ident_no: TaxNumber | None = None
    issuance_country_code: Country | None = None
    beneficial_owners: list[BeneficialOwnerIn] = Field(default_factory=list, max_length=BENEFICIAL_OWNERS_MAX)
    wizard_step: WizardStep | None = None


class SellerProfileOut(SellerProfileIn):
    model_config = ConfigDict(extra="ignore")
    verification_required: bool
    registration_done: bool
    # what is still required, field by field, with the messages of core §5 ("required"); empty when complete
    errors: dict[str, str]
    # the wizard's steps for this business type (core §2)
    steps: list[str]
    # False once the profile is under review: saving it then is refused (409)
    editable: bool


class BankAccountIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: BankAccountType = BankAccountType.lemonway
    holder: Annotated[str, StringConstraints(min_length=1, max_length=ACCOUNT_HOLDER_MAX)]
    iban: Annotated[str, StringConstraints(max_length=IBAN_MAX)]
    bic: Annotated[str, StringConstraints(max_length=BIC_MAX + 4)]


class BankAccountOut(BaseModel):
    id: int
    kind: BankAccountType
    holder: str
    iban: str
    bic: str
    state: BankAccountState
    created_at: datetime


class BankAccountList(BaseModel):
    list: list[BankAccountOut]


class DocumentOut(BaseModel):
    id: int
    type: DocumentType
    state: DocumentState
    file_name: str
    content_type: str
    size: int
    created_at: datetime


class DocumentList(BaseModel):
    required: list[DocumentType]
    list: list[DocumentOut]


class HistoryOut(BaseModel):
    seq: int
    at: datetime
    actor: str
    action: str
    step: LegitimationStep
    reason: str | None


class LegitimationOut(BaseModel):
    """Where the seller stands (core §4 legitimation vocabulary) and what stops selling (core §6 canSell)."""

    step: LegitimationStep
    status: LegitimationStatus
    reviewing_status: ReviewingStatus
    verification_level: VerificationLevel | None
    data_mismatch: DataMismatch | None
    account_limit: AccountLimit | None
    reason: str | None
    submitted_at: datetime | None
    can_sell: bool
    payment_account_done: bool
    registration_done: bool
    missing: list[Missing]
    history: list[HistoryOut]


class DecisionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    decision: Decision
    # required for reject and request_changes: the seller reads it
    reason: Annotated[str, StringConstraints(max_length=DECISION_REASON_MAX)] | None = None


class LimitIn(BaseModel):
    """A manager's account limit for a legitimated seller (core §4): `payments` stops selling, `payouts` stops
    payouts, both together `payments_payouts`; null lifts it. The reason is required and audited."""

    model_config = ConfigDict(extra="forbid")
    account_limit: ManagerLimit | None
    reason: Annotated[str, StringConstraints(max_length=DECISION_REASON_MAX)]


class AdminBankAccountRow(BaseModel):
    id: int
    seller_id: int
    username: str | None
    email: str
    kind: BankAccountType
    holder: str
    iban: str
    bic: str
    state: BankAccountState
    created_at: datetime


class AdminBankAccountList(ListAnswer[AdminBankAccountRow]):
    """The generic list answer of bank accounts."""


class AdminLegitimationRow(BaseModel):
    seller_id: int
    username: str | None
    email: str
    business_type: BusinessType | None
    first_name: str | None
    last_name: str | None
    company: str | None
    country_code: str | None
    step: LegitimationStep
    reviewing_status: ReviewingStatus
    verification_level: VerificationLevel | None
    account_limit: AccountLimit | None
    data_mismatch: DataMismatch | None
    submitted_at: datetime | None
    updated_at: datetime


class AdminLegitimationList(ListAnswer[AdminLegitimationRow]):
    """The generic list answer of legitimations."""


class AdminLegitimationDetail(BaseModel):
    seller_id: int
    username: str | None
    email: str
    profile: SellerProfileOut
    bank_accounts: list[BankAccountOut]
    documents: list[DocumentOut]
    legitimation: LegitimationOut
    workflow_id: str
    temporal_ui_url: str
