"""Phone numbers (core §5 "phone"): parsed and validated with `phonenumbers` (Google's libphonenumber metadata),
stored in E.164 (`+49301234567`). A number without its country code is read in the country the person gave (the
seller's profile country), so `030 1234567` from a seller in Germany is `+49301234567`."""

from __future__ import annotations

import phonenumbers

INVALID_PHONE = "invalid phone"
PHONE_TEXT_MAX = 40  # what a person types, spaces and brackets included


def e164(text: str, region: str | None = None) -> str | None:
    """The number in E.164, or None when it is not a valid phone number (in `region` when it has no `+`)."""
    raw = text.strip()
    if not raw or len(raw) > PHONE_TEXT_MAX:
        return None
    try:
        number = phonenumbers.parse(raw, (region or "").upper() or None)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def phone_error(text: str | None, region: str | None = None) -> str | None:
    if text is None or not text.strip():
        return None
    return None if e164(text, region) else INVALID_PHONE
