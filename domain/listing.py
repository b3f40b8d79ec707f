"""The generic list request and answer (core §7 'Generic list calls', §9 page sizes)."""

from __future__ import annotations

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
