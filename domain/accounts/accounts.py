"""Users, profile types and the validation rules of core §5 that sign-up needs."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Literal

from domain.limits import USERNAME_MAX

Locale = Literal["en", "de"]
LOCALES: tuple[Locale, ...] = ("en", "de")


def locale_of(value: str | None) -> Locale:
    """A stored or requested language, falling back to English for anything Sellflow does not speak."""
    return next((x for x in LOCALES if x == value), "en")


class ProfileType(StrEnum):
    seller = "seller"
    publisher = "publisher"
    network_publisher = "network_publisher"
    team_member = "team_member"
    sales_team_member = "sales_team_member"
    payer = "payer"
    manager = "manager"
    reseller = "reseller"


# The area each profile type works in (core §6).
AREA = {
    ProfileType.seller: "cabinet",
    ProfileType.publisher: "publish",
    ProfileType.team_member: "team_member",
    ProfileType.payer: "payer",
    ProfileType.manager: "admin",
}
SIGN_UP_TYPES = frozenset({ProfileType.seller, ProfileType.payer})

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
# Username rules: the spec leaves limits and pattern open ("not shown"); Sellflow uses the identifier
# rule of core §5 (alphanumerics and hyphens, no hyphen at either end) with 3..30 characters, since the
# username is the shop path /s/{username}.
USERNAME_MIN = 3  # the upper bound is USERNAME_MAX in domain/limits.py, with every other length
USERNAME_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$")
PASSWORD_MIN = 8


def normalised_email(email: str) -> str:
    """The one form an e-mail is stored, looked up and throttled under."""
    return email.strip().lower()


def email_error(email: str | None) -> str | None:
    if not email or not email.strip():
        return "required"
    return None if EMAIL_RE.match(email.strip()) else "invalid email"


def username_error(username: str | None) -> str | None:
    """None when valid, else one of the spec's messages: empty, too small, too big, invalid."""
    if username is None or not username.strip():
        return "empty"
    u = username.strip()
    if len(u) < USERNAME_MIN:
        return "too small"
    if len(u) > USERNAME_MAX:
        return "too big"
    return None if USERNAME_RE.match(u) else "invalid"


def password_error(password: str | None) -> str | None:
    if not password:
        return "required"
    return None if len(password) >= PASSWORD_MIN else f"minimum {PASSWORD_MIN} characters"


def blank(text: str | None) -> bool:
    """Text consisting only of spaces is rejected (core §5)."""
    return text is None or not text.strip()
