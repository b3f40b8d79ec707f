"""`/v1/admin/bank_accounts` and `/v1/admin/bank_account_legitimations` (manager, core §2): the review lists,
one legitimation's data, documents and history, and the manager's decision (approve, reject with a reason, ask
for changes), which signals the seller's Legitimation workflow and is audited in its history."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse

from api.deps import DB, CurrentManager, IdempotencyKey, Temporal
from api.files import stored_file
from api.listing import list_openapi, list_params, listed
from api.presenters.profile import legitimation_out, profile_out
from api.schemas.fields import Id
from api.schemas.legitimation import (
    AdminBankAccountList,
    AdminLegitimationDetail,
    AdminLegitimationList,
    BankAccountOut,
    DecisionIn,
    DocumentOut,
    LegitimationOut,
    LimitIn,
)
from domain.errors import DomainError, ErrorCode
from domain.legitimation.legitimation import AccountLimit
from domain.workflow_ids import legitimation_id
from handles.ops import ui_url
from providers.storage.local import storage
from services import legitimation
from store.legitimation.lists import (
    BANK_ACCOUNT_FILTERS,
    BANK_ACCOUNT_LIST,
    LEGITIMATION_FILTERS,
    LEGITIMATION_LIST,
    bank_accounts_listed,
    legitimations_listed,
)
from store.legitimation.queries import any_document, bank_accounts_of, documents_of

router = APIRouter(prefix="/v1/admin", tags=["admin"])


@router.get(
    "/bank_accounts",
    response_model=AdminBankAccountList,
    openapi_extra=list_openapi(BANK_ACCOUNT_LIST, BANK_ACCOUNT_FILTERS),
)
async def admin_bank_accounts(request: Request, manager: CurrentManager, s: DB) -> Response:
    rows, total = await bank_accounts_listed(s, list_params(request))
    return listed(AdminBankAccountList, rows, total)


@router.get(
    "/bank_account_legitimations",
    response_model=AdminLegitimationList,
    openapi_extra=list_openapi(LEGITIMATION_LIST, LEGITIMATION_FILTERS),
)
async def admin_legitimations(request: Request, manager: CurrentManager, s: DB) -> Response:
    rows, total = await legitimations_listed(s, list_params(request))
    return listed(AdminLegitimationList, rows, total)


@router.get("/bank_account_legitimations/{seller_id}", response_model=AdminLegitimationDetail)
async def admin_legitimation(seller_id: Id, manager: CurrentManager, s: DB) -> AdminLegitimationDetail:
    seller, user = await legitimation.reviewed_seller(s, seller_id)
    wid = legitimation_id(seller.id)
    return AdminLegitimationDetail(
        seller_id=seller.id,
        username=user.username,
        email=user.email,
        profile=await profile_out(s, seller),
        bank_accounts=[
            BankAccountOut.model_validate(b, from_attributes=True)
            for b in await bank_accounts_of(s, seller.id)
        ],
        documents=[
            DocumentOut.model_validate(d, from_attributes=True) for d in await documents_of(s, seller.id)
        ],
        legitimation=await legitimation_out(s, seller),
        workflow_id=wid,
        temporal_ui_url=ui_url(wid),
    )


@router.post("/bank_account_legitimations/{seller_id}/decision", response_model=LegitimationOut)
async def decide_legitimation(
    idempotency_key: IdempotencyKey,
    seller_id: Id,
    body: DecisionIn,
    manager: CurrentManager,
    s: DB,
    client: Temporal,
) -> LegitimationOut:
    seller = await legitimation.review_decided(s, client, manager, seller_id, body.decision, body.reason)
    return await legitimation_out(s, seller)


@router.post("/bank_account_legitimations/{seller_id}/limit", response_model=LegitimationOut)
async def limit_legitimation(
    idempotency_key: IdempotencyKey,
    seller_id: Id,
    body: LimitIn,
    manager: CurrentManager,
    s: DB,
    client: Temporal,
) -> LegitimationOut:
    """Set or lift an account limit of a legitimated seller; the workflow applies it and audits who and why."""
    limit = AccountLimit(body.account_limit) if body.account_limit else None
    seller = await legitimation.limit_changed(s, client, manager, seller_id, limit, body.reason)
    return await legitimation_out(s, seller)


@router.get("/documents/{document_id}/file", response_class=FileResponse)
async def admin_document_file(document_id: Id, manager: CurrentManager, s: DB) -> FileResponse:
    doc = await any_document(s, document_id)
    if doc is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Document not found.")
    return stored_file(storage().path(doc.storage_key), doc.file_name, doc.content_type)
