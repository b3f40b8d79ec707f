"""From sign-up to selling, through the API, the local KYC provider (signed callbacks) and the manager's review:
the Legitimation workflow's paths, its callbacks forged, stale or duplicated, the review audit, a data change
after legitimation, scoping between sellers and roles, and a worker killed mid-review."""

from __future__ import annotations

import asyncio
import json
import time

import httpx

from providers.kyc.events import SIGNATURE_HEADER, sign
from tests.integration.helpers import (
    BIC,
    CARD_OK,
    IBAN,
    NATURAL_PROFILE,
    PNG,
    card_payment_method,
    client,
    db_count,
    legitimated,
    manager_headers,
    new_seller,
    pay,
    published_product,
    seller_id_of,
    start_checkout,
    submitted_for_review,
    wait_fulfilled,
    wait_legitimation,
    wait_mail,
)

ENTITY_PROFILE = {
    **NATURAL_PROFILE,
    "business_type": "entity",
    "company": "Analytical Engines GmbH",
    "registration_location": "Amtsgericht Charlottenburg",
    "position": "founder",
    "employee_size": "6-20",
    "vat_payer": True,
    "vat_exempt_reason": None,
    "vat_id": "DE136695976",
    "beneficial_owners": [
        {
            "first_name": "Ada",
            "last_name": "Lovelace",
            "birthday": "1980-01-02",
            "birthplace_city": "London",
            "birthplace_country": "GB",
            "nationality": "GB",
        }
    ],
}
ENTITY_DOCS = ("id_from_front", "id_from_back", "company_lr", "article_doc")
SECRET = "kycsec_sellflow_local"


async def decide(
    c: httpx.AsyncClient, seller_id: int, decision: str, reason: str | None = None
) -> httpx.Response:
    return await c.post(
        f"/v1/admin/bank_account_legitimations/{seller_id}/decision",
        json={"decision": decision, "reason": reason},
        headers=await manager_headers(c),
    )


async def test_a_new_seller_sells_only_once_legitimated(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "newbie", legitimate=False)
        h = seller.headers
        leg = (await c.get("/v1/cabinet/legitimation", headers=h)).json()
        assert leg["can_sell"] is False and leg["missing"] == [
            "profile",
            "provider_data",
            "documents",
            "bank_account",
        ]
        p = (
            await c.post("/v1/cabinet/products", json={"name": "Early", "description": "x"}, headers=h)
        ).json()
        r = await c.post(f"/v1/cabinet/products/{p['id']}/publish", headers=h)
        assert r.status_code == 422 and "finish_registration" in r.json()["fields"]["reasons"]
        profile = (await c.get("/v1/cabinet/seller_profile", headers=h)).json()
        assert profile["errors"]["business_type"] == "required" and profile["steps"][-1] == "summary"
        # signed up with a username and a full name, but the profile is not complete: registration is not done
        assert profile["registration_done"] is False and leg["registration_done"] is False
        # submitting too early names what is missing
        r = await c.post("/v1/cabinet/seller_profile/submit", headers=h)
        assert r.status_code == 400
        await legitimated(c, seller)
        leg = (await c.get("/v1/cabinet/legitimation", headers=h)).json()
        assert leg["missing"] == [] and leg["payment_account_done"] and leg["registration_done"]
        assert [e["action"] for e in leg["history"]] == [
            "started",
            "submitted",
            "sent_to_kyc",
            "kyc_approved",
            "approved",
        ]
        banks = (await c.get("/v1/cabinet/bank_accounts", headers=h)).json()["list"]
        assert [b["state"] for b in banks] == ["activated"]
        docs = (await c.get("/v1/cabinet/documents", headers=h)).json()["list"]
        assert {d["state"] for d in docs} == {"validated"}
        await wait_mail(stack, seller.email, "verified")
        # now a product can be published, and a buyer can pay for it
        product = await published_product(c, seller)
        assert product["sellable"] is True and product["warnings"] == []
        co = await start_checkout(c, seller.username, product)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, co["order_token"], pm)
        assert r.json()["outcome"] == "succeeded", r.text
        await wait_fulfilled(c, seller.username, co["order_token"])


