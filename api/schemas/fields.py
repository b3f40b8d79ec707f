"""Field types shared by request models, each validated once with the rule of `domain/`."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from domain.accounts import email_error


def _email(v: str) -> str:
    if err := email_error(v):
        raise ValueError(err)
    return v.strip().lower()


# An e-mail address by the rule of core §5, stored and compared lowercased.
Email = Annotated[str, AfterValidator(_email)]
