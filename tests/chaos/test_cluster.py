"""Two API processes and two workers behind one port (issue 24 item 8; `make chaos`): locust's buyers look at a
product, open checkouts and look at their orders on loopback while one API process and one worker are killed.
Every request is answered in the end (the ones in flight when their process died are retried by the client, the
checkouts with their Idempotency-Key), none is lost, and every checkout a buyer opened is one order."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deploy.stack import free_port, http_ok, wait_for
from tests.chaos.front import Front
from tests.integration.helpers import client, db_value, new_seller, published_product

pytestmark = pytest.mark.chaos

HERE = Path(__file__).resolve().parent
USERS = int(os.environ.get("CLUSTER_USERS", "20"))
SECONDS = int(os.environ.get("CLUSTER_SECONDS", "40"))


async def test_one_api_and_one_worker_die_under_load_and_no_request_is_lost(stack):
    # found, not imported: locust patches the standard library with gevent when imported, which deadlocks here
    if importlib.util.find_spec("locust") is None:
        pytest.skip("make chaos installs locust (the `chaos` extra)")
    async with client(stack) as c:
        seller = await new_seller(stack, c, "cluster")
        product = await published_product(c, seller, price=1900)
    api2 = free_port()
    stack._spawn(
        "api2", [sys.executable, "-m", "sellflow.cli", "api"], {**stack.env(), "SELLFLOW_API_PORT": str(api2)}
    )
    stack.start_worker("worker2")
    wait_for(lambda: http_ok(f"http://127.0.0.1:{api2}/v1/health"), "the second API", 60)
    front = Front([stack.ports.api, api2])
    port = await front.start()
    results = stack.data_dir / "load.json"
    env = {
        **os.environ,
        "LOAD_SHOP": seller.username,
        "LOAD_SLUG": product["slug"],
        "LOAD_PLAN": str(product["pricing_plans"][0]["id"]),
        "LOAD_RESULTS": str(results),
        "LOAD_SECONDS": str(SECONDS),  # the buyers stop themselves then; locust's own end comes later
    }
    load = subprocess.Popen(
        [sys.executable, "-m", "locust", "-f", str(HERE / "locustfile.py"), "--headless", "--only-summary",
         "-u", str(USERS), "-r", str(USERS), "-t", f"{SECONDS + 15}s", "--stop-timeout", "200",
         "--host", f"http://127.0.0.1:{port}", "--csv", str(stack.data_dir / "load")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        await asyncio.sleep(SECONDS * 0.3)
        stack.kill("api")  # the first API process, with whatever it was answering
        await asyncio.sleep(SECONDS * 0.2)
        stack.kill("worker")  # the first worker, with whatever it was running
        out, _ = await asyncio.to_thread(load.communicate, timeout=SECONDS + 260)
    finally:
        if load.poll() is None:
            load.kill()
        await front.close()
        stack.start_worker()
        stack.start_api()
    tally = json.loads(results.read_text())
    print(out[-3000:])
    print({k: v for k, v in tally.items() if k != "checkouts"}, "checkouts:", len(tally["checkouts"]))
    assert tally["requests"] > 200, tally["requests"]
    assert tally["lost"] == 0
    assert tally["answered"] == tally["requests"], tally["ended"]
    # each checkout a buyer opened (retried or not) is one order, and every order of the run is one of them
    keys = list(tally["checkouts"])
    assert len(set(tally["checkouts"].values())) == len(keys)
    orders = await db_value(
        "SELECT count(*) FROM orders o JOIN products p ON p.id = o.product_id WHERE p.slug = :slug "
        "AND o.payer_email LIKE 'load-%'",
        slug=product["slug"],
    )
    assert orders == len(keys)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the checkouts' workflows answer on the worker that lived
        async with client(stack) as c:
            r = await c.get(f"/v1/shop/{seller.username}/orders/{tally['checkouts'][keys[-1]]}")
        if r.status_code == 200:
            break
        await asyncio.sleep(1)
    assert r.status_code == 200, r.text