async def test_a_legal_entity_is_legitimated_with_its_owners_and_company_documents(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "entity", legitimate=False)
        h = seller.headers
        r = await c.put(
            "/v1/cabinet/seller_profile", json={**ENTITY_PROFILE, "beneficial_owners": []}, headers=h
        )
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["steps"] == ["business", "representative", "details", "tax", "documents", "summary"]
        assert body["errors"] == {"beneficial_owners": "required"}
        await submitted_for_review(c, seller, ENTITY_PROFILE, ENTITY_DOCS)
        await wait_legitimation(c, seller, "registered")
        sid = await seller_id_of(c, seller)
        detail = (
            await c.get(f"/v1/admin/bank_account_legitimations/{sid}", headers=await manager_headers(c))
        ).json()
        assert detail["profile"]["company"] == "Analytical Engines GmbH"
        assert {d["type"] for d in detail["documents"]} == set(ENTITY_DOCS)
        assert detail["workflow_id"] == f"legitimation-{sid}"
        r = await c.get(
            f"/v1/admin/documents/{detail['documents'][0]['id']}/file", headers=await manager_headers(c)
        )
        assert r.status_code == 200 and r.content == PNG
        assert (await decide(c, sid, "approve")).status_code == 200
        assert (await wait_legitimation(c, seller, "legitimated"))["can_sell"] is True


async def test_format_rules_answer_with_their_messages_and_change_nothing(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "rules", legitimate=False)
        h = seller.headers
        bad = {**NATURAL_PROFILE, "vat_id": "DE123456789", "birthday": "2015-01-01", "phone": "12"}
        r = await c.put("/v1/cabinet/seller_profile", json=bad, headers=h)
        assert r.status_code == 400
        assert r.json()["fields"] == {
            "vat_id": "wrong vat",
            "birthday": "too young",
            "phone": "invalid phone",
        }
        r = await c.put(
            "/v1/cabinet/seller_profile", json={**NATURAL_PROFILE, "vat_id": "DE 1366"}, headers=h
        )
        assert r.json()["fields"] == {"vat_id": "invalid VAT"}
        assert (await c.get("/v1/cabinet/seller_profile", headers=h)).json()["first_name"] is None
        r = await c.post(
            "/v1/cabinet/bank_accounts", json={"holder": "S", "iban": "DE00 1234", "bic": "XX"}, headers=h
        )
        assert r.status_code == 400 and r.json()["fields"] == {"iban": "invalid IBAN", "bic": "invalid BIC"}
        r = await c.post(
            "/v1/cabinet/documents",
            data={"type": "id_from_front"},
            files={"file": ("x.exe", b"MZ", "application/x-msdownload")},
            headers=h,
        )
        assert r.status_code == 400
        # a draft keeps what is there and says what is still required
        draft = {"business_type": "entity", "country_code": "at", "wizard_step": "details"}
        body = (await c.put("/v1/cabinet/seller_profile", json=draft, headers=h)).json()
        assert body["country_code"] == "AT" and body["wizard_step"] == "details"
        assert body["errors"]["company"] == "required" and body["errors"]["region"] == "required"
        again = (await c.get("/v1/cabinet/seller_profile", headers=h)).json()
        assert again["wizard_step"] == "details"


async def test_a_rejected_seller_sees_why(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "rejected", legitimate=False)
        await submitted_for_review(c, seller, {**NATURAL_PROFILE, "last_name": "Reject"})
        leg = await wait_legitimation(c, seller, "rejected")
        assert leg["reason"] == "The identity could not be verified." and leg["missing"] == ["rejected"]
        assert leg["can_sell"] is False and leg["verification_level"] == "rejected"
        assert (await wait_mail(stack, seller.email, "rejected"))["body"].count("could not be verified") == 1
        r = await c.put("/v1/cabinet/seller_profile", json=NATURAL_PROFILE, headers=seller.headers)
        assert r.status_code == 409


