"""A select run straight on the driver, its SQL compiled once per shape (issue 21: a list over a million rows within
1.3× of a bare handler running the same SQL).

SQLAlchemy caches a statement's compiled SQL already, but each execution still goes through its execution context,
a greenlet switch and a result object whose metadata is rebuilt for the new statement: about 0.7 ms a statement
on this machine, more than PostgreSQL takes to answer a list's page. `fetch` keeps, per statement shape (SQLAlchemy's
own cache key), the SQL, the parameters' type conversions and the columns' result conversions, and runs the SQL on
the session's own psycopg connection (its transaction, or none on a reading session), answering plain dicts with
the values SQLAlchemy would have given (a vocabulary column reads as its enum).

A shape it cannot run as plain SQL (an empty `IN`, a parameter rendered into the SQL, a float or decimal column
whose conversion depends on the driver's type) answers None, and the caller runs it as before.
tests/integration/store/test_plans.py runs every list's filters, search and sorts both ways and compares."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Numeric, Select
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.cache_key import CacheKey
from sqlalchemy.sql.compiler import SQLCompiler

_POSTCOMPILE = re.compile(r"__\[POSTCOMPILE_(\w+)\]")
_PLANS_MAX = 4096  # shapes kept; a list has a few dozen (its filters, search and sort combined)


@dataclass(frozen=True)
class _Plan:
    compiled: SQLCompiler
    sql: str
    binds: dict[str, Callable[[Any], Any]]  # the parameters that need a conversion, by name
    expanding: frozenset[str]  # the IN lists, expanded per call
    columns: tuple[str, ...]
    results: tuple[Callable[[Any], Any] | None, ...]


_plans: dict[Any, _Plan | None] = {}


def _plan_of(stmt: Select[Any], dialect: Dialect, key: CacheKey) -> _Plan | None:
    compiled = stmt.compile(dialect=dialect, cache_key=key)
    assert isinstance(compiled, SQLCompiler)
    if compiled.escaped_bind_names:
        return None  # a parameter name the SQL spells otherwise
    expanding = frozenset(
        name for bind, name in compiled.bind_names.items() if bind.expanding and not bind.literal_execute
    )
    if any(name not in expanding for name in _POSTCOMPILE.findall(compiled.string)):
        return None  # a parameter SQLAlchemy renders into the SQL itself
    binds: dict[str, Callable[[Any], Any]] = {}
    for bind, name in compiled.bind_names.items():
        proc = bind.type.dialect_impl(dialect).bind_processor(dialect)
        if proc is not None:
            binds[name] = proc
    columns, results = [], []
    for key, col in zip(stmt.selected_columns.keys(), stmt.selected_columns, strict=True):
        if issubclass(col.type._type_affinity or type(col.type), Numeric):
            return None
        columns.append(key)
        results.append(col.type.dialect_impl(dialect).result_processor(dialect, None))
    return _Plan(compiled, compiled.string, binds, expanding, tuple(columns), tuple(results))


async def fetch(conn: AsyncConnection, stmt: Select[Any]) -> list[dict[str, Any]] | None:
    """The rows of `stmt` as dicts by column key, or None when its shape is not one this runs (run it as usual)."""
    key = stmt._generate_cache_key()
    if key is None:
        return None
    try:
        plan = _plans[key.key]
    except KeyError:
        if len(_plans) >= _PLANS_MAX:
            _plans.clear()
        plan = _plans[key.key] = _plan_of(stmt, conn.dialect, key)
    if plan is None:
        return None
    params = plan.compiled.construct_params(extracted_parameters=key.bindparams)
    sql = plan.sql
    for name in plan.expanding:
        values = params.pop(name)
        if not values:
            return None  # an empty IN: SQLAlchemy's own rendering of it
        proc = plan.binds.get(name)
        names = [f"{name}_{i}" for i in range(1, len(values) + 1)]
        for n, v in zip(names, values, strict=True):
            params[n] = proc(v) if proc is not None else v
        sql = sql.replace(f"__[POSTCOMPILE_{name}]", ", ".join(f"%({n})s" for n in names))
    for name, proc in plan.binds.items():
        if name in params and name not in plan.expanding:
            params[name] = proc(params[name])
    raw = (await conn.get_raw_connection()).driver_connection
    async with raw.cursor() as cur:
        await cur.execute(sql, params)
        rows = await cur.fetchall()
    cols, results = plan.columns, plan.results
    if not any(results):
        return [dict(zip(cols, r, strict=True)) for r in rows]
    return [{c: (v if f is None else f(v)) for c, f, v in zip(cols, results, r, strict=True)} for r in rows]
