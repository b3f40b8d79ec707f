"""Status colour rules (core §4)."""

from enum import StrEnum


class StatusColor(StrEnum):
    green = "green"
    red = "red"
    amber = "amber"
    neutral = "neutral"


GREEN = frozenset(
    {"active", "successful", "paid", "payed", "paying", "published", "publishing", "out_of_duration"}
)
RED = frozenset(
    {"error", "expired", "payment_not_completed", "payment_paused", "publish_canceled", "publish_paused"}
)
AMBER = frozenset(
    {"payment_canceled", "payment_pending", "payment_waiting", "payment_refunded", "publish_pending"}
)
EMPHASISED = frozenset(
    {
        "error",
        "expired",
        "payment_canceled",
        "payment_not_completed",
        "payment_paused",
        "payment_refunded",
        "publish_canceled",
        "publish_paused",
    }
)


def status_color(state: str) -> StatusColor:
    if state in GREEN:
        return StatusColor.green
    if state in RED:
        return StatusColor.red
    if state in AMBER:
        return StatusColor.amber
    return StatusColor.neutral


def is_emphasised(state: str) -> bool:
    return state in EMPHASISED


# editor §5: a hex colour is a hash and 3 or 6 hex digits
HEX_COLOR = r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"
