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
