"""The bookkeeping export of the current month, as a seller asks for it: built by its workflow, the CSV and the
DATEV file carrying the month's invoices, credit memo and fees; marked as sent; scoped to its seller."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

from tests.integration.helpers import client, paid_order, refunds_settled


async def test_export_of_the_month(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "export")
        h, token = order.seller.headers, order.token
        await c.post(f"/v1/cabinet/orders/{token}/refunds", json={"amount": 500, "reason": "Late"}, headers=h)
        await refunds_settled(c, h, token)
        period = datetime.now(UTC).strftime("%Y-%m")
        r = await c.post("/v1/cabinet/exports", json={"period": period}, headers=h)
        assert r.status_code == 202 and r.json()["workflow_id"].endswith(f"-{period}")
        deadline, rows = time.monotonic() + 30, []
        while time.monotonic() < deadline and not rows:
            rows = (await c.get("/v1/cabinet/exports", headers=h)).json()["list"]
            await asyncio.sleep(0.2)
        assert rows and rows[0]["period"] == period and rows[0]["state"] == "ready_to_be_sent"
        assert rows[0]["bookings"] == 3  # the invoice, its fee, the credit memo
        csv_text = (await c.get(f"/v1/cabinet/exports/{rows[0]['id']}/csv", headers=h)).text
        assert csv_text.splitlines()[0].startswith("date;amount;debit_credit")
        assert ";25,00;S;EUR;1360;8195;1;" in csv_text and ";5,00;H;EUR;1360;8195;2;" in csv_text
        datev = await c.get(f"/v1/cabinet/exports/{rows[0]['id']}/datev", headers=h)
        assert datev.content.startswith(
            b'"EXTF";700;21;"Buchungsstapel"'
        ) and "Gegenkonto" in datev.content.decode("cp1252")
        r = await c.post(
            f"/v1/cabinet/exports/{rows[0]['id']}/state", json={"state": "sent_to_datev"}, headers=h
        )
        assert r.json()["state"] == "sent_to_datev"
        for bad in ("2026-13", "next month", "2999-01"):
            assert (await c.post("/v1/cabinet/exports", json={"period": bad}, headers=h)).status_code == 400
        other = await paid_order(stack, c, "export-other")
        assert (
            await c.get(f"/v1/cabinet/exports/{rows[0]['id']}/csv", headers=other.seller.headers)
        ).status_code == 404
