"""A user's account (core §2 users): signing up with a confirmation mail, confirming, signing in by password or a
one-time link (a payer only for a shop they bought from), a password reset, their details and muted notices.
Mails are answered for the caller to send once the transaction is committed; tokens are the API's."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from sqlalchemy.ext.asyncio import AsyncSession

from core.settings import get_settings
from domain.accounts.accounts import ProfileType, email_error, password_error, username_error
from domain.errors import DomainError, ErrorCode, invalid
from domain.keys import user_mail_key
from domain.mail import MailTemplate, OutgoingMail
from domain.notifications import Notice
from store.accounts.actions import (
    auth_token_issued,
    auth_token_used,
    payer_user_ensured,
    profile_added,
    user_created,
)
from store.accounts.models import User
from store.accounts.passwords import hash_password, password_matches
from store.accounts.queries import user_by_email, user_by_username
from store.courses.queries import has_bought_from, seller_by_username

# the one-time links a user may be mailed: the token's kind and the mail's key
LINKS = {
    MailTemplate.magic_link: ("magic_link", "magic"),
    MailTemplate.reset_password: ("reset_password", "reset"),
}


def link(path: str) -> str:
    return f"{get_settings().public_url}{path}"


def _mail(user: User, key: str, template: MailTemplate, url: str) -> OutgoingMail:
    return OutgoingMail(key=key, to=user.email, template=template, locale=user.locale, context={"link": url})


async def _confirmation_mail(s: AsyncSession, user: User) -> OutgoingMail:
    token = await auth_token_issued(s, user, "confirmation")
    return _mail(
        user,
        user_mail_key(user.id, "confirmation", token),
        MailTemplate.account_confirmation,
        f"{link('/users/confirmation')}?confirmation_token={token}",
    )


async def signed_up(
    s: AsyncSession, sent: Mapping[str, Any], profile_type: ProfileType
) -> tuple[User, OutgoingMail]:
    """A new user of the profile type with what they sent (the address, password, username, names and language)
    and the mail that confirms their address: 400 naming a weak password or a username that is not one, 409 when
    the address or username is taken."""
    errors = {
        k: v
        for k, v in {
            "password": password_error(sent["password"]),
            "username": username_error(sent["username"]) if sent.get("username") else None,
        }.items()
        if v
    }
    if errors:
        raise invalid(**errors)
    user = await user_created(s, **sent, profile_type=profile_type)
    if profile_type == ProfileType.network_publisher:  # an affiliate network promotes like any publisher
        await profile_added(s, user, ProfileType.publisher)
    return user, await _confirmation_mail(s, user)


async def confirmation_resent(s: AsyncSession, email: str) -> OutgoingMail | None:
    """A new confirmation mail for an address not confirmed yet; none otherwise (the answer never tells)."""
    user = await user_by_email(s, email)
    if user and user.confirmed_at is None:
        return await _confirmation_mail(s, user)
    return None


async def link_followed(s: AsyncSession, token: str, kind: str) -> User:
    """The user a confirmation or magic link's token names (once): their address is confirmed by it."""
    user = await auth_token_used(s, token, kind)
    user.confirmed_at = user.confirmed_at or datetime.now(UTC)
    return user


async def password_user(s: AsyncSession, email: str, password: str) -> User | None:
    """The user, if the password is theirs."""
    user = await user_by_email(s, email)
    return user if password_matches(user, password) else None


async def link_mail(s: AsyncSession, user: User, template: MailTemplate, path: str) -> OutgoingMail:
    """A one-time link (`path` + its token) for the user: a magic link or a password reset."""
    kind, key = LINKS[template]
    token = await auth_token_issued(s, user, kind)
    return _mail(user, user_mail_key(user.id, key, token), template, f"{link(path)}{token}")


async def mailed_link(s: AsyncSession, email: str, template: MailTemplate, path: str) -> OutgoingMail | None:
    """The link for the address's user, if there is one (the answer never tells)."""
    user = await user_by_email(s, email)
    return await link_mail(s, user, template, path) if user is not None else None


async def payer_link(s: AsyncSession, email: str, seller: str, locale: str) -> OutgoingMail | None:
    """A payer signs in for one seller (`/s/{seller}/sign_in`): a link goes only to an address that bought from
    that seller, which becomes a payer user when it is not one yet. The answer never tells whether it went."""
    if email_error(email) is not None:
        raise invalid(email="invalid")
    try:
        found = await seller_by_username(s, seller)
    except DomainError:
        return None
    if not await has_bought_from(s, email, found.id):
        return None
    user = await payer_user_ensured(s, email, locale)
    return await link_mail(s, user, MailTemplate.magic_link, f"/s/{quote(seller)}/sign_in?token=")


async def password_reset(s: AsyncSession, token: str, password: str) -> None:
    if err := password_error(password):
        raise invalid(password=err)
    user = await auth_token_used(s, token, "reset_password")
    user.password_hash = hash_password(password)


PLAIN_DETAILS = ("first_name", "last_name", "locale")


async def details_changed(s: AsyncSession, user: User, sent: Mapping[str, str | None]) -> None:
    """The details sent changed, those not sent (None) kept; a new username only if it is one and free (400, 409)."""
    username = sent.get("username")
    if username is not None and username != user.username:
        if err := username_error(username):
            raise invalid(username=err)
        if await user_by_username(s, username):
            raise DomainError(ErrorCode.CONFLICT, "This username is taken.", {"username": "exists"})
        user.username = username
    for field in PLAIN_DETAILS:
        if (value := sent.get(field)) is not None:
            setattr(user, field, value)


def muted_notices(user: User) -> list[Notice]:
    return [Notice(x) for x in user.muted_notices if x in Notice.__members__]


def notices_muted(user: User, muted: list[Notice]) -> list[Notice]:
    user.muted_notices = sorted({n.value for n in muted})
    return muted_notices(user)
