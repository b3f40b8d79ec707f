"""License keys (editor §3, §5): the key format a seller describes, the keys it generates or accepts, and what
the public verify call answers.

A format is literal characters and parameters in braces, e.g. ``SF-{alphanumeric_5}-{numeric_4}``: each
parameter names its kind (alphabetic, alphanumeric, numeric) and its size; at least one parameter has a size of
3 or more. ``{protection_token}`` adds a random 8-character token to each generated key.
"""

from __future__ import annotations

import csv
import io
import re
import secrets
import string
from dataclasses import dataclass
from enum import StrEnum

KEY_MAX = 200  # characters of one key
KEY_FORMAT_MAX = 200
KEYS_PER_ADD_MAX = 5000  # keys pasted, uploaded or generated at once
PARAMETER_MIN = 3  # at least one parameter of this size (editor §5)
PARAMETER_MAX = 64
PROTECTION_TOKEN = "protection_token"
PROTECTION_TOKEN_SIZE = 8
KEY_POOL_MIN = 1  # free keys a license-key product needs to be sold; an empty pool is sold out


class KeyFormatError(StrEnum):
    """The three messages of editor §5."""

    bad_format = "bad_format"  # not literal characters and {parameter_X} placeholders
    format_size = "format_size"  # no parameter of size 3 or more
    format_type = "format_type"  # a parameter that is not alphabetic, alphanumeric or numeric


class KeyState(StrEnum):
    """A key in the seller's pool: free to sell, reserved by an order being paid, delivered, or revoked (its
    order was refunded, charged back or its subscription ended)."""

    free = "free"
    reserved = "reserved"
    delivered = "delivered"
    revoked = "revoked"


class VerifyAnswer(StrEnum):
    """What the public verify call answers a seller's software."""

    valid = "valid"
    unknown = "unknown"
    revoked = "revoked"


KINDS = {
    "alphabetic": string.ascii_uppercase,
    "alphanumeric": string.ascii_uppercase + string.digits,
    "numeric": string.digits,
}
_KIND_PATTERN = {"alphabetic": "[A-Za-z]", "alphanumeric": "[A-Za-z0-9]", "numeric": "[0-9]"}
# The shape of a format: literal characters and {kind_size} or {protection_token} placeholders. The contract
# carries it, so the browser refuses a badly shaped format (bad_format) before sending it.
FORMAT_SHAPE = r"^\s*$|^[A-Za-z0-9._-]*(\{(protection_token|[a-z]+_\d{1,3})\}[A-Za-z0-9._-]*)+$"
_PIECES = re.compile(r"\{([^{}]*)\}|([A-Za-z0-9._\-]+)|(.)")
_PARAMETER = re.compile(r"^([a-z]+)_(\d{1,3})$")


@dataclass(frozen=True)
class Part:
    """A literal run, a parameter (kind and size) or the protection token."""

    literal: str = ""
    kind: str = ""
    size: int = 0


@dataclass(frozen=True)
class KeyFormat:
    parts: tuple[Part, ...]

    @property
    def has_protection_token(self) -> bool:
        return any(p.kind == PROTECTION_TOKEN for p in self.parts)

    def generate(self) -> str:
        out = []
        for p in self.parts:
            if p.literal:
                out.append(p.literal)
            elif p.kind == PROTECTION_TOKEN:
                out.append(
                    "".join(secrets.choice(KINDS["alphanumeric"]) for _ in range(PROTECTION_TOKEN_SIZE))
                )
            else:
                out.append("".join(secrets.choice(KINDS[p.kind]) for _ in range(p.size)))
        return "".join(out)

    def regex(self) -> re.Pattern[str]:
        out = []
        for p in self.parts:
            if p.literal:
                out.append(re.escape(p.literal))
            elif p.kind == PROTECTION_TOKEN:
                out.append(f"[A-Za-z0-9]{{{PROTECTION_TOKEN_SIZE}}}")
            else:
                out.append(f"{_KIND_PATTERN[p.kind]}{{{p.size}}}")
        return re.compile("^" + "".join(out) + "$")

    def matches(self, key: str) -> bool:
        return bool(self.regex().match(key))

    @property
    def length(self) -> int:
        return sum(
            len(p.literal) or (PROTECTION_TOKEN_SIZE if p.kind == PROTECTION_TOKEN else p.size)
            for p in self.parts
        )


