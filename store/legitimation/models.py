"""The seller profile (core §3), bank accounts, KYC documents, and the projection of the Legitimation workflow
(its current state and its append-only history) that the cabinet and the admin lists read."""

from datetime import date, datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, Date, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.legitimation.legitimation import (
    AccountLimit,
    BankAccountState,
    BankAccountType,
    DataMismatch,
    DocumentState,
    DocumentType,
    LegitimationStatus,
    LegitimationStep,
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
    BIC_MAX,
    CONTENT_TYPE_MAX,
    COUNTRY_CODE_LEN,
    DECISION_REASON_MAX,
    FILE_NAME_MAX,
    IBAN_MAX,
    PERSON_NAME_MAX,
    PHONE_MAX,
    PROFILE_TEXT_MAX,
    PROVIDER_ID_MAX,
    STREET_NUMBER_MAX,
    TAX_NUMBER_MAX,
    VAT_ID_MAX,
    ZIP_MAX,
)
from store.base import Base, StrEnumText, Timestamps

_C = COUNTRY_CODE_LEN


class SellerProfileRow(Timestamps, Base):
    __tablename__ = "seller_profiles"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), unique=True)
    business_type: Mapped[BusinessType | None] = mapped_column(StrEnumText(BusinessType, 20))
    salutation: Mapped[Salutation | None] = mapped_column(StrEnumText(Salutation, 20))
    first_name: Mapped[str | None] = mapped_column(String(PERSON_NAME_MAX))
    last_name: Mapped[str | None] = mapped_column(String(PERSON_NAME_MAX))
    phone: Mapped[str | None] = mapped_column(String(PHONE_MAX))
    birthday: Mapped[date | None] = mapped_column(Date)
    nationality: Mapped[str | None] = mapped_column(String(_C))
    street: Mapped[str | None] = mapped_column(String(PROFILE_TEXT_MAX))
    street_number: Mapped[str | None] = mapped_column(String(STREET_NUMBER_MAX))
    zip: Mapped[str | None] = mapped_column(String(ZIP_MAX))
    city: Mapped[str | None] = mapped_column(String(PROFILE_TEXT_MAX))
    country_code: Mapped[str | None] = mapped_column(String(_C))
    region: Mapped[str | None] = mapped_column(String(PROFILE_TEXT_MAX))
    company: Mapped[str | None] = mapped_column(String(PROFILE_TEXT_MAX))
    registration_location: Mapped[str | None] = mapped_column(String(PROFILE_TEXT_MAX))
    position: Mapped[PositionInCompany | None] = mapped_column(StrEnumText(PositionInCompany, 30))
    employee_size: Mapped[EmployeeSize | None] = mapped_column(StrEnumText(EmployeeSize, 10))
    vat_payer: Mapped[bool | None] = mapped_column(Boolean)
    vat_id: Mapped[str | None] = mapped_column(String(VAT_ID_MAX))
    vat_exempt_reason: Mapped[VatExemptReason | None] = mapped_column(StrEnumText(VatExemptReason, 30))
    tax_no_type: Mapped[TaxNoType | None] = mapped_column(StrEnumText(TaxNoType, 20))
    tax_no: Mapped[str | None] = mapped_column(String(TAX_NUMBER_MAX))
    tax_ident_no: Mapped[str | None] = mapped_column(String(TAX_NUMBER_MAX))
    issuance_country_code: Mapped[str | None] = mapped_column(String(_C))
    beneficial_owners: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list)
    # the wizard's progress, kept between visits
    wizard_step: Mapped[str | None] = mapped_column(String(30))


class BankAccount(Timestamps, Base):
    __tablename__ = "bank_accounts"
    __table_args__ = (UniqueConstraint("seller_id", "kind", "iban"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    kind: Mapped[BankAccountType] = mapped_column(StrEnumText(BankAccountType, 30))
    holder: Mapped[str] = mapped_column(String(ACCOUNT_HOLDER_MAX))
    iban: Mapped[str] = mapped_column(String(IBAN_MAX))
    bic: Mapped[str] = mapped_column(String(BIC_MAX))
    state: Mapped[BankAccountState] = mapped_column(StrEnumText(BankAccountState, 30), index=True)


class KycDocument(Timestamps, Base):
    __tablename__ = "kyc_documents"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    type: Mapped[DocumentType] = mapped_column(StrEnumText(DocumentType, 40))
    state: Mapped[DocumentState] = mapped_column(StrEnumText(DocumentState, 30))
    storage_key: Mapped[str] = mapped_column(String(200), unique=True)
    file_name: Mapped[str] = mapped_column(String(FILE_NAME_MAX))
    content_type: Mapped[str] = mapped_column(String(CONTENT_TYPE_MAX))
    size: Mapped[int] = mapped_column(BigInteger)
    sha256: Mapped[str] = mapped_column(String(64))


class Legitimation(Timestamps, Base):
    """The Legitimation workflow's current state, one row per seller (written only by its `record` step)."""

    __tablename__ = "legitimations"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), unique=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    step: Mapped[LegitimationStep] = mapped_column(StrEnumText(LegitimationStep, 30), index=True)
    status: Mapped[LegitimationStatus] = mapped_column(StrEnumText(LegitimationStatus, 20))
    reviewing_status: Mapped[ReviewingStatus] = mapped_column(StrEnumText(ReviewingStatus, 20), index=True)
    verification_level: Mapped[VerificationLevel | None] = mapped_column(StrEnumText(VerificationLevel, 20))
    data_mismatch: Mapped[DataMismatch | None] = mapped_column(StrEnumText(DataMismatch, 20))
    account_limit: Mapped[AccountLimit | None] = mapped_column(StrEnumText(AccountLimit, 30))
    reason: Mapped[str | None] = mapped_column(String(DECISION_REASON_MAX))
    reference: Mapped[str | None] = mapped_column(String(PROVIDER_ID_MAX))
    submitted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class LegitimationEvent(Base):
    """The audit trail: who did what to a legitimation, when and why (append-only; one row per workflow
    history entry, unique on (seller, seq) so a retried step writes it once)."""

    __tablename__ = "legitimation_events"
    __table_args__ = (UniqueConstraint("seller_id", "seq"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    actor: Mapped[str] = mapped_column(String(60))
    action: Mapped[str] = mapped_column(String(60))
    step: Mapped[LegitimationStep] = mapped_column(StrEnumText(LegitimationStep, 30))
    reason: Mapped[str | None] = mapped_column(String(DECISION_REASON_MAX))
