"""A publisher's embeddable items (editor §3; issue 23): kept for a program they are active in, each named by an
unguessable token in the snippet; and what the script needs to draw one on any page."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.affiliates.affiliates import NodeState, ProgramForm
from domain.affiliates.embeds import ITEMS_MAX, EmbedForm, EmbedPurpose, ItemForm, target_path
from domain.catalog.products import Publication
from domain.errors import DomainError, ErrorCode, Refusal, invalid
from store.accounts.models import Seller, User
from store.affiliates.models import AffiliateNode, AffiliateProgram, EmbeddableItem
from store.catalog.models import Product

SLIDER_MAX = 12


def _not_found() -> DomainError:
    return DomainError(ErrorCode.NOT_FOUND, "Embeddable item not found.")


@dataclass(frozen=True)
class ItemRow:
    item: EmbeddableItem
    form: ItemForm
    program: str
    shop: str
    target: str  # where it leads, with the publisher's link


async def _product(s: AsyncSession, seller_id: int, product_id: int) -> Product | None:
    p = await s.get(Product, product_id)
    return p if p is not None and p.seller_id == seller_id else None


async def _row(s: AsyncSession, item: EmbeddableItem) -> ItemRow:
    program, shop = (
        await s.execute(
            select(AffiliateProgram, User.username)
            .join(Seller, Seller.id == AffiliateProgram.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(AffiliateProgram.id == item.program_id)
        )
    ).one()
    form = ItemForm.model_validate(item.form)
    product = await _product(s, program.seller_id, form.product_id) if form.product_id else None
    target = target_path(
        form,
        shop=shop or "",
        product_slug=product.slug if product else None,
        publisher_id=item.publisher_user_id,
        program_id=item.program_id,
    )
    return ItemRow(item, form, program.name, shop or "", target)


async def items_of(s: AsyncSession, user_id: int, item_id: int | None = None) -> list[ItemRow]:
    """The publisher's items, newest first (or the one named: 404 when it is not theirs)."""
    q = (
        select(EmbeddableItem)
        .where(EmbeddableItem.publisher_user_id == user_id)
        .order_by(EmbeddableItem.id.desc())
    )
    if item_id is not None:
        q = q.where(EmbeddableItem.id == item_id)
    items = list((await s.execute(q)).scalars())
    if item_id is not None and not items:
        raise _not_found()
    return [await _row(s, i) for i in items]


async def _checked(s: AsyncSession, user_id: int, form: ItemForm) -> None:
    """The program is one the publisher is active in; a product is the program's shop's and in its scope."""
    row = (
        await s.execute(
            select(AffiliateProgram)
            .join(AffiliateNode, AffiliateNode.program_id == AffiliateProgram.id)
            .where(
                AffiliateProgram.id == form.affiliate_program_id,
                AffiliateNode.publisher_user_id == user_id,
                AffiliateNode.state == NodeState.accepted,
            )
        )
    ).scalar_one_or_none()
    if row is None:
        raise invalid(affiliate_program_id="not a program you are active in")
    if form.product_id is not None:
        product = await _product(s, row.seller_id, form.product_id)
        if product is None or not ProgramForm.model_validate(row.form).covers(product.id):
            raise invalid(product_id="not a product of this program")


async def item_saved(s: AsyncSession, user_id: int, form: ItemForm, item_id: int | None = None) -> ItemRow:
    await _checked(s, user_id, form)
    if item_id is None:
        count = (
            await s.execute(select(func.count()).where(EmbeddableItem.publisher_user_id == user_id))
        ).scalar_one()
        if count >= ITEMS_MAX:
            raise DomainError(
                ErrorCode.CONFLICT,
                f"A publisher keeps at most {ITEMS_MAX} items.",
                reason=Refusal.too_many.value,
            )
        item = EmbeddableItem(
            publisher_user_id=user_id,
            program_id=form.affiliate_program_id,
            token=secrets.token_urlsafe(16),
            name=form.name,
            form=form.model_dump(mode="json"),
        )
        s.add(item)
    else:
        item = (await items_of(s, user_id, item_id))[0].item
        item.program_id, item.name, item.form = (
            form.affiliate_program_id,
            form.name,
            form.model_dump(mode="json"),
        )
    await s.flush()
    return await _row(s, item)


async def item_deleted(s: AsyncSession, user_id: int, item_id: int) -> None:
    await s.delete((await items_of(s, user_id, item_id))[0].item)
    await s.flush()


@dataclass(frozen=True)
class Shown:
    """One product as an item shows it."""

    name: str
    description: str
    target: str


@dataclass(frozen=True)
class PublicItem:
    form: ItemForm
    shop: str
    title: str  # the product's name, or the shop's
    target: str
    products: list[Shown]  # a slider's


async def public_item(s: AsyncSession, token: str) -> PublicItem:
    """What the script draws for `token`; 404 when there is no such item or its publisher is no longer active in
    the program (their link would count nothing)."""
    item = (await s.execute(select(EmbeddableItem).where(EmbeddableItem.token == token))).scalar_one_or_none()
    if item is None:
        raise _not_found()
    active = (
        await s.execute(
            select(AffiliateNode.id).where(
                AffiliateNode.program_id == item.program_id,
                AffiliateNode.publisher_user_id == item.publisher_user_id,
                AffiliateNode.state == NodeState.accepted,
            )
        )
    ).scalar_one_or_none()
    if active is None:
        raise _not_found()
    row = await _row(s, item)
    program = await s.get(AffiliateProgram, item.program_id)
    assert program is not None
    products: list[Shown] = []
    title = row.shop
    if row.form.product_id is not None:
        product = await _product(s, program.seller_id, row.form.product_id)
        if product is not None:
            title = product.name
    if row.form.form == EmbedForm.slider:
        scope = ProgramForm.model_validate(program.form)
        q = (
            select(Product)
            .where(
                Product.seller_id == program.seller_id,
                Product.publication == Publication.published,
                Product.is_archived.is_(False),
            )
            .order_by(Product.id.desc())
            .limit(200)
        )
        for p in (await s.execute(q)).scalars():
            if scope.covers(p.id) and len(products) < SLIDER_MAX:
                shown = row.form.model_copy(update={"purpose": EmbedPurpose.product, "product_id": p.id})
                products.append(
                    Shown(
                        p.name,
                        (p.description or "")[:160],
                        target_path(
                            shown,
                            shop=row.shop,
                            product_slug=p.slug,
                            publisher_id=item.publisher_user_id,
                            program_id=item.program_id,
                        ),
                    )
                )
    return PublicItem(row.form, row.shop, title, row.target, products)


async def program_products(s: AsyncSession, user_id: int, program_id: int) -> list[tuple[int, str]]:
    """The published products of a program the publisher is active in, as (id, name): what an item may lead to."""
    program = (
        await s.execute(
            select(AffiliateProgram)
            .join(AffiliateNode, AffiliateNode.program_id == AffiliateProgram.id)
            .where(
                AffiliateProgram.id == program_id,
                AffiliateNode.publisher_user_id == user_id,
                AffiliateNode.state == NodeState.accepted,
            )
        )
    ).scalar_one_or_none()
    if program is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Affiliate program not found.")
    scope = ProgramForm.model_validate(program.form)
    q = (
        select(Product.id, Product.name)
        .where(
            Product.seller_id == program.seller_id,
            Product.publication == Publication.published,
            Product.is_archived.is_(False),
        )
        .order_by(Product.name)
        .limit(500)
    )
    return [(i, n) for i, n in (await s.execute(q)).tuples().all() if scope.covers(i)]
