"""Helpers that act as a user would: through the HTTP API, the mail catcher and the card provider."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import time
import uuid
from dataclasses import dataclass

import httpx
import stripe
from temporalio.client import Client

from core.settings import get_settings
from domain.workflow_ids import refund_id

CARD_OK = "4242424242424242"
CARD_DECLINED_AT_SETUP = "4000000000000002"
CARD_DECLINED_AT_CHARGE = "4000000000000341"
CARD_3DS = "4000002760003184"


async def _keyed(request: httpx.Request) -> None:
    """Every POST carries an Idempotency-Key, as the web app sends one (a test that sends its own keeps it)."""
    if request.method == "POST" and "idempotency-key" not in request.headers:
        request.headers["Idempotency-Key"] = uuid.uuid4().hex


def client(stack) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{stack.ports.api}", timeout=60, event_hooks={"request": [_keyed]}
    )


async def mails(stack, to: str) -> list[dict]:
    async with httpx.AsyncClient(timeout=10) as c:
        return (await c.get(f"http://127.0.0.1:{stack.ports.mail_ui}/api/messages", params={"to": to})).json()


async def wait_mail(stack, to: str, subject_part: str, timeout: float = 20) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for m in await mails(stack, to):
            if subject_part in m["subject"]:
                return m
        await asyncio.sleep(0.2)
    raise AssertionError(f"no mail '{subject_part}' to {to}")


@dataclass
class Seller:
    email: str
    username: str
    headers: dict[str, str]
    tokens: dict


async def new_seller(
    stack, c: httpx.AsyncClient, prefix: str = "seller", *, legitimate: bool = True
) -> Seller:
    """Sign up, confirm through the mailed link, finish 'about you'; then (unless `legitimate` is False) the
    seller profile, bank account and documents, the KYC provider's answer and the manager's approval. A legitimated
    one is taken from those made ahead (`_ready_seller`), each still one test's own."""
    if legitimate and AHEAD:
        return await _ready_seller(stack)
    return await _made_seller(stack, c, prefix, legitimate=legitimate)


# Legitimated sellers are made ahead, one at a time, while the tests run: making one waits about a second on the
# mail, the KYC provider and the manager, most of it idle, and about 160 tests need one. `SELLFLOW_TEST_AHEAD=0`
# makes each in its test again.
AHEAD = int(os.environ.get("SELLFLOW_TEST_AHEAD", "2"))


@dataclass
class _Ahead:
    stack: object = None
    made: asyncio.Queue[tuple[int, Seller]] | None = None
    task: asyncio.Task[None] | None = None
    generation: int = 0  # sellers made before the last `sellers_ahead_spoiled` are dropped


_AHEAD = _Ahead()


def sellers_ahead_spoiled() -> None:
    """A test that may change any seller (the contract fuzz, the permission walk call managers' endpoints with
    made-up ids) spoils the sellers made ahead: they are dropped, and the next ones made afresh."""
    _AHEAD.generation += 1


async def _ready_seller(stack) -> Seller:
    a = _AHEAD
    for _ in range(50):
        if a.stack is not stack or a.made is None or a.task is None or a.task.done():
            a.stack, a.made = stack, asyncio.Queue(maxsize=AHEAD)
            a.task = asyncio.create_task(_make_ahead(stack, a.made))
        try:
            generation, seller = await asyncio.wait_for(a.made.get(), 60)
        except TimeoutError:
            a.task.cancel()  # stuck: made again on the next round
            continue
        if generation == a.generation:
            return seller
    raise AssertionError("no seller could be made ahead")


async def _make_ahead(stack, made: asyncio.Queue[tuple[int, Seller]]) -> None:
    async with client(stack) as c:
        while True:
            generation = _AHEAD.generation
            try:
                seller = await _made_seller(stack, c, "ready", legitimate=True)
            except (AssertionError, httpx.HTTPError, KeyError):
                await asyncio.sleep(1)  # a test killed the worker meanwhile: make another
                continue
            await made.put((generation, seller))