async def test_a_manager_rejection_and_request_for_changes_carry_their_reason(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "changes", legitimate=False)
        await submitted_for_review(c, seller)
        await wait_legitimation(c, seller, "registered")
        sid = await seller_id_of(c, seller)
        r = await decide(c, sid, "request_changes")
        assert r.status_code == 400 and r.json()["fields"] == {"reason": "required"}
        assert (await decide(c, sid, "request_changes", "The back side is unreadable.")).status_code == 200
        leg = await wait_legitimation(c, seller, "change")
        assert leg["reason"] == "The back side is unreadable." and "changes" in leg["missing"]
        history = leg["history"][-1]
        assert history["actor"].startswith("manager:") and history["reason"] == "The back side is unreadable."
        # the seller uploads again and submits: back to review, and this time rejected by the manager
        r = await c.post(
            "/v1/cabinet/documents",
            data={"type": "id_from_back"},
            files={"file": ("b.png", PNG, "image/png")},
            headers=seller.headers,
        )
        assert r.status_code == 201
        assert (await c.post("/v1/cabinet/seller_profile/submit", headers=seller.headers)).status_code == 200
        await wait_legitimation(c, seller, "registered")
        assert (await decide(c, sid, "reject", "Fraud suspected.")).status_code == 200
        leg = await wait_legitimation(c, seller, "rejected")
        assert leg["reason"] == "Fraud suspected."
        assert (await decide(c, sid, "approve")).status_code == 409


async def test_documents_asked_again_by_the_provider_then_legitimated(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "mismatch", legitimate=False)
        await submitted_for_review(c, seller, {**NATURAL_PROFILE, "last_name": "Mismatch"})
        leg = await wait_legitimation(c, seller, "change")
        assert leg["verification_level"] == "kyc_incomplete" and leg["data_mismatch"] == "requested"
        assert leg["account_limit"] == "no_documents"
        await wait_mail(stack, seller.email, "needs changes")
        assert (await c.post("/v1/cabinet/seller_profile/submit", headers=seller.headers)).status_code == 200
        await wait_legitimation(c, seller, "registered")
        assert (await decide(c, await seller_id_of(c, seller), "approve")).status_code == 200
        await wait_legitimation(c, seller, "legitimated")


async def test_verified_data_changed_after_legitimation_goes_back_through_review(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "mover")
        h = seller.headers
        # contact data is not verified data: no review
        r = await c.put(
            "/v1/cabinet/seller_profile", json={**NATURAL_PROFILE, "phone": "+49 40 1234567"}, headers=h
        )
        assert r.status_code == 200
        await asyncio.sleep(1)
        assert (await c.get("/v1/cabinet/legitimation", headers=h)).json()["step"] == "legitimated"
        r = await c.put(
            "/v1/cabinet/seller_profile", json={**NATURAL_PROFILE, "street": "Chausseestraße"}, headers=h
        )
        assert r.status_code == 200
        leg = await wait_legitimation(c, seller, "registered")
        assert leg["data_mismatch"] == "data_mismatch" and leg["account_limit"] == "payouts"
        assert leg["can_sell"] is True  # selling goes on; payouts wait for the review
        assert (await decide(c, await seller_id_of(c, seller), "approve")).status_code == 200
        leg = await wait_legitimation(c, seller, "legitimated")
        assert leg["account_limit"] is None and leg["data_mismatch"] is None


def _signed(body: dict, timestamp: int | None = None, secret: str = SECRET) -> tuple[bytes, dict]:
    raw = json.dumps(body).encode()
    return raw, {SIGNATURE_HEADER: sign(raw, secret, timestamp), "Content-Type": "application/json"}


