"""The lean reference's processes: a bare ASGI route (no framework) and its worker, started by the checkout
benchmark beside Sellflow on the same stack (bench/checkout.py).

    python -m bench.lean api --port N     # POST /lean/checkout, POST /lean/orders/{token}/pay, GET /lean/orders/{token}
    python -m bench.lean worker

`start_lean` starts both in a stack; `run_lean` drives them as bench/checkout.py drives Sellflow.

Both read the stack's environment (SELLFLOW_DATABASE_URL, SELLFLOW_TEMPORAL_ADDRESS, SELLFLOW_STRIPE_API_BASE,
SELLFLOW_SMTP_PORT). The workflow is bench/lean_flow.py, its steps bench/lean_work.py."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import sys
from datetime import timedelta
from time import perf_counter
from typing import Any

import httpx
import psycopg
from temporalio.client import Client, WithStartWorkflowOperation
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.worker import Worker

from bench.lean_flow import LeanCheckout
from bench.lean_work import SCHEMA, LeanActivities, Pool, Smtp, dsn, stripe_client
from bench.runs import HttpError, Run, Sample, confirm_card, drive, expect
from deploy.stack import Stack, free_port, http_ok, wait_for

QUEUE = "bench-lean"
PRICE, CURRENCY, SELLER_ID, PRODUCT_ID = 4900, "eur", 1, 1
POOL = 10


def workflow_id(token: str) -> str:
    return f"lean-checkout-{token}"


def start(token: str) -> WithStartWorkflowOperation:
    return WithStartWorkflowOperation(
        LeanCheckout.run,
        token,
        id=workflow_id(token),
        task_queue=QUEUE,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        execution_timeout=timedelta(days=2),
    )


class LeanApi:
    """Three routes, matched by hand; JSON in and out."""

    def __init__(self) -> None:
        self.pool = Pool(POOL)
        self.cards = stripe_client()
        self.temporal: Client | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await self.pool.open()
                self.temporal = await Client.connect(os.environ["SELLFLOW_TEMPORAL_ADDRESS"])
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        body = b""
        while True:
            msg = await receive()
            body += msg.get("body", b"")
            if not msg.get("more_body"):
                break
        parts = scope["path"].strip("/").split("/")
        method = scope["method"]
        headers = dict(scope["headers"])
        if method == "POST" and parts == ["lean", "checkout"]:
            status, out = 201, await self.open(json.loads(body), headers.get(b"idempotency-key", b""))
        elif method == "POST" and len(parts) == 4 and parts[:2] == ["lean", "orders"] and parts[3] == "pay":
            status, out = 200, await self.pay(parts[2], json.loads(body)["payment_method"])
        elif method == "GET" and len(parts) == 3 and parts[:2] == ["lean", "orders"]:
            status, out = 200, await self.status(parts[2])
        else:
            status, out = 404, {"error": "not_found"}
        data = json.dumps(out).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(data)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": data})

    async def open(self, payer: dict[str, str], key: bytes) -> dict[str, Any]:
        """The order (its token from the request's Idempotency-Key), the payer's customer and the prepared
        PaymentIntent, then the workflow started: what Sellflow's checkout does when the page opens."""
        token = hashlib.sha256(key or os.urandom(16)).hexdigest()[:24]
        email = payer["email"]
        async with self.pool.transaction() as c:
            cur = await c.execute("SELECT provider_ref FROM lean.customers WHERE email = %s", (email,))
            row = await cur.fetchone()
        if row is None:
            made = await self.cards.v1.customers.create_async(
                params={"email": email, "name": f"{payer['first_name']} {payer['last_name']}"},
                options={"idempotency_key": f"customer-{email}"},
            )
            customer = made.id
        else:
            customer = row[0]
        prepared: Any = {
            "amount": PRICE,
            "currency": CURRENCY,
            "customer": customer,
            "setup_future_usage": "off_session",
            "payment_method_types": ["card"],
            "metadata": {"order_token": token, "attempt": "1"},
        }
        pi = await self.cards.v1.payment_intents.create_async(
            params=prepared, options={"idempotency_key": f"order-{token}-pi-1-prepared"}
        )
        async with self.pool.transaction() as c:
            await c.execute(
                "WITH cu AS (INSERT INTO lean.customers VALUES (%s, %s) ON CONFLICT DO NOTHING)"
                " INSERT INTO lean.orders (token, seller_id, product_id, payer_email, payer_first_name,"
                " payer_last_name, total, currency, customer_ref, prepared_intent)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (token) DO NOTHING",
                (
                    email,
                    customer,
                    token,
                    SELLER_ID,
                    PRODUCT_ID,
                    email,
                    payer["first_name"],
                    payer["last_name"],
                    PRICE,
                    CURRENCY,
                    customer,
                    pi.id,
                ),
            )
        assert self.temporal is not None
        await self.temporal.start_workflow(
            LeanCheckout.run,
            token,
            id=workflow_id(token),
            task_queue=QUEUE,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            execution_timeout=timedelta(days=2),
        )
        return {"order_token": token}

    async def pay(self, token: str, payment_method: str) -> dict[str, Any]:
        assert self.temporal is not None
        outcome = await self.temporal.execute_update_with_start_workflow(
            LeanCheckout.pay, payment_method, start_workflow_operation=start(token)
        )
        return {"outcome": outcome}

    async def status(self, token: str) -> dict[str, Any]:
        async with self.pool.transaction() as c:
            cur = await c.execute(
                "SELECT o.payment_state, a.token FROM lean.orders o LEFT JOIN lean.access a ON a.order_id = o.id"
                " WHERE o.token = %s",
                (token,),
            )
            row = await cur.fetchone()
        return (
            {"payment_state": row[0], "download_url": f"/lean/download/{row[1]}" if row[1] else None}
            if row
            else {}
        )


def create_schema() -> None:
    with psycopg.connect(dsn(), autocommit=True) as c:
        c.execute(SCHEMA)


async def work() -> None:
    pool = Pool(POOL)
    await pool.open()
    client = await Client.connect(os.environ["SELLFLOW_TEMPORAL_ADDRESS"])
    acts = LeanActivities(pool, stripe_client(), Smtp())
    worker = Worker(
        client,
        task_queue=QUEUE,
        workflows=[LeanCheckout],
        activities=[
            acts.pay,
            acts.record_paid,
            acts.issue_invoice,
            acts.book_sale,
            acts.grant_access,
            acts.send_mails,
        ],
        max_concurrent_activities=100,
        max_concurrent_local_activities=100,
    )
    await worker.run()


def start_lean(stack: Stack) -> str:
    """The lean reference's schema, API and worker in `stack` (their CPU counted under `lean-api` and
    `lean-worker`); the API's base URL."""
    import subprocess

    subprocess.run([sys.executable, "-m", "bench.lean", "schema"], env=stack.env(), check=True)
    port = free_port()
    stack._spawn("lean-worker", [sys.executable, "-m", "bench.lean", "worker"])
    stack._spawn("lean-api", [sys.executable, "-m", "bench.lean", "api", "--port", str(port)])
    base = f"http://127.0.0.1:{port}"
    wait_for(lambda: http_ok(f"{base}/lean/orders/none"), "the lean reference's API", 60)
    return base


class LeanShop:
    """The buyer's steps against the lean reference, as `bench.checkout.Shop` takes them against Sellflow."""

    def __init__(self, http: httpx.AsyncClient, temporal: Client, tag: str) -> None:
        self.http, self.temporal, self.tag = http, temporal, tag

    async def prepare(self, i: int) -> tuple[str, str]:
        co = expect(
            await self.http.post(
                "/lean/checkout",
                json={
                    "email": f"lean-{self.tag}-{i}@example.com",
                    "first_name": "Bench",
                    "last_name": f"N{i}",
                },
                headers={"Idempotency-Key": os.urandom(16).hex()},
            ),
            201,
        )
        return co["order_token"], await asyncio.to_thread(confirm_card, None)

    async def pay(self, token: str, pm: str) -> Sample:
        t0 = perf_counter()
        r = expect(await self.http.post(f"/lean/orders/{token}/pay", json={"payment_method": pm}), 200)
        pay = perf_counter() - t0
        if r["outcome"] != "succeeded":
            raise HttpError(f"pay {token}: {r}")
        result = await asyncio.wait_for(self.temporal.get_workflow_handle(workflow_id(token)).result(), 60)
        done = perf_counter() - t0
        st = expect(await self.http.get(f"/lean/orders/{token}"), 200)
        if result != "paid" or not st["download_url"]:
            raise HttpError(f"order {token} not fulfilled: {result} {st}")
        return Sample(pay, done)

    async def checkout(self, i: int) -> Sample:
        token, pm = await self.prepare(i)
        return await self.pay(token, pm)


async def run_lean(base: str, temporal_address: str, n: int, conc: int, warmup: int, alone: int) -> list[Run]:
    """Whole checkouts at `conc` buyers, the pay phase with the orders prepared first, and `alone` checkouts at one
    buyer: the lean reference's side of each of Sellflow's runs."""
    temporal = await Client.connect(temporal_address)
    tag = os.urandom(4).hex()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        await drive("warm-up", warmup, warmup, LeanShop(http, temporal, f"{tag}-w").checkout)
        full = await drive("lean reference", n, conc, LeanShop(http, temporal, f"{tag}-f").checkout)
        shop = LeanShop(http, temporal, f"{tag}-p")
        gate = asyncio.Semaphore(conc)

        async def prep(i: int) -> tuple[str, str]:
            async with gate:
                return await shop.prepare(i)

        ready = await asyncio.gather(*(prep(i) for i in range(n)))
        phase = await drive("lean pay phase (orders prepared)", n, conc, lambda i: shop.pay(*ready[i]))
        one = await drive("lean reference, 1 buyer", alone, 1, LeanShop(http, temporal, f"{tag}-1").checkout)
    return [full, phase, one]


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.lean")
    ap.add_argument("role", choices=("api", "worker", "schema"))
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args()
    if args.role == "schema":
        create_schema()
    elif args.role == "api":
        import uvicorn

        uvicorn.run(LeanApi(), host="127.0.0.1", port=args.port, log_level="warning", access_log=False)
    else:
        asyncio.run(work())
    sys.stdout.flush()
    os._exit(0)  # a live Temporal client at interpreter shutdown can abort (sdk-python #300)


if __name__ == "__main__":
    main()
