"""The load of the cluster test (tests/chaos/test_cluster.py): buyers who look at a product, open its checkout and
look at their order, as a browser does: a request that fails (a cut connection, a 5xx) is sent again, a POST with
the same Idempotency-Key, until it is answered. What happened is written to LOAD_RESULTS when locust stops."""

from __future__ import annotations

import json
import os
import random
import time
import uuid

from locust import FastHttpUser, between, events, task
from locust.exception import StopUser

SHOP = os.environ.get("LOAD_SHOP", "")
SLUG = os.environ.get("LOAD_SLUG", "")
PLAN = int(os.environ.get("LOAD_PLAN", "0"))
RESULTS = os.environ.get("LOAD_RESULTS", "/tmp/sellflow-load.json")
# a request in flight in a killed API process holds its key until the claim's lease ends (two minutes:
# store/idempotency/actions.py); the client keeps retrying with it until then
PATIENCE_S = 180.0
# the load's own end: a buyer starts no request after it, so locust's end (a margin later) finds every buyer
# between requests. Ended by locust alone, a buyer in the middle of a request was killed there (GreenletExit): the
# request counted, neither answered nor lost
STOP_AT = time.monotonic() + float(os.environ.get("LOAD_SECONDS", "1e9"))
tally = {
    "requests": 0,
    "answered": 0,
    "retried": 0,
    "lost": 0,
    "server_errors": 0,
    "cut": 0,
    "ended": [],
    "checkouts": {},
}


class Buyer(FastHttpUser):
    wait_time = between(0.05, 0.3)

    def _again(self, method: str, path: str, name: str, **kw) -> dict | None:
        if time.monotonic() > STOP_AT:
            raise StopUser()
        tally["requests"] += 1
        try:
            return self._until_answered(method, path, name, **kw)
        except BaseException as e:
            # what ends a request neither answered nor lost (a stop mid-request): named, so a run shows it
            tally["ended"].append(f"{name}: {type(e).__name__} {e}"[:300])
            raise

    def _until_answered(self, method: str, path: str, name: str, **kw) -> dict | None:
        deadline = time.monotonic() + PATIENCE_S
        tries = 0
        while True:
            tries += 1
            try:
                answer = self._once(method, path, name, **kw)
            except Exception as e:  # noqa: BLE001
                # the connection cut while the answer was read (its API process killed): the browser tries again.
                # Raised out of the task, this left the request counted and neither answered nor lost
                tally["cut"] += 1
                events.request.fire(
                    request_type=method,
                    name=name,
                    response_time=0,
                    response_length=0,
                    exception=e,
                    context={},
                )
                answer = None
            if answer is not None:
                tally["answered"] += 1
                tally["retried"] += tries > 1
                return answer
            if time.monotonic() > deadline:
                tally["lost"] += 1
                return None
            time.sleep(0.2)

    def _once(self, method: str, path: str, name: str, **kw) -> dict | None:
        """One try: the answer's body (empty when not JSON), or None to try again."""
        with self.client.request(method, path, name=name, catch_response=True, **kw) as r:
            still_running = r.status_code == 409 and "retry-after" in (r.headers or {})
            if r.status_code and r.status_code < 500 and not still_running:
                r.success()
                try:
                    return r.json()
                except ValueError:
                    return {}
            if r.status_code and r.status_code >= 500:
                tally["server_errors"] += 1
            r.failure(f"status {r.status_code}")
        return None

    @task(4)
    def product(self) -> None:
        self._again("GET", f"/v1/shop/{SHOP}/products/{SLUG}", "product")

    @task(3)
    def checkout(self) -> None:
        key = uuid.uuid4().hex
        body = {
            "pricing_plan_id": PLAN,
            "withdrawal_consent": True,
            "payer": {"email": f"load-{key}@example.com", "first_name": "Lo", "last_name": "Ad"},
        }
        got = self._again(
            "POST",
            f"/v1/shop/{SHOP}/products/{SLUG}/checkout",
            "checkout",
            json=body,
            headers={"Idempotency-Key": key},
        )
        if got and got.get("order_token"):
            tally["checkouts"][key] = got["order_token"]

    @task(2)
    def order(self) -> None:
        if tally["checkouts"]:
            token = random.choice(list(tally["checkouts"].values()))
            self._again("GET", f"/v1/shop/{SHOP}/orders/{token}", "order")


@events.quitting.add_listener
def _written(environment, **kwargs) -> None:  # noqa: ANN001
    with open(RESULTS, "w") as f:
        json.dump(tally, f)
