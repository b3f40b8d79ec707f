"""A seller's affiliate programs as the cabinet shows them."""

from __future__ import annotations

from api.deps import DB
from api.schemas.affiliates import ProgramOut, ProgramSummary
from domain.affiliates.affiliates import ProgramForm
from store.affiliates.models import AffiliateProgram
from store.affiliates.programs import programs_of


def program_summary(p: AffiliateProgram, active: int, asked: int) -> ProgramSummary:
    form = ProgramForm.model_validate(p.form)
    return ProgramSummary(
        id=p.id,
        name=p.name,
        created_at=p.created_at,
        cookies_expire=form.cookies_expire,
        lifetime=form.lifetime,
        bonus=form.bonus,
        commission_bp=form.headline_bp,
        type=form.form,
        active_publishers=active,
        open_requests=asked,
    )


async def program_out(s: DB, p: AffiliateProgram) -> ProgramOut:
    _, active, asked = (await programs_of(s, p.seller_id, p.id))[0]
    summary = program_summary(p, active, asked)
    return ProgramOut(**summary.model_dump(), form=ProgramForm.model_validate(p.form))
