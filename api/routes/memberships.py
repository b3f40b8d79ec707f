"""`GET /v1/payer/s/{seller}/memberships/{path}`: a membership's or a course's page (issue 22 "Membership area";
core §2 "Membership/course area: /v/{username}/{path}"), built with the builder and opened by its buyers only: the web app shows it at `/v/{username}/{path}` once the buyer signed in for
the shop. A member sees what the membership includes with its way in (a download, a course, a link); anyone else
gets 403 `not_a_member` (or `membership_closed` when their access ended), and nothing of the page."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from fastapi.responses import HTMLResponse

from api.deps import DB, CurrentUser
from api.storefront.render import MemberItem, page_response
from api.storefront.shop_pages import shop_name_of, shop_view, stored_content
from core.settings import get_settings
from domain.builder.pages import PATH_MAX, PageType
from domain.catalog.products import ProductForm
from domain.errors import MESSAGES_REFUSED, DomainError, ErrorCode, Refusal
from domain.languages import LANGUAGE_PATTERN
from domain.limits import USERNAME_MAX
from store.builder.pages import IN_AREA, published_at_path
from store.catalog.storefront import shop_seller
from store.courses.queries import purchases_of
from store.orders.delivery import delivered_of

router = APIRouter(prefix="/v1/payer", tags=["payer"])


@router.get(
    "/s/{seller}/memberships/{path}",
    response_class=HTMLResponse,
    responses={200: {"content": {"text/html": {}}, "description": "The membership's page, for its member"}},
)
async def membership_page(
    seller: Annotated[str, Path(min_length=1, max_length=USERNAME_MAX)],
    path: Annotated[str, Path(min_length=1, max_length=PATH_MAX)],
    user: CurrentUser,
    s: DB,
    lang: Annotated[str, Query(pattern=LANGUAGE_PATTERN)] = "en",
) -> HTMLResponse:
    found, stored = await shop_seller(s, seller)
    served = await published_at_path(s, found.id, path, IN_AREA)
    if served is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This page does not exist.")
    form = ProductForm.course if served.page_type == PageType.course else ProductForm.membership
    purchases = [
        p
        for p in await purchases_of(s, user.email, found.id)
        if (p.product.id == served.product_id if served.product_id else p.product.form == form)
    ]
    open_one = next((p for p in purchases if p.is_open), None)
    if open_one is None:
        reason = Refusal.membership_closed if purchases else Refusal.not_a_member
        raise DomainError(ErrorCode.FORBIDDEN, MESSAGES_REFUSED[reason], reason=reason.value)
    base = get_settings().public_url.rstrip("/")
    if served.page_type == PageType.course:  # the course itself, in the payer area's course player
        course = open_one.product
        members = [MemberItem(name=course.name, url=f"{base}/payer/s/{stored}/courses/{course.id}", text="")]
    else:
        delivered = await delivered_of(s, open_one.order)
        members = [
            MemberItem(
                name=x.name,
                url=(f"{base}{x.download_path}" if x.download_path else x.course_path or x.link),
                text=x.text,
            )
            for x in (delivered.items if delivered else ())
        ]
    shop_name = await shop_name_of(s, found.id, stored)
    view = await shop_view(
        s,
        found,
        stored,
        shop_name=shop_name,
        content=stored_content(served, shop_name),
        name=served.name,
        path=f"v/{path}",
        base=f"/s/{stored}",
        origin=base,
        lang=lang,
        preview=True,  # not for search engines
        framed=True,
        members=members,
    )
    return page_response(view, {"Cache-Control": "private, no-store"})
