"""Parse the generic list query string: page, per, query, sort_key, sort_dir, expand[], filters[key] and
filters[key][] (bracket arrays, snake_case; core §7)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from fastapi import Request, Response
from pydantic import BaseModel, ValidationError

from domain.csv_cells import text_cell
from domain.errors import invalid
from domain.limits import SEARCH_MAX
from domain.listing import DEFAULT_PER, PAGE_MAX, ListParams
from domain.money import decimal_text
from store.listing import ListSpec

_FILTER = re.compile(r"^filters\[([a-z_]+)\](\[\])?$")


def listed(answer: type[BaseModel], rows: Sequence[Any], total: int) -> Response:
    """A list's page validated once and serialised directly (FastAPI would validate a returned model again)."""
    body = answer.model_validate({"list": rows, "total_count": total}).model_dump_json()
    return Response(body, media_type="application/json")


def list_params(request: Request, default_per: int = DEFAULT_PER) -> ListParams:
    qp = request.query_params
    filters: dict[str, object] = {}
    for key in qp:
        m = _FILTER.match(key)
        if m:
            filters[m.group(1)] = qp.getlist(key) if m.group(2) else qp.get(key)
    raw = {
        "page": qp.get("page", "1"),
        "per": qp.get("per", str(default_per)),
        "query": qp.get("query"),
        "sort_key": qp.get("sort_key"),
        "sort_dir": qp.get("sort_dir", "desc"),
        "filters": filters,
        "expand": qp.getlist("expand[]"),
    }
    try:
        return ListParams.model_validate(raw)
    except ValidationError as e:
        raise invalid(**{".".join(map(str, err["loc"])): "invalid" for err in e.errors()}) from None


def list_openapi(
    spec: ListSpec, filters: dict[str, dict[str, Any]], default_per: int = DEFAULT_PER
) -> dict[str, Any]:
    """The list query parameters of one list, for the route's `openapi_extra`: the contract names every one of
    them (so the generated client and the fuzzer reach them), while `list_params` keeps parsing the bracket
    syntax itself. `filters` maps a filter key to the JSON schema of its value; an array schema is sent as
    `filters[key][]`."""

    def param(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
        return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}

    params = [
        param("page", {"type": "integer", "minimum": 1, "maximum": PAGE_MAX, "default": 1}, "1-based page"),
        param(
            "per",
            {
                "type": "integer",
                "enum": list(spec.page_sizes),
                "minimum": min(spec.page_sizes),
                "maximum": max(spec.page_sizes),
                "default": default_per,
            },
            "page size",
        ),
        param("query", {"type": "string", "maxLength": SEARCH_MAX}, "free-text search"),
        param("sort_key", {"type": "string", "enum": list(spec.sort_columns)}, "sort column"),
        param("sort_dir", {"type": "string", "enum": ["asc", "desc"], "default": "desc"}, "sort direction"),
        param("expand[]", {"type": "array", "items": {"type": "string"}}, "related objects to include"),
    ]
    for key, schema in filters.items():
        name = f"filters[{key}][]" if schema.get("type") == "array" else f"filters[{key}]"
        params.append(param(name, schema, f"filter by {key}"))
    return {"parameters": params}


CSV_PAGE = 500  # rows read per query while writing a list's CSV
CSV_ANSWER: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/csv": {}}, "description": "What the list shows (its filters and sort), as CSV"}
}


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, int):
        return str(value)
    return text_cell(str(value))


async def rows_csv(columns: Sequence[str], rows: AsyncIterator[Sequence[object]], filename: str) -> Response:
    """Rows a service writes (their cells already guarded) under their columns, as one CSV download."""
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(columns)
    async for row in rows:
        w.writerow(row)
    return Response(buf.getvalue(), media_type="text/csv; charset=utf-8", headers=dated_attachment(filename))


async def csv_answer(
    fetch: Callable[[ListParams], Awaitable[tuple[Sequence[dict[str, Any]], int]]],
    params: ListParams,
    row_model: type[BaseModel],
    filename: str,
    *,
    money: Sequence[str] = (),
    currency: str = "currency",
) -> Response:
    """Every page of what a list shows (its filters, search and sort) as one CSV: the columns of the list's row,
    amounts in major units with the currency's decimals, texts guarded against spreadsheet formulas."""
    columns = list(row_model.model_fields)
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(columns)
    amounts = set(money)
    page = 1
    while True:
        rows, total = await fetch(params.model_copy(update={"page": page, "per": CSV_PAGE}))
        for raw in rows:
            r = row_model.model_validate(raw).model_dump()
            w.writerow(
                [
                    decimal_text(r[c], str(r.get(currency) or ""))
                    if c in amounts and isinstance(r[c], int) and r.get(currency)
                    else str(r[c]).upper()
                    if c == currency and r[c]
                    else _cell(r[c])
                    for c in columns
                ]
            )
        if not rows or page * CSV_PAGE >= total:
            break
        page += 1
    return Response(buf.getvalue(), media_type="text/csv; charset=utf-8", headers=dated_attachment(filename))


def dated_attachment(filename: str) -> dict[str, str]:
    """A download's header naming what it holds and from when: `orders.csv` is saved as `orders-2026-11-28.csv`."""
    stem, dot, ext = filename.rpartition(".")
    dated = f"{stem}-{datetime.now(UTC).date().isoformat()}{dot}{ext}" if dot else filename
    return {"Content-Disposition": f'attachment; filename="{dated}"'}
