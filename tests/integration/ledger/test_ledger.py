"""A paid order in the ledger: the sale and the platform fee of the seller's plan, summing to zero; the seller's
transfers and balance derived from the entries; another seller sees none of it."""

from __future__ import annotations

from tests.integration.helpers import client, db_count, new_seller, paid_order


async def test_a_paid_order_books_a_balanced_sale_and_fee(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "ledger")
        h = order.seller.headers
        rows = (await c.get("/v1/cabinet/transfers", headers=h)).json()
        by_kind = {r["kind"]: r for r in rows["list"]}
        assert by_kind["sale"]["amount"] == 2500 and by_kind["sale"]["order_token"] == order.token
        assert by_kind["platform_fee"]["amount"] == -123  # 4.9 % of 25.00 = 1.225 → 1.23 (Standard plan)
        assert rows["total_count"] == 2
        balance = (await c.get("/v1/cabinet/balance", headers=h)).json()
        assert balance == {"balances": [{"currency": "eur", "amount": 2500 - 123}]}
        total = await db_count(
            "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
            "where o.token = :t",
            t=order.token,
        )
        assert total == 0
        fees = (
            await c.get("/v1/cabinet/transfers", params={"filters[kind][]": "platform_fee"}, headers=h)
        ).json()
        assert [r["kind"] for r in fees["list"]] == ["platform_fee"]
        assert (
            await c.get("/v1/cabinet/transfers", params={"filters[kind][]": "gift"}, headers=h)
        ).status_code == 400
        csv_text = (await c.get("/v1/cabinet/transfers/csv", headers=h)).text
        assert csv_text.splitlines()[0] == "id;kind;amount;currency;created_at;order_token;product_name"
        lines = csv_text.splitlines()[1:]
        assert any(";sale;25.00;EUR;" in x and f";{order.token};" in x for x in lines)
        assert any(";platform_fee;-1.23;EUR;" in x and f";{order.token};" in x for x in lines)
        fees_csv = (
            await c.get("/v1/cabinet/transfers/csv", params={"filters[kind][]": "sale"}, headers=h)
        ).text
        assert len(fees_csv.splitlines()) == 2
        other = await new_seller(stack, c, "ledger-other", legitimate=False)
        assert (await c.get("/v1/cabinet/transfers", headers=other.headers)).json()["list"] == []
        assert (await c.get("/v1/cabinet/balance", headers=other.headers)).json() == {"balances": []}
