"""A local stand-in collection agency (no public emulator exists), started by the stack like the bank. It accepts
claims (`POST /v1/claims`, bearer key, idempotent on the claim's reference) and reports on each by signed
callback to Sellflow, a step every `--delay` seconds. What happens follows the debtor's name (documented test
data, like the KYC and bank stand-ins):
- `Partial` in the name: in_inkasso, then half the amount paid, then pre_court, closed partially_collected;
- `Court` in the name: in_inkasso, pre_court, court, post_court, closed not_collected;
- `Never` in the name: in_inkasso, pre_court, closed not_collected;
- anyone else: in_inkasso, the whole amount paid, closed collected.
`GET /v1/claims` lists the claims received (the tests and `make run` read it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import sys
from datetime import UTC, datetime

import httpx
from aiohttp import web

from providers.signing import sign

CLAIMS: dict[str, dict] = {}


def script(claim: dict) -> list[dict]:
    name, amount = claim.get("debtor_name", ""), int(claim.get("amount", 0))
    status = lambda s: {"kind": "status", "status": s}  # noqa: E731
    if "Partial" in name:
        half = amount // 2
        return [
            status("in_inkasso"),
            {"kind": "payment", "amount": half},
            status("pre_court"),
            {"kind": "closed", "outcome": "partially_collected"},
        ]
    if "Court" in name:
        return [
            status("in_inkasso"),
            status("pre_court"),
            status("court"),
            status("post_court"),
            {"kind": "closed", "outcome": "not_collected"},
        ]
    if "Never" in name:
        return [status("in_inkasso"), status("pre_court"), {"kind": "closed", "outcome": "not_collected"}]
    return [
        status("in_inkasso"),
        {"kind": "payment", "amount": amount},
        {"kind": "closed", "outcome": "collected"},
    ]


async def _send(app: web.Application, event: dict) -> None:
    body = json.dumps(event).encode()
    wait = 0.5
    for _ in range(60):
        headers = {"agency-signature": sign(body, app["secret"]), "Content-Type": "application/json"}
        try:
            async with httpx.AsyncClient(timeout=10) as c:
                r = await c.post(app["callback_url"], content=body, headers=headers)
            if r.status_code < 500:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(wait)
        wait = min(wait * 2, 10)


async def _work(app: web.Application, claim: dict) -> None:
    for step in script(claim):
        await asyncio.sleep(app["delay"])
        event = {"id": f"agencyevt_{secrets.token_hex(8)}", "reference": claim["reference"], **step}
        claim["events"].append(event)
        await _send(app, event)


async def submit(request: web.Request) -> web.Response:
    app = request.app
    if request.headers.get("Authorization") != f"Bearer {app['api_key']}":
        return web.json_response({"error": "unauthorized"}, status=401)
    try:
        claim = await request.json()
        reference = str(claim["reference"])
        int(claim["amount"])
    except (ValueError, KeyError, TypeError):
        return web.json_response({"error": "not a claim"}, status=400)
    if reference in CLAIMS:  # handed over again after a crash: the same case
        return web.json_response({"case_id": CLAIMS[reference]["case_id"]}, status=200)
    claim.update(case_id=f"case_{secrets.token_hex(6)}", received_at=datetime.now(UTC).isoformat(), events=[])
    CLAIMS[reference] = claim
    task = asyncio.create_task(_work(app, claim))
    app["tasks"].add(task)
    task.add_done_callback(app["tasks"].discard)
    return web.json_response({"case_id": claim["case_id"]}, status=201)


async def listing(request: web.Request) -> web.Response:
    return web.json_response(list(CLAIMS.values()))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8450)
    ap.add_argument("--api-key", default="agency_sellflow_local")
    ap.add_argument("--secret", default="agencysec_sellflow_local")
    ap.add_argument("--callback-url", default="http://127.0.0.1:8000/v1/webhooks/collection_agency")
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
    app.router.add_post("/v1/claims", submit)
    app.router.add_get("/v1/claims", listing)
    web.run_app(app, host="127.0.0.1", port=a.port, print=None)


if __name__ == "__main__":
    main(sys.argv[1:])
