"""Tokens a link carries instead of a session (an unsubscribe link in a mail): their words in clear, signed with the
deployment's secret for one purpose, so nobody can make one for another account or another purpose."""

from __future__ import annotations

import base64
import hashlib
import hmac

from core.settings import get_settings

MAC_LEN = 32


def _mac(purpose: str, payload: str) -> str:
    return hmac.new(
        get_settings().jwt_secret.encode(), f"{purpose}\x00{payload}".encode(), hashlib.sha256
    ).hexdigest()[:MAC_LEN]


def keyed(purpose: str, payload: str) -> str:
    """An opaque token for `payload` (32 hex digits) that only this deployment can make: stored beside what it
    finds (a mail's browser view), nothing of the payload readable from it."""
    return _mac(purpose, payload)


def signed(purpose: str, payload: str) -> str:
    """`payload` (URL-safe base64, no padding) and its signature for `purpose`."""
    text = base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")
    return f"{text}.{_mac(purpose, payload)}"


def verified(purpose: str, token: str) -> str | None:
    """The payload of a token signed for `purpose`, or None (not one, or not ours)."""
    text, _, mac = token.partition(".")
    if not text or len(mac) != MAC_LEN or len(token) > 400:
        return None
    try:
        payload = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    return payload if hmac.compare_digest(_mac(purpose, payload), mac) else None
