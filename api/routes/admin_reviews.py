"""`/v1/admin/product_reviews` (manager): the platform's product review. Paid products sell once published and
are reviewed afterwards; a manager marks one reviewed or rejects it with a note the seller is mailed."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Request

from api.deps import DB, CurrentManager, Temporal
from api.listing import list_openapi, list_params
from api.schemas.catalog import ReviewIn, ReviewList, ReviewOut
from api.schemas.fields import Id
from core.settings import get_settings
from handles.checkout import send_mail
from services.reviews import review_decided
from store.catalog.reviews import REVIEW_FILTERS, REVIEW_LIST, reviews_listed

router = APIRouter(prefix="/v1/admin", tags=["admin"])


def _shop_url(username: str | None, slug: str) -> str | None:
    return f"{get_settings().public_url}/s/{username}/{slug}" if username else None


def _out(row: dict) -> ReviewOut:
    return ReviewOut(
        **{k: v for k, v in row.items() if k != "slug"}, shop_url=_shop_url(row["username"], row["slug"])
    )


@router.get(
    "/product_reviews",
    response_model=ReviewList,
    openapi_extra=list_openapi(REVIEW_LIST, REVIEW_FILTERS),
)
async def product_reviews(request: Request, manager: CurrentManager, s: DB) -> ReviewList:
    rows, total = await reviews_listed(s, list_params(request))
    return ReviewList(list=[_out(r) for r in rows], total_count=total)


@router.post("/product_reviews/{product_id}", response_model=ReviewOut)
async def decide_review(
    product_id: Id, body: ReviewIn, manager: CurrentManager, s: DB, client: Temporal, tasks: BackgroundTasks
) -> ReviewOut:
    """Reviewed: the product keeps selling (a product waiting after a rejection starts to). Rejected: it stops
    selling at once and its seller gets the note by mail. 409 when the product is not in review."""
    done = await review_decided(s, product_id, body.decision, body.note)
    if done.mail is not None:
        tasks.add_task(send_mail, client, done.mail)
    p, user = done.product, done.seller
    return ReviewOut(
        id=p.id,
        name=p.name,
        form=p.form,
        publication=p.publication,
        review_state=p.review_state,
        review_note=p.review_note,
        is_free=p.is_free,
        updated_at=p.updated_at,
        seller_id=p.seller_id,
        username=user.username,
        email=user.email,
        power_seller=False,
        price=None,
        currency=None,
        shop_url=_shop_url(user.username, p.slug),
    )
