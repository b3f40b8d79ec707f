"""Refunds as a seller gives them: partial then full, two at once that together exceed what is left (one is
refused), each with its ledger entries summing to zero, a credit memo referencing the unchanged invoice, the
payment log, the provider's refunds counted, the download revoked only by a full refund, and mails."""

from __future__ import annotations

import asyncio

import httpx

from tests.integration.helpers import client, db_count, paid_order, refunds_settled, wait_mail


async def _refunds_at_provider(stack, token: str) -> list[int]:
    async with httpx.AsyncClient(timeout=10) as h:
        auth = {"Authorization": "Bearer sk_test_sellflow_local"}
        base = f"http://127.0.0.1:{stack.ports.stripe}/v1"
        pi, params = None, {"limit": 100}
        while pi is None:  # every page: the stack's other tests made hundreds of intents before this one
            page = (await h.get(f"{base}/payment_intents", params=params, headers=auth)).json()
            pi = next(
                (
                    p["id"]
                    for p in page["data"]
                    if p["metadata"].get("order_token") == token and p["status"] == "succeeded"
                ),
                None,
            )
            if pi is None:
                assert page.get("has_more") and page["data"], f"no succeeded intent of {token}"
                params = {"limit": 100, "starting_after": page["data"][-1]["id"]}
        refunds = (
            await h.get(f"{base}/refunds", params={"payment_intent": pi, "limit": 100}, headers=auth)
        ).json()
    return [r["amount"] for r in refunds["data"]]


async def _ledger_sum(token: str) -> int:
    return await db_count(
        "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id where o.token = :t",
        t=token,
    )


async def test_partial_then_full_refund(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "refund")
        h, token = order.seller.headers, order.token
        download = order.status["download_url"]
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds",
            json={"amount": 1000, "reason": "Chapter missing"},
            headers=h,
        )
        assert r.status_code == 202 and r.json()["state"] == "requested" and r.json()["number"] == 1
        body = await refunds_settled(c, h, token)
        assert [x["state"] for x in body["list"]] == ["succeeded"] and body["refundable"] == 1500
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["payment_state"] == "paid"  # a partial refund keeps the order paid
        assert detail["refunded"] == 1000 and sum(e["amount"] for e in detail["money_trail"]) == 0
        assert {e["kind"] for e in detail["money_trail"]} == {"sale", "platform_fee", "refund", "reversal"}
        assert [p["type"] for p in detail["payments"]].count("Refund") == 1
        assert await _ledger_sum(token) == 0
        balance = (await c.get("/v1/cabinet/balance", headers=h)).json()["balances"][0]["amount"]
        assert balance == 2500 - 123 - 1000 + 49  # the fee on the refunded 10.00 (0.49) is given back
        assert (await c.get(download.replace(f"http://127.0.0.1:{stack.ports.api}", ""))).status_code == 200
        memo = await db_count(
            "select count(*) from invoices i join orders o on o.id = i.order_id where o.token = :t and i.form = 'reversal' "
            "and i.total = -1000 and i.original_id = (select id from invoices where order_id = o.id and form = 'regular')",
            t=token,
        )
        assert memo == 1
        original = await db_count(
            "select i.total from invoices i join orders o on o.id = i.order_id where o.token = :t and i.form = 'regular'",
            t=token,
        )
        assert original == 2500  # the finalised invoice never changes
        await wait_mail(stack, order.status.get("payer_email") or "", "refund") if order.status.get(
            "payer_email"
        ) else None

        # two refunds at once that together exceed what is left: one is refused
        answers = await asyncio.gather(
            *(
                c.post(
                    f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1000, "reason": "Twice"}, headers=h
                )
                for _ in range(2)
            )
        )
        assert sorted(a.status_code for a in answers) == [202, 409]
        refused = next(a for a in answers if a.status_code == 409)
        assert refused.json()["fields"] == {"amount": "at most 500"}
        await refunds_settled(c, h, token)
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 500, "reason": "All of it"}, headers=h
        )
        assert r.status_code == 202
        body = await refunds_settled(c, h, token)
        assert [x["amount"] for x in body["list"]] == [1000, 1000, 500] and body["refundable"] == 0
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["payment_state"] == "payment_refunded"
        assert sorted(await _refunds_at_provider(stack, token)) == [500, 1000, 1000]
        assert await _ledger_sum(token) == 0
        assert (await c.get("/v1/cabinet/balance", headers=h)).json()["balances"][0]["amount"] == 0
        assert (await c.get(download.replace(f"http://127.0.0.1:{stack.ports.api}", ""))).status_code == 404
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1, "reason": "More"}, headers=h
        )
        assert r.status_code == 409
        numbers = await db_count(
            "select count(distinct number) from invoices where seller_id = (select seller_id from orders where token = :t)",
            t=token,
        )
        assert numbers == 4  # one invoice, three credit memos, numbered without gaps
        assert (
            await db_count(
                "select max(number) from invoices where seller_id = (select seller_id from orders where token = :t)",
                t=token,
            )
            == 4
        )


async def test_refunds_are_the_sellers_own_and_bounded(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "refund-scope")
        other = await paid_order(stack, c, "refund-other")
        url = f"/v1/cabinet/orders/{order.token}/refunds"
        assert (
            await c.post(url, json={"amount": 100, "reason": "x"}, headers=other.seller.headers)
        ).status_code == 404
        assert (await c.get(url, headers=other.seller.headers)).status_code == 404
        h = order.seller.headers
        assert (await c.post(url, json={"amount": 2501, "reason": "x"}, headers=h)).status_code == 409
        assert (await c.post(url, json={"amount": 0, "reason": "x"}, headers=h)).status_code == 400
        assert (await c.post(url, json={"amount": 100, "reason": "   "}, headers=h)).status_code == 400
        assert (await c.post(url, json={"amount": 2**70, "reason": "x"}, headers=h)).status_code == 400
        assert (await c.get(url, headers=h)).json() == {"list": [], "refundable": 2500}
