"""A local stand-in for a payment institution's KYC service (no public emulator exists), started by the stack
like the mail catcher. It accepts a submission (`POST /v1/submissions`, bearer key, idempotent on the
reference), decides by a documented rule on the test data, and answers by signed callback after a delay.

The rule (README, "Local KYC provider"), on the subject's last name (or the company for a legal entity):
- contains `Reject`: refused ("The identity could not be verified.");
- contains `Mismatch`: on the first round (reference ending in `-1`) documents are asked for again
  ("The name on the identity document does not match the profile."); later rounds are approved;
- anything else: approved.

`GET /v1/submissions` lists what was received (the tests read it). A callback that fails is retried with backoff
for a while, so a submission made before the API is up is answered once it is; with `--store` (make run) the
submissions survive a restart and those not answered yet are answered after it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import sys
from datetime import UTC, datetime
from pathlib import Path

import httpx
from aiohttp import web

from providers.kyc.events import SIGNATURE_HEADER, sign

SUBMISSIONS: dict[str, dict] = {}
STORE: Path | None = None


def _save() -> None:
    if STORE is not None:
        STORE.write_text(json.dumps(SUBMISSIONS))


def decide(sub: dict) -> tuple[str, str | None]:
    subject = sub.get("subject") or {}
    name = f"{subject.get('last_name', '')} {subject.get('company', '')}"
    if "Reject" in name:
        return "refused", "The identity could not be verified."
    if "Mismatch" in name and str(sub.get("reference", "")).endswith("-1"):
        return "documents_required", "The name on the identity document does not match the profile."
    return "approved", None


async def _callback(app: web.Application, sub: dict) -> None:
    await asyncio.sleep(app["delay"])
    outcome, reason = decide(sub)
    event = {
        "id": f"kycevt_{secrets.token_hex(8)}",
        "reference": sub["reference"],
        "outcome": outcome,
        "reason": reason,
    }
    sub["outcome"], sub["event_id"] = outcome, event["id"]
    wait = 0.5
    for _ in range(60):
        body = json.dumps(event).encode()
        headers = {SIGNATURE_HEADER: sign(body, app["secret"]), "Content-Type": "application/json"}
        try:
            async with httpx.AsyncClient(timeout=10) as c:
                r = await c.post(sub["callback_url"], content=body, headers=headers)
            sub["callback_status"] = r.status_code
            if r.status_code < 500:
                sub["answered"] = True
                _save()
                return
        except httpx.HTTPError as e:
            sub["callback_status"] = repr(e)
        await asyncio.sleep(wait)
        wait = min(wait * 2, 10)


async def submit(request: web.Request) -> web.Response:
    app = request.app
    if request.headers.get("Authorization") != f"Bearer {app['api_key']}":
        return web.json_response({"error": "unauthorized"}, status=401)
    try:
        body = await request.json()
        reference = str(body["reference"])
        callback = str(body["callback_url"])
    except (ValueError, KeyError, TypeError):
        return web.json_response({"error": "invalid submission"}, status=400)
    if reference in SUBMISSIONS:  # idempotent on the reference: the same review, no second callback
        return web.json_response({"id": SUBMISSIONS[reference]["id"], "duplicate": True})
    sub = {
        "id": f"kyc_{secrets.token_hex(8)}",
        "reference": reference,
        "business_type": body.get("business_type"),
        "subject": body.get("subject") or {},
        "documents": body.get("documents") or [],
        "callback_url": callback,
        "received_at": datetime.now(UTC).isoformat(),
    }
    SUBMISSIONS[reference] = sub
    _save()
    _answer_later(app, sub)
    return web.json_response({"id": sub["id"], "duplicate": False}, status=201)


def _answer_later(app: web.Application, sub: dict) -> None:
    task = asyncio.create_task(_callback(app, sub))
    app["tasks"].add(task)
    task.add_done_callback(app["tasks"].discard)


async def _resume(app: web.Application) -> None:
    """With --store, submissions not answered before a restart are answered now."""
    for sub in SUBMISSIONS.values():
        if not sub.get("answered"):
            _answer_later(app, sub)


async def listing(request: web.Request) -> web.Response:
    return web.json_response(list(SUBMISSIONS.values()))


def make_app(api_key: str, secret: str, delay: float) -> web.Application:
    app = web.Application()
    app["api_key"], app["secret"], app["delay"], app["tasks"] = api_key, secret, delay, set()
    app.router.add_post("/v1/submissions", submit)
    app.router.add_get("/v1/submissions", listing)
    app.on_startup.append(_resume)
    return app


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8430)
    ap.add_argument("--api-key", default="kyc_sellflow_local")
    ap.add_argument("--secret", default="kycsec_sellflow_local")
    ap.add_argument("--delay", type=float, default=2.0, help="seconds before the callback")
    ap.add_argument("--store", default="", help="keep submissions across restarts in this JSON file")
    a = ap.parse_args(argv)
    global STORE
    if a.store:
        STORE = Path(a.store)
        if STORE.exists():
            SUBMISSIONS.update(json.loads(STORE.read_text() or "{}"))
    web.run_app(make_app(a.api_key, a.secret, a.delay), host="127.0.0.1", port=a.port, print=None)


if __name__ == "__main__":
    main(sys.argv[1:])
