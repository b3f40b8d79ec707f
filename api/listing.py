"""Parse the generic list query string: page, per, query, sort_key, sort_dir, expand[], filters[key] and
filters[key][] (bracket arrays, snake_case; core §7)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request
from pydantic import ValidationError

from domain.errors import invalid
from domain.limits import SEARCH_MAX
from domain.listing import DEFAULT_PER, PAGE_MAX, ListParams
from store.listing import ListSpec

_FILTER = re.compile(r"^filters\[([a-z_]+)\](\[\])?$")


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
