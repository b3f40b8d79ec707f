"""A list's SQL run straight on the driver, compiled once per shape (issue 21: a list over a million rows within
1.3× of a bare handler running the same SQL).

SQLAlchemy caches a statement's compiled SQL already, but each execution still builds the statement, walks it for
its cache key, and goes through its execution context, a greenlet switch and a result whose metadata is rebuilt for
the new statement: together more than PostgreSQL takes to answer a list's page. `run_derived` takes a list's
filtered select and keeps, per shape (SQLAlchemy's own cache key of that select, and the caller's variant: the
sort), the SQL of the statements derived from it (the capped count and the page), which of the select's parameters
each one's placeholders take, and the parameters' and columns' type conversions. A request then walks only the
filtered select for its cache key and parameters, and runs the SQL on the session's own psycopg connection (its
transaction, or none on a reading session), answering plain dicts with the values SQLAlchemy would have given (a
vocabulary column reads as its enum).

A shape it cannot run as plain SQL (an empty `IN`, a parameter SQLAlchemy renders into the SQL, a float or decimal
column whose conversion depends on the driver's type, a parameter it cannot trace back to the select) answers None,
and the caller runs the statements as before. tests/integration/api/test_plans.py runs every list's filters, search
and sorts both ways and compares."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Numeric, Select
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.compiler import SQLCompiler

_POSTCOMPILE = re.compile(r"__\[POSTCOMPILE_(\w+)\]")
_PLANS_MAX = 4096  # shapes kept; a list has a few dozen (its filters, search and sort combined)


@dataclass(frozen=True)
class _Sql:
    sql: str
    taken: tuple[tuple[int, str], ...]  # (position among the select's parameters, its name in this SQL)
    fixed: tuple[str, ...]  # the caller's named parameters this SQL uses
    binds: dict[str, Any]  # the parameters that need a conversion (SQLAlchemy's bind processors), by name
    expanding: frozenset[str]  # the IN lists, expanded per call
    columns: tuple[str, ...]
    results: tuple[Callable[[Any], Any] | None, ...]


_plans: dict[Any, tuple[_Sql, ...] | None] = {}


@dataclass
class Check:
    """A statement whose rows must be `expected` for an answer to stand, sent to PostgreSQL in the same round trip
    as a list's statements when it can be (`run_derived`), on its own otherwise (`run_check`). api/lean.py checks
    that the seller it answered for is still, column for column, the one it knew."""

    sql: str
    params: dict[str, Any]
    expected: list[tuple[Any, ...]]
    held: bool | None = None  # None: not run yet


# where a session carries the check its next list runs with (AsyncSession.info)
CHECK = "sellflow.plans.check"


async def run_check(conn: AsyncConnection, check: Check) -> bool:
    """Runs `check` on its own unless it ran already; whether it held."""
    if check.held is None:
        raw = (await conn.get_raw_connection()).driver_connection
        assert raw is not None
        async with raw.cursor() as cur:
            await cur.execute(check.sql, check.params)
            check.held = await cur.fetchall() == check.expected
    return check.held


def _sql_of(
    stmt: Select[Any], dialect: Dialect, positions: Mapping[int, int], fixed: Sequence[str]
) -> _Sql | None:
    compiled = stmt.compile(dialect=dialect)
    assert isinstance(compiled, SQLCompiler)
    if compiled.escaped_bind_names:
        return None  # a parameter name the SQL spells otherwise
    expanding = frozenset(
        name for bind, name in compiled.bind_names.items() if bind.expanding and not bind.literal_execute
    )
    if any(name not in expanding for name in _POSTCOMPILE.findall(compiled.string)):
        return None  # a parameter SQLAlchemy renders into the SQL itself
    taken: list[tuple[int, str]] = []
    used: list[str] = []
    binds: dict[str, Any] = {}
    for bind, name in compiled.bind_names.items():
        if (at := positions.get(id(bind))) is not None:
            taken.append((at, name))
        elif bind.key in fixed and name == bind.key:
            used.append(name)
        else:
            return None  # a parameter that is neither the select's nor the caller's
        proc = bind.type.dialect_impl(dialect).bind_processor(dialect)
        if proc is not None:
            binds[name] = proc
    columns, results = [], []
    for key, col in zip(stmt.selected_columns.keys(), stmt.selected_columns, strict=True):
        if issubclass(col.type._type_affinity or type(col.type), Numeric):
            return None
        columns.append(key)
        results.append(col.type.dialect_impl(dialect).result_processor(dialect, None))
    return _Sql(compiled.string, tuple(taken), tuple(used), binds, expanding, tuple(columns), tuple(results))


async def run_derived(
    conn: AsyncConnection,
    select: Select[Any],
    variant: Hashable,
    derive: Callable[[], Sequence[Select[Any]]],
    fixed: Mapping[str, Any],
    check: Check | None = None,
) -> list[list[dict[str, Any]]] | None:
    """The rows of each statement `derive()` makes from `select` (with `bindparam(name)` for each of `fixed`'s
    names), as dicts by column key; None when the shape is not one this runs (run them as usual). `variant` names
    what `derive` makes beside the select's own shape; `derive` runs only the first time a shape is seen. A `check`
    not run yet goes in the same round trip."""
    key = select._generate_cache_key()
    if key is None:
        return None
    shape = (key.key, variant)
    try:
        plan = _plans[shape]
    except KeyError:
        if len(_plans) >= _PLANS_MAX:
            _plans.clear()
        positions = {id(b): i for i, b in enumerate(key.bindparams)}
        made = [_sql_of(stmt, conn.dialect, positions, tuple(fixed)) for stmt in derive()]
        plan = _plans[shape] = (
            None if any(m is None for m in made) else tuple(m for m in made if m is not None)
        )
    if plan is None:
        return None
    values = [b.effective_value for b in key.bindparams]
    statements: list[tuple[str, dict[str, Any]]] = []
    for part in plan:
        params = {name: values[at] for at, name in part.taken}
        for name in part.fixed:
            params[name] = fixed[name]
        sql = part.sql
        for name in part.expanding:
            given = params.pop(name)
            if not given:
                return None  # an empty IN: SQLAlchemy's own rendering of it
            proc = part.binds.get(name)
            names = [f"{name}_{i}" for i in range(1, len(given) + 1)]
            for n, v in zip(names, given, strict=True):
                params[n] = v if proc is None else proc(v)
            sql = sql.replace(f"__[POSTCOMPILE_{name}]", ", ".join(f"%({n})s" for n in names))
        for name, proc in part.binds.items():
            if name not in part.expanding:
                params[name] = proc(params[name])
        statements.append((sql, params))
    checking = check is not None and check.held is None
    if checking:
        assert check is not None
        statements.insert(0, (check.sql, check.params))
    raw = (await conn.get_raw_connection()).driver_connection
    assert raw is not None
    if len(statements) == 1:
        async with raw.cursor() as cur:
            await cur.execute(*statements[0])
            fetched = [await cur.fetchall()]
    else:
        # all of them in one round trip (psycopg's pipeline mode): the count and the page do not wait on each other
        cursors = [raw.cursor() for _ in statements]
        try:
            async with raw.pipeline():
                for cur, (sql, params) in zip(cursors, statements, strict=True):
                    await cur.execute(sql, params)
            fetched = [await cur.fetchall() for cur in cursors]
        finally:
            for cur in cursors:
                await cur.close()
    if checking:
        assert check is not None
        check.held = fetched.pop(0) == check.expected
    out = []
    for part, rows in zip(plan, fetched, strict=True):
        cols, results = part.columns, part.results
        if any(results):
            out.append(
                [
                    {c: (v if f is None else f(v)) for c, f, v in zip(cols, results, r, strict=True)}
                    for r in rows
                ]
            )
        else:
            out.append([dict(zip(cols, r, strict=True)) for r in rows])
    return out
