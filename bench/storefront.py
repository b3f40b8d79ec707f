"""Storefront benchmark (issue 22 "Speed"): a shop product page built from five blocks, as a buyer's phone gets it
and as the server makes it.

    .venv/bin/python -m bench.storefront [--requests 300] [--loads 5]

Starts PostgreSQL and the API (no Temporal: pages need none) under a temporary folder, seeds the demo shop, and
builds its product page as a seller would through the API: a header, the product, a text, testimonials and a
footer, published. Then:
- the server: `GET /s/demo-seller/{slug}` against the same page's reads answered as JSON by a bare ASGI path in
  front of the same process (`/_floor/storefront`, bench/floor.py), interleaved request by request: p95 ratio,
  target at most 1.5;
- the browser: headless Chromium on a phone (390 px, 4x slower CPU) over a throttled fast-4G network (165 ms
  round trip, 9 Mbit/s down, 1.5 up), fresh for each load: largest contentful paint (target at most 1.2 s), total
  blocking time (under 100 ms) and the gzipped JavaScript loaded before the buyer presses Buy (at most 100 KB).
Prints the figures beside their targets and writes bench/results/storefront-<timestamp>.json. Missed targets do
not fail the run: this is a measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from time import perf_counter

import httpx
import psycopg

from deploy.stack import Ports, Stack, remove_tree

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
SERVER_TARGET = 1.5
LCP_TARGET_MS = 1200
TBT_TARGET_MS = 100
JS_TARGET_KB = 100


def build_page(base: str) -> str:
    """The demo seller's product page template with five block types, published; the product's slug."""
    with httpx.Client(base_url=base, timeout=30) as c:
        r = c.post(
            "/v1/app/session",
            json={"email": "seller@sellflow.local", "password": "sellflow-demo", "fingerprint": "bench"},
        )
        r.raise_for_status()
        h = {"Authorization": f"Bearer {r.json()['access_token']}"}
        products = c.get("/v1/shop/demo-seller/products").json()["products"]
        slug = next(p["slug"] for p in products if p["sellable"])
        page = c.post(
            "/v1/cabinet/pages", json={"page_type": "shop_product", "name": "Every product"}, headers=h
        )
        page.raise_for_status()
        p = page.json()
        blocks = p["content"]["blocks"]
        text = {
            "id": "about",
            "type": "text",
            "title": "What you get",
            "text": "Everything you need to start, in one download.\n\nRead it on any device, keep it forever.",
        }
        quotes = {
            "id": "quotes",
            "type": "testimonials",
            "title": "Buyers say",
            "testimonials": [
                {"id": "a", "full_name": "Ana", "text": "Clear and practical."},
                {"id": "b", "full_name": "Ben", "text": "Worth every cent."},
            ],
        }
        content = {**p["content"], "blocks": [blocks[0], blocks[1], text, quotes, blocks[-1]]}
        body = {"version": p["draft_version"], "name": p["name"], "path": None, "content": content}
        saved = c.put(f"/v1/cabinet/pages/{p['id']}", json=body, headers=h)
        saved.raise_for_status()
        done = c.post(
            f"/v1/cabinet/pages/{p['id']}/publish", json={"version": saved.json()["draft_version"]}, headers=h
        )
        done.raise_for_status()
        return slug


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, int(len(xs) * 0.95) - 1)]


def server(base: str, slug: str, n: int) -> dict:
    page_url, floor_url = f"/s/demo-seller/{slug}", f"/_floor/storefront?username=demo-seller&slug={slug}"
    sf: list[float] = []
    floor: list[float] = []
    with httpx.Client(base_url=base, timeout=30) as c:
        for _ in range(20):  # warm both paths and the pool
            c.get(page_url).raise_for_status()
            c.get(floor_url).raise_for_status()
        for _ in range(n):
            for url, into in ((page_url, sf), (floor_url, floor)):
                t0 = perf_counter()
                r = c.get(url)
                into.append(perf_counter() - t0)
                assert r.status_code == 200, r.text[:200]
    return {
        "sellflow_p50_ms": statistics.median(sf) * 1000,
        "sellflow_p95_ms": p95(sf) * 1000,
        "floor_p50_ms": statistics.median(floor) * 1000,
        "floor_p95_ms": p95(floor) * 1000,
        "ratio_p95": p95(sf) / p95(floor),
    }


def browser(base: str, slug: str, loads: int, buy: str = "a.buy") -> dict:
    node = shutil.which("node") or str(ROOT / ".venv" / "node" / "node")
    env = {**os.environ, "NODE_PATH": str(ROOT / "node_modules")}
    out = subprocess.run(
        [
            node,
            str(Path(__file__).parent / "page_speed.mjs"),
            f"{base}/s/demo-seller/{slug}",
            str(loads),
            buy,
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    result: dict = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.storefront", description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=300, help="measured requests per side")
    ap.add_argument("--loads", type=int, default=5, help="page loads in the browser")
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="sellflow-bench-storefront-"))
    stack = Stack(data_dir=data, ports=Ports.free(), persistent=False, temporal_ui=False)
    code = 0
    try:
        stack.start_postgres()
        stack.migrate()
        stack.seed()
        # the demo seller as legitimated (the Legitimation workflow needs Temporal, which pages do not): its products
        # sell, so the page has its Buy button
        dsn = stack.database_url.replace("postgresql+psycopg://", "postgresql://", 1)
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("update sellers set registration_done = true, payment_account_done = true")
        os.environ.update({k: v for k, v in stack.env().items() if k.startswith("SELLFLOW_")})
        os.environ["SELLFLOW_API_APP"] = "bench.floor:create_app"
        stack.start_api()
        base = f"http://127.0.0.1:{stack.ports.api}"
        slug = build_page(base)
        srv = server(base, slug, args.requests)
        web = browser(base, slug, args.loads)
        # the same product's checkout in the web app (the shop's build), where a product without a built page is sold:
        # ready when its Buy step is (the pay button, or the plan step's Continue on a two-step layout)
        app = browser(
            base, f"{slug}/checkout", args.loads, '[data-testid="pay-button"], [data-testid="plan-continue"]'
        )
        rows = [
            (
                "server render p95 / HTTP floor p95",
                f"{srv['ratio_p95']:.2f}",
                f"<= {SERVER_TARGET}",
                srv["ratio_p95"] <= SERVER_TARGET,
            ),
            (
                "  page p50 / p95 (ms)",
                f"{srv['sellflow_p50_ms']:.1f} / {srv['sellflow_p95_ms']:.1f}",
                "",
                None,
            ),
            ("  floor p50 / p95 (ms)", f"{srv['floor_p50_ms']:.1f} / {srv['floor_p95_ms']:.1f}", "", None),
            (
                "largest contentful paint, median (ms)",
                f"{web['lcp_ms']:.0f}",
                f"<= {LCP_TARGET_MS}",
                web["lcp_ms"] <= LCP_TARGET_MS,
            ),
            (
                "total blocking time, worst (ms)",
                f"{web['tbt_ms']:.0f}",
                f"< {TBT_TARGET_MS}",
                web["tbt_ms"] < TBT_TARGET_MS,
            ),
            (
                "JavaScript before Buy (KB gzipped)",
                f"{web['js_kb']:.1f}",
                f"<= {JS_TARGET_KB}",
                web["js_kb"] <= JS_TARGET_KB,
            ),
            (
                "checkout (web app) largest paint (ms)",
                f"{app['lcp_ms']:.0f}",
                f"<= {LCP_TARGET_MS}",
                app["lcp_ms"] <= LCP_TARGET_MS,
            ),
            ("  total blocking time, worst (ms)", f"{app['tbt_ms']:.0f}", "", None),
            ("  JavaScript loaded (KB gzipped)", f"{app['js_kb']:.1f}", "", None),
        ]
        print("\nstorefront: a product page of five blocks on a throttled fast-4G phone")
        for name, value, target, ok in rows:
            mark = "" if ok is None else ("  met" if ok else "  MISSED")
            print(f"  {name:<42} {value:>14}  {target:<8}{mark}")
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"storefront-{time.strftime('%Y%m%d-%H%M%S')}.json"
        path.write_text(
            json.dumps({"server": srv, "browser": web, "checkout": app, "args": vars(args)}, indent=2)
        )
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
