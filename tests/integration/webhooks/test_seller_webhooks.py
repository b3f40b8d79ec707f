"""Seller webhooks through the real stack (issue 24): a seller's endpoint hears of a paid order, signed, once;
a 5xx is tried again with backoff until it succeeds, another 4xx never; an endpoint that fails every attempt is
paused and its seller told; turned on again, a failed delivery is sent again from the log; and no seller sees or
touches another's endpoints. The receivers are a small HTTP server in this process (the test stack allows
loopback addresses; production does not)."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field

import pytest
from aiohttp import web

from domain.seller_webhooks import ATTEMPTS_MAX, SIGNATURE_HEADER, verified
from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    new_seller,
    pay,
    published_product,
    start_checkout,
    until,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration


@dataclass
class Receiver:
    """Answers each path with its script of statuses (the last one repeats) and keeps what arrived."""

    scripts: dict[str, list[int]] = field(default_factory=dict)
    got: dict[str, list[tuple[dict[str, str], bytes]]] = field(default_factory=dict)
    port: int = 0

    async def handle(self, request: web.Request) -> web.Response:
        body = await request.read()
        arrived = self.got.setdefault(request.path, [])
        arrived.append((dict(request.headers), body))
        script = self.scripts.get(request.path, [200])
        status = script[min(len(arrived), len(script)) - 1]
        return web.Response(status=status, text=f"answer {status}")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def wait(self, path: str, n: int, timeout: float = 30) -> list[tuple[dict[str, str], bytes]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.got.get(path, [])) >= n:
                return self.got[path]
            await asyncio.sleep(0.1)
        raise AssertionError(f"{path}: {len(self.got.get(path, []))} requests, not {n}")


@pytest.fixture
async def receiver():
    r = Receiver()
    app = web.Application()
    app.router.add_post("/{tail:.*}", r.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    r.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield r
    await runner.cleanup()


async def _endpoint(c, seller, url: str, events: list[str] | None = None) -> dict:
    r = await c.post(
        "/v1/cabinet/webhook_endpoints",
        json={"url": url, "description": "CRM", "events": events or []},
        headers=seller.headers,
    )
    assert r.status_code == 201, r.text
    assert r.json()["state"] == "active" and r.json()["secret"].startswith("whsec_")
    return r.json()


async def _deliveries(c, seller, endpoint_id: int) -> list[dict]:
    r = await c.get(f"/v1/cabinet/webhook_endpoints/{endpoint_id}/deliveries", headers=seller.headers)
    assert r.status_code == 200, r.text
    return r.json()["list"]


async def test_a_paid_order_reaches_the_endpoint_signed_once_and_is_in_the_log(stack, receiver):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "hook-paid")
        endpoint = await _endpoint(c, seller, receiver.url("/orders"), ["order.paid"])
        everything = await _endpoint(c, seller, receiver.url("/all"))
        product = await published_product(c, seller, price=4900)
        co = await start_checkout(c, seller.username, product)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, co["order_token"], pm)
        assert r.status_code == 200, r.text
        await wait_fulfilled(c, seller.username, co["order_token"])

        [(headers, body)] = await receiver.wait("/orders", 1)
        assert verified(endpoint["secret"], headers[SIGNATURE_HEADER], body, now=int(time.time()))
        assert not verified(everything["secret"], headers[SIGNATURE_HEADER], body, now=int(time.time()))
        event = json.loads(body)
        assert event["type"] == "order.paid"
        assert event["data"]["order"] == co["order_token"]
        assert event["data"]["amount"] == 4900 and event["data"]["currency"] == "eur"
        assert headers["Sellflow-Event-Id"] == event["id"]
        await receiver.wait("/all", 1)

        log = await until(
            c,
            f"/v1/cabinet/webhook_endpoints/{endpoint['id']}/deliveries",
            seller.headers,
            lambda b: b["list"] and b["list"][0]["state"] == "delivered",
        )
        assert [(d["event_type"], d["attempts"], d["last_status"]) for d in log["list"]] == [
            ("order.paid", 1, 200)
        ]
        one = (
            await c.get(f"/v1/cabinet/webhook_deliveries/{log['list'][0]['id']}", headers=seller.headers)
        ).json()
        assert one["payload"] == event
        assert [(a["number"], a["status"], a["outcome"]) for a in one["attempts_log"]] == [
            (1, 200, "delivered")
        ]

        # the order's fulfilment ran to its end: the event was not posted twice to either endpoint
        await asyncio.sleep(1.5)
        assert len(receiver.got["/orders"]) == 1 and len(receiver.got["/all"]) == 1


async def test_a_server_error_is_tried_again_until_it_succeeds_and_a_client_error_never(stack, receiver):
    receiver.scripts = {"/flaky": [500, 503, 200], "/refuses": [400]}
    async with client(stack) as c:
        seller = await new_seller(stack, c, "hook-retry", legitimate=False)
        flaky = await _endpoint(c, seller, receiver.url("/flaky"))
        refuses = await _endpoint(c, seller, receiver.url("/refuses"))
        for ep in (flaky, refuses):
            r = await c.post(f"/v1/cabinet/webhook_endpoints/{ep['id']}/test", headers=seller.headers)
            assert r.status_code == 201, r.text
            assert r.json()["event_type"] == "ping"

        arrived = await receiver.wait("/flaky", 3)
        assert len({body for _, body in arrived}) == 1  # the same event, byte for byte, on every attempt
        log = await until(
            c,
            f"/v1/cabinet/webhook_endpoints/{flaky['id']}/deliveries",
            seller.headers,
            lambda b: b["list"] and b["list"][0]["state"] == "delivered",
        )
        one = (
            await c.get(f"/v1/cabinet/webhook_deliveries/{log['list'][0]['id']}", headers=seller.headers)
        ).json()
        assert [a["status"] for a in one["attempts_log"]] == [500, 503, 200]
        assert [a["outcome"] for a in one["attempts_log"]] == ["retry", "retry", "delivered"]
        assert "answer 500" in one["attempts_log"][0]["response"]

        await asyncio.sleep(1.5)  # attempt 2 would have come after 0.24 s, attempt 3 after 1.44 s in all
        assert len(receiver.got["/refuses"]) == 1
        [refused] = await _deliveries(c, seller, refuses["id"])
        assert (refused["state"], refused["attempts"], refused["last_status"]) == ("failed", 1, 400)
        # the endpoint stays active: one refused event does not pause it
        assert (await c.get(f"/v1/cabinet/webhook_endpoints/{refuses['id']}", headers=seller.headers)).json()[
            "state"
        ] == "active"


async def test_an_endpoint_failing_every_attempt_pauses_and_is_sent_again_once_turned_on(stack, receiver):
    receiver.scripts = {"/down": [503]}
    async with client(stack) as c:
        seller = await new_seller(stack, c, "hook-down", legitimate=False)
        ep = await _endpoint(c, seller, receiver.url("/down"))
        h = seller.headers
        r = await c.post(f"/v1/cabinet/webhook_endpoints/{ep['id']}/test", headers=h)
        assert r.status_code == 201, r.text
        first = r.json()["id"]

        paused = await until(
            c, f"/v1/cabinet/webhook_endpoints/{ep['id']}", h, lambda b: b["state"] == "paused", timeout=90
        )
        assert paused["paused_at"]
        assert len(receiver.got["/down"]) == ATTEMPTS_MAX
        [gave_up] = await _deliveries(c, seller, ep["id"])
        assert (gave_up["state"], gave_up["attempts"], gave_up["last_status"]) == (
            "failed",
            ATTEMPTS_MAX,
            503,
        )
        mail = await wait_mail(stack, seller.email, "paused")
        assert receiver.url("/down") in mail["body"]

        # paused: nothing is sent, and a replay or a test says why
        r = await c.post(f"/v1/cabinet/webhook_deliveries/{first}/replay", headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "webhook_endpoint_off", r.text
        r = await c.patch(f"/v1/cabinet/webhook_endpoints/{ep['id']}", json={"state": "paused"}, headers=h)
        assert r.status_code == 400, r.text

        receiver.scripts["/down"] = [200]
        r = await c.patch(f"/v1/cabinet/webhook_endpoints/{ep['id']}", json={"state": "active"}, headers=h)
        assert r.status_code == 200 and r.json()["state"] == "active", r.text
        key = {"Idempotency-Key": f"replay-{first}"}
        r = await c.post(f"/v1/cabinet/webhook_deliveries/{first}/replay", headers={**h, **key})
        assert r.status_code == 201, r.text
        again = await c.post(f"/v1/cabinet/webhook_deliveries/{first}/replay", headers={**h, **key})
        assert again.json()["id"] == r.json()["id"]  # a double click sends it once
        replay = r.json()
        assert replay["replay_of"] == first
        await receiver.wait("/down", ATTEMPTS_MAX + 1)
        done = await until(
            c, f"/v1/cabinet/webhook_deliveries/{replay['id']}", h, lambda b: b["state"] == "delivered"
        )
        assert done["payload"]["type"] == "ping"
        await asyncio.sleep(1)
        assert len(receiver.got["/down"]) == ATTEMPTS_MAX + 1


async def test_no_seller_sees_or_touches_another_sellers_webhooks(stack, receiver):
    async with client(stack) as c:
        owner = await new_seller(stack, c, "hook-owner", legitimate=False)
        other = await new_seller(stack, c, "hook-other", legitimate=False)
        ep = await _endpoint(c, owner, receiver.url("/mine"))
        r = await c.post(f"/v1/cabinet/webhook_endpoints/{ep['id']}/test", headers=owner.headers)
        delivery = r.json()["id"]
        await receiver.wait("/mine", 1)
        assert (await c.get("/v1/cabinet/webhook_endpoints", headers=other.headers)).json()["list"] == []
        for method, url in [
            ("GET", f"/v1/cabinet/webhook_endpoints/{ep['id']}"),
            ("PATCH", f"/v1/cabinet/webhook_endpoints/{ep['id']}"),
            ("DELETE", f"/v1/cabinet/webhook_endpoints/{ep['id']}"),
            ("POST", f"/v1/cabinet/webhook_endpoints/{ep['id']}/test"),
            ("POST", f"/v1/cabinet/webhook_endpoints/{ep['id']}/roll_secret"),
            ("GET", f"/v1/cabinet/webhook_endpoints/{ep['id']}/deliveries"),
            ("GET", f"/v1/cabinet/webhook_deliveries/{delivery}"),
            ("POST", f"/v1/cabinet/webhook_deliveries/{delivery}/replay"),
        ]:
            r = await c.request(method, url, headers=other.headers, json={} if method == "PATCH" else None)
            assert r.status_code == 404, (method, url, r.text)
        assert len(receiver.got["/mine"]) == 1
        assert (await c.get(f"/v1/cabinet/webhook_endpoints/{ep['id']}", headers=owner.headers)).json()[
            "secret"
        ] == ep["secret"]


async def test_bad_endpoints_are_refused_and_change_nothing(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "hook-bad", legitimate=False)
        h = seller.headers
        for body in [
            {"url": "ftp://example.com/"},
            {"url": "https://user:pw@example.com/"},
            {"url": "https://exa mple.com/"},
            {"url": "https://example.com/", "events": ["order.shipped"]},
            {"url": "https://example.com/", "events": ["ping"]},
            {"url": "https://example.com/", "events": "order.paid"},
            {"url": 5},
            {"url": "https://example.com/", "secret": "mine"},
            {"url": "https://example.com/", "description": "x" * 201},
        ]:
            r = await c.post("/v1/cabinet/webhook_endpoints", json=body, headers=h)
            assert r.status_code == 400, (body, r.text)
        assert (await c.get("/v1/cabinet/webhook_endpoints", headers=h)).json()["list"] == []
        ep = await _endpoint(c, seller, "https://example.com/hook")
        r = await c.get(f"/v1/cabinet/webhook_endpoints/{ep['id']}/deliveries?per=7", headers=h)
        assert r.status_code == 400, r.text
        r = await c.post(f"/v1/cabinet/webhook_endpoints/{ep['id']}/roll_secret", headers=h)
        assert r.status_code == 200 and r.json()["secret"] != ep["secret"]
