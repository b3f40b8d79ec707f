"""`/v1/cabinet/products/{id}/certificate`: a certificate product's key details (title, issuer, rule), its design
(orientation, background image, each field's place) and a sample PDF of it. Scoped to the caller's seller."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Response, UploadFile

from api.deps import DB, CurrentSeller
from api.files import stored_file
from api.presenters.documents import certificate_pdf
from api.schemas.certificates import CertificateSettingsIn, CertificateSettingsOut, FieldPlace
from api.schemas.fields import Id
from api.uploads import picture_upload, seller_file
from domain.certificates import (
    BACKGROUND_MAX_BYTES,
    BACKGROUND_MIN_PX,
    DEFAULT_FIELDS,
    CertificateRule,
    new_number,
)
from domain.errors import DomainError, ErrorCode, invalid
from domain.products import ProductForm
from providers.storage.local import storage
from store.catalog.models import Product
from store.catalog.queries import product_of

router = APIRouter()


async def _certificate(s: DB, seller_id: int, product_id: int) -> Product:
    product = (await product_of(s, seller_id, product_id)).product
    if product.form != ProductForm.certificate:
        raise DomainError(ErrorCode.NOT_FOUND, "This product is not a certificate.")
    return product


async def settings_out(s: DB, product: Product) -> CertificateSettingsOut:
    c = product.certificate or {}
    course = await s.get(Product, c["course_id"]) if c.get("course_id") else None
    return CertificateSettingsOut(
        title=c.get("title", ""),
        issuer=c.get("issuer", ""),
        rule=c.get("rule", CertificateRule.purchase),
        course_id=c.get("course_id"),
        course_name=course.name if course else None,
        orientation=c.get("orientation", "landscape"),
        has_background=bool(c.get("background_file_id")),
        fields=[FieldPlace(**f) for f in (c.get("fields") or DEFAULT_FIELDS)],
    )


@router.get("/products/{product_id}/certificate", response_model=CertificateSettingsOut)
async def get_certificate(product_id: Id, seller: CurrentSeller, s: DB) -> CertificateSettingsOut:
    return await settings_out(s, await _certificate(s, seller.id, product_id))


@router.put("/products/{product_id}/certificate", response_model=CertificateSettingsOut)
async def set_certificate(
    product_id: Id, body: CertificateSettingsIn, seller: CurrentSeller, s: DB
) -> CertificateSettingsOut:
    """The key details and design. A course rule names one of the seller's own courses; a field sits once."""
    product = await _certificate(s, seller.id, product_id)
    if body.rule == CertificateRule.course_finished:
        if body.course_id is None:
            raise invalid(course_id="required")
        course = await s.get(Product, body.course_id)
        if course is None or course.seller_id != seller.id or course.form != ProductForm.course:
            raise DomainError(ErrorCode.INVALID_INPUT, fields={"course_id": "not one of your courses"})
    fields = [f.model_dump(mode="json") for f in body.fields] if body.fields is not None else None
    if fields is not None and len({f["field"] for f in fields}) != len(fields):
        raise invalid(fields="each field at most once")
    kept = product.certificate or {}
    product.certificate = {
        **kept,
        "title": body.title.strip(),
        "issuer": body.issuer.strip(),
        "rule": body.rule.value,
        "course_id": body.course_id if body.rule == CertificateRule.course_finished else None,
        "orientation": body.orientation.value,
        "fields": fields if fields is not None else kept.get("fields") or DEFAULT_FIELDS,
    }
    await s.flush()
    return await settings_out(s, product)


@router.post("/products/{product_id}/certificate/background", response_model=CertificateSettingsOut)
async def upload_background(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> CertificateSettingsOut:
    """A PNG or JPEG (at most 5 MB) laid over the whole page, checked by its bytes, not its name, and large enough
    to print sharp: at least 1123 × 794 pixels (A4 at 96 dpi, either way round)."""
    product = await _certificate(s, seller.id, product_id)
    row = await picture_upload(s, seller.id, file, max_bytes=BACKGROUND_MAX_BYTES, min_px=BACKGROUND_MIN_PX)
    product.certificate = {**(product.certificate or {}), "background_file_id": row.id}
    await s.flush()
    return await settings_out(s, product)


@router.delete("/products/{product_id}/certificate/background", response_model=CertificateSettingsOut)
async def remove_background(product_id: Id, seller: CurrentSeller, s: DB) -> CertificateSettingsOut:
    product = await _certificate(s, seller.id, product_id)
    product.certificate = {**(product.certificate or {}), "background_file_id": None}
    await s.flush()
    return await settings_out(s, product)


@router.get("/products/{product_id}/certificate/background")
async def get_background(product_id: Id, seller: CurrentSeller, s: DB) -> Response:
    product = await _certificate(s, seller.id, product_id)
    f = await seller_file(s, (product.certificate or {}).get("background_file_id"), seller.id)
    if f is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No background yet.")
    return stored_file(storage().path(f.storage_key), f.file_name, f.content_type)


@router.get("/products/{product_id}/certificate/preview")
async def preview_certificate(product_id: Id, seller: CurrentSeller, s: DB) -> Response:
    """A sample PDF: the design with a sample holder, as a buyer's certificate will look."""
    product = await _certificate(s, seller.id, product_id)
    c = product.certificate or {}
    course = await s.get(Product, c["course_id"]) if c.get("course_id") else None
    pdf = await certificate_pdf(
        s,
        product,
        {
            "title": c.get("title") or product.name,
            "holder_name": "Alex Example",
            "course_name": course.name if course else "",
            "issued_on": "2027-01-31",
            "issuer": c.get("issuer", ""),
            "number": new_number(),
        },
    )
    return Response(
        pdf, media_type="application/pdf", headers={"Content-Disposition": 'inline; filename="sample.pdf"'}
    )
