"""Embeddable items (editor §3; issue 23): `/v1/publish/embeddable_items` (the publisher's own), the public
`/v1/embed/items/{token}` the script reads from any page (no cookies, any origin), and `/embed.js` itself."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Request, Response
from fastapi import Path as PathParam
from pydantic import BaseModel

from api.deps import DB, CurrentPublisher
from api.schemas.fields import Id
from api.storefront.texts import Texts
from core.settings import get_settings
from domain.affiliates.embeds import EmbedDisplay, EmbedForm, ItemForm, snippet
from domain.languages import accepted_language
from store.affiliates.embeds import ItemRow, item_deleted, item_saved, items_of, program_products, public_item

router = APIRouter(tags=["publish"])
SCRIPT = Path(__file__).resolve().parents[1] / "embed" / "embed.js"
Token = Annotated[str, PathParam(min_length=8, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


class ItemOut(BaseModel):
    id: int
    name: str
    form: ItemForm
    program: str
    shop: str
    target: str  # where it leads (a path of the platform's host, with the publisher's epid)
    snippet: str  # the code to paste
    created_at: datetime
    updated_at: datetime


class ItemList(BaseModel):
    list: list[ItemOut]
    total_count: int


def _out(r: ItemRow) -> ItemOut:
    return ItemOut(
        id=r.item.id,
        name=r.item.name,
        form=r.form,
        program=r.program,
        shop=r.shop,
        target=r.target,
        snippet=snippet(get_settings().public_url.rstrip("/"), r.item.token),
        created_at=r.item.created_at,
        updated_at=r.item.updated_at,
    )


@router.get("/v1/publish/embeddable_items", response_model=ItemList)
async def list_embeddable_items(user: CurrentPublisher, s: DB) -> ItemList:
    rows = await items_of(s, user.id)
    return ItemList(list=[_out(r) for r in rows], total_count=len(rows))


@router.post("/v1/publish/embeddable_items", response_model=ItemOut, status_code=201)
async def create_embeddable_item(body: ItemForm, user: CurrentPublisher, s: DB) -> ItemOut:
    """A new item for a program the publisher is active in (400 otherwise); at most 100 (409 `too_many`)."""
    return _out(await item_saved(s, user.id, body))


@router.get("/v1/publish/embeddable_items/{item_id}", response_model=ItemOut)
async def get_embeddable_item(item_id: Id, user: CurrentPublisher, s: DB) -> ItemOut:
    return _out((await items_of(s, user.id, item_id))[0])


@router.put("/v1/publish/embeddable_items/{item_id}", response_model=ItemOut)
async def save_embeddable_item(item_id: Id, body: ItemForm, user: CurrentPublisher, s: DB) -> ItemOut:
    """The item changed; pages that pasted it show the change (the snippet stays the same)."""
    return _out(await item_saved(s, user.id, body, item_id))


@router.delete("/v1/publish/embeddable_items/{item_id}", status_code=204)
async def delete_embeddable_item(item_id: Id, user: CurrentPublisher, s: DB) -> Response:
    """Gone: pages that pasted it show nothing."""
    await item_deleted(s, user.id, item_id)
    return Response(status_code=204)


class ProductChoice(BaseModel):
    id: int
    name: str


class ProductChoices(BaseModel):
    list: list[ProductChoice]


@router.get("/v1/publish/affiliate_programs/{program_id}/products", response_model=ProductChoices)
async def program_product_choices(program_id: Id, user: CurrentPublisher, s: DB) -> ProductChoices:
    """The products an item of this program may lead to (404 for a program the publisher is not active in)."""
    return ProductChoices(
        list=[ProductChoice(id=i, name=n) for i, n in await program_products(s, user.id, program_id)]
    )


class ShownOut(BaseModel):
    name: str
    description: str
    target: str


class EmbedOut(BaseModel):
    """What the script draws: the item's look, where it leads, and its words in the visitor's language."""

    form: EmbedForm
    display: EmbedDisplay
    color: str
    text: str
    title: str
    shop: str
    button: str  # the button's words when the publisher chose none
    target: str
    products: list[ShownOut]


PUBLIC = {"Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=60"}


@router.get("/v1/embed/items/{token}", response_model=EmbedOut)
async def embed_item(token: Token, request: Request, response: Response, s: DB) -> EmbedOut:
    """An item as any page may draw it (core §7's public calls take no session): 404 when it is gone or its
    publisher is no longer in the program."""
    item = await public_item(s, token)
    words = Texts(accepted_language(request.headers.get("accept-language")) or "en")
    response.headers.update(PUBLIC)
    return EmbedOut(
        form=item.form.form,
        display=item.form.display,
        color=item.form.color,
        text=item.form.text,
        title=item.title,
        shop=item.shop,
        button=words("storefront.buy"),
        target=item.target,
        products=[ShownOut(name=p.name, description=p.description, target=p.target) for p in item.products],
    )


@cache
def _script() -> bytes:
    return SCRIPT.read_bytes()


@router.get("/embed.js", include_in_schema=False)
async def embed_script() -> Response:
    """The one small script a publisher's snippet loads (under 15 KB gzipped)."""
    return Response(
        _script(),
        media_type="text/javascript; charset=utf-8",
        headers={**PUBLIC, "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff"},
    )
