"""Orders-list benchmark: `GET /v1/cabinet/orders` (the real API process: auth, list engine, capped count, JSON)
against the equivalent hand-written SQL (psycopg, same socket) on the same database in the same run.

    .venv/bin/python -m bench.orders_list [--orders 1000000] [--requests 200]

Starts an embedded PostgreSQL and the API (no Temporal: the list does not use it) under a temporary folder,
bulk-loads the orders, then runs the query mix sequentially, Sellflow and bare interleaved request by request.
Prints a table and writes bench/results/orders-list-<timestamp>.json. Missed targets do not fail the run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from time import perf_counter
from typing import Any

import httpx
import psycopg

from deploy.stack import Ports, Stack, remove_tree

RESULTS = Path(__file__).resolve().parent / "results"
TARGET = 1.3  # issue 21: p95 per query shape at most 1.3x the HTTP floor (bench/floor.py)
SLOW_BARE_P95 = 0.050  # seconds: a shape slower than this in bare SQL gets an EXPLAIN (ANALYZE)
COUNT_CAP = 10_000
COLS = (
    "token, product_id, product_name, created_at, payment_state, payment_form, period_type, pricing_plan_name, "
    "total, paid, currency_key, payer_first_name, payer_last_name, payer_email"
)
OTHER_SELLERS, PRODUCTS_PER_SELLER = 4, 5
NAMES = (
    "anna",
    "ben",
    "chloe",
    "david",
    "emma",
    "felix",
    "greta",
    "hugo",
    "ines",
    "jonas",
    "klara",
    "leo",
    "mia",
    "noah",
    "olga",
    "paul",
    "rosa",
    "sam",
    "tina",
    "ugo",
)
# Index suggestions for shapes no existing index serves; printed when the shape is slow in bare SQL too.
# (The two this benchmark first suggested, on (seller_id, total, id) and (seller_id, payment_state, id), are in
# migration 0002 with one for every other sortable column.)
SUGGEST: dict[str, str] = {}


@dataclass
class Shape:
    name: str
    params: list[tuple[str, str]]  # the API query string
    where: str = ""  # extra SQL conditions (after seller_id = %s)
    args: list[Any] = field(default_factory=list)
    order: str = "created_at desc, id desc"
    page: int = 1
    per: int = 20
    sf: list[float] = field(default_factory=list)
    floor: list[float] = field(
        default_factory=list
    )  # the same SQL behind a bare ASGI handler on the API's pool
    bare: list[float] = field(default_factory=list)

    def sql(self) -> tuple[str, str]:
        where = "seller_id = %s" + self.where
        return (
            f"select count(*) from (select 1 from orders where {where} limit {COUNT_CAP + 1}) t",
            f"select {COLS} from orders where {where} order by {self.order} limit %s offset %s",
        )


def shapes(now: datetime) -> list[Shape]:
    lo, hi = now - timedelta(days=120), now - timedelta(days=90)
    return [
        Shape("default", []),
        Shape("state=paid", [("filters[payment_state][]", "paid")], " and payment_state in (%s)", ["paid"]),
        Shape(
            "2 states, total asc",
            [
                ("filters[payment_state][]", "paid"),
                ("filters[payment_state][]", "payment_waiting"),
                ("sort_key", "total"),
                ("sort_dir", "asc"),
            ],
            " and payment_state in (%s, %s)",
            ["paid", "payment_waiting"],
            "total asc, id asc",
        ),
        Shape("sort payment_state", [("sort_key", "payment_state")], order="payment_state desc, id desc"),
        Shape(
            "search email prefix",
            [("query", "anna.12")],
            " and (token = %s or lower(payer_email) like %s escape '/')",
            ["anna.12", "anna.12%"],
        ),
        Shape("deep page 50x50", [("page", "50"), ("per", "50")], page=50, per=50),
        Shape(
            "date range 30d",
            [("filters[created_from]", lo.isoformat()), ("filters[created_to]", hi.isoformat())],
            " and created_at >= %s and created_at <= %s",
            [lo, hi],
        ),
    ]


# ----- data --------------------------------------------------------------------------------------------------
def load(conn: psycopg.Connection, n: int) -> tuple[int, dict[str, float]]:
    """Users, sellers, products, plans and `n` orders (90% for the measured seller): its user id, phase times."""
    x = conn.execute
    x("set session_replication_role = replica")  # consistent by construction: skip the FK triggers
    x("set maintenance_work_mem = '512MB'")
    uids = []
    for k in range(1 + OTHER_SELLERS):
        uid = x(
            "insert into users (email, username, first_name, last_name, locale, confirmed_at, created_at, "
            "updated_at) values (%s, %s, 'Bench', %s, 'en', now(), now(), now()) returning id",
            (f"seller{k}@bench.local", f"bench-seller-{k}", f"S{k}"),
        ).fetchone()[0]
        x(
            "insert into profiles (user_id, type, created_at, updated_at) values (%s, 'seller', now(), now())",
            (uid,),
        )
        sid = x(
            "insert into sellers (user_id, registration_done, payment_account_done, power_seller, invoice_seq, "
            "created_at, updated_at) values (%s, true, true, false, 0, now(), now()) returning id",
            (uid,),
        ).fetchone()[0]
        uids.append(uid)
        for j in range(PRODUCTS_PER_SELLER):
            pid = x(
                "insert into products (seller_id, name, description, form, slug, publication, is_archived, "
                "is_private, is_free, sold_count, reserved_count, created_at, updated_at) values (%s, %s, '', "
                "'download', %s, 'published', false, false, false, 0, 0, now(), now()) returning id",
                (sid, f"Product {k}.{j}", f"product-{j}"),
            ).fetchone()[0]
            x(
                "insert into pricing_plans (product_id, seller_id, name, payment_type, price, currency, active, "
                "created_at, updated_at) values (%s, %s, 'Standard', 'one_time', %s, 'eur', true, now(), now())",
                (pid, sid, 990 + 1000 * j),
            )
    x(
        "create temp table bench_plans as select row_number() over (partition by s.id order by pl.id) - 1 as k, "
        "dense_rank() over (order by s.id) - 1 as sk, s.id as seller_id, p.id as product_id, p.name as product_name, "
        "pl.id as plan_id, pl.name as plan_name from sellers s join products p on p.seller_id = s.id "
        "join pricing_plans pl on pl.product_id = p.id"
    )
    # Build the secondary indexes after the load (same definitions as the migration), much faster than row by row.
    idx = x(
        "select indexname, indexdef from pg_indexes where tablename = 'orders' and indexname not in "
        "(select conname from pg_constraint)"
    ).fetchall()
    for name, _ in idx:
        x(f"drop index {name}")
    names = "array[" + ",".join(f"'{v}'" for v in NAMES) + "]"
    t = [time.monotonic()]
    x(f"""
    insert into orders (token, seller_id, product_id, product_name, pricing_plan_id, pricing_plan_name,
        payment_state, payment_form, period_type, total, paid, currency_key, payer_email, payer_first_name,
        payer_last_name, payer_country, created_at, updated_at, paid_at)
    select 'ord_' || md5(g.i::text), p.seller_id, p.product_id, p.product_name, p.plan_id, p.plan_name,
        g.state, 'card', 'one_time', g.total, case when g.state = 'paid' then g.total else 0 end, 'eur',
        ({names})[1 + (g.h / 50000) % 20] || '.' || (g.h % 50000) || '@'
            || (array['gmail.com', 'web.de', 'example.org'])[1 + g.h % 3],
        initcap(({names})[1 + (g.h / 50000) % 20]), 'Buyer', (array['DE','FR','NL','AT','PL'])[1 + g.h % 5],
        g.ts, g.ts, case when g.state = 'paid' then g.ts end
    from (select i, abs(hashint4(i)) as h, 100 + (random() * 99900)::int as total,
                 now() - interval '365 days' * (1 - i::float8 / {n:d}) + random() * interval '1 hour' as ts,
                 case when r < .60 then 'paid' when r < .75 then 'payment_waiting'
                      when r < .85 then 'payment_not_completed' when r < .90 then 'payment_canceled'
                      when r < .93 then 'payment_pending' when r < .95 then 'payment_refunded'
                      when r < .97 then 'paying' when r < .985 then 'payment_paused'
                      else 'payment_chargebacked' end as state
          from (select i, random() as r from generate_series(1, {n:d}) i) s) g
    join bench_plans p on p.sk = case when g.i % 10 = 0 then 1 + (g.i / 10) % {OTHER_SELLERS} else 0 end
                      and p.k = g.i % {PRODUCTS_PER_SELLER}
    """)
    t.append(time.monotonic())
    for _, ddl in idx:
        x(ddl)
    t.append(time.monotonic())
    x("set session_replication_role = default")
    x("vacuum (analyze) orders")
    x("analyze")
    t.append(time.monotonic())
    return uids[0], {k: t[i + 1] - t[i] for i, k in enumerate(("insert", "indexes", "vacuum_analyze"))}


# ----- measurement -------------------------------------------------------------------------------------------
def run_sellflow(http: httpx.Client, sh: Shape) -> tuple[float, dict]:
    t0 = perf_counter()
    r = http.get("/v1/cabinet/orders", params=sh.params)
    r.read()
    dt = perf_counter() - t0
    if r.status_code != 200:
        raise RuntimeError(f"{sh.name}: {r.status_code} {r.text[:300]}")
    return dt, r.json()


def run_floor(http: httpx.Client, i: int, now: datetime, seller_id: int) -> tuple[float, dict]:
    t0 = perf_counter()
    r = http.get("/_floor/orders", params={"shape": i, "now": now.isoformat(), "seller": seller_id})
    r.read()
    dt = perf_counter() - t0
    if r.status_code != 200:
        raise RuntimeError(f"floor {i}: {r.status_code} {r.text[:300]}")
    return dt, r.json()


def run_bare(conn: psycopg.Connection, sh: Shape, seller_id: int) -> tuple[float, int, list]:
    (count_sql, page_sql), args = sh.sql(), [seller_id, *sh.args]
    t0 = perf_counter()
    total = conn.execute(count_sql, args).fetchone()[0]
    rows = conn.execute(page_sql, [*args, sh.per, (sh.page - 1) * sh.per]).fetchall()
    return perf_counter() - t0, min(total, COUNT_CAP), rows


def pct(xs: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    return sorted(xs)[max(0, math.ceil(p * len(xs)) - 1)] if xs else math.nan


def stats(xs: list[float]) -> dict[str, float]:
    return {"n": len(xs), "p50": pct(xs, 0.5), "p95": pct(xs, 0.95), "p99": pct(xs, 0.99)}


def explain(conn: psycopg.Connection, sh: Shape, seller_id: int) -> dict[str, list[str]]:
    (count_sql, page_sql), args = sh.sql(), [seller_id, *sh.args]
    return {
        what: [r[0] for r in conn.execute(f"explain (analyze, buffers) {sql}", a).fetchall()]
        for what, sql, a in (
            ("page", page_sql, [*args, sh.per, (sh.page - 1) * sh.per]),
            ("count", count_sql, args),
        )
    }


def measure(api: str, dsn: str, user_id: int, seller_id: int, n_req: int) -> tuple[list[Shape], dict]:
    from api.security import access_token

    token, _ = access_token(user_id)
    now = datetime.now(UTC)
    mix = shapes(now)
    checks: dict[str, str] = {}
    floor: list[float] = []
    with (
        httpx.Client(base_url=api, timeout=60, headers={"Authorization": f"Bearer {token}"}) as http,
        psycopg.connect(dsn, autocommit=True) as conn,
    ):
        for k, sh in enumerate(mix):  # warm-up (3 of each, not measured) and a check that all sides agree
            for _ in range(3):
                _, body = run_sellflow(http, sh)
                _, fl = run_floor(http, k, now, seller_id)
                _, total, rows = run_bare(conn, sh, seller_id)
            tokens = [r[0] for r in rows]
            same = body["total_count"] == total == fl["total_count"] and [
                o["token"] for o in body["list"]
            ] == tokens == [o["token"] for o in fl["list"]]
            checks[sh.name] = f"{'same' if same else 'DIFFERENT'} (total {total}, rows {len(rows)})"
        for i in range(n_req):
            k = i % len(mix)
            sh = mix[k]
            sides = ("sf", "floor", "bare")
            turn = (i // len(mix)) % 3  # rotate who goes first, so none always gets the warm cache
            for side in sides[turn:] + sides[:turn]:
                if side == "sf":
                    sh.sf.append(run_sellflow(http, sh)[0])
                elif side == "floor":
                    sh.floor.append(run_floor(http, k, now, seller_id)[0])
                else:
                    sh.bare.append(run_bare(conn, sh, seller_id)[0])
            if i % len(mix) == 0:  # the HTTP floor: an endpoint with no auth and no database
                t0 = perf_counter()
                http.get("/v1/health").read()
                floor.append(perf_counter() - t0)
        plans = {sh.name: explain(conn, sh, seller_id) for sh in mix if pct(sh.bare, 0.95) > SLOW_BARE_P95}
    return mix, {"checks": checks, "plans": plans, "http_floor": stats(floor)}


# ----- report ------------------------------------------------------------------------------------------------
def ms(x: float) -> str:
    return f"{x * 1000:8.2f}"


def report(
    mix: list[Shape], extra: dict, args: argparse.Namespace, load_s: float, phases: dict[str, float]
) -> dict[str, Any]:
    rows = [(sh.name, sh.sf, sh.floor, sh.bare) for sh in mix]
    rows.append(
        (
            "OVERALL",
            [x for sh in mix for x in sh.sf],
            [x for sh in mix for x in sh.floor],
            [x for sh in mix for x in sh.bare],
        )
    )
    print(
        f"\norders list benchmark: {args.orders:,} orders{' + suggested indexes' if args.suggested_indexes else ''}"
        f", {args.requests} requests per side (round-robin over {len(mix)} shapes, concurrency 1, 3 warm-up each)"
        f", load {load_s:.1f}s"
    )
    head = (
        f"{'shape':<22} {'n':>4} {'sf p50':>8} {'sf p95':>8} {'floor p50':>9} {'floor p95':>9} {'sql p95':>8} "
        f"{'p95 ratio':>9}"
    )
    print(head + "  (ms)\n" + "-" * len(head))
    out: dict[str, Any] = {}
    for name, sf, fl, bare in rows:
        s, f, b = stats(sf), stats(fl), stats(bare)
        ratio = s["p95"] / f["p95"]
        out[name] = {"sellflow": s, "floor": f, "bare_sql": b, "p95_ratio": ratio, "met": ratio <= TARGET}
        if name == "OVERALL":
            print("-" * len(head))
        print(
            f"{name:<22} {s['n']:>4} {ms(s['p50'])} {ms(s['p95'])} {ms(f['p50']):>9} {ms(f['p95']):>9} "
            f"{ms(b['p95'])} {ratio:9.2f}"
        )
    print(
        "sellflow = GET /v1/cabinet/orders over HTTP (auth, list engine, capped count, page, JSON); floor = the"
        " same count + page SQL behind a bare ASGI handler in the same API process, on its pool (bench/floor.py);"
        " sql = that SQL via psycopg alone; ratio = sellflow p95 / floor p95"
    )
    f = extra["http_floor"]
    print(
        f"HTTP floor (GET /v1/health, n={f['n']}): p50 {ms(f['p50']).strip()} ms, p95 {ms(f['p95']).strip()} ms"
    )
    print(
        "same answer (total_count + page tokens): "
        + "; ".join(f"{k}: {v}" for k, v in extra["checks"].items())
    )
    overall = out["OVERALL"]["p95_ratio"]
    missed = [k for k, v in out.items() if not v["met"]]
    print(
        f"\nsellflow_p95 / floor_p95 overall: {overall:.2f} (target <= {TARGET}; the pooled p95 is set by the slowest"
        " shapes, see the per-shape ratios)"
    )
    print(
        "TARGET: "
        + ("met overall" if overall <= TARGET else "MISSED overall")
        + (f"; shapes over {TARGET}: {', '.join(missed)}" if missed else "; every shape within target")
    )
    for name, plans in extra["plans"].items():
        print(f"\nbare p95 of '{name}' > {SLOW_BARE_P95 * 1000:.0f} ms; EXPLAIN (ANALYZE, BUFFERS):")
        for what, lines in plans.items():
            print(f"  [{what}]")
            print("\n".join(f"    {ln}" for ln in lines))
        if name in SUGGEST:
            print(f"  suggested index: {SUGGEST[name]}")
    return {
        "orders": args.orders,
        "requests": args.requests,
        "suggested_indexes": args.suggested_indexes,
        "load_s": load_s,
        "load_phases_s": phases,
        "target_p95_ratio": TARGET,
        "shapes": {sh.name: {"params": sh.params, "sql": sh.sql(), "order": sh.order} for sh in mix},
        "results": out,
        **extra,
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.orders_list", description=__doc__.split("\n\n")[0])
    ap.add_argument("--orders", type=int, default=1_000_000)
    ap.add_argument("--requests", type=int, default=200, help="measured requests per side")
    ap.add_argument(
        "--suggested-indexes", action="store_true", help="create the SUGGEST indexes after the load"
    )
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="sellflow-bench-orders-"))
    stack = Stack(data_dir=data, ports=Ports.free(), persistent=False, temporal_ui=False)
    code = 0
    try:
        stack.start_postgres()
        stack.migrate()
        os.environ.update({k: v for k, v in stack.env().items() if k.startswith("SELLFLOW_")})
        from core.settings import get_settings

        get_settings.cache_clear()
        dsn = stack.database_url.replace("postgresql+psycopg://", "postgresql://", 1)  # what the API uses
        t0 = time.monotonic()
        with psycopg.connect(dsn, autocommit=True) as conn:
            user_id, phases = load(conn, args.orders)
            seller_id = conn.execute("select id from sellers where user_id = %s", (user_id,)).fetchone()[0]
            count = conn.execute("select count(*) from orders").fetchone()[0]
            for ddl in SUGGEST.values() if args.suggested_indexes else ():
                conn.execute(ddl)  # built after VACUUM ANALYZE, like an index added to a live table
        load_s = time.monotonic() - t0
        print(
            f"loaded {count:,} orders in {load_s:.1f}s: "
            + ", ".join(f"{k} {v:.1f}s" for k, v in phases.items()),
            flush=True,
        )
        os.environ["SELLFLOW_API_APP"] = "bench.floor:create_app"  # the API with its floor in front
        stack.start_api()
        mix, extra = measure(f"http://127.0.0.1:{stack.ports.api}", dsn, user_id, seller_id, args.requests)
        out = report(mix, extra, args, load_s, phases)
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"orders-list-{time.strftime('%Y%m%d-%H%M%S')}.json"
        path.write_text(json.dumps(out, indent=2, default=str))
        print(f"\nresults: {path}")
    except BaseException:  # noqa: BLE001 - report, stop the stack, exit
        traceback.print_exc()
        code = 1
    finally:
        stack.stop()
        remove_tree(data)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


if __name__ == "__main__":
    main()
