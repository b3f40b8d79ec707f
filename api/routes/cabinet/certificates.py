"""`/v1/cabinet/products/{id}/certificate`: a certificate product's key details (title, issuer, rule), its design
(orientation, background image, each field's place) and a sample PDF of it. Scoped to the caller's seller."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Response, UploadFile

from api.deps import DB, CurrentSeller
from api.files import stored_file
from api.presenters.certificates import certificate_settings
from api.presenters.documents import certificate_pdf
from api.schemas.certificates import CertificateSettingsIn, CertificateSettingsOut
from api.schemas.fields import Id
from api.uploads import picture_upload, seller_file
from domain.catalog.certificates import (
    BACKGROUND_MAX_BYTES,
    BACKGROUND_MIN_PX,
    new_number,
)
from domain.errors import DomainError, ErrorCode
from providers.storage.local import storage
from services import certificates

router = APIRouter()


@router.get("/products/{product_id}/certificate", response_model=CertificateSettingsOut)
async def get_certificate(product_id: Id, seller: CurrentSeller, s: DB) -> CertificateSettingsOut:
    return await certificate_settings(s, await certificates.certificate_product(s, seller.id, product_id))


@router.put("/products/{product_id}/certificate", response_model=CertificateSettingsOut)
async def set_certificate(
    product_id: Id, body: CertificateSettingsIn, seller: CurrentSeller, s: DB
) -> CertificateSettingsOut:
    """The key details and design. A course rule names one of the seller's own courses; a field sits once."""
    product = await certificates.certificate_product(s, seller.id, product_id)
    await certificates.settings_saved(
        s,
        product,
        title=body.title,
        issuer=body.issuer,
        rule=body.rule,
        course_id=body.course_id,
        orientation=body.orientation.value,
        fields=[f.model_dump(mode="json") for f in body.fields] if body.fields is not None else None,
    )
    return await certificate_settings(s, product)


@router.post("/products/{product_id}/certificate/background", response_model=CertificateSettingsOut)
async def upload_background(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> CertificateSettingsOut:
    """A PNG or JPEG (at most 5 MB) laid over the whole page, checked by its bytes, not its name, and large enough
    to print sharp: at least 1123 × 794 pixels (A4 at 96 dpi, either way round)."""
    product = await certificates.certificate_product(s, seller.id, product_id)
    row = await picture_upload(s, seller.id, file, max_bytes=BACKGROUND_MAX_BYTES, min_px=BACKGROUND_MIN_PX)
    await certificates.background_set(s, product, row.id)
    return await certificate_settings(s, product)


@router.delete("/products/{product_id}/certificate/background", response_model=CertificateSettingsOut)
async def remove_background(product_id: Id, seller: CurrentSeller, s: DB) -> CertificateSettingsOut:
    product = await certificates.certificate_product(s, seller.id, product_id)
    await certificates.background_set(s, product, None)
    return await certificate_settings(s, product)


@router.get("/products/{product_id}/certificate/background")
async def get_background(product_id: Id, seller: CurrentSeller, s: DB) -> Response:
    product = await certificates.certificate_product(s, seller.id, product_id)
    f = await seller_file(s, (product.certificate or {}).get("background_file_id"), seller.id)
    if f is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No background yet.")
    return stored_file(storage().path(f.storage_key), f.file_name, f.content_type)


@router.get("/products/{product_id}/certificate/preview")
async def preview_certificate(product_id: Id, seller: CurrentSeller, s: DB) -> Response:
    """A sample PDF: the design with a sample holder, as a buyer's certificate will look."""
    product = await certificates.certificate_product(s, seller.id, product_id)
    c = product.certificate or {}
    course = await certificates.course_of(s, product)
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