def parse_format(text: str) -> KeyFormat | KeyFormatError:
    """The format, or the first rule it breaks (bad format, then type, then size)."""
    text = text.strip()
    if not text or len(text) > KEY_FORMAT_MAX or not re.match(FORMAT_SHAPE, text):
        return KeyFormatError.bad_format
    parts: list[Part] = []
    for m in _PIECES.finditer(text):
        inner, literal, stray = m.groups()
        if stray is not None:
            return KeyFormatError.bad_format
        if literal is not None:
            parts.append(Part(literal=literal))
            continue
        if inner == PROTECTION_TOKEN:
            parts.append(Part(kind=PROTECTION_TOKEN))
            continue
        pm = _PARAMETER.match(inner or "")
        if pm is None:
            return KeyFormatError.bad_format
        kind, size = pm.group(1), int(pm.group(2))
        if kind not in KINDS:
            return KeyFormatError.format_type
        if size < 1 or size > PARAMETER_MAX:
            return KeyFormatError.format_size
        parts.append(Part(kind=kind, size=size))
    params = [p for p in parts if p.kind in KINDS]
    if not params:
        return KeyFormatError.bad_format
    if not any(p.size >= PARAMETER_MIN for p in params):
        return KeyFormatError.format_size
    fmt = KeyFormat(tuple(parts))
    if fmt.length > KEY_MAX:
        return KeyFormatError.format_size
    return fmt


FORMAT_MESSAGES = {
    KeyFormatError.bad_format: "Write the format as characters and parameters like {parameter_X}, e.g. "
    "SF-{alphanumeric_5}-{numeric_4}.",
    KeyFormatError.format_size: f"At least one parameter needs a size of {PARAMETER_MIN} or more "
    f"(at most {PARAMETER_MAX} each, {KEY_MAX} characters in all).",
    KeyFormatError.format_type: "A parameter is alphabetic, alphanumeric or numeric.",
}

_KEY_CHARS = re.compile(r"^[\x21-\x7e]+$")  # printable ASCII, no spaces


class KeyProblem(StrEnum):
    """Why a pasted key cannot join the pool."""

    required = "required"
    too_long = "too_long"
    bad_chars = "bad_chars"
    no_match = "no_match"


KEY_PROBLEM_MESSAGES = {
    KeyProblem.required: "a key is missing",
    KeyProblem.too_long: f"at most {KEY_MAX} characters",
    KeyProblem.bad_chars: "only letters, digits and punctuation, no spaces",
    KeyProblem.no_match: "does not match the key format",
}


def key_problem(key: str, fmt: KeyFormat | None) -> KeyProblem | None:
    """Why a pasted key cannot join the pool, or None: a key is 1 to 200 printable characters without spaces and,
    when the product has a format, matches it."""
    if not key:
        return KeyProblem.required
    if len(key) > KEY_MAX:
        return KeyProblem.too_long
    if not _KEY_CHARS.match(key):
        return KeyProblem.bad_chars
    if fmt is not None and not fmt.matches(key):
        return KeyProblem.no_match
    return None


def keys_from_text(text: str) -> list[str]:
    """The keys of a pasted block or an uploaded CSV: the first cell of each non-empty line, a header line
    (``key`` or ``license_key``) skipped, surrounding spaces and quotes removed."""
    out: list[str] = []
    sample = text[:4096]
    delimiter = ";" if sample.count(";") > sample.count(",") else ","
    for i, row in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter)):
        cell = (row[0] if row else "").strip().strip('"').strip()
        if not cell:
            continue
        if i == 0 and cell.lower() in ("key", "license_key", "license key", "lizenzschlüssel"):
            continue
        out.append(cell)
    return out
