"""A buyer's message through a published page's contact form (editor §2 contact form block): its required fields
and an address to answer to, mailed to the seller once (the same message twice mails once)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.accounts import email_error, normalised_email
from domain.builder.blocks import ContactFormBlock, FieldKey
from domain.builder.pages import PageContent
from domain.errors import DomainError, ErrorCode, invalid
from domain.keys import contact_mail_key
from domain.mail import MailTemplate, OutgoingMail
from store.accounts.queries import seller_user_of
from store.builder.pages import published_at_path
from store.catalog.storefront import shop_seller

MESSAGE_MAX = 5000
FIELD_MAX = 200


@dataclass(frozen=True)
class ContactSent:
    mail: OutgoingMail  # to the seller, to send once the request is done
    back: str  # the page the form is on (a path)


def one_line(v: str) -> str:
    return " ".join(v.split())[:FIELD_MAX]


async def contact_message(
    s: AsyncSession, username: str, path: str | None, block_id: str, values: Mapping[str, str], origin: str
) -> ContactSent | None:
    """The seller's mail with what the form asked and the message (None for a shop that does not exist); 400 for
    a form that does not fit, 404 for a page or form that does not exist."""
    try:
        seller, stored = await shop_seller(s, username)
    except DomainError:
        return None
    served = await published_at_path(s, seller.id, path[:200] if path else None)
    try:
        content = PageContent.model_validate(served.content) if served else None
    except ValidationError:
        content = None
    blocks = content.blocks if content else []
    block = next((b for b in blocks if b.id == block_id and isinstance(b, ContactFormBlock)), None)
    if block is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This form does not exist.")
    message = values.get("message", "").strip()
    if not message or len(message) > MESSAGE_MAX:
        raise invalid(message="required, at most 5000 characters")
    lines, reply_to = [], None
    for i, f in enumerate(block.fields):
        v = one_line(values.get(f"f{i}", ""))
        if f.required and not v:
            raise invalid(**{f"f{i}": "required"})
        if f.key == FieldKey.email and v:
            if email_error(v):
                raise invalid(**{f"f{i}": "invalid"})
            reply_to = normalised_email(v)
        if v:
            lines.append(f"{f.label or f.key.value.replace('_', ' ').capitalize()}: {v}")
    if reply_to is None:
        raise invalid(email="an address to answer to")
    user = await seller_user_of(s, seller.id)
    if user is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This shop does not exist.")
    digest = hashlib.sha256(f"{block_id}\n{reply_to}\n{message}".encode()).hexdigest()
    back = f"/s/{stored}" + (f"/{path}" if path else "")
    mail = OutgoingMail(
        key=contact_mail_key(seller.id, digest),
        to=user.email,
        template=MailTemplate.contact_message,
        locale=user.locale,
        context={
            "form": one_line(block.form_name or block.title_text or served.name if served else ""),
            "page": f"{origin}{back}",
            "fields": "\n".join(lines),
            "message": message,
            "reply_to": reply_to,
        },
    )
    return ContactSent(mail, back)
