"""A user changes their e-mail address: asked while signed in (with the password, where the account has one), a
link goes to the new address; following it makes the change, signs every browser out and tells the old address.
Until then the old address stays the account's. An address another account holds is refused (409)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.accounts import email_error, normalised_email
from domain.errors import DomainError, ErrorCode, invalid
from domain.keys import user_mail_key
from domain.mail import MailTemplate, OutgoingMail
from store.accounts.actions import auth_token_issued, auth_token_spent, sessions_revoked
from store.accounts.models import User
from store.accounts.passwords import password_matches
from store.accounts.queries import user_by_email

TAKEN = "This e-mail address belongs to another account."


async def email_change_asked(
    s: AsyncSession, user: User, email: str, password: str | None, link: str
) -> OutgoingMail:
    """The mail to the new address with the link (`link` + the token) that confirms it."""
    new = normalised_email(email)
    if err := email_error(new):
        raise invalid(email=err)
    if new == user.email:
        raise invalid(email="unchanged")
    if user.password_hash and not password_matches(user, password or ""):
        raise invalid(password="wrong")
    if await user_by_email(s, new) is not None:
        raise DomainError(ErrorCode.CONFLICT, TAKEN, {"email": "exists"})
    token = await auth_token_issued(s, user, "change_email", new)
    return OutgoingMail(
        key=user_mail_key(user.id, "change-email", token),
        to=new,
        template=MailTemplate.change_email,
        locale=user.locale,
        context={"link": f"{link}?token={token}", "old": user.email, "new": new},
    )


async def email_change_accepted(s: AsyncSession, token: str) -> tuple[User, OutgoingMail]:
    """The change made (once per link), the account's sessions ended, and the notice to the old address."""
    user, row = await auth_token_spent(s, token, "change_email")
    new = row.new_email or ""
    old = user.email
    try:
        async with s.begin_nested():
            user.email = new
            user.confirmed_at = user.confirmed_at or datetime.now(UTC)  # the link proved the address
            await s.flush()
    except IntegrityError:  # another account took the address meanwhile
        raise DomainError(ErrorCode.CONFLICT, TAKEN, {"email": "exists"}) from None
    await sessions_revoked(s, user.id)
    notice = OutgoingMail(
        key=user_mail_key(user.id, "email-changed", token),
        to=old,
        template=MailTemplate.email_changed,
        locale=user.locale,
        context={"old": old, "new": new},
    )
    return user, notice
