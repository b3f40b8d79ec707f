"""A seller's products (editor §2, §3): created with a name, their fields changed under the editor's rules (links a
buyer can open, a key format that parses, the seller's own checkout settings, groups without blanks), the
questions asked at checkout, the file buyers download, the cover in its sizes, what a membership or bundle
includes, and publishing, archiving and duplicating."""

from __future__ import annotations

import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.bundles import PARENT_FORMS
from domain.catalog.license_keys import FORMAT_MESSAGES, KeyFormatError, parse_format
from domain.catalog.optins import OptInType
from domain.catalog.products import COVER_SIZES, LINK_SHAPE, ProductForm
from domain.errors import DomainError, ErrorCode, invalid
from domain.limits import CONTENT_TYPE_MAX, FILE_NAME_MAX
from providers.images.covers import NotAnImage, cover_variants
from providers.storage.local import storage
from store.catalog.actions import (
    file_attached,
    product_archived,
    product_created,
    product_duplicated,
    product_published,
    product_unarchived,
    product_unpublished,
    product_updated,
)
from store.catalog.bundles import included_products, items_set
from store.catalog.checkout_pages import settings_of
from store.catalog.models import Product
from store.catalog.queries import ProductView, product_of

# the texts a seller may clear (an empty one is none)
TEXTS = ("delivery_link", "delivery_text", "key_format", "category", "access_password", "cost_center")
# type/subtype with optional parameters, as browsers send it; anything else is stored as plain bytes
_MIME = re.compile(r"^[\w!#$&^.+-]+/[\w!#$&^.+-]+(;[ \w!#$&^.+=\"-]*)*$")
ACTIONS: dict[str, Callable[[AsyncSession, ProductView], Awaitable[object]]] = {
    "publish": product_published,
    "unpublish": product_unpublished,
    "archive": product_archived,
    "unarchive": product_unarchived,
}


def is_web_link(value: str) -> bool:
    """An http(s) link with a host and no spaces: what a buyer can open."""
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return bool(re.match(LINK_SHAPE, value)) and parts.scheme in ("http", "https") and bool(parts.hostname)


def _content_type(value: str | None) -> str:
    if value and len(value) <= CONTENT_TYPE_MAX and _MIME.match(value):
        return value
    return "application/octet-stream"


async def product_made(
    s: AsyncSession, seller_id: int, name: str, description: str, form: ProductForm
) -> ProductView:
    if not name.strip():
        raise invalid(name="required")
    return await product_created(s, seller_id, name=name, description=description, form=form)


async def product_changed(
    s: AsyncSession, seller_id: int, product_id: int, sent: dict[str, Any]
) -> ProductView:
    """The fields sent (None: kept) changed under the editor's rules; 400 naming the field that breaks one."""
    v = await product_of(s, seller_id, product_id)
    if "name" in sent and not str(sent["name"]).strip():
        raise invalid(name="required")
    if "email_for_each_item" in sent and v.product.form not in PARENT_FORMS:
        raise invalid(email_for_each_item="only a membership or bundle has items")
    changes = dict(sent)
    if "limit" in changes:
        changes["limit"] = changes["limit"] or None  # 0: no limit
    for field in TEXTS:
        if field in changes:
            changes[field] = str(changes[field] or "").strip() or None
    if "checkout_settings_id" in sent:
        if sent["checkout_settings_id"]:
            await settings_of(s, seller_id, sent["checkout_settings_id"])  # the seller's own, or 404
        changes["checkout_settings_id"] = sent["checkout_settings_id"] or None
    if "product_groups" in sent:
        groups = [g.strip() for g in sent["product_groups"] if g.strip()]
        changes["product_groups"] = list(dict.fromkeys(groups)) or None
    if (link := changes.get("delivery_link")) and not is_web_link(str(link)):
        raise invalid(delivery_link="must be a link starting with http:// or https://")
    if fmt := changes.get("key_format"):
        parsed = parse_format(str(fmt))
        if isinstance(parsed, KeyFormatError):
            err = DomainError(ErrorCode.INVALID_INPUT, fields={"key_format": FORMAT_MESSAGES[parsed]})
            err.reason = parsed.value  # bad_format, format_size or format_type: the web app words each
            raise err
    await product_updated(s, v, changes)
    return await product_of(s, seller_id, product_id)


