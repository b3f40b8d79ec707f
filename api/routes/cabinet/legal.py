"""`/v1/cabinet/legal_texts`: the shop's cancellation terms and imprint, in en and de; the storefront shows them at
`/s/{username}/document/{document}` and links them from the footers of built pages. Scoped to the caller's
seller."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, CurrentSeller
from domain.builder.legal import LegalTexts
from store.builder.settings import legal_of, legal_saved

router = APIRouter()


@router.get("/legal_texts", response_model=LegalTexts)
async def get_legal_texts(seller: CurrentSeller, s: DB) -> LegalTexts:
    stored = await legal_of(s, seller.id)
    return LegalTexts.model_validate(stored) if stored else LegalTexts()


@router.put("/legal_texts", response_model=LegalTexts)
async def save_legal_texts(body: LegalTexts, seller: CurrentSeller, s: DB) -> LegalTexts:
    await legal_saved(s, seller.id, body.model_dump(mode="json"))
    return body
