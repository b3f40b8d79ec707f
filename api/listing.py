"""Parse the generic list query string: page, per, query, sort_key, sort_dir, expand[], filters[key] and
filters[key][] (bracket arrays, snake_case; core §7)."""

from __future__ import annotations

import re

from fastapi import Request
from pydantic import ValidationError

from domain.errors import invalid
from domain.listing import DEFAULT_PER, ListParams

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
