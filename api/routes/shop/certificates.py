"""`/v1/shop/{username}/certificates/{number}`: anyone checks a certificate by its number; its holder (and anyone
with the number) downloads its PDF while it is valid."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from api.deps import DB
from api.presenters.documents import certificate_pdf
from api.schemas.certificates import CertificateCheck
from api.throttle import throttle
from domain.catalog.certificates import CertificateState, typed_number
from domain.errors import DomainError, ErrorCode
from domain.limits import USERNAME_MAX
from domain.mail import mail_date
from store.accounts.queries import display_name, seller_user_of
from store.catalog.certificates import IssuedCertificate, certificate_by_number

router = APIRouter()
CHECKS_PER_MINUTE = 60  # per client address: numbers cannot be guessed by trying
Username = Annotated[str, Path(max_length=USERNAME_MAX)]
Number = Annotated[str, Path(max_length=20)]


def values_of(c: IssuedCertificate, issuer: str) -> dict[str, str]:
    settings = c.product.certificate or {}
    return {
        "title": settings.get("title", c.product.name),
        "holder_name": c.certificate.holder_name,
        "course_name": c.certificate.course_name or "",
        "issued_on": mail_date(
            c.certificate.issued_at.date(), c.order.payer_locale
        ),  # as the holder's language writes it
        "issuer": issuer,
        "number": c.certificate.number,
    }


async def _found(s: DB, request: Request, username: str, number: str) -> IssuedCertificate:
    throttle(request, "certificate-check", CHECKS_PER_MINUTE)
    stored = typed_number(number)
    if stored is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No certificate has this number.")
    return await certificate_by_number(s, username, stored)


async def _issuer(s: DB, c: IssuedCertificate, username: str) -> str:
    settings = c.product.certificate or {}
    if settings.get("issuer"):
        return str(settings["issuer"])
    user = await seller_user_of(s, c.product.seller_id)
    return (display_name(user) if user else None) or username


@router.get("/{username}/certificates/{number}", response_model=CertificateCheck)
async def check_certificate(username: Username, number: Number, request: Request, s: DB) -> CertificateCheck:
    """valid, or revoked when its order was refunded or charged back; 404 for a number nobody holds."""
    c = await _found(s, request, username, number)
    issuer = await _issuer(s, c, username)
    return CertificateCheck(
        number=c.certificate.number,
        state=c.state,
        title=(c.product.certificate or {}).get("title", c.product.name),
        holder_name=c.certificate.holder_name,
        course_name=c.certificate.course_name,
        issuer=issuer,
        issued_at=c.certificate.issued_at,
        seller_name=issuer,
    )


@router.get("/{username}/certificates/{number}/pdf")
async def certificate_file(username: Username, number: Number, request: Request, s: DB) -> Response:
    c = await _found(s, request, username, number)
    if c.state != CertificateState.valid:
        raise DomainError(ErrorCode.NOT_FOUND, "This certificate was revoked.")
    values = values_of(c, await _issuer(s, c, username))
    pdf = await certificate_pdf(s, c.product, values, c.order.payer_locale)
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="certificate-{c.certificate.number}.pdf"'},
    )
