"""The platform's own public pages (core §2 `/plans`, `/terms`, `/privacy`, `/imprint`): the platform plans a seller
may choose, and the operator's terms of use, privacy policy and imprint (`api/platform_documents/`, filled in with
the operator's details from the settings)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel

from api.deps import DB
from core.settings import get_settings
from domain.ledger.ledger import DEFAULT_FEE, DEFAULT_PLAN, BillingCycle
from store.ledger.queries import public_plans

router = APIRouter(tags=["common"])
DOCUMENTS = Path(__file__).resolve().parent.parent / "platform_documents"
PlatformDocument = Literal["terms", "privacy", "imprint"]


class PlatformDocumentOut(BaseModel):
    document: PlatformDocument
    text: str


@cache
def _template(document: str, lang: str) -> str:
    return (DOCUMENTS / f"{document}.{lang}.txt").read_text(encoding="utf-8")


class PlanOffered(BaseModel):
    """A platform plan as the `/plans` page shows it: the fee on each sale (basis points of the amount and a fixed
    part in minor units, in euros)."""

    name: str
    billing_cycle: BillingCycle
    fee_basis_points: int
    fee_fixed: int


class PlansOffered(BaseModel):
    list: list[PlanOffered]


@router.get("/v1/common/documents/{document}", response_model=PlatformDocumentOut)
async def platform_document(
    document: PlatformDocument, lang: Literal["en", "de"] = "en"
) -> PlatformDocumentOut:
    """The platform's terms of use, privacy policy or imprint in English or German, with the operator's details."""
    s = get_settings()
    text = _template(document, lang).format_map(
        {
            "operator_name": s.operator_name,
            "operator_address": s.operator_address,
            "operator_representative": s.operator_representative,
            "operator_register": s.operator_register,
            "operator_vat_id": s.operator_vat_id,
            "support_email": s.support_email,
        }
    )
    return PlatformDocumentOut(document=document, text=text)


@router.get("/v1/common/plans", response_model=PlansOffered)
async def plans_offered(s: DB) -> PlansOffered:
    """The platform plans a seller may choose; without any, the plan every seller is on unless a manager chose
    another."""
    plans = [
        PlanOffered(
            name=p.name,
            billing_cycle=p.billing_cycle,
            fee_basis_points=p.fee_basis_points,
            fee_fixed=p.fee_fixed,
        )
        for p in await public_plans(s)
    ]
    default = PlanOffered(
        name=DEFAULT_PLAN,
        billing_cycle=BillingCycle.monthly,
        fee_basis_points=DEFAULT_FEE.basis_points,
        fee_fixed=DEFAULT_FEE.fixed,
    )
    return PlansOffered(list=plans or [default])
