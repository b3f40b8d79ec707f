"""The generic list request and answer (core §7 'Generic list calls', §9 page sizes)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from domain.limits import SEARCH_MAX

PAGE_SIZES = (5, 10, 20, 30, 50, 100, 200, 500)
DEFAULT_PER = 20
TOTAL_COUNT_MAX = 10_000
# Far beyond any real list; keeps (page - 1) * per inside PostgreSQL's bigint for hostile input.
PAGE_MAX = 1_000_000_000

T = TypeVar("T")


class ListParams(BaseModel):
    page: int = Field(1, ge=1, le=PAGE_MAX)
    per: int = DEFAULT_PER
    query: str | None = Field(None, max_length=SEARCH_MAX)
    sort_key: str | None = None
    sort_dir: Literal["asc", "desc"] = "desc"
    filters: dict[str, Any] = Field(default_factory=dict)
    expand: list[str] = Field(default_factory=list)


class ListAnswer(BaseModel, Generic[T]):
    list: list[T]
    total_count: int
    total_count_max: int = TOTAL_COUNT_MAX


def last_page(total: int, per: int) -> int:
    """A page beyond the last is corrected to the last page (or 1)."""
    return max(1, -(-total // per))


# The top of an amount-range filter in minor units: above the largest price (1,000,000 in major units, core §9)
AMOUNT_FILTER_MAX = 999_999_999


# Saved views (issue 21 "saved views"): a list's filters, search, sort and page size under a name, per seller.
class SavedList(StrEnum):
    products = "products"
    orders = "orders"
    payment_tickets = "payment_tickets"
    coupons = "coupons"
    transfers = "transfers"
    claims = "claims"
    payouts = "payouts"
    invoices = "invoices"


SAVED_VIEW_NAME_MAX = 60
SAVED_VIEW_QUERY_MAX = 2000  # the list's URL query string, as the browser shows it
SAVED_VIEWS_MAX = 50  # per list and seller
