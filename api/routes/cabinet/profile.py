"""`/v1/cabinet/seller_profile`, `/bank_accounts`, `/documents`, `/legitimation`: the seller's way to selling.

Saving the profile (a draft may leave fields empty) checks the format rules of core §5 (refused whole with
field messages) and answers with what is still required; the first save starts the Legitimation workflow and
every later change of the profile, bank accounts or documents informs it. Submitting asks for the review.
While a review runs the profile, bank accounts and documents are locked (409)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, File, Form, UploadFile
from fastapi.responses import FileResponse

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.files import stored_file
from api.presenters.profile import legitimation_out, profile_out
from api.schemas.fields import Id
from api.schemas.legitimation import (
    BankAccountIn,
    BankAccountList,
    BankAccountOut,
    DocumentList,
    DocumentOut,
    LegitimationOut,
    SellerProfileIn,
    SellerProfileOut,
)
from domain.errors import DomainError, ErrorCode, invalid
from domain.legitimation.legitimation import (
    DOCUMENT_CONTENT_TYPES,
    DOCUMENT_MAX_BYTES,
    DocumentType,
    LegitimationStep,
    Missing,
    required_documents,
)
from domain.legitimation.seller_profile import (
    BeneficialOwner,
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
from services import legitimation
from store.legitimation.actions import (
    bank_account_added,
    bank_account_removed,
    document_added,
    profile_saved,
)
from store.legitimation.queries import (
    bank_account_of,
    bank_accounts_of,
    document_of,
    documents_of,
    profile_data,
    profile_facts,
    profile_row_of,
)

router = APIRouter()


@router.get("/seller_profile", response_model=SellerProfileOut)
async def get_seller_profile(seller: CurrentSeller, s: DB) -> SellerProfileOut:
    return await profile_out(s, seller)


@router.put("/seller_profile", response_model=SellerProfileOut)
async def save_seller_profile(
    body: SellerProfileIn, seller: CurrentSeller, s: DB, client: Temporal
) -> SellerProfileOut:
    await legitimation.profile_unlocked(s, seller.id)
    data = body.model_dump(exclude={"beneficial_owners", "wizard_step"})
    for k in ("country_code", "issuance_country_code", "nationality"):
        if isinstance(data[k], str):
            data[k] = data[k].strip().upper() or None
    owners = tuple(
        BeneficialOwner(
            **{
                **o.model_dump(),
                "birthplace_country": (o.birthplace_country or "").strip().upper() or None,
                "nationality": (o.nationality or "").strip().upper() or None,
            }
        )
        for o in body.beneficial_owners
    )
    profile = SellerProfile(**data, beneficial_owners=owners)
    if errors := format_errors(profile, datetime.now(UTC).date()):
        raise invalid(**errors)
    await profile_saved(s, seller.id, normalised(profile), body.wizard_step)
    await legitimation.informed(s, client, seller)
    return await profile_out(s, seller)


@router.post("/seller_profile/submit", response_model=LegitimationOut)
async def submit_seller_profile(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> LegitimationOut:
    """Ask for the review: refused with what is missing (field messages) until everything is there."""
    leg = await legitimation.profile_unlocked(s, seller.id)
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
    return await legitimation_out(s, seller, submitting=True)


@router.get("/legitimation", response_model=LegitimationOut)
async def get_legitimation(seller: CurrentSeller, s: DB) -> LegitimationOut:
    return await legitimation_out(s, seller)


# ----- bank accounts -------------------------------------------------------------------------------------


@router.get("/bank_accounts", response_model=BankAccountList)
async def list_bank_accounts(seller: CurrentSeller, s: DB) -> BankAccountList:
    rows = await bank_accounts_of(s, seller.id)
    return BankAccountList(list=[BankAccountOut.model_validate(b, from_attributes=True) for b in rows])


@router.post("/bank_accounts", response_model=BankAccountOut, status_code=201)
async def add_bank_account(
    body: BankAccountIn, seller: CurrentSeller, s: DB, client: Temporal
) -> BankAccountOut:
    await legitimation.profile_unlocked(s, seller.id)
    iban, bic = normalised_iban(body.iban), body.bic.replace(" ", "").upper()
    errors = {k: e for k, e in (("iban", iban_error(iban)), ("bic", bic_error(bic))) if e}
    if not body.holder.strip():
        errors["holder"] = "required"
    if errors:
        raise invalid(**errors)
    account = await bank_account_added(s, seller.id, body.kind, body.holder, iban, bic)
    out = BankAccountOut.model_validate(account, from_attributes=True)
    await legitimation.informed(s, client, seller)
    return out


@router.delete("/bank_accounts/{account_id}", status_code=204)
async def remove_bank_account(account_id: Id, seller: CurrentSeller, s: DB, client: Temporal) -> None:
    await legitimation.profile_unlocked(s, seller.id)
    account = await bank_account_of(s, seller.id, account_id)
    if account is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Bank account not found.")
    await bank_account_removed(s, account)
    await legitimation.informed(s, client, seller)


# ----- documents ----------------------------------------------------------------------------------------


@router.get("/documents", response_model=DocumentList)
async def list_documents(seller: CurrentSeller, s: DB) -> DocumentList:
    profile = profile_data(await profile_row_of(s, seller.id))
    docs = await documents_of(s, seller.id)
    return DocumentList(
        list=[DocumentOut.model_validate(d, from_attributes=True) for d in docs],
        required=list(required_documents(profile.business_type)),
    )


@router.post("/documents", response_model=DocumentOut, status_code=201)
async def upload_document(
    seller: CurrentSeller,
    s: DB,
    client: Temporal,
    type: Annotated[DocumentType, Form()],
    file: Annotated[UploadFile, File()],
) -> DocumentOut:
    await legitimation.profile_unlocked(s, seller.id)
    content_type = (file.content_type or "").split(";")[0].strip().lower()
    if content_type not in DOCUMENT_CONTENT_TYPES:
        raise invalid(file="must be a PDF, PNG or JPEG")
    data = await file.read(DOCUMENT_MAX_BYTES + 1)
    if not data:
        raise invalid(file="required")
    if len(data) > DOCUMENT_MAX_BYTES:
        raise invalid(file="too big")
    name = (file.filename or "").rsplit("/", 1)[-1].replace("\x00", "")[:FILE_NAME_MAX] or type.value
    key, sha = storage().put(data)
    doc = await document_added(
        s,
        seller.id,
        type,
        storage_key=key,
        file_name=name,
        content_type=content_type,
        size=len(data),
        sha256=sha,
    )
    out = DocumentOut.model_validate(doc, from_attributes=True)
    await legitimation.informed(s, client, seller)
    return out


@router.delete("/documents/{document_id}", status_code=204)
async def remove_document(document_id: Id, seller: CurrentSeller, s: DB, client: Temporal) -> None:
    await legitimation.profile_unlocked(s, seller.id)
    await legitimation.document_deleted(s, client, seller, document_id)


@router.get("/documents/{document_id}/file", response_class=FileResponse)
async def document_file(document_id: Id, seller: CurrentSeller, s: DB) -> FileResponse:
    doc = await document_of(s, seller.id, document_id)
    if doc is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Document not found.")
    return stored_file(storage().path(doc.storage_key), doc.file_name, doc.content_type)
