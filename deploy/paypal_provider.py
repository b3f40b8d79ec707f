"""A local stand-in for PayPal (PayPal has no emulator), started by the stack like the bank. It answers the calls of
PayPal's REST API that Sellflow makes through PayPal's official server SDK, with PayPal's shapes and rules:
- `POST /v1/oauth2/token`: client credentials (Basic auth) → a bearer token;
- `POST /v2/checkout/orders`: an order to approve (idempotent on `PayPal-Request-Id`), its `payer-action` link;
- `GET /checkoutnow?token=…`: the buyer's approval page (approve, or cancel), which sends the buyer back to the
  merchant's return or cancel URL; a payer whose e-mail contains `declined` is approved but their funding fails
  at capture (`INSTRUMENT_DECLINED`), as PayPal's negative testing does;
- `POST /v2/checkout/orders/{id}/capture` (idempotent on `PayPal-Request-Id`; a second capture of a captured
  order is `ORDER_ALREADY_CAPTURED`, of one not approved `ORDER_NOT_APPROVED`), `GET /v2/checkout/orders/{id}`;
- `POST /v2/payments/captures/{id}/refund` (idempotent on `PayPal-Request-Id`, never more than was captured);
- webhooks (`CHECKOUT.ORDER.APPROVED`, `PAYMENT.CAPTURE.COMPLETED`, `PAYMENT.CAPTURE.REFUNDED`) posted to Sellflow
  with PayPal's transmission headers, retried until acknowledged, and `POST /v1/notifications/verify-webhook-
  signature`, which Sellflow calls as it calls PayPal's (the signature here is an HMAC of PayPal's signed string);
- `POST /v2/checkout/orders/{id}/approve` (bearer): what the approval page does, for tests and `make run`.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hmac
import html
import json
import secrets
import sys
import zlib
from datetime import UTC, datetime
from decimal import Decimal
from urllib.parse import urlencode

import httpx
from aiohttp import web

ORDERS: dict[str, dict] = {}
CAPTURES: dict[str, dict] = {}  # capture id → {order id, amount, refunded}
REQUESTS: dict[tuple[str, str], tuple[int, dict]] = {}  # (call, PayPal-Request-Id) → the first answer
TOKENS: set[str] = set()
WEBHOOKS: list[dict] = []


def _error(status: int, name: str, issue: str, description: str = "") -> web.Response:
    return web.json_response(
        {
            "name": name,
            "message": description or issue,
            "debug_id": secrets.token_hex(6),
            "details": [{"issue": issue, "description": description or issue}],
        },
        status=status,
    )


def _authorised(request: web.Request) -> bool:
    auth = request.headers.get("Authorization", "")
    return auth.startswith("Bearer ") and auth[7:] in TOKENS


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def signed_string(transmission_id: str, time: str, webhook_id: str, body: bytes) -> str:
    """PayPal signs `transmission_id|transmission_time|webhook_id|crc32(body)`."""
    return f"{transmission_id}|{time}|{webhook_id}|{zlib.crc32(body)}"


def _body(event: dict) -> bytes:
    return json.dumps(event, separators=(",", ":")).encode()


async def _send(app: web.Application, event_type: str, resource: dict) -> None:
    event = {
        "id": f"WH-{secrets.token_hex(8).upper()}",
        "event_version": "1.0",
        "create_time": _now(),
        "resource_type": "checkout-order" if event_type.startswith("CHECKOUT") else "capture",
        "event_type": event_type,
        "resource": resource,
    }
    WEBHOOKS.append(event)
    await asyncio.sleep(app["delay"])
    body = _body(event)
    wait = 0.5
    for _ in range(60):
        tid, at = secrets.token_hex(8), _now()
        sig = hmac.new(
            app["secret"].encode(), signed_string(tid, at, app["webhook_id"], body).encode(), "sha256"
        )
        headers = {
            "Content-Type": "application/json",
            "PAYPAL-TRANSMISSION-ID": tid,
            "PAYPAL-TRANSMISSION-TIME": at,
            "PAYPAL-TRANSMISSION-SIG": base64.b64encode(sig.digest()).decode(),
            "PAYPAL-CERT-URL": f"{app['base']}/v1/notifications/certs/local",
            "PAYPAL-AUTH-ALGO": "SHA256withRSA",
        }
        try:
            async with httpx.AsyncClient(timeout=10) as c:
                r = await c.post(app["callback_url"], content=body, headers=headers)
            if r.status_code < 500:
                event["answered"] = r.status_code
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(wait)
        wait = min(wait * 2, 10)


def _emit(app: web.Application, event_type: str, resource: dict) -> None:
    task = asyncio.create_task(_send(app, event_type, resource))
    app["tasks"].add(task)
    task.add_done_callback(app["tasks"].discard)


async def token(request: web.Request) -> web.Response:
    app = request.app
    expected = base64.b64encode(f"{app['client_id']}:{app['client_secret']}".encode()).decode()
    if request.headers.get("Authorization") != f"Basic {expected}":
        return web.json_response(
            {"error": "invalid_client", "error_description": "Client Authentication failed"}, status=401
        )
    t = f"A21AA{secrets.token_hex(16)}"
    TOKENS.add(t)
    return web.json_response({"scope": "https://uri.paypal.com/services/payments", "access_token": t,
                              "token_type": "Bearer", "app_id": "APP-LOCAL", "expires_in": 32400,
                              "nonce": secrets.token_hex(8)})  # fmt: skip


def _view(o: dict) -> dict:
    unit = {"reference_id": o["reference_id"], "amount": o["amount"], "custom_id": o.get("custom_id")}
    if o["captures"]:
        unit["payments"] = {"captures": [CAPTURES[c]["view"] for c in o["captures"]]}
    view = {
        "id": o["id"],
        "intent": "CAPTURE",
        "status": o["status"],
        "create_time": o["created"],
        "purchase_units": [unit],
        "links": [
            {"href": f"{o['base']}/v2/checkout/orders/{o['id']}", "rel": "self", "method": "GET"},
            {"href": f"{o['base']}/checkoutnow?token={o['id']}", "rel": "payer-action", "method": "GET"},
        ],
    }
    if o.get("payer"):
        view["payer"] = o["payer"]
        view["payment_source"] = {"paypal": {"email_address": o["payer"]["email_address"],
                                             "account_id": o["payer"]["payer_id"]}}  # fmt: skip
    return view


async def _once(request: web.Request, call: str, work) -> web.Response:
    """PayPal-Request-Id: the same request id for the same call answers what the first did."""
    key = request.headers.get("PayPal-Request-Id")
    if key and (call, key) in REQUESTS:
        status, body = REQUESTS[(call, key)]
        return web.json_response(body, status=200 if status == 201 else status)
    status, body = await work()
    if key and status < 500:
        REQUESTS[(call, key)] = (status, body)
    return web.json_response(body, status=status)


async def create_order(request: web.Request) -> web.Response:
    if not _authorised(request):
        return _error(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN")
    try:
        data = await request.json()
        unit = data["purchase_units"][0]
        amount = unit["amount"]
        value = Decimal(str(amount["value"]))
        currency = str(amount["currency_code"]).upper()
        context = (
            (data.get("payment_source") or {}).get("paypal", {}).get("experience_context")
            or data.get("application_context")
            or {}
        )
    except (ValueError, KeyError, TypeError, IndexError, ArithmeticError):
        return _error(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON")
    if data.get("intent") != "CAPTURE" or value <= 0 or len(currency) != 3:
        return _error(422, "UNPROCESSABLE_ENTITY", "INVALID_PARAMETER_VALUE")

    async def work() -> tuple[int, dict]:
        oid = secrets.token_hex(8).upper() + "X"
        ORDERS[oid] = {
            "id": oid,
            "status": "PAYER_ACTION_REQUIRED",
            "created": _now(),
            "reference_id": unit.get("reference_id") or "default",
            "custom_id": unit.get("custom_id"),
            "amount": {"currency_code": currency, "value": f"{value:.2f}"},
            "return_url": context.get("return_url"),
            "cancel_url": context.get("cancel_url"),
            "captures": [],
            "payer": None,
            "declined": False,
            "base": request.app["base"],
        }
        return 201, _view(ORDERS[oid])

    return await _once(request, "create", work)


async def get_order(request: web.Request) -> web.Response:
    if not _authorised(request):
        return _error(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN")
    o = ORDERS.get(request.match_info["id"])
    if o is None:
        return _error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID")
    return web.json_response(_view(o))


def _approve(app: web.Application, o: dict, email: str) -> None:
    if o["status"] in ("PAYER_ACTION_REQUIRED", "CREATED"):
        o["status"] = "APPROVED"
        o["payer"] = {"email_address": email, "payer_id": secrets.token_hex(6).upper(),
                      "name": {"given_name": "Pat", "surname": "Pal"}}  # fmt: skip
        o["declined"] = "declined" in email
        _emit(app, "CHECKOUT.ORDER.APPROVED", _view(o))


async def approval_page(request: web.Request) -> web.Response:
    o = ORDERS.get(request.query.get("token", ""))
    if o is None:
        return web.Response(text="This PayPal order does not exist.", status=404)
    amount = f"{o['amount']['value']} {o['amount']['currency_code']}"
    page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal (local stand-in)</title>
<style>body{{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0;padding:24px}}
main{{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}}
h1{{color:#003087;font-size:22px}} button{{width:100%;padding:14px;border-radius:24px;border:0;font-size:16px;
margin-top:12px;cursor:pointer}} .pay{{background:#ffc439;color:#111}} .cancel{{background:#eee}}
label{{display:block;margin-top:12px}} input{{width:100%;padding:10px;box-sizing:border-box;font-size:16px}}</style>
</head><body><main><h1>PayPal</h1><p>Local stand-in: no money moves.</p>
<p>Pay <strong data-testid="paypal-amount">{html.escape(amount)}</strong></p>
<form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="{html.escape(o["id"])}">
<label>PayPal account<input name="email" type="email" value="buyer@paypal.local" data-testid="paypal-email"></label>
<button class="pay" type="submit" data-testid="paypal-approve">Pay now</button></form>
<form method="post" action="/checkoutnow/cancel"><input type="hidden" name="token" value="{html.escape(o["id"])}">
<button class="cancel" type="submit" data-testid="paypal-cancel">Cancel and return</button></form>
</main></body></html>"""
    return web.Response(text=page, content_type="text/html")


