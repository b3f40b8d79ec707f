"""Domains against the real local stack: the loopback DNS server (deploy/dns_server.py) and pebble, Let's
Encrypt's test ACME server. A record the seller adds later is found, the certificate is issued and renewed before
it expires (a compressed day), a missing record ends in error and "check again" finds it, the shop answers on the
verified domain's Host, and another seller can neither see nor touch the domain."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable

import httpx
import pytest

from tests.integration.helpers import Seller, client, new_seller

pytestmark = pytest.mark.integration


async def set_record(stack, name: str, value: str) -> None:
    """What the seller does at their DNS host."""
    async with httpx.AsyncClient(timeout=10) as c:
        r = await c.post(
            f"http://127.0.0.1:{stack.ports.dns_admin}/records",
            json={"name": name, "type": "TXT", "value": value, "ttl": 300},
        )
        assert r.status_code == 201, r.text


async def detail(c: httpx.AsyncClient, seller: Seller, domain_id: int) -> dict:
    r = await c.get(f"/v1/cabinet/domains/{domain_id}", headers=seller.headers)
    assert r.status_code == 200, r.text
    return r.json()


async def until(
    c: httpx.AsyncClient, seller: Seller, domain_id: int, ok: Callable[[dict], bool], timeout: float = 60
) -> dict:
    deadline = time.monotonic() + timeout
    d = await detail(c, seller, domain_id)
    while not ok(d):
        if time.monotonic() > deadline:
            raise AssertionError(f"domain never reached the expected state: {d}")
        await asyncio.sleep(0.3)
        d = await detail(c, seller, domain_id)
    return d


def actions(d: dict) -> list[str]:
    return [e["action"] for e in d["history"]]


async def test_a_record_added_later_is_found_and_the_certificate_issued_and_renewed(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "domains", legitimate=False)
        other = await new_seller(stack, c, "domains-other", legitimate=False)
        host = f"shop-{secrets.token_hex(3)}.example.test"
        r = await c.post(
            "/v1/cabinet/domains",
            json={"kind": "custom", "name": host.upper(), "ttl": 300},
            headers=seller.headers,
        )
        assert r.status_code == 201, r.text
        dom = r.json()
        assert dom["hostname"] == host and dom["state"] == "waiting"
        rec = dom["record"]
        assert rec == {
            "type": "TXT",
            "name": f"_sellflow.{host}",
            "value": rec["value"],
            "ttl": 300,
            "state": "waiting",
        }
        assert rec["value"].startswith("sellflow-verification=") and len(rec["value"]) > 40

        # the first check misses; the seller sets the record; a later check finds it
        d = await until(c, seller, dom["id"], lambda d: "checked_missing" in actions(d))
        assert d["state"] == "waiting" and "No TXT record" in (d["message"] or "")
        await set_record(stack, rec["name"], rec["value"])
        d = await until(c, seller, dom["id"], lambda d: d["state"] == "active_with_ssl")
        assert d["record"]["state"] == "submitted"
        assert (
            actions(d)[:1] == ["added"]
            and "record_found" in actions(d)
            and "certificate_issued" in actions(d)
        )
        first = d["certificates"][0]
        assert first["n"] == 1 and d["certificate_not_after"] is not None

        # the shop answers on the verified domain
        r = await c.get("/v1/shop/_host", headers={"Host": f"{host}:443"})
        assert r.status_code == 200, r.text
        assert r.json() == {"username": seller.username, "hostname": host, "state": "active_with_ssl"}

        # renewed before it expires: pebble's 5-year certificate, 30 days early, with a 2 ms day
        d = await until(c, seller, dom["id"], lambda d: len(d["certificates"]) >= 2, timeout=60)
        assert d["certificates"][1]["n"] == 2 and d["state"] == "active_with_ssl"
        assert d["certificates"][1]["not_after"] > first["not_after"]
        assert "certificate_renewed" in actions(d)

        # another seller can neither see nor touch it, nor add the same name
        assert (await c.get(f"/v1/cabinet/domains/{dom['id']}", headers=other.headers)).status_code == 404
        assert (await c.delete(f"/v1/cabinet/domains/{dom['id']}", headers=other.headers)).status_code == 404
        r = await c.post(f"/v1/cabinet/domains/{dom['id']}/check", headers=other.headers)
        assert r.status_code == 404
        listed = (await c.get("/v1/cabinet/domains", headers=other.headers)).json()
        assert all(x["id"] != dom["id"] for x in listed["list"])
        r = await c.post("/v1/cabinet/domains", json={"kind": "custom", "name": host}, headers=other.headers)
        assert r.status_code == 409, r.text

        # a verified domain needs no more checks
        r = await c.post(f"/v1/cabinet/domains/{dom['id']}/check", headers=seller.headers)
        assert r.status_code == 409

        # deleted: gone from the list, the shop no longer answers on it, the workflow removes its records
        assert (await c.delete(f"/v1/cabinet/domains/{dom['id']}", headers=seller.headers)).status_code == 204
        assert (await c.get(f"/v1/cabinet/domains/{dom['id']}", headers=seller.headers)).status_code == 404
        listed = (await c.get("/v1/cabinet/domains", headers=seller.headers)).json()
        assert all(x["id"] != dom["id"] for x in listed["list"])
        assert (await c.get("/v1/shop/_host", headers={"Host": host})).status_code == 404


async def test_a_missing_record_ends_in_error_and_check_again_finds_it(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "domains", legitimate=False)
        host = f"müller-{secrets.token_hex(2)}.example.test"
        r = await c.post("/v1/cabinet/domains", json={"kind": "custom", "name": host}, headers=seller.headers)
        assert r.status_code == 201, r.text
        dom = r.json()
        assert dom["hostname"].startswith("xn--") and dom["display_hostname"] == host
        assert (await c.get("/v1/shop/_host", headers={"Host": dom["hostname"]})).status_code == 404

        d = await until(c, seller, dom["id"], lambda d: d["state"] == "error", timeout=30)
        assert d["attempts"] == 5 and d["record"]["state"] == "waiting"
        assert (
            f"The TXT record _sellflow.{dom['hostname']}" in d["message"] and "after 5 checks" in d["message"]
        )
        assert actions(d)[-1] == "check_failed"

        await set_record(stack, dom["record"]["name"], dom["record"]["value"])
        r = await c.post(f"/v1/cabinet/domains/{dom['id']}/check", headers=seller.headers)
        assert r.status_code == 202, r.text
        d = await until(c, seller, dom["id"], lambda d: d["state"] == "active_with_ssl")
        assert "check_requested" in actions(d) and d["message"] is None
        assert (await c.delete(f"/v1/cabinet/domains/{dom['id']}", headers=seller.headers)).status_code == 204


async def test_a_platform_subdomain_is_verified_without_the_seller_setting_a_record(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "domains", legitimate=False)
        label = f"anna-{secrets.token_hex(3)}"
        r = await c.post(
            "/v1/cabinet/domains",
            json={"kind": "subdomain", "name": label, "ttl": 3600},
            headers=seller.headers,
        )
        assert r.status_code == 201, r.text
        dom = r.json()
        overview = (await c.get("/v1/cabinet/domains", headers=seller.headers)).json()
        assert dom["hostname"] == f"{label}.{overview['platform_suffix']}"
        assert overview["ttl_options"] == [300, 3600, 86400, 604800] and overview["record_type"] == "TXT"
        d = await until(c, seller, dom["id"], lambda d: d["state"] == "active_with_ssl")
        assert actions(d)[0] == "record_published"
        r = await c.get("/v1/shop/_host", headers={"Host": dom["hostname"]})
        assert r.status_code == 200 and r.json()["username"] == seller.username
        assert (await c.delete(f"/v1/cabinet/domains/{dom['id']}", headers=seller.headers)).status_code == 204


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"kind": "custom", "name": "192.168.0.1"}, "name", "an IP address is not a domain"),
        ({"kind": "custom", "name": "2001:db8::1"}, "name", "an IP address is not a domain"),
        (
            {"kind": "custom", "name": "shop.sellflow.site"},
            "name",
            "the platform's own domain cannot be added",
        ),
        ({"kind": "custom", "name": "localhost"}, "name", "invalid hostname"),
        ({"kind": "custom", "name": "bad_name.example.com"}, "name", "invalid hostname"),
        ({"kind": "subdomain", "name": "a.b"}, "name", "a subdomain is one name without dots"),
        ({"kind": "custom", "name": "shop.example.com", "ttl": 42}, "ttl", "one of 300, 3600, 86400, 604800"),
    ],
)
async def test_names_that_are_not_a_sellers_domain_are_refused(stack, body, field, message):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "domains", legitimate=False)
        r = await c.post("/v1/cabinet/domains", json=body, headers=seller.headers)
        assert r.status_code == 400, r.text
        assert r.json()["error"] == "INVALID_INPUT" and r.json()["fields"][field] == message
