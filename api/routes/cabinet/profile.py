"""`/v1/cabinet/seller_profile`, `/bank_accounts`, `/documents`, `/legitimation`: the seller's way to selling.

Saving the profile (a draft may leave fields empty) checks the format rules of core §5 (refused whole with
field messages) and answers with what is still required; the first save starts the Legitimation workflow and
every later change of the profile, bank accounts or documents informs it. Submitting asks for the review.
While a review runs the profile, bank accounts and documents are locked (409)."""

from __future__ import annotations

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
from domain.legitimation.legitimation import (
    DOCUMENT_MAX_BYTES,
    DocumentType,
    required_documents,
)
from domain.legitimation.seller_profile import (
    BeneficialOwner,
    SellerProfile,
)
from providers.storage.local import storage
from services import legitimation, seller_profile
from store.legitimation.queries import (
    bank_accounts_of,
    documents_of,
    profile_data,
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
    await seller_profile.profile_kept(s, client, seller, profile, body.wizard_step)
    return await profile_out(s, seller)


@router.post("/seller_profile/submit", response_model=LegitimationOut)
async def submit_seller_profile(
    idempotency_key: IdempotencyKey, seller: CurrentSeller, s: DB, client: Temporal
) -> LegitimationOut:
    """Ask for the review: refused with what is missing (field messages) until everything is there."""
    await seller_profile.review_asked(s, client, seller)
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
    account = await seller_profile.bank_account_kept(
        s, client, seller, body.kind, body.holder, body.iban, body.bic
    )
    return BankAccountOut.model_validate(account, from_attributes=True)


@router.delete("/bank_accounts/{account_id}", status_code=204)
async def remove_bank_account(account_id: Id, seller: CurrentSeller, s: DB, client: Temporal) -> None:
    await seller_profile.bank_account_dropped(s, client, seller, account_id)


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
    data = await file.read(DOCUMENT_MAX_BYTES + 1)
    doc = await seller_profile.document_uploaded(
        s, client, seller, type, data, file.filename, file.content_type
    )
    return DocumentOut.model_validate(doc, from_attributes=True)


@router.delete("/documents/{document_id}", status_code=204)
async def remove_document(document_id: Id, seller: CurrentSeller, s: DB, client: Temporal) -> None:
    await legitimation.profile_unlocked(s, seller.id)
    await legitimation.document_deleted(s, client, seller, document_id)


@router.get("/documents/{document_id}/file", response_class=FileResponse)
async def document_file(document_id: Id, seller: CurrentSeller, s: DB) -> FileResponse:
    doc = await seller_profile.own_document(s, seller.id, document_id)
    return stored_file(storage().path(doc.storage_key), doc.file_name, doc.content_type)