def _back(url: str | None, params: dict) -> web.Response:
    if not url:
        return web.Response(text="Done: you may close this page.")
    sep = "&" if "?" in url else "?"
    raise web.HTTPSeeOther(f"{url}{sep}{urlencode(params)}")


async def approve_form(request: web.Request) -> web.Response:
    form = await request.post()
    o = ORDERS.get(str(form.get("token", "")))
    if o is None:
        return web.Response(text="This PayPal order does not exist.", status=404)
    _approve(request.app, o, str(form.get("email") or "buyer@paypal.local"))
    return _back(o["return_url"], {"token": o["id"], "PayerID": o["payer"]["payer_id"]})


async def cancel_form(request: web.Request) -> web.Response:
    form = await request.post()
    o = ORDERS.get(str(form.get("token", "")))
    if o is None:
        return web.Response(text="This PayPal order does not exist.", status=404)
    return _back(o["cancel_url"], {"token": o["id"]})


async def approve_api(request: web.Request) -> web.Response:
    """What the approval page does, for tests: `{"email": …}` optional."""
    if (
        not _authorised(request)
        and request.headers.get("Authorization") != f"Bearer {request.app['client_secret']}"
    ):
        return _error(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN")
    o = ORDERS.get(request.match_info["id"])
    if o is None:
        return _error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID")
    data = await request.json() if request.can_read_body else {}
    _approve(request.app, o, str((data or {}).get("email") or "buyer@paypal.local"))
    return web.json_response(_view(o))


async def capture(request: web.Request) -> web.Response:
    if not _authorised(request):
        return _error(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN")
    oid = request.match_info["id"]

    async def work() -> tuple[int, dict]:
        o = ORDERS.get(oid)
        if o is None:
            return 404, {"name": "RESOURCE_NOT_FOUND", "details": [{"issue": "INVALID_RESOURCE_ID"}]}
        if o["status"] == "COMPLETED":
            return 422, {"name": "UNPROCESSABLE_ENTITY", "details": [{"issue": "ORDER_ALREADY_CAPTURED"}]}
        if o["status"] != "APPROVED":
            return 422, {"name": "UNPROCESSABLE_ENTITY", "details": [{"issue": "ORDER_NOT_APPROVED"}]}
        if o["declined"]:
            return 422, {"name": "UNPROCESSABLE_ENTITY", "message": "The instrument presented was declined.",
                         "details": [{"issue": "INSTRUMENT_DECLINED"}]}  # fmt: skip
        cid = secrets.token_hex(8).upper() + "C"
        CAPTURES[cid] = {
            "order_id": oid,
            "amount": Decimal(o["amount"]["value"]),
            "refunded": Decimal(0),
            "view": {
                "id": cid,
                "status": "COMPLETED",
                "amount": o["amount"],
                "final_capture": True,
                "custom_id": o.get("custom_id"),
                "create_time": _now(),
                "supplementary_data": {"related_ids": {"order_id": oid}},
            },  # fmt: skip
        }
        o["captures"].append(cid)
        o["status"] = "COMPLETED"
        _emit(request.app, "PAYMENT.CAPTURE.COMPLETED", CAPTURES[cid]["view"])
        return 201, _view(o)

    return await _once(request, f"capture:{oid}", work)


async def refund(request: web.Request) -> web.Response:
    if not _authorised(request):
        return _error(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN")
    cid = request.match_info["id"]
    try:
        data = await request.json() if request.can_read_body else {}
        amount = (data or {}).get("amount")
        value = Decimal(str(amount["value"])) if amount else None
    except (ValueError, KeyError, TypeError, ArithmeticError):
        return _error(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON")

    async def work() -> tuple[int, dict]:
        c = CAPTURES.get(cid)
        if c is None:
            return 404, {"name": "RESOURCE_NOT_FOUND", "details": [{"issue": "INVALID_RESOURCE_ID"}]}
        left = c["amount"] - c["refunded"]
        take = left if value is None else value
        if take <= 0 or take > left:
            return 422, {"name": "UNPROCESSABLE_ENTITY", "details": [{"issue": "REFUND_AMOUNT_EXCEEDED"}]}
        c["refunded"] += take
        c["view"]["status"] = "REFUNDED" if c["refunded"] == c["amount"] else "PARTIALLY_REFUNDED"
        rid = secrets.token_hex(8).upper() + "R"
        body = {"id": rid, "status": "COMPLETED", "create_time": _now(),
                "amount": {"value": f"{take:.2f}", "currency_code": c["view"]["amount"]["currency_code"]},
                "links": [{"href": f"{request.app['base']}/v2/payments/captures/{cid}", "rel": "up",
                           "method": "GET"}]}  # fmt: skip
        _emit(request.app, "PAYMENT.CAPTURE.REFUNDED", body)
        return 201, body

    return await _once(request, f"refund:{cid}", work)


async def verify_signature(request: web.Request) -> web.Response:
    """PayPal's `verify-webhook-signature`: SUCCESS when the transmission's signature holds for this event."""
    if not _authorised(request):
        return _error(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN")
    try:
        d = await request.json()
        body = _body(d["webhook_event"])
        expected = hmac.new(
            request.app["secret"].encode(),
            signed_string(d["transmission_id"], d["transmission_time"], d["webhook_id"], body).encode(),
            "sha256",
        ).digest()
        given = base64.b64decode(str(d["transmission_sig"]), validate=True)
        ok = d["webhook_id"] == request.app["webhook_id"] and hmac.compare_digest(expected, given)
    except (ValueError, KeyError, TypeError):
        ok = False
    return web.json_response({"verification_status": "SUCCESS" if ok else "FAILURE"})


async def listing(request: web.Request) -> web.Response:
    return web.json_response({"orders": [_view(o) for o in ORDERS.values()], "webhooks": WEBHOOKS})


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8460)
    ap.add_argument("--client-id", default="paypal_client_local")
    ap.add_argument("--client-secret", default="paypal_secret_local")
    ap.add_argument("--webhook-id", default="WH-LOCAL-SELLFLOW")
    ap.add_argument("--secret", default="paypalsig_sellflow_local")
    ap.add_argument("--callback-url", default="http://127.0.0.1:8000/v1/webhooks/paypal")
    ap.add_argument("--delay", type=float, default=0.3)
    a = ap.parse_args(argv)
    app = web.Application()
    app["client_id"], app["client_secret"], app["webhook_id"] = a.client_id, a.client_secret, a.webhook_id
    app["secret"], app["callback_url"], app["delay"], app["tasks"] = a.secret, a.callback_url, a.delay, set()
    app["base"] = f"http://127.0.0.1:{a.port}"
    app.router.add_post("/v1/oauth2/token", token)
    app.router.add_post("/v2/checkout/orders", create_order)
    app.router.add_get("/v2/checkout/orders/{id}", get_order)
    app.router.add_post("/v2/checkout/orders/{id}/capture", capture)
    app.router.add_post("/v2/checkout/orders/{id}/approve", approve_api)
    app.router.add_post("/v2/payments/captures/{id}/refund", refund)
    app.router.add_post("/v1/notifications/verify-webhook-signature", verify_signature)
    app.router.add_get("/checkoutnow", approval_page)
    app.router.add_post("/checkoutnow/approve", approve_form)
    app.router.add_post("/checkoutnow/cancel", cancel_form)
    app.router.add_get("/v1/orders", listing)
    web.run_app(app, host="127.0.0.1", port=a.port, print=None)


if __name__ == "__main__":
    main(sys.argv[1:])
