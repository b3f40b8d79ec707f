"""A local stand-in bank (no public emulator takes SEPA files), started by the stack like the mail catcher. It
accepts pain.001 credit transfer files (`POST /v1/credit_transfers`, bearer key), deduplicates transfers by their
end-to-end id, and answers each by signed callback after a delay:
- a creditor name containing `Return`: returned ("Account closed");
- anything else: booked.
`GET /v1/credit_transfers` lists the transfers received (the tests and `make run` read it).

It also stands in for the collection account buyers pay bank wires to: `POST /v1/incoming_transfers` (bearer key;
`{"reference", "amount", "currency", "payer_name", "payer_iban"}`) is a buyer's transfer arriving; the bank tells Sellflow by
signed callback (`POST {callback}/incoming`) after the delay, and again until it is acknowledged.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import sys
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

import httpx
from aiohttp import web

from providers.signing import sign

NS = {"p": "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"}
TRANSFERS: dict[str, dict] = {}


def parse(xml: bytes) -> tuple[str, list[dict]]:
    root = ET.fromstring(xml)
    msg = root.findtext(".//p:GrpHdr/p:MsgId", default="", namespaces=NS)
    out = []
    for tx in root.iterfind(".//p:CdtTrfTxInf", NS):
        amount = tx.findtext("p:Amt/p:InstdAmt", default="0", namespaces=NS)
        out.append(
            {
                "end_to_end_id": tx.findtext("p:PmtId/p:EndToEndId", default="", namespaces=NS),
                "amount": round(float(amount) * 100),
                "name": tx.findtext("p:Cdtr/p:Nm", default="", namespaces=NS),
                "iban": tx.findtext("p:CdtrAcct/p:Id/p:IBAN", default="", namespaces=NS),
                "text": tx.findtext("p:RmtInf/p:Ustrd", default="", namespaces=NS),
            }
        )
    return msg, out


async def _answer(app: web.Application, t: dict) -> None:
    await asyncio.sleep(app["delay"])
    returned = "Return" in t["name"]
    event = {
        "id": f"bankevt_{secrets.token_hex(8)}",
        "end_to_end_id": t["end_to_end_id"],
        "outcome": "returned" if returned else "booked",
        "reason": "Account closed" if returned else None,
    }
    t["outcome"] = event["outcome"]
    body = json.dumps(event).encode()
    wait = 0.5
    for _ in range(60):
        headers = {"bank-signature": sign(body, app["secret"]), "Content-Type": "application/json"}
        try:
            async with httpx.AsyncClient(timeout=10) as c:
                r = await c.post(app["callback_url"], content=body, headers=headers)
            if r.status_code < 500:
                t["answered"] = True
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(wait)
        wait = min(wait * 2, 10)


async def submit(request: web.Request) -> web.Response:
    app = request.app
    if request.headers.get("Authorization") != f"Bearer {app['api_key']}":
        return web.json_response({"error": "unauthorized"}, status=401)
    try:
        msg, transfers = parse(await request.read())
    except (ET.ParseError, ValueError):
        return web.json_response({"error": "not a pain.001 file"}, status=400)
    new = 0
    for t in transfers:
        if not t["end_to_end_id"] or t["end_to_end_id"] in TRANSFERS:
            continue  # the same transfer in a file sent again: one transfer
        t["message_id"], t["received_at"] = msg, datetime.now(UTC).isoformat()
        TRANSFERS[t["end_to_end_id"]] = t
        new += 1
        task = asyncio.create_task(_answer(app, t))
        app["tasks"].add(task)
        task.add_done_callback(app["tasks"].discard)
    return web.json_response({"message_id": msg, "accepted": new}, status=201)


INCOMING: list[dict] = []


async def _notify(app: web.Application, event: dict) -> None:
    await asyncio.sleep(app["delay"])
    body = json.dumps(event).encode()
    wait = 0.5
    for _ in range(60):
        headers = {"bank-signature": sign(body, app["secret"]), "Content-Type": "application/json"}
        try:
            async with httpx.AsyncClient(timeout=10) as c:
                r = await c.post(f"{app['callback_url']}/incoming", content=body, headers=headers)
            if r.status_code < 500:
                event["answered"] = r.status_code
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(wait)
        wait = min(wait * 2, 10)


async def incoming(request: web.Request) -> web.Response:
    """A buyer's transfer to the collection account (what a test or a person at `make run` does by hand)."""
    app = request.app
    if request.headers.get("Authorization") != f"Bearer {app['api_key']}":
        return web.json_response({"error": "unauthorized"}, status=401)
    try:
        data = await request.json()
        amount = int(data["amount"])
        event = {
            "id": f"bankin_{secrets.token_hex(8)}",
            "reference": str(data.get("reference") or "")[:140],
            "amount": amount,
            "currency": str(data.get("currency") or "eur").lower(),
            "payer_name": str(data.get("payer_name") or "")[:140] or None,
            "payer_iban": str(data.get("payer_iban") or "DE02120300000000202051"),
            "received_at": datetime.now(UTC).isoformat(),
        }
    except (ValueError, KeyError, TypeError):
        return web.json_response({"error": "reference, amount and currency"}, status=400)
    if amount < 1:
        return web.json_response({"error": "amount must be positive"}, status=400)
    INCOMING.append(event)
    task = asyncio.create_task(_notify(app, event))
    app["tasks"].add(task)
    task.add_done_callback(app["tasks"].discard)
    return web.json_response(event, status=201)


async def incoming_listing(request: web.Request) -> web.Response:
    return web.json_response(INCOMING)


async def listing(request: web.Request) -> web.Response:
    return web.json_response(list(TRANSFERS.values()))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8440)
    ap.add_argument("--api-key", default="bank_sellflow_local")
    ap.add_argument("--secret", default="banksec_sellflow_local")
    ap.add_argument("--callback-url", default="http://127.0.0.1:8000/v1/webhooks/bank")
    ap.add_argument("--delay", type=float, default=2.0)
    a = ap.parse_args(argv)
    app = web.Application()
    app["api_key"], app["secret"], app["delay"], app["callback_url"], app["tasks"] = (
        a.api_key,
        a.secret,
        a.delay,
        a.callback_url,
        set(),
    )
    app.router.add_post("/v1/credit_transfers", submit)
    app.router.add_get("/v1/credit_transfers", listing)
    app.router.add_post("/v1/incoming_transfers", incoming)
    app.router.add_get("/v1/incoming_transfers", incoming_listing)
    web.run_app(app, host="127.0.0.1", port=a.port, print=None)


if __name__ == "__main__":
    main(sys.argv[1:])
