"""Domains against the real local stack: the loopback DNS server (deploy/dns_server.py) and pebble, Let's
Encrypt's test ACME server. A record the seller adds later is found, the certificate is issued and renewed before
it expires (a compressed day) with the DNS-01 challenge answered through the seller's `_acme-challenge` CNAME (DCV
delegation: the platform writes the challenge at the CNAME's target, the DNS server follows the CNAME for pebble),
a missing record ends in error and "check again" finds it, the shop answers on the
verified domain's Host, and another seller can neither see nor touch the domain."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import socket
import ssl
import time
from collections.abc import Callable

import httpx
import pytest

from providers.edge.caddy import leaf_fingerprint
from tests.integration.helpers import Seller, client, db_value, new_seller

pytestmark = pytest.mark.integration


async def set_record(stack, name: str, value: str, rtype: str = "TXT") -> None:
    """What the seller does at their DNS host."""
    async with httpx.AsyncClient(timeout=10) as c:
        r = await c.post(
            f"http://127.0.0.1:{stack.ports.dns_admin}/records",
            json={"name": name, "type": rtype, "value": value, "ttl": 300},
        )
        assert r.status_code == 201, r.text


async def dns_records(stack) -> list[dict]:
    async with httpx.AsyncClient(timeout=10) as c:
        return (await c.get(f"http://127.0.0.1:{stack.ports.dns_admin}/records")).json()["records"]


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


async def assert_key_sealed(domain_id: int) -> None:
    """The private key is stored sealed (not a PEM); opened, it is the key of the certificate's public key."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    from sqlalchemy import select

    from store.db import session
    from store.domains.models import DomainCertificate
    from store.domains.queries import newest_certificate

    async with session() as s:
        stored = await s.scalar(
            select(DomainCertificate.key_pem).where(DomainCertificate.domain_id == domain_id)
        )
        served = await newest_certificate(s, domain_id)
    assert stored is not None and served is not None
    assert not stored.startswith("-----") and "PRIVATE KEY" not in stored
    key = serialization.load_pem_private_key(served.key_pem.encode(), password=None)
    cert = x509.load_pem_x509_certificate(served.fullchain_pem.encode())
    raw = (serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    assert key.public_key().public_bytes(*raw) == cert.public_key().public_bytes(*raw)


async def assert_no_key_in_history(stack, domain_id: int) -> None:
    """The private key never passes through the workflow's history (issue_certificate answers dates only): every run
    of the domain's workflow, back through its continue-as-new chain (a renewal may have begun a new run already)."""
    from temporalio.client import Client

    temporal = await Client.connect(f"127.0.0.1:{stack.ports.temporal}")
    texts, run_id = [], ""
    while True:
        history = await temporal.get_workflow_handle(
            f"domain-{domain_id}", run_id=run_id or None
        ).fetch_history()
        texts.append("\n".join(str(e) for e in history.events))
        started = history.events[0].workflow_execution_started_event_attributes
        run_id = started.continued_execution_run_id
        if not run_id:
            break
    text = "\n".join(texts)
    assert "issue_certificate" in text and "PRIVATE KEY" not in text and "BEGIN" not in text


async def over_https(stack, host: str) -> tuple[int, str]:
    """An HTTPS request for `host` through the TLS edge, as a browser that trusts pebble's root sends it (SNI, Host,
    the chain and the name checked): the status and the SHA-256 of the certificate it was answered with."""
    pebble_ca = ssl.create_default_context(cafile=str(stack.data_dir / "pebble" / "tls" / "ca.pem"))
    async with httpx.AsyncClient(verify=pebble_ca, timeout=10) as m:
        root = (await m.get(f"https://127.0.0.1:{stack.ports.acme_management}/roots/0")).text

    def ask() -> tuple[int, str]:
        ctx = ssl.create_default_context(cadata=root)
        with (
            socket.create_connection(("127.0.0.1", stack.ports.edge_https), timeout=10) as raw,
            ctx.wrap_socket(raw, server_hostname=host) as tls,
        ):
            der = tls.getpeercert(binary_form=True) or b""
            tls.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            status = tls.recv(4096).decode("latin-1").split(" ", 2)[1]
        return int(status), hashlib.sha256(der).hexdigest()

    return await asyncio.to_thread(ask)


async def leaf_of(domain_id: int, n: int) -> str:
    pem = await db_value(
        "select fullchain_pem from domain_certificates where domain_id = :d and n = :n", d=domain_id, n=n
    )
    return leaf_fingerprint(pem)


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
        cname = dom["delegation"]
        assert cname == {
            "type": "CNAME",
            "name": f"_acme-challenge.{host}",
            "value": cname["value"],
            "ttl": 300,
            "state": "waiting",
        }
        assert cname["value"].endswith(".acme.sellflow.site") and len(cname["value"]) < 253

        # the first check misses; the seller sets the record; a later check finds it
        d = await until(c, seller, dom["id"], lambda d: "checked_missing" in actions(d))
        assert d["state"] == "waiting" and d["note"]["code"] == "txt_missing" and d["note"]["seen"] == []
        await set_record(stack, rec["name"], rec["value"])

        # verified, but no certificate until the CNAME delegates the ACME challenge to the platform's zone
        d = await until(c, seller, dom["id"], lambda d: "delegation_missing" in actions(d))
        assert d["state"] == "active" and d["record"]["state"] == "submitted"
        note = d["note"]
        assert (note["code"], note["record"], note["expected"]) == (
            "cname_missing",
            f"_acme-challenge.{host}",
            cname["value"],
        )
        assert d["certificates"] == [] and d["delegation"]["state"] == "waiting"
        r = await c.post(f"/v1/cabinet/domains/{dom['id']}/check", headers=seller.headers)
        assert r.status_code == 202, r.text  # "check again" checks the CNAME at once
        await set_record(stack, cname["name"], cname["value"], "CNAME")
        d = await until(c, seller, dom["id"], lambda d: d["state"] == "active_with_ssl")
        assert d["record"]["state"] == "submitted" and d["delegation"]["state"] == "submitted"
        assert "delegation_found" in actions(d) and d["note"] is None and d["message"] is None
        # pebble validated through the CNAME: the platform never wrote a TXT at the seller's own name
        assert not [
            x
            for x in await dns_records(stack)
            if x["name"] == f"_acme-challenge.{host}" and x["type"] == "TXT"
        ]
        assert (
            actions(d)[:1] == ["added"]
            and "record_found" in actions(d)
            and "certificate_issued" in actions(d)
        )
        first = d["certificates"][0]
        assert first["n"] == 1 and d["certificate_not_after"] is not None
        await assert_key_sealed(dom["id"])
        await assert_no_key_in_history(stack, dom["id"])

        # the shop answers on the verified domain
        r = await c.get("/v1/shop/_host", headers={"Host": f"{host}:443"})
        assert r.status_code == 200, r.text
        assert r.json() == {"username": seller.username, "hostname": host, "state": "active_with_ssl"}
        # and over HTTPS through the TLS edge, with the certificate issued ("active with SSL" claims no less)
        assert await over_https(stack, host) == (200, await leaf_of(dom["id"], 1))

        # renewed before it expires: pebble's 5-year certificate, 30 days early, with a 2 ms day
        # (the certificate row is stored a moment before the history entry that records it)
        d = await until(
            c,
            seller,
            dom["id"],
            lambda d: len(d["certificates"]) >= 2 and "certificate_renewed" in actions(d),
            timeout=60,
        )
        assert d["certificates"][1]["n"] == 2 and d["state"] == "active_with_ssl"
        assert d["certificates"][1]["not_after"] > first["not_after"]
        assert "certificate_renewed" in actions(d)
        assert await over_https(stack, host) == (200, await leaf_of(dom["id"], 2))  # the renewed one now

        # another seller can neither see nor touch it, nor add the same name
        assert (await c.get(f"/v1/cabinet/domains/{dom['id']}", headers=other.headers)).status_code == 404
        assert (await c.delete(f"/v1/cabinet/domains/{dom['id']}", headers=other.headers)).status_code == 404
        r = await c.post(f"/v1/cabinet/domains/{dom['id']}/check", headers=other.headers)
        assert r.status_code == 404
        listed = (await c.get("/v1/cabinet/domains", headers=other.headers)).json()
        assert all(x["id"] != dom["id"] for x in listed["list"])
        r = await c.post("/v1/cabinet/domains", json={"kind": "custom", "name": host}, headers=other.headers)
        assert r.status_code == 409, r.text

        # the routing record: a CNAME to the platform's host (the name is below its apex); the workflow's checks
        # looked at it and saw none; "check again" on the verified domain looks again once the seller set it
        d = await detail(c, seller, dom["id"])
        assert d["routing"] == [
            {
                "type": "CNAME",
                "name": host,
                "value": "shops.sellflow.site",
                "ttl": 300,
                "state": "waiting",
                "seen": [],
            }
        ]
        assert d["routing_checked_at"] is not None
        await set_record(stack, host, "shops.sellflow.site.", "CNAME")
        r = await c.post(f"/v1/cabinet/domains/{dom['id']}/check", headers=seller.headers)
        assert r.status_code == 202, r.text
        assert r.json()["routing"][0]["state"] == "submitted"
        assert r.json()["routing"][0]["seen"] == ["shops.sellflow.site"]
        assert r.json()["routing_checked_at"] > d["routing_checked_at"]

        # a verified domain whose records are all seen needs no more checks
        r = await c.post(f"/v1/cabinet/domains/{dom['id']}/check", headers=seller.headers)
        assert r.status_code == 409

        # deleted: gone from the list, the shop no longer answers on it, the workflow removes its records
        assert (await c.delete(f"/v1/cabinet/domains/{dom['id']}", headers=seller.headers)).status_code == 204
        assert (await c.get(f"/v1/cabinet/domains/{dom['id']}", headers=seller.headers)).status_code == 404
        listed = (await c.get("/v1/cabinet/domains", headers=seller.headers)).json()
        assert all(x["id"] != dom["id"] for x in listed["list"])
        assert (await c.get("/v1/shop/_host", headers={"Host": host})).status_code == 404
        # and HTTPS for it ends at the handshake once the workflow has removed its certificate from the edge
        deadline = time.monotonic() + 30
        while True:
            try:
                await over_https(stack, host)
            except (ssl.SSLError, ConnectionError):
                break
            assert time.monotonic() < deadline, "the edge still serves the deleted domain"
            await asyncio.sleep(0.3)


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
        note = d["note"]
        assert (note["code"], note["record"], note["attempts"]) == (
            "txt_failed",
            f"_sellflow.{dom['hostname']}",
            5,
        )
        assert actions(d)[-1] == "check_failed"

        await set_record(stack, dom["record"]["name"], dom["record"]["value"])
        await set_record(stack, dom["delegation"]["name"], dom["delegation"]["value"], "CNAME")
        r = await c.post(f"/v1/cabinet/domains/{dom['id']}/check", headers=seller.headers)
        assert r.status_code == 202, r.text
        d = await until(c, seller, dom["id"], lambda d: d["state"] == "active_with_ssl")
        assert "check_requested" in actions(d) and d["note"] is None
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
        assert dom["delegation"] is None  # the platform's own zone needs no delegation
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
