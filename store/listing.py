"""The generic list engine: page, per, query, filters and sort over one select → list + total_count.

The count is capped at TOTAL_COUNT_MAX (+1 probe) so that counting a million rows never costs more than
reading ten thousand index entries; `total_count_max` tells the client where exact counting stops.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum
from typing import Any, Literal

from sqlalchemy import BigInteger, ColumnElement, Select, bindparam, func, literal_column, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from domain.errors import invalid
from domain.listing import PAGE_SIZES, TOTAL_COUNT_MAX, ListParams
from store.plans import CHECK, run_derived

# A select of any shape (model rows or chosen columns).
Query = Select[*tuple[Any, ...]]
FilterFn = Callable[[Query, Any], Query]


# A model attribute (`Order.created_at`) or any column expression.
SortColumn = ColumnElement[Any] | InstrumentedAttribute[Any]


@dataclass(frozen=True)
class ListSpec:
    sort_columns: Mapping[str, SortColumn]
    default_sort: str
    tiebreak: SortColumn
    filters: Mapping[str, FilterFn]
    search: Callable[[Query, str], Query] | None = None
    page_sizes: Sequence[int] = PAGE_SIZES
    entities: bool = False  # True when the select returns ORM entities rather than columns
    # True when its filters and search read nothing but their values (no clock, no other table): the select they
    # make from a base select is then kept, and the same question on the same base (another page of it, or asked
    # again) reuses it, its construction and its cache key
    keep_filtered: bool = False


_filtered: dict[tuple[Any, ...], Any] = {}
_FILTERED_MAX = 4096  # filtered selects kept; past that the table starts again


def _filtered_select(base: Query, params: ListParams, spec: ListSpec) -> Query:
    q = base
    for key, value in params.filters.items():
        if value not in (None, "", []):
            q = spec.filters[key](q, value)
    if params.query and params.query.strip() and spec.search:
        q = spec.search(q, params.query.strip())
    return q


def _kept_filtered(base: Query, params: ListParams, spec: ListSpec) -> Query:
    try:
        key = (
            base,  # held: a kept base cannot be collected and its id given to another
            id(spec),
            tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in params.filters.items())),
            params.query,
        )
        hash(key)
    except TypeError:  # a filter value that is no text or list of texts: built as usual
        return _filtered_select(base, params, spec)
    q = _filtered.get(key)
    if q is None:
        q = _filtered_select(base, params, spec)
        if len(_filtered) >= _FILTERED_MAX:
            _filtered.clear()
        _filtered[key] = q
    return q


def values_of(value: Any) -> list[str]:
    """A filter's value as a list of texts (`filters[x]=a` or `filters[x][]=a&filters[x][]=b`)."""
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def enum_filter(column: Any, enum: type[StrEnum], name: str) -> FilterFn:
    """A filter on a vocabulary column: any of the given values; an unknown one is a 400 naming it."""

    def apply(q: Query, value: Any) -> Query:
        given = values_of(value)
        bad = [v for v in given if v not in {e.value for e in enum}]
        if bad:
            raise invalid(filters=f"unknown {name} {', '.join(bad)}")
        return q.where(column.in_(given))

    return apply


_WHOLE = re.compile(r"[0-9]{1,9}")


def _one(value: Any, name: str, what: str) -> str:
    given = values_of(value)
    if len(given) != 1:
        raise invalid(filters=f"{name} takes one {what}")
    return given[0].strip()


def number_filter(column: Any, bound: Literal["min", "max"], lo: int, hi: int, name: str) -> FilterFn:
    """One end of a whole-number range (`filters[charges_min]=3`): from `lo` to `hi`, else a 400 naming it."""

    def apply(q: Query, value: Any) -> Query:
        text = _one(value, name, "whole number")
        if not _WHOLE.fullmatch(text) or not lo <= int(text) <= hi:
            raise invalid(filters=f"{name} must be a whole number from {lo} to {hi}")
        return q.where(column >= int(text) if bound == "min" else column <= int(text))

    return apply


def date_filter(column: Any, bound: Literal["from", "to"], name: str) -> FilterFn:
    """One end of a date window (`filters[opened_from]=2026-11-01`), both ends inclusive."""

    def apply(q: Query, value: Any) -> Query:
        text = _one(value, name, "date")
        try:
            day = date.fromisoformat(text) if len(text) == 10 else None
        except ValueError:
            day = None
        if day is None:
            raise invalid(filters=f"{name} must be a date (YYYY-MM-DD)")
        if bound == "from":
            return q.where(column >= day)
        return q.where(column < day + timedelta(days=1))

    return apply


