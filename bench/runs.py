"""What the checkout benchmark's runs share: a sample per checkout, a run of them at a given concurrency, its
percentiles, and the buyer's card step played with Stripe's SDK against localstripe."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any

import httpx
import stripe


@dataclass
class Sample:
    pay: float  # seconds: the pay request (Sellflow) / update-with-start (bare) / execute_workflow (3 LA)
    done: float  # seconds from the pay request's start until the order is paid and fulfilled
    phases: dict[str, float] = field(default_factory=dict)  # other steps of one checkout, not in the targets


@dataclass
class Run:
    name: str
    n: int
    window: float
    samples: list[Sample]
    errors: list[str]

    def stats(self) -> dict[str, Any]:
        pays = [s.pay for s in self.samples]
        dones = [s.done for s in self.samples]
        phases = {
            k: pct([s.phases[k] for s in self.samples], 0.5)
            for k in (self.samples[0].phases if self.samples else {})
        }
        return {
            "n": self.n,
            "ok": len(self.samples),
            "errors": len(self.errors),
            "window_s": self.window,
            "throughput": len(self.samples) / self.window if self.window else 0.0,
            "pay_p50": pct(pays, 0.5),
            "pay_p99": pct(pays, 0.99),
            "done_p50": pct(dones, 0.5),
            "done_p99": pct(dones, 0.99),
            "phase_p50": phases,
            "error_samples": self.errors[:10],
        }


def pct(xs: list[float], p: float) -> float:
    """Nearest-rank percentile (with n=40, p99 is the slowest sample)."""
    if not xs:
        return math.nan
    ys = sorted(xs)
    return ys[max(0, math.ceil(p * len(ys)) - 1)]


async def drive(name: str, n: int, concurrency: int, one: Callable[[int], Awaitable[Sample]]) -> Run:
    """Runs `one(0..n-1)` with at most `concurrency` in flight; the window ends with the last completion."""
    sem = asyncio.Semaphore(concurrency)
    samples: list[Sample] = []
    errors: list[str] = []

    async def task(i: int) -> None:
        async with sem:
            try:
                samples.append(await one(i))
            except Exception as e:  # noqa: BLE001 - counted and reported
                errors.append(f"{type(e).__name__}: {e}")

    t0 = perf_counter()
    await asyncio.gather(*(task(i) for i in range(n)))
    return Run(name, n, perf_counter() - t0, samples, errors)


# ----- Sellflow through the HTTP API -----------------------------------------------------------------------
class HttpError(Exception):
    pass


def expect(r: httpx.Response, status: int) -> dict[str, Any]:
    if r.status_code != status:
        raise HttpError(f"{r.request.method} {r.request.url.path} -> {r.status_code}: {r.text[:300]}")
    return dict(r.json())


def confirm_card(setup_secret: str | None) -> str:
    """The browser's card step, played with the SDK against localstripe: createPaymentMethod for an order charged
    today (its PaymentIntent was made with the order), confirmCardSetup for a deferred one."""
    card = {"number": "4242424242424242", "exp_month": 12, "exp_year": 2030, "cvc": "123"}
    if not setup_secret:
        return str(stripe.PaymentMethod.create(type="card", card=card).id)  # type: ignore[arg-type]
    setup_intent_id = setup_secret.split("_secret_")[0]
    si = stripe.SetupIntent.confirm(
        setup_intent_id,
        payment_method_data={"type": "card", "card": card},  # type: ignore[arg-type]
    )
    if si.status == "requires_action":
        si = stripe.SetupIntent.confirm(setup_intent_id)
    if si.status != "succeeded" or not si.payment_method:
        raise RuntimeError(f"SetupIntent {setup_intent_id} is {si.status}")
    return str(si.payment_method)