async def sellers_ahead_stopped() -> None:
    if _AHEAD.task is not None:
        _AHEAD.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await _AHEAD.task


async def _made_seller(stack, c: httpx.AsyncClient, prefix: str, *, legitimate: bool) -> Seller:
    username = f"{prefix}-{secrets.token_hex(3)}"
    email = f"{username}@example.com"
    r = await c.post(
        "/v1/app/user", json={"email": email, "password": "correct-horse-1", "profile_type": "seller"}
    )
    assert r.status_code == 201, r.text
    mail = await wait_mail(stack, email, "Confirm")
    token = re.search(r"confirmation_token=([\w-]+)", mail["body"]).group(1)
    r = await c.post(
        "/v1/app/user/confirmation", json={"confirmation_token": token, "fingerprint": "fp-test"}
    )
    assert r.status_code == 200, r.text
    tokens = r.json()
    headers = {"Authorization": f"Bearer {tokens['access_token']}"}
    r = await c.patch(
        "/v1/app/user",
        json={"username": username, "first_name": "Sam", "last_name": "Seller"},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    seller = Seller(email, username, headers, tokens)
    if legitimate:
        await legitimated(c, seller)
    return seller


NATURAL_PROFILE = {
    "business_type": "natural",
    "salutation": "none",
    "first_name": "Sam",
    "last_name": "Seller",
    "phone": "+49 301 234 5678",
    "birthday": "1990-05-17",
    "nationality": "DE",
    "street": "Torstraße",
    "street_number": "1",
    "zip": "10119",
    "city": "Berlin",
    "country_code": "DE",
    "vat_payer": False,
    "vat_exempt_reason": "small_business",
    "tax_no_type": "tax_no",
    "tax_no": "21/815/08150",
    "issuance_country_code": "DE",
}
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002"
    "000154a24f5d0000000049454e44ae426082"
)
IBAN, BIC = "DE89370400440532013000", "COBADEFFXXX"


_MANAGER: dict[str, tuple[float, dict[str, str]]] = {}


async def manager_headers(c: httpx.AsyncClient) -> dict[str, str]:
    """The demo manager's session, signed in once every ten minutes (the sign-in throttle counts every
    attempt)."""
    key = str(c.base_url)
    if key in _MANAGER and time.monotonic() - _MANAGER[key][0] < 600:
        return _MANAGER[key][1]
    r = await c.post(
        "/v1/app/session",
        json={"email": "manager@sellflow.local", "password": "sellflow-demo", "fingerprint": "ops"},
    )
    assert r.status_code == 200, r.text
    _MANAGER[key] = (time.monotonic(), {"Authorization": f"Bearer {r.json()['access_token']}"})
    return _MANAGER[key][1]