async def test_kyc_callbacks_forged_stale_malformed_or_duplicated_change_nothing(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "forged", legitimate=False)
        await submitted_for_review(c, seller)
        leg = await wait_legitimation(c, seller, "registered")
        sid = await seller_id_of(c, seller)
        refusal = {
            "id": "kycevt_forged1",
            "reference": f"legitimation-{sid}-1",
            "outcome": "refused",
            "reason": "x",
        }
        raw, headers = _signed(refusal, secret="not-the-secret")
        assert (await c.post("/v1/webhooks/kyc", content=raw, headers=headers)).status_code == 400
        raw, headers = _signed(refusal, timestamp=int(time.time()) - 3600)
        assert (await c.post("/v1/webhooks/kyc", content=raw, headers=headers)).status_code == 400
        raw, headers = _signed(refusal, timestamp=int(time.time()) + 3600)
        assert (await c.post("/v1/webhooks/kyc", content=raw, headers=headers)).status_code == 400
        for shape in (
            {"id": 5, "reference": [], "outcome": "refused"},
            {"id": "e", "outcome": "maybe"},
            [1, 2],
        ):
            raw, headers = _signed(shape)  # type: ignore[arg-type]
            assert (await c.post("/v1/webhooks/kyc", content=raw, headers=headers)).status_code == 400
        assert (await c.post("/v1/webhooks/kyc", content=b"\x00", headers=headers)).status_code == 400
        # a genuine but late refusal for the round already answered is stored, acknowledged, and ignored
        raw, headers = _signed(refusal)
        r = await c.post("/v1/webhooks/kyc", content=raw, headers=headers)
        assert r.status_code == 200 and r.json() == {"received": True, "duplicate": False}
        r = await c.post("/v1/webhooks/kyc", content=raw, headers=headers)
        assert r.json()["duplicate"] is True
        await asyncio.sleep(1)
        leg = (await c.get("/v1/cabinet/legitimation", headers=seller.headers)).json()
        assert (
            leg["step"] == "registered" and [e["action"] for e in leg["history"]].count("kyc_approved") == 1
        )
        assert await db_count("select count(*) from webhook_events where id = 'kycevt_forged1'") == 1


async def test_sellers_cannot_reach_the_admin_review_nor_each_other(stack):
    async with client(stack) as c:
        a = await new_seller(stack, c, "scope-a", legitimate=False)
        b = await new_seller(stack, c, "scope-b", legitimate=False)
        await submitted_for_review(c, a)
        for path in ("/v1/admin/bank_accounts", "/v1/admin/bank_account_legitimations"):
            assert (await c.get(path, headers=a.headers)).status_code == 403
        sid = await seller_id_of(c, a)
        r = await c.post(
            f"/v1/admin/bank_account_legitimations/{sid}/decision",
            json={"decision": "approve"},
            headers=b.headers,
        )
        assert r.status_code == 403
        doc = (await c.get("/v1/cabinet/documents", headers=a.headers)).json()["list"][0]
        bank = (await c.get("/v1/cabinet/bank_accounts", headers=a.headers)).json()["list"][0]
        assert (await c.get(f"/v1/cabinet/documents/{doc['id']}/file", headers=b.headers)).status_code == 404
        assert (await c.delete(f"/v1/cabinet/documents/{doc['id']}", headers=b.headers)).status_code == 404
        assert (
            await c.delete(f"/v1/cabinet/bank_accounts/{bank['id']}", headers=b.headers)
        ).status_code == 404
        assert (await c.get("/v1/cabinet/bank_accounts", headers=b.headers)).json()["list"] == []
        # under review, a's own data is locked
        r = await c.delete(f"/v1/cabinet/documents/{doc['id']}", headers=a.headers)
        assert r.status_code == 409
        # the manager finds a by the list filters and search
        m = await manager_headers(c)
        rows = (
            await c.get(
                "/v1/admin/bank_account_legitimations",
                params={"query": a.username, "filters[step][]": ["registered", "in_review", "requested"]},
                headers=m,
            )
        ).json()["list"]
        assert [r["username"] for r in rows] == [a.username]
        banks = (
            await c.get("/v1/admin/bank_accounts", params={"query": IBAN[:8], "per": 500}, headers=m)
        ).json()
        assert a.username in {r["username"] for r in banks["list"]} and all(
            r["bic"] == BIC for r in banks["list"]
        )
        r = await c.get("/v1/admin/bank_accounts", params={"filters[group][]": "nonsense"}, headers=m)
        assert r.status_code == 400


