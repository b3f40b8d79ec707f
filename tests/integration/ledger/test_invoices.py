"""Invoices and credit memos in the cabinet: listed with their forms and the invoice a memo reverses, each
downloadable as PDF by its seller only."""

from __future__ import annotations

from tests.integration.helpers import client, paid_order
from tests.integration.ledger.test_refunds import _settled


async def test_invoice_and_credit_memo_listed_and_as_pdf(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "invoices")
        h, token = order.seller.headers, order.token
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 500, "reason": "Late"}, headers=h
        )
        assert r.status_code == 202
        await _settled(c, h, token)
        rows = (await c.get("/v1/cabinet/invoices", params={"sort_dir": "asc"}, headers=h)).json()["list"]
        assert [(x["number"], x["form"], x["total"], x["original_number"]) for x in rows] == [
            (1, "regular", 2500, None),
            (2, "reversal", -500, 1),
        ]
        memos = (
            await c.get("/v1/cabinet/invoices", params={"filters[form][]": "reversal"}, headers=h)
        ).json()
        assert [x["number"] for x in memos["list"]] == [2]
        for row, name in ((rows[0], "invoice-1.pdf"), (rows[1], "credit-memo-2.pdf")):
            pdf = await c.get(f"/v1/cabinet/invoices/{row['id']}/pdf", headers=h)
            assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
            assert (
                pdf.headers["content-type"] == "application/pdf"
                and name in pdf.headers["content-disposition"]
            )
        other = await paid_order(stack, c, "invoices-other")
        assert (
            await c.get(f"/v1/cabinet/invoices/{rows[0]['id']}/pdf", headers=other.seller.headers)
        ).status_code == 404
        assert [
            x["number"]
            for x in (await c.get("/v1/cabinet/invoices", headers=other.seller.headers)).json()["list"]
        ] == [1]


async def test_the_buyer_downloads_the_invoice_and_credit_memo_of_the_order(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "buyer-pdf")
        h, token, user = order.seller.headers, order.token, order.seller.username
        await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 100, "reason": "Goodwill"}, headers=h
        )
        await _settled(c, h, token)
        for number in (
            1,
            2,
        ):  # the invoice and its credit memo, without signing in: the order token is the key
            r = await c.get(f"/v1/shop/{user}/orders/{token}/invoices/{number}/pdf")
            assert r.status_code == 200 and r.content.startswith(b"%PDF")
        assert (await c.get(f"/v1/shop/{user}/orders/{token}/invoices/3/pdf")).status_code == 404
        assert (await c.get(f"/v1/shop/someone-else/orders/{token}/invoices/1/pdf")).status_code == 404
        assert (await c.get(f"/v1/shop/{user}/orders/{'0' * 20}/invoices/1/pdf")).status_code == 404


async def test_fifty_invoices_finalised_at_once_are_numbered_without_gaps(stack):
    """Fifty paid orders of one seller finalise their invoices at the same moment: numbers 1..50, each once."""
    import asyncio as aio

    from sqlalchemy import text

    from store.db import session
    from store.orders.actions import invoice_issued

    async with client(stack) as c:
        order = await paid_order(stack, c, "gapless")
    async with session() as s:
        seller_id, product_id, plan = (
            await s.execute(
                text("select seller_id, product_id, pricing_plan_name from orders where token = :t"),
                {"t": order.token},
            )
        ).one()
        tokens = [f"gapless{i:02d}{order.token[:10]}" for i in range(50)]
        for tk in tokens:
            await s.execute(
                text(
                    "insert into orders (token, seller_id, product_id, product_name, pricing_plan_id, pricing_plan_name, "
                    "payment_state, payment_form, period_type, total, paid, currency_key, payer_email, payer_first_name, "
                    "payer_last_name, setup_attempts, created_at, updated_at) "
                    "select :tk, seller_id, product_id, product_name, pricing_plan_id, pricing_plan_name, 'paid', "
                    "payment_form, period_type, total, paid, currency_key, payer_email, payer_first_name, payer_last_name, "
                    "1, now(), now() from orders where token = :t"
                ),
                {"tk": tk, "t": order.token},
            )

    async def finalise(tk: str) -> int:
        async with session() as s:
            return (await invoice_issued(s, tk)).number

    numbers = await aio.gather(*(finalise(tk) for tk in tokens))
    assert sorted(numbers) == list(range(2, 52))  # the first order has invoice 1
    async with session() as s:
        all_numbers = (
            (
                await s.execute(
                    text("select number from invoices where seller_id = :s order by number"), {"s": seller_id}
                )
            )
            .scalars()
            .all()
        )
    assert list(all_numbers) == list(range(1, 52))
    assert product_id and plan
