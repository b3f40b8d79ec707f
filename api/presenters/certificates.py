"""A certificate product's settings as the cabinet edits them."""

from __future__ import annotations

from api.deps import DB
from api.schemas.certificates import CertificateSettingsOut, FieldPlace
from domain.catalog.certificates import DEFAULT_FIELDS, CertificateRule
from services import certificates
from store.catalog.models import Product


def settings_out(product: Product, course: Product | None) -> CertificateSettingsOut:
    c = product.certificate or {}
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


async def certificate_settings(s: DB, product: Product) -> CertificateSettingsOut:
    return settings_out(product, await certificates.course_of(s, product))
