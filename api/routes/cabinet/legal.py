"""`/v1/cabinet/legal_texts`: the shop's terms, cancellation terms (and a product type's own), privacy policy and
imprint, in en and de, and whom the checkout asks for the consent to begin a digital delivery at once; the
storefront shows them at `/s/{username}/document/{document}`, links them from the footers of built pages, the
checkout and the order mails. Scoped to the caller's seller."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller
from domain.builder.legal import LegalTexts
from store.builder.settings import legal_saved, legal_texts

router = APIRouter()


@router.get("/legal_texts", response_model=LegalTexts)
async def get_legal_texts(seller: CurrentSeller, s: DB) -> LegalTexts:
    return await legal_texts(s, seller.id)


@router.put("/legal_texts", response_model=LegalTexts)
async def save_legal_texts(body: LegalTexts, seller: CurrentSeller, s: DB) -> LegalTexts:
    await legal_saved(s, seller.id, body.model_dump(mode="json"))
    return body
