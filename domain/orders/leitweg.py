"""The Leitweg-ID: how a German public buyer is addressed by an XRechnung (its buyer reference, BT-10), per
KoSIT's "Formatspezifikation Leitweg-ID" 2.0: a coarse address of 2 to 12 digits, an optional fine address of up
to 30 letters or digits, and two check digits (ISO/IEC 7064 MOD 97-10 over the whole, letters counted as 10–35)."""

from __future__ import annotations

import re

LEITWEG_ID_MAX = 46
_SHAPE = re.compile(r"^[0-9]{2,12}(-[0-9A-Z]{1,30})?-[0-9]{2}$")


def leitweg_id(value: str) -> str:
    """The Leitweg-ID as written on the invoice (upper case, no spaces); ValueError when it is none."""
    text = value.strip().upper()
    if not _SHAPE.fullmatch(text):
        raise ValueError("not a Leitweg-ID")
    digits = "".join(str(int(c, 36)) for c in text.replace("-", ""))
    if int(digits) % 97 != 1:
        raise ValueError("the Leitweg-ID's check digits do not match")
    return text
