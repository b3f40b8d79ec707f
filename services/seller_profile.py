"""The seller's way to selling (core §5): the profile (a draft may leave fields empty; the format rules refuse it
whole, field by field), bank accounts and KYC documents, each change telling the Legitimation workflow, and the
request for the review once nothing is missing. While a review runs all of it is locked (409)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.errors import DomainError, ErrorCode, invalid
from domain.legitimation.legitimation import (
    DOCUMENT_CONTENT_TYPES,
    DOCUMENT_MAX_BYTES,
    BankAccountType,
    DocumentType,
    LegitimationStep,
    Missing,
)
from domain.legitimation.seller_profile import (
    SellerProfile,
    bic_error,
    format_errors,
    iban_error,
    normalised,
    normalised_iban,
)
from domain.limits import FILE_NAME_MAX
from handles import legitimation as flow
from providers.storage.local import storage
from services.legitimation import informed, profile_unlocked
from store.accounts.models import Seller
from store.legitimation.actions import bank_account_added, bank_account_removed, document_added, profile_saved
from store.legitimation.models import BankAccount, KycDocument
from store.legitimation.queries import (
    bank_account_of,
    document_of,
    profile_data,
    profile_facts,
    profile_row_of,
)


async def profile_kept(
    s: AsyncSession, client: Client, seller: Seller, profile: SellerProfile, wizard_step: str | None
) -> None:
    """The profile saved once it meets the format rules (400 naming each field that does not)."""
    await profile_unlocked(s, seller.id)
    if errors := format_errors(profile, datetime.now(UTC).date()):
        raise invalid(**errors)
    await profile_saved(s, seller.id, normalised(profile), wizard_step)
    await informed(s, client, seller)


async def review_asked(s: AsyncSession, client: Client, seller: Seller) -> None:
    """Ask for the review: refused with what is missing (field messages) until everything is there."""
    leg = await profile_unlocked(s, seller.id)
    if leg is not None and leg.step == LegitimationStep.legitimated:
        raise DomainError(ErrorCode.CONFLICT, "You are verified already.", {"step": leg.step.value})
    profile = profile_data(await profile_row_of(s, seller.id))
    _, missing, errors = await profile_facts(s, seller, profile)
    if missing:
        fields: dict[str, object] = dict(errors)
        if Missing.documents in missing:
            fields["documents"] = "required"
        if Missing.bank_account in missing:
            fields["bank_account"] = "required"
        raise DomainError(ErrorCode.INVALID_INPUT, "Some information is still missing.", fields or None)
    if await profile_row_of(s, seller.id) is None:
        raise invalid(business_type="required")
    await flow.submitted(client, seller.id)


async def bank_account_kept(
    s: AsyncSession, client: Client, seller: Seller, kind: BankAccountType, holder: str, iban: str, bic: str
) -> BankAccount:
    """An account with its IBAN and BIC checked (400 naming what is wrong) and a holder."""
    await profile_unlocked(s, seller.id)
    iban, bic = normalised_iban(iban), bic.replace(" ", "").upper()
    errors = {k: e for k, e in (("iban", iban_error(iban)), ("bic", bic_error(bic))) if e}
    if not holder.strip():
        errors["holder"] = "required"
    if errors:
        raise invalid(**errors)
    account = await bank_account_added(s, seller.id, kind, holder, iban, bic)
    await informed(s, client, seller)
    return account


async def bank_account_dropped(s: AsyncSession, client: Client, seller: Seller, account_id: int) -> None:
    await profile_unlocked(s, seller.id)
    account = await bank_account_of(s, seller.id, account_id)
    if account is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Bank account not found.")
    await bank_account_removed(s, account)
    await informed(s, client, seller)


async def document_uploaded(
    s: AsyncSession,
    client: Client,
    seller: Seller,
    kind: DocumentType,
    data: bytes,
    file_name: str | None,
    content_type: str | None,
) -> KycDocument:
    """A PDF, PNG or JPEG (`data` read up to one byte past the limit) of the kind asked for."""
    await profile_unlocked(s, seller.id)
    content_type = (content_type or "").split(";")[0].strip().lower()
    if content_type not in DOCUMENT_CONTENT_TYPES:
        raise invalid(file="must be a PDF, PNG or JPEG")
    if not data:
        raise invalid(file="required")
    if len(data) > DOCUMENT_MAX_BYTES:
        raise invalid(file="too big")
    name = (file_name or "").rsplit("/", 1)[-1].replace("\x00", "")[:FILE_NAME_MAX] or kind.value
    key, sha = storage().put(data)
    doc = await document_added(
        s,
        seller.id,
        kind,
        storage_key=key,
        file_name=name,
        content_type=content_type,
        size=len(data),
        sha256=sha,
    )
    await informed(s, client, seller)
    return doc


async def own_document(s: AsyncSession, seller_id: int, document_id: int) -> KycDocument:
    doc = await document_of(s, seller_id, document_id)
    if doc is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Document not found.")
    return doc