async def parent_items(
    s: AsyncSession, seller_id: int, product_id: int, wanted: list[int] | None = None
) -> list[Product]:
    """What the seller's membership or bundle includes (404 for another form); with `wanted`, set to those in
    order first (refused whole, 400 with a `reason`, when one is another seller's, of another form, or itself)."""
    v = await product_of(s, seller_id, product_id)
    if v.product.form not in PARENT_FORMS:
        raise DomainError(ErrorCode.NOT_FOUND, "Only a membership or bundle includes products.")
    if wanted is not None:
        return await items_set(s, v.product, wanted)
    return await included_products(s, v.product.id)


async def opt_ins_set(
    s: AsyncSession, seller_id: int, product_id: int, questions: list[Any]
) -> list[dict[str, Any]]:
    """The questions a buyer answers at checkout, in order (replaces them). A select box needs two options or more;
    the others take none. A question kept by its place keeps its id, so past answers still match."""
    v = await product_of(s, seller_id, product_id)
    old = v.product.opt_ins or []
    kept = []
    for i, q in enumerate(questions):
        if q.type == OptInType.select_box and len(set(q.options)) < 2:
            raise invalid(**{f"questions.{i}.options": "a select box needs two different options"})
        if q.type != OptInType.select_box and q.options:
            raise invalid(**{f"questions.{i}.options": "only a select box has options"})
        keep = old[i]["id"] if i < len(old) and old[i]["type"] == q.type else secrets.token_hex(4)
        kept.append({"id": keep, **q.model_dump(mode="json"), "label": q.label.strip()})
    await product_updated(s, v, {"opt_ins": kept})
    return kept


async def download_uploaded(
    s: AsyncSession,
    seller_id: int,
    product_id: int,
    data: bytes,
    max_bytes: int,
    file_name: str | None,
    content_type: str | None,
) -> ProductView:
    """The file buyers download (`data` read up to one byte past `max_bytes`)."""
    v = await product_of(s, seller_id, product_id)
    if not data:
        raise invalid(file="required")
    if len(data) > max_bytes:
        raise invalid(file="too big")
    name = (file_name or "").rsplit("/", 1)[-1].replace("\x00", "")[:FILE_NAME_MAX] or "download"
    key, sha = storage().put(data)
    await file_attached(
        s,
        v,
        storage_key=key,
        file_name=name,
        content_type=_content_type(content_type),
        size=len(data),
        sha256=sha,
    )
    return await product_of(s, seller_id, product_id)


def _dropped(cover: dict | None) -> None:
    for x in (cover or {}).get("variants", {}).values():
        storage().delete(x["key"])


async def cover_set(
    s: AsyncSession, seller_id: int, product_id: int, data: bytes | None, max_bytes: int = 0
) -> ProductView:
    """The product's cover from a JPEG, PNG, WebP or GIF picture (`data` read up to one byte past `max_bytes`),
    kept in its size variants as WebP (never wider than the picture); None removes it. The old one's files go."""
    v = await product_of(s, seller_id, product_id)
    cover = None
    if data is not None:
        if not data:
            raise invalid(file="required")
        if len(data) > max_bytes:
            raise invalid(file="too big: 10 MB at most")
        try:
            width, height, variants = cover_variants(data, COVER_SIZES)
        except NotAnImage:
            raise invalid(file="not a picture: a JPEG, PNG, WebP or GIF") from None
        box = storage()
        cover = {
            "token": secrets.token_hex(8),
            "width": width,
            "height": height,
            "variants": {
                x.size: {"key": box.put(x.data, ".webp")[0], "width": x.width, "height": x.height}
                for x in variants
            },
        }
    old = v.product.cover
    await product_updated(s, v, {"cover": cover})
    _dropped(old)
    return await product_of(s, seller_id, product_id)


async def product_acted(s: AsyncSession, seller_id: int, product_id: int, action: str) -> ProductView:
    """Published, unpublished, archived, unarchived, or duplicated (the copy answered)."""
    if action == "duplicate":
        return await product_duplicated(s, seller_id, product_id)
    v = await product_of(s, seller_id, product_id)
    await ACTIONS[action](s, v)
    return await product_of(s, seller_id, product_id)
