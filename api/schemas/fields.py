"""Field types shared by request models. Every bound comes from `domain/limits.py`, the same numbers the store's
columns are built from, so whatever passes validation fits the database."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path
from pydantic import AfterValidator, StringConstraints

from domain.accounts.accounts import email_error, normalised_email
from domain.countries import country_error
from domain.limits import (
    EMAIL_MAX,
    FINGERPRINT_MAX,
    ID_MAX,
    PASSWORD_MAX,
    PERSON_NAME_MAX,
    TOKEN_MAX,
    USERNAME_MAX,
)


def _email(v: str) -> str:
    if err := email_error(v):
        raise ValueError(err)
    return normalised_email(v)


# An e-mail address by the rule of core §5, stored and compared lowercased.
Email = Annotated[str, StringConstraints(max_length=EMAIL_MAX), AfterValidator(_email)]
# An e-mail as typed into a look-up (sign-in, reset, availability): bounded, checked by the look-up itself.
EmailText = Annotated[str, StringConstraints(max_length=EMAIL_MAX)]
PersonName = Annotated[str, StringConstraints(max_length=PERSON_NAME_MAX)]
# Usernames are checked by `domain.accounts.username_error` (its own messages); this bound only stops huge input.
UsernameText = Annotated[str, StringConstraints(max_length=USERNAME_MAX * 4)]
Password = Annotated[str, StringConstraints(max_length=PASSWORD_MAX)]
Token = Annotated[str, StringConstraints(max_length=TOKEN_MAX)]
# Every call that issues tokens needs the browser's fingerprint: the refresh token renews only with it.
Fingerprint = Annotated[str, StringConstraints(min_length=1, max_length=FINGERPRINT_MAX)]
# A row id in a path: PostgreSQL's bigint.
Id = Annotated[int, Path(ge=1, le=ID_MAX)]


def _country(v: str) -> str:
    if err := country_error(v):
        raise ValueError(err)
    return v.upper()


# A country: an ISO 3166-1 alpha-2 code in any case, answered uppercased (`ZZ` and other unassigned codes refused).
CountryCode = Annotated[str, StringConstraints(min_length=2, max_length=2), AfterValidator(_country)]
