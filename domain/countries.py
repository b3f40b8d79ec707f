"""ISO 3166-1 alpha-2 country codes from `pycountry` (the officially assigned codes, 249). A country field takes one
of these, in any case; `ZZ`, `XX` and other user-assigned or reserved codes are refused."""

from __future__ import annotations

import pycountry

ISO_3166_ALPHA2 = frozenset(c.alpha_2 for c in pycountry.countries)
INVALID_COUNTRY = "invalid country"


def is_country(code: str) -> bool:
    return code.upper() in ISO_3166_ALPHA2


def country_error(code: str) -> str | None:
    """`invalid country` unless `code` is an ISO 3166-1 alpha-2 code."""
    return None if is_country(code) else INVALID_COUNTRY
