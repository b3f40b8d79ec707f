"""The cookie a click on a publisher's link leaves in the visitor's browser (issue 23): one per shop, naming the
click, signed so that nobody can credit a purchase to a click they did not make."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping

from core.settings import get_settings

AFFILIATE_COOKIE = "sf_aff_{seller_id}"
# the program's own cookie lifetime is counted from the click when a purchase comes
AFFILIATE_COOKIE_DAYS = 3650


def click_token(seller_id: int, click_id: int) -> str:
    """The visitor's cookie value for a click: its id, signed so that nobody credits a purchase to a click they
    did not make."""
    mac = hmac.new(
        get_settings().jwt_secret.encode(), f"click.{seller_id}.{click_id}".encode(), hashlib.sha256
    )
    return f"{click_id}.{mac.hexdigest()[:32]}"


def click_of_token(seller_id: int, token: str | None) -> int | None:
    """The click a cookie names, if its signature holds."""
    click, _, _ = (token or "").partition(".")
    if not click.isdigit() or len(click) > 18:
        return None
    return int(click) if hmac.compare_digest(click_token(seller_id, int(click)), token or "") else None


SALES_COOKIE = "sf_stm_{seller_id}"


def sales_token(seller_id: int, member_user_id: int) -> str:
    """The visitor's cookie value for a sales team member's link (issue 23): their user id, signed like a click."""
    mac = hmac.new(
        get_settings().jwt_secret.encode(), f"sales.{seller_id}.{member_user_id}".encode(), hashlib.sha256
    )
    return f"{member_user_id}.{mac.hexdigest()[:32]}"


def sales_member_of_token(seller_id: int, token: str | None) -> int | None:
    """The sales team member a cookie names, if its signature holds."""
    member, _, _ = (token or "").partition(".")
    if not member.isdigit() or len(member) > 18:
        return None
    return int(member) if hmac.compare_digest(sales_token(seller_id, int(member)), token or "") else None


def referred_by(seller_id: int, cookies: Mapping[str, str]) -> tuple[int | None, int | None]:
    """The publisher's click and the sales team member a visitor's cookies at this shop name (each if signed)."""
    click = click_of_token(seller_id, cookies.get(AFFILIATE_COOKIE.format(seller_id=seller_id)))
    member = sales_member_of_token(seller_id, cookies.get(SALES_COOKIE.format(seller_id=seller_id)))
    return click, member