def moment_filter(column: Any, bound: Literal["from", "to"], name: str) -> FilterFn:
    """One end of a time window (`filters[created_from]=2026-11-01` or an ISO date-time with its offset): a day
    counts whole (from its first moment, to its last); both ends inclusive. Else a 400 naming it."""

    def apply(q: Query, value: Any) -> Query:
        text = _one(value, name, "date or date-time")
        try:
            if len(text) == 10:
                day = date.fromisoformat(text)
                start = datetime(day.year, day.month, day.day, tzinfo=UTC)
                return (
                    q.where(column >= start)
                    if bound == "from"
                    else q.where(column < start + timedelta(days=1))
                )
            when = datetime.fromisoformat(text)
        except ValueError:
            raise invalid(filters=f"{name} must be a date (YYYY-MM-DD) or an ISO date-time") from None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        if not datetime(1970, 1, 1, tzinfo=UTC) <= when <= datetime(9999, 1, 1, tzinfo=UTC):
            raise invalid(filters=f"{name} is out of range")
        return q.where(column >= when) if bound == "from" else q.where(column <= when)

    return apply


WINDOW_SCHEMA: dict[str, Any] = {
    "type": "string",
    "maxLength": 40,
    "description": "a date (YYYY-MM-DD, the whole day) or an ISO date-time",
}


def window_schemas(prefix: str) -> dict[str, dict[str, Any]]:
    return {f"{prefix}_from": WINDOW_SCHEMA, f"{prefix}_to": WINDOW_SCHEMA}


def range_schemas(prefix: str, hi: int) -> dict[str, dict[str, Any]]:
    """`{prefix}_min` and `{prefix}_max`: whole numbers from 0 to `hi` (a number-range filter)."""
    one = {"type": "integer", "minimum": 0, "maximum": hi}
    return {f"{prefix}_min": one, f"{prefix}_max": one}


def range_filters(column: Any, prefix: str, hi: int) -> dict[str, FilterFn]:
    return {
        f"{prefix}_min": number_filter(column, "min", 0, hi, f"{prefix}_min"),
        f"{prefix}_max": number_filter(column, "max", 0, hi, f"{prefix}_max"),
    }


def window_filters(column: Any, prefix: str) -> dict[str, FilterFn]:
    """`{prefix}_from` and `{prefix}_to` over one time column (the lists' date window)."""
    return {
        f"{prefix}_from": moment_filter(column, "from", f"{prefix}_from"),
        f"{prefix}_to": moment_filter(column, "to", f"{prefix}_to"),
    }


def validate(params: ListParams, spec: ListSpec) -> None:
    errors: dict[str, str] = {}
    if params.per not in spec.page_sizes:
        errors["per"] = f"must be one of {', '.join(map(str, spec.page_sizes))}"
    if params.sort_key and params.sort_key not in spec.sort_columns:
        errors["sort_key"] = f"must be one of {', '.join(spec.sort_columns)}"
    unknown = set(params.filters) - set(spec.filters)
    if unknown:
        errors["filters"] = f"unknown filter {', '.join(sorted(unknown))}"
    if errors:
        raise invalid(**errors)


async def run_list(s: AsyncSession, base: Query, params: ListParams, spec: ListSpec) -> tuple[list[Any], int]:
    """One page of `base` and the capped count: for a column list the rows as dicts by column key, for an entity
    list (`spec.entities`) SQLAlchemy's rows."""
    validate(params, spec)
    q = _kept_filtered(base, params, spec) if spec.keep_filtered else _filtered_select(base, params, spec)
    sort, asc = params.sort_key or spec.default_sort, params.sort_dir == "asc"
    limit, offset = params.per, (params.page - 1) * params.per

    def derive(per: Any = limit, skip: Any = offset) -> tuple[Query, Query]:
        col = spec.sort_columns[sort]
        order = (col.asc(), spec.tiebreak.asc()) if asc else (col.desc(), spec.tiebreak.desc())
        # the cap is a constant in the SQL, not a parameter: PostgreSQL's generic plan for a prepared count (psycopg
        # prepares a statement run often) cannot see a parameter's value, and planned for far more rows than the cap
        capped: Query = (
            q.with_only_columns(literal_column("1"), maintain_column_froms=True)
            .order_by(None)
            .limit(literal_column(str(TOTAL_COUNT_MAX + 1)))
        )
        page: Query = q.order_by(*order).limit(per).offset(skip)
        return select(func.count().label("n")).select_from(capped.subquery()), page

    if not spec.entities:
        # Column lists run on the driver with their SQL compiled once per shape (store/plans.py), or, for a shape
        # it does not run, straight on the connection: either way without the ORM session layer.
        conn = await s.connection()
        # bigint: SQLAlchemy casts an integer parameter to INTEGER, and a page far past the end has an offset beyond it
        fixed = {"list_limit": limit, "list_offset": offset}
        planned = await run_derived(
            conn,
            q,
            (sort, asc),
            lambda: derive(*(bindparam(k, v, BigInteger) for k, v in fixed.items())),
            fixed,
            s.info.get(CHECK),
        )
        if planned is not None:
            counted, found = planned
            return found, min(int(counted[0]["n"]), TOTAL_COUNT_MAX)
    count, page = derive()
    run = s.execute if spec.entities else conn.execute
    total = int((await run(count)).scalar_one())
    rows = (await run(page)).all()
    return (list(rows) if spec.entities else [dict(r._mapping) for r in rows]), min(total, TOTAL_COUNT_MAX)
