"""The seller's monthly platform invoice: the month's fees less the fees given back with a refund, issued once
however often the month is closed, listed and downloadable by its seller only; a manager closes only months that
have ended."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

import drafthorse
from lxml import etree
from pypdf import PdfReader

from tests.einvoice_rules import broken_rules
from tests.integration.helpers import client, manager_headers, paid_order, refunds_settled


async def _close(period: str) -> int:
    from store.db import session
    from store.ledger.platform_invoices import platform_invoices_issued

    issued, after = 0, 0
    while True:
        async with session() as s:
            page = await platform_invoices_issued(s, period, after, 200)
        issued += page.issued
        if page.last_seller_id is None:
            return issued
        after = page.last_seller_id


async def test_the_month_of_a_sale_and_a_refund_invoices_the_net_fee_once(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "platform-invoice")
        h = order.seller.headers
        r = await c.post(
            f"/v1/cabinet/orders/{order.token}/refunds", json={"amount": 500, "reason": "Late"}, headers=h
        )
        assert r.status_code == 202
        await refunds_settled(c, h, order.token)
        assert (await c.get("/v1/cabinet/platform_invoices", headers=h)).json()["list"] == []

        period = datetime.now(UTC).strftime("%Y-%m")
        # the month close (run here for the running month, which the month-close workflow closes on the 1st)
        await _close(period)
        assert await _close(period) == 0  # closing again issues nothing twice
        [inv] = (await c.get("/v1/cabinet/platform_invoices", headers=h)).json()["list"]
        # 4.9 % of 25.00 is 1.23; the refund of 5.00 gave back 0.25 of it
        assert (inv["period"], inv["sales"], inv["fees"], inv["refunded_fees"], inv["total"]) == (
            period,
            1,
            123,
            25,
            98,
        )
        assert inv["state"] == "paid" and inv["currency"] == "eur"
        pdf = await c.get(f"/v1/cabinet/platform_invoices/{inv['id']}/pdf", headers=h)
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        reader = PdfReader(io.BytesIO(pdf.content))
        text = reader.pages[0].extract_text()
        for words in (
            "Platform invoice no.",
            "Sellflow GmbH",
            "VAT ID DE312345678",
            "Period of supply:",
            "Platform fees",
        ):
            assert words in text, (words, text)
        xml = etree.fromstring(reader.attachments["factur-x.xml"][0])
        xsd = Path(drafthorse.__file__).parent / "schema" / "Factur-X_1.0.07_EN16931.xsd"
        assert etree.XMLSchema(etree.parse(str(xsd))).validate(xml)
        assert broken_rules(reader.attachments["factur-x.xml"][0]) == []  # the EN 16931 business rules
        assert f"platform-invoice-{inv['number']}.pdf" in pdf.headers["content-disposition"]
        paid = (
            await c.get("/v1/cabinet/platform_invoices", params={"filters[state][]": "paid"}, headers=h)
        ).json()
        assert paid["total_count"] == 1
        refunds = (
            await c.get("/v1/cabinet/platform_invoices", params={"filters[state][]": "refund"}, headers=h)
        ).json()
        assert refunds["total_count"] == 0

        other = await paid_order(stack, c, "platform-invoice-other")
        oh = other.seller.headers
        assert (await c.get(f"/v1/cabinet/platform_invoices/{inv['id']}/pdf", headers=oh)).status_code == 404
        assert (await c.get("/v1/cabinet/platform_invoices", headers=oh)).json()["list"] == []


async def test_a_manager_closes_an_ended_month_only(stack):
    async with client(stack) as c:
        m = await manager_headers(c)
        now = datetime.now(UTC)
        running = now.strftime("%Y-%m")
        last = f"{now.year - 1}-12" if now.month == 1 else f"{now.year}-{now.month - 1:02d}"
        for bad in (running, "2999-01", "2026-13", "last month"):
            r = await c.post("/v1/admin/platform_invoices", json={"period": bad}, headers=m)
            assert r.status_code == 400, (bad, r.text)
        r = await c.post("/v1/admin/platform_invoices", json={"period": last}, headers=m)
        assert r.status_code == 202 and r.json()["workflow_id"] == f"platform-invoices-{last}"
        seller = (await paid_order(stack, c, "close-month")).seller
        r = await c.post("/v1/admin/platform_invoices", json={"period": last}, headers=seller.headers)
        assert r.status_code == 403