async def wait_legitimation(c: httpx.AsyncClient, seller: Seller, step: str, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        leg = (await c.get("/v1/cabinet/legitimation", headers=seller.headers)).json()
        if leg["step"] == step:
            return leg
        await asyncio.sleep(0.2)
    raise AssertionError(f"legitimation never reached {step}: {leg}")


async def submitted_for_review(
    c: httpx.AsyncClient,
    seller: Seller,
    profile: dict | None = None,
    documents: tuple[str, ...] = (),
    holder: str = "Sam Seller",
) -> None:
    """Profile, bank account and documents saved, then the review asked for (as the wizard does)."""
    h = seller.headers
    r = await c.put("/v1/cabinet/seller_profile", json=profile or NATURAL_PROFILE, headers=h)
    assert r.status_code == 200, r.text
    r = await c.post(
        "/v1/cabinet/bank_accounts", json={"holder": holder, "iban": IBAN, "bic": BIC}, headers=h
    )
    assert r.status_code == 201, r.text
    for t in documents or ("id_from_front", "id_from_back"):
        r = await c.post(
            "/v1/cabinet/documents",
            data={"type": t},
            files={"file": (f"{t}.png", PNG, "image/png")},
            headers=h,
        )
        assert r.status_code == 201, r.text
    r = await c.post("/v1/cabinet/seller_profile/submit", headers=h)
    assert r.status_code == 200, r.text


async def legitimated(c: httpx.AsyncClient, seller: Seller) -> None:
    """The whole path to selling: submitted, confirmed by the KYC provider, approved by the demo manager."""
    await submitted_for_review(c, seller)
    leg = await wait_legitimation(c, seller, "registered")
    assert leg["verification_level"] == "kyc_1"
    sid = await seller_id_of(c, seller)
    r = await c.post(
        f"/v1/admin/bank_account_legitimations/{sid}/decision",
        json={"decision": "approve"},
        headers=await manager_headers(c),
    )
    assert r.status_code == 200, r.text
    leg = await wait_legitimation(c, seller, "legitimated")
    assert leg["can_sell"] is True, leg


async def seller_id_of(c: httpx.AsyncClient, seller: Seller) -> int:
    r = await c.get(
        "/v1/admin/bank_account_legitimations",
        params={"query": seller.username},
        headers=await manager_headers(c),
    )
    rows = [x for x in r.json()["list"] if x["username"] == seller.username]
    assert len(rows) == 1, r.text
    return int(rows[0]["seller_id"])


async def published_product(
    c: httpx.AsyncClient, seller: Seller, *, price: int = 2500, name: str = "Guide", plan: dict | None = None
) -> dict:
    h = seller.headers
    p = (
        await c.post("/v1/cabinet/products", json={"name": name, "description": "A guide."}, headers=h)
    ).json()
    r = await c.post(
        f"/v1/cabinet/products/{p['id']}/file",
        files={"file": ("guide.pdf", b"%PDF guide", "application/pdf")},
        headers=h,
    )
    assert r.status_code == 200, r.text
    r = await c.post(
        f"/v1/cabinet/products/{p['id']}/pricing_plans",
        json=plan or {"name": "Once", "payment_type": "one_time", "price": price, "currency": "eur"},
        headers=h,
    )
    assert r.status_code == 201, r.text
    r = await c.post(f"/v1/cabinet/products/{p['id']}/publish", headers=h)
    assert r.status_code == 200, r.text
    return r.json()


def _stripe(stack) -> None:
    stripe.api_key = "sk_test_sellflow_local"
    stripe.api_base = f"http://127.0.0.1:{stack.ports.stripe}"


async def card_payment_method(
    stack, setup_secret: str | None, number: str, expires: tuple[int, int] = (12, 2031)
) -> str:
    """Play the browser's card step: for an order charged today (no SetupIntent: its PaymentIntent was made with
    the order) createPaymentMethod; for a deferred one confirmCardSetup (3-D Secure at setup answered
    'complete'). `expires` is (month, year)."""
    _stripe(stack)
    card = {"number": number, "exp_month": expires[0], "exp_year": expires[1], "cvc": "123"}
    if not setup_secret:
        return await asyncio.to_thread(lambda: stripe.PaymentMethod.create(type="card", card=card).id)
    seti = setup_secret.split("_secret_")[0]

    def confirm() -> str:
        si = stripe.SetupIntent.confirm(
            seti,
            payment_method_data={
                "type": "card",
                "card": {"number": number, "exp_month": expires[0], "exp_year": expires[1], "cvc": "123"},
            },
        )
        if si.status == "requires_action":
            si = stripe.SetupIntent.confirm(seti)
        return si.payment_method

    return await asyncio.to_thread(confirm)


async def authenticate_3ds(stack, client_secret: str, success: bool, expect_status: int = 200) -> None:
    """Play the browser's confirmCardPayment 3-D Secure answer."""
    pi = client_secret.split("_secret_")[0]
    async with httpx.AsyncClient(timeout=10) as c:
        r = await c.post(
            f"http://127.0.0.1:{stack.ports.stripe}/v1/payment_intents/{pi}/_authenticate",
            params={"success": str(success).lower()},
            json={"key": "pk_test_sellflow_local", "client_secret": client_secret},
        )
        assert r.status_code == expect_status, r.text


async def start_checkout(
    c: httpx.AsyncClient,
    username: str,
    product: dict,
    email: str | None = None,
    country: str | None = None,
    last_name: str = "Buyer",
    payer: dict | None = None,
    extra: dict | None = None,
) -> dict:
    """Starts the checkout of the product's first plan; `payer` adds to the buyer's details (address, company,
    VAT id, locale); `extra` to the request (`withdrawal_consent: False`: not ticked)."""
    plan = product["pricing_plans"][0]
    r = await c.post(
        f"/v1/shop/{username}/products/{product['slug']}/checkout",
        json={
            "pricing_plan_id": plan["id"],
            "payer": {
                "email": email or f"buyer-{secrets.token_hex(3)}@example.com",
                "first_name": "Bea",
                "last_name": last_name,
                **({"country": country} if country else {}),
                **(payer or {}),
            },
            "withdrawal_consent": True,  # the buyer ticks the consent to begin at once (domain/orders/consent.py)
            **(extra or {}),
        },
    )
    assert r.status_code == 201, r.text
    return r.json()


async def pay(c: httpx.AsyncClient, username: str, token: str, pm: str) -> httpx.Response:
    return await c.post(f"/v1/shop/{username}/orders/{token}/pay", json={"payment_method": pm})


async def wait_fulfilled(c: httpx.AsyncClient, username: str, token: str, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = (await c.get(f"/v1/shop/{username}/orders/{token}")).json()
        if st.get("download_url") and st.get("invoice_number"):
            return st
        await asyncio.sleep(0.2)
    raise AssertionError(f"order {token} not fulfilled: {st}")


async def db_count(sql: str, **params) -> int:
    return int(await db_value(sql, **params))


async def db_value(sql: str, **params):
    from sqlalchemy import text

    from store.db import session

    async with session() as s:
        return (await s.execute(text(sql), params)).scalar_one()


async def db_rows(sql: str, **params) -> list[tuple]:
    from sqlalchemy import text

    from store.db import session

    async with session() as s:
        return [tuple(r) for r in (await s.execute(text(sql), params)).all()]


MONEY_TABLES = ("payments", "ledger_entries", "invoices", "refunds", "bank_incoming", "accesses")


async def money_rows(token: str) -> dict[str, object]:
    """What an order's money is made of, row for row (its state, payments, ledger entries, invoices, refunds,
    transfers received and access): two snapshots are equal when a provider event changed nothing."""
    order_id = await db_value("select id from orders where token = :t", t=token)
    out: dict[str, object] = {
        "order": await db_rows(
            "select payment_state, paid, total, payment_form from orders where id = :o", o=order_id
        )
    }
    for table in MONEY_TABLES:
        out[table] = await db_rows(f"select * from {table} where order_id = :o order by 1", o=order_id)
    return out


async def checkout_ended(temporal, token: str, timeout: float = 60) -> None:
    """Waits until the order's Checkout workflow has ended (an event after it finds no workflow)."""
    from temporalio.client import WorkflowExecutionStatus

    from domain.workflow_ids import checkout_id

    handle = temporal.get_workflow_handle(checkout_id(token))
    deadline = time.monotonic() + timeout
    while (await handle.describe()).status == WorkflowExecutionStatus.RUNNING:
        assert time.monotonic() < deadline, "the checkout did not end"
        await asyncio.sleep(0.2)


async def db_until(sql: str, check=bool, timeout: float = 30, **params):
    """The statement's one value once `check` holds for it (asked every 0.2 s, at most `timeout` s): for a fact
    a workflow writes a step or more after the one a test waited for."""
    deadline = time.monotonic() + timeout
    value = await db_value(sql, **params)
    while not check(value) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
        value = await db_value(sql, **params)
    return value


@dataclass
class PaidOrder:
    seller: Seller
    product: dict
    token: str
    status: dict


async def paid_order(stack, c: httpx.AsyncClient, prefix: str) -> PaidOrder:
    """A new seller with a published product, and one order paid by card and fulfilled."""
    seller = await new_seller(stack, c, prefix)
    product = await published_product(c, seller)
    co = await start_checkout(c, seller.username, product)
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    r = await pay(c, seller.username, co["order_token"], pm)
    assert r.status_code == 200 and r.json()["outcome"] == "succeeded", r.text
    status = await wait_fulfilled(c, seller.username, co["order_token"])
    return PaidOrder(seller, product, co["order_token"], status)


async def stripe_intents(stack, order_token: str) -> list[dict]:
    """The PaymentIntents that took money for this order (they carry its token), over every page of the list."""
    data: list[dict] = []
    params: dict = {"limit": 100}
    async with httpx.AsyncClient(timeout=10) as h:
        while True:
            r = await h.get(
                f"http://127.0.0.1:{stack.ports.stripe}/v1/payment_intents",
                params=params,
                headers={"Authorization": "Bearer sk_test_sellflow_local"},
            )
            assert r.status_code == 200, r.text
            page = r.json()
            data += page["data"]
            if not page.get("has_more") or not page["data"]:
                break
            params = {"limit": 100, "starting_after": page["data"][-1]["id"]}
    return [
        pi for pi in data if pi["metadata"].get("order_token") == order_token and pi["status"] == "succeeded"
    ]


async def stripe_succeeded_charges(stack, order_token: str) -> int:
    """Count money actually taken at the provider for this order (PaymentIntents carry the order token)."""
    return len(await stripe_intents(stack, order_token))


async def db_execute(sql: str, **params) -> None:
    from sqlalchemy import text

    from store.db import session

    async with session() as s:
        await s.execute(text(sql), params)


async def until(c: httpx.AsyncClient, url: str, h: dict | None, check, timeout: float = 60) -> dict:
    """GET `url` until `check` holds for its JSON body (every 0.2 s, at most `timeout` s): that body."""
    deadline, body = time.monotonic() + timeout, {}
    while time.monotonic() < deadline:
        body = (await c.get(url, headers=h)).json()
        if check(body):
            return body
        await asyncio.sleep(0.2)
    raise AssertionError(f"not reached: {body}")


async def refunds_settled(c: httpx.AsyncClient, h: dict, token: str, timeout: float = 30) -> dict:
    """Every refund of the order answered (no longer `requested`) and its Refund workflow ended: the credit memo,
    the access taken back and the mails come after the money is booked, each its own step."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = (await c.get(f"/v1/cabinet/orders/{token}/refunds", headers=h)).json()
        if body["list"] and all(r["state"] != "requested" for r in body["list"]):
            temporal = await Client.connect(get_settings().temporal_address)
            for r in body["list"]:
                handle = temporal.get_workflow_handle(refund_id(token, r["number"]))
                await asyncio.wait_for(handle.result(), max(deadline - time.monotonic(), 1))
            return body
        await asyncio.sleep(0.2)
    raise AssertionError(f"refunds of {token} not settled: {body}")


async def payer_headers(stack, c: httpx.AsyncClient, username: str, email: str) -> dict:
    """Signs in as a payer for one seller: the magic link arrives, the page spends it for tokens."""
    r = await c.post(
        "/v1/app/user/send_magic_link", json={"email": email, "profile_type": "payer", "seller": username}
    )
    assert r.status_code == 204, r.text
    mail = await wait_mail(stack, email, "sign-in link")
    link = re.search(r"https?://\S+", mail["body"]).group(0)
    assert f"/s/{username}/sign_in?token=" in link
    token = link.split("token=", 1)[1]
    r = await c.post("/v1/app/session/magic_link", json={"token": token, "fingerprint": "payer-browser"})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['access_token']}"}
