"""The pricing page (editor §1 "a pricing page accepts product_id and step"): `/s/{username}/pricing?product_id=…`
shows a product's pricing plans side by side in the shop's own look (step 1), each with what it costs and how
often; choosing one (step 2, with `plan_id`) opens the checkout at that plan. Rendered on the server like every
built page, in the buyer's language."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import RedirectResponse, Response

from api.deps import DB
from api.storefront.render import PlanCard, PricingView
from api.storefront.serving import serve
from api.storefront.shop_pages import html_page, platform_origin, shop_name_of, shop_view, stored_content
from api.storefront.texts import Texts, plan_schedule
from api.web import buyer_language, shop_response
from domain.builder.pages import PageContent, PageType, default_content
from domain.errors import DomainError
from domain.limits import ID_MAX, USERNAME_MAX
from domain.money import format_money
from store.builder.pages import published_at_path
from store.catalog.storefront import public_products, shop_seller

router = APIRouter(include_in_schema=False)
Id = Annotated[int, Query(ge=1, le=ID_MAX)]


@router.get("/s/{username}/pricing")
async def pricing(
    username: Annotated[str, Path(min_length=1, max_length=USERNAME_MAX)],
    request: Request,
    s: DB,
    product_id: Id | None = None,
    step: Annotated[int, Query(ge=1, le=2)] = 1,
    plan_id: Id | None = None,
) -> Response:
    base = f"/s/{username}"
    if product_id is None:  # a page or a product the seller named "pricing"
        return await serve(request, s, username=username, path="pricing", base=base, origin=platform_origin())
    try:
        seller, stored = await shop_seller(s, username)
    except DomainError:
        return shop_response(request=request)
    view = next((v for v in await public_products(s, seller) if v.product.id == product_id), None)
    if view is None or view.reasons:
        return shop_response(request=request)  # not for sale here: the web app says so
    product = view.product
    plans = [p for p in view.plans if p.active]
    lang = buyer_language(request)

    def checkout(plan_id: int) -> str:
        query = {"plan_id": plan_id, **({"lang": lang} if lang != "en" else {})}
        return f"/s/{stored}/{product.slug}/checkout?{urlencode(query)}"

    chosen = next((p for p in plans if p.id == plan_id), None) or (
        plans[0] if step == 2 and len(plans) == 1 else None
    )
    if step == 2 and chosen is not None:
        return RedirectResponse(checkout(chosen.id), status_code=303)
    t = Texts(lang)
    shop_name = await shop_name_of(s, seller.id, stored)
    home = await published_at_path(s, seller.id, None)
    page = stored_content(home, shop_name) if home else default_content(PageType.shop, shop_name)
    framing = [b for b in page.blocks if b.type in ("header", "footer")]
    content = PageContent(theme=page.theme, seo_title=product.name, blocks=framing, translations=[])
    query = {"product_id": product.id, "step": 2}
    cards = [
        PlanCard(
            name=p.name,
            kind=t(f"editor.planTypes.{p.payment_type.value}"),
            price=format_money(p.price, p.currency, lang),
            schedule=plan_schedule(p, t, lang),
            url=f"{base}/pricing?{urlencode({**query, 'plan_id': p.id})}",
        )
        for p in plans
    ]
    page_view = await shop_view(
        s,
        seller,
        stored,
        shop_name=shop_name,
        content=content,
        name=product.name,
        path="pricing",
        query={
            "product_id": str(product.id),
            **({"lang": request.query_params["lang"]} if "lang" in request.query_params else {}),
        },
        base=base,
        origin=platform_origin(),
        lang=lang,
        views=[view],
        pricing=PricingView(product=product.name, product_url=f"{base}/{product.slug}", plans=cards),
    )
    return html_page(request, page_view, lang)
