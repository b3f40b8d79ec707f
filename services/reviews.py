"""A manager's review of a product (core §4 review states): reviewed, it keeps selling (one waiting after a
rejection starts to); rejected, it stops selling at once and its seller is told why by mail."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from core.settings import get_settings
from domain.catalog.products import ReviewDecision
from domain.errors import DomainError, ErrorCode, invalid
from domain.keys import product_review_mail_key
from domain.mail import MailTemplate, OutgoingMail
from store.accounts.models import User
from store.catalog.actions import product_reviewed
from store.catalog.models import Product
from store.catalog.reviews import product_with_seller


@dataclass(frozen=True)
class Reviewed:
    product: Product
    seller: User
    mail: OutgoingMail | None  # the rejection's, to send once the request is done


async def review_decided(
    s: AsyncSession, product_id: int, decision: ReviewDecision, note: str | None
) -> Reviewed:
    """The decision on a product in review (409 otherwise); a rejection says why (400 `note`)."""
    note = (note or "").strip() or None
    if decision == ReviewDecision.rejected and note is None:
        raise invalid(note="required")
    found = await product_with_seller(s, product_id)
    if found is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Product not found.")
    product, user = found
    p = await product_reviewed(s, product.id, decision, note)
    mail = None
    if decision == ReviewDecision.rejected and p.reviewed_at is not None:
        mail = OutgoingMail(
            key=product_review_mail_key(p.id, p.reviewed_at),
            to=user.email,
            template=MailTemplate.product_rejected,
            locale=user.locale,
            context={
                "first_name": user.first_name or user.username or "",
                "product_name": p.name,
                "reason": note or "",
                "product_url": f"{get_settings().public_url}/cabinet/products/{p.id}/edit",
            },
        )
    return Reviewed(p, user, mail)
