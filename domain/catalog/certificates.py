"""Certificates (editor §2 key details and design steps): what a certificate says, when it is issued (on purchase,
or once its holder has finished a course), where each field sits on the page, and its number. Pure rules."""

from __future__ import annotations

import secrets
from enum import StrEnum
from typing import Literal, get_args

from domain.catalog.events import CODE_ALPHABET

TITLE_MAX = 200
ISSUER_MAX = 200
FIELD_SIZE_MIN = 6
FIELD_SIZE_MAX = 72
BACKGROUND_MAX_BYTES = 5 * 1024 * 1024
BACKGROUND_MIN_PX = (1123, 794)  # A4 at 96 dpi (long side, short side): below it a background prints blurred
NUMBER_PREFIX = "C"
NUMBER_SHAPE = r"^[Cc]-?[2-9A-HJ-KM-NP-Za-hj-km-np-z-]{10,12}$"


class CertificateRule(StrEnum):
    purchase = "purchase"  # issued when its order is paid
    course_finished = "course_finished"  # issued once the holder has finished every lesson of a course


# The fields a certificate can show (`title` and `center` are str methods, so these are literals, not enums).
CertificateField = Literal["holder_name", "title", "issued_on", "number", "issuer", "course_name"]
CERTIFICATE_FIELDS: tuple[str, ...] = get_args(CertificateField)


class Orientation(StrEnum):
    landscape = "landscape"
    portrait = "portrait"


Align = Literal["left", "center", "right"]


class CertificateState(StrEnum):
    valid = "valid"
    revoked = "revoked"  # its order was refunded or charged back


# Where each field sits by default (x, y in percent of the page from the top left; size in points).
DEFAULT_FIELDS: list[dict[str, object]] = [
    {"field": "title", "x": 50, "y": 22, "size": 34, "align": "center"},
    {"field": "holder_name", "x": 50, "y": 45, "size": 28, "align": "center"},
    {"field": "course_name", "x": 50, "y": 57, "size": 16, "align": "center"},
    {"field": "issued_on", "x": 15, "y": 82, "size": 11, "align": "left"},
    {"field": "issuer", "x": 50, "y": 82, "size": 11, "align": "center"},
    {"field": "number", "x": 85, "y": 82, "size": 11, "align": "right"},
]


def new_number() -> str:
    body = "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))
    return f"{NUMBER_PREFIX}-{body[:5]}-{body[5:]}"


def typed_number(value: str) -> str | None:
    """A certificate number as typed (any case, with or without dashes) in its stored form, or None."""
    raw = "".join(c for c in value.upper() if c not in " -")
    if not raw.startswith(NUMBER_PREFIX) or len(raw) != 11 or any(c not in CODE_ALPHABET for c in raw[1:]):
        return None
    body = raw[1:]
    return f"{NUMBER_PREFIX}-{body[:5]}-{body[5:]}"


def course_finished(visible_lessons: set[int], finished: set[int]) -> bool:
    """Every lesson a payer can see is finished (a course without lessons is never finished)."""
    return bool(visible_lessons) and visible_lessons <= finished
