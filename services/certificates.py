"""A certificate product's settings as its seller edits them: key details (title, issuer, the rule that issues it,
the course it may follow), its design (orientation, background, each field's place)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.certificates import DEFAULT_FIELDS, CertificateRule
from domain.catalog.products import ProductForm
from domain.errors import DomainError, ErrorCode, invalid
from store.catalog.models import Product
from store.catalog.queries import product_of, product_row


async def certificate_product(s: AsyncSession, seller_id: int, product_id: int) -> Product:
    """The seller's certificate product; not found for another form or another seller's product."""
    product = (await product_of(s, seller_id, product_id)).product
    if product.form != ProductForm.certificate:
        raise DomainError(ErrorCode.NOT_FOUND, "This product is not a certificate.")
    return product


async def course_of(s: AsyncSession, product: Product) -> Product | None:
    """The course whose completion issues the certificate, if its rule names one."""
    course_id = (product.certificate or {}).get("course_id")
    return await product_row(s, course_id) if course_id else None


async def settings_saved(
    s: AsyncSession,
    product: Product,
    *,
    title: str,
    issuer: str,
    rule: CertificateRule,
    course_id: int | None,
    orientation: str,
    fields: list[dict[str, Any]] | None,
) -> None:
    """The key details and design. A course rule names one of the seller's own courses; a field sits once; fields
    not sent keep their places."""
    if rule == CertificateRule.course_finished:
        if course_id is None:
            raise invalid(course_id="required")
        course = await product_row(s, course_id)
        if course is None or course.seller_id != product.seller_id or course.form != ProductForm.course:
            raise DomainError(ErrorCode.INVALID_INPUT, fields={"course_id": "not one of your courses"})
    if fields is not None and len({f["field"] for f in fields}) != len(fields):
        raise invalid(fields="each field at most once")
    kept = product.certificate or {}
    product.certificate = {
        **kept,
        "title": title.strip(),
        "issuer": issuer.strip(),
        "rule": rule.value,
        "course_id": course_id if rule == CertificateRule.course_finished else None,
        "orientation": orientation,
        "fields": fields if fields is not None else kept.get("fields") or DEFAULT_FIELDS,
    }
    await s.flush()


async def background_set(s: AsyncSession, product: Product, file_id: int | None) -> None:
    """The picture laid over the whole page (a file of the seller's), or none."""
    product.certificate = {**(product.certificate or {}), "background_file_id": file_id}
    await s.flush()