async def test_a_worker_killed_mid_review_loses_nothing(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "crash", legitimate=False)
        r = await c.put("/v1/cabinet/seller_profile", json=NATURAL_PROFILE, headers=seller.headers)
        assert r.status_code == 200
        stack.kill("worker")
        # submitted while no worker runs: the update waits in Temporal for the workflow's answer, nothing is lost,
        # and the seller gets the answer once a worker is back
        pending = asyncio.create_task(submitted_for_review(c, seller))
        try:
            await asyncio.sleep(2.0)
            assert not pending.done()
        finally:
            stack.start_worker()
        await pending
        leg = await wait_legitimation(c, seller, "registered", timeout=60)
        assert [e["action"] for e in leg["history"]].count("sent_to_kyc") == 1
        sid = await seller_id_of(c, seller)
        submissions = httpx.get(f"http://127.0.0.1:{stack.ports.kyc}/v1/submissions").json()
        assert [s["reference"] for s in submissions].count(f"legitimation-{sid}-1") == 1
        assert (await decide(c, sid, "approve")).status_code == 200
        await wait_legitimation(c, seller, "legitimated")


async def test_concurrent_first_saves_make_one_profile_and_one_legitimation(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "race", legitimate=False)
        answers = await asyncio.gather(
            *(
                c.put("/v1/cabinet/seller_profile", json=NATURAL_PROFILE, headers=seller.headers)
                for _ in range(6)
            )
        )
        assert [r.status_code for r in answers] == [200] * 6
        sid = await seller_id_of_profile(seller.username)
        assert await db_count("select count(*) from seller_profiles where seller_id = :s", s=sid) == 1
        await wait_legitimation(c, seller, "documents")
        assert await db_count("select count(*) from legitimations where seller_id = :s", s=sid) == 1


async def seller_id_of_profile(username: str) -> int:
    return await db_count(
        "select s.id from sellers s join users u on u.id = s.user_id where u.username = :u", u=username
    )


async def test_a_manager_limits_payments_and_the_seller_stops_selling(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "limited")
        product = await published_product(c, seller)
        sid = await seller_id_of(c, seller)
        m = await manager_headers(c)
        url = f"/v1/admin/bank_account_legitimations/{sid}/limit"
        r = await c.post(url, json={"account_limit": "payments", "reason": " "}, headers=m)
        assert r.status_code == 400 and r.json()["fields"] == {"reason": "required"}
        r = await c.post(url, json={"account_limit": "rejected", "reason": "x"}, headers=m)
        assert r.status_code == 400
        assert (
            await c.post(
                url, json={"account_limit": "payments", "reason": "Chargebacks"}, headers=seller.headers
            )
        ).status_code == 403
        assert (
            await c.post(url, json={"account_limit": "payments", "reason": "Chargebacks"}, headers=m)
        ).status_code == 200

        async def can_sell() -> bool:
            return (await c.get("/v1/cabinet/legitimation", headers=seller.headers)).json()["can_sell"]

        deadline = time.monotonic() + 20
        while await can_sell() and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        leg = (await c.get("/v1/cabinet/legitimation", headers=seller.headers)).json()
        assert (
            leg["can_sell"] is False and leg["account_limit"] == "payments" and leg["missing"] == ["limited"]
        )
        r = await c.post(
            f"/v1/shop/{seller.username}/products/{product['slug']}/checkout",
            json={
                "pricing_plan_id": product["pricing_plans"][0]["id"],
                "withdrawal_consent": True,
                "payer": {"email": "b@example.com", "first_name": "B", "last_name": "B"},
            },
        )
        assert r.status_code == 422
        assert (
            await c.post(url, json={"account_limit": None, "reason": "Cleared"}, headers=m)
        ).status_code == 200
        deadline = time.monotonic() + 20
        while not await can_sell() and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        assert await can_sell()
        # lifting the limit restores selling as it was: the product stayed published, nothing to redo by hand
        page = await c.get(f"/v1/shop/{seller.username}/products/{product['slug']}")
        assert page.status_code == 200 and page.json()["sellable"] is True
        r = await c.post(
            f"/v1/shop/{seller.username}/products/{product['slug']}/checkout",
            json={
                "pricing_plan_id": product["pricing_plans"][0]["id"],
                "withdrawal_consent": True,
                "payer": {"email": "b@example.com", "first_name": "B", "last_name": "B"},
            },
        )
        assert r.status_code == 201, r.text
