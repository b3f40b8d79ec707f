"""Chargebacks by signed dispute events (localstripe has no disputes; the test sends what Stripe would): a lost
dispute books the amount and the provider's fee against the seller and revokes the access; a won one restores
both; events delivered twice, late or out of order change nothing more; the ledger sums to zero throughout."""

from __future__ import annotations

import secrets

from tests.integration.helpers import client, db_count, paid_order
from tests.integration.webhooks.test_stripe import signed


async def _intent(token: str) -> str:
    from sqlalchemy import text

    from store.db import session

    async with session() as s:
        return (
            await s.execute(
                text(
                    "select p.provider_ref from payment_intents p join orders o on o.id = p.order_id "
                    "where o.token = :t and p.status = 'succeeded'"
                ),
                {"t": token},
            )
        ).scalar_one()


def _dispute(kind: str, dispute: str, intent: str, status: str, amount: int = 2500) -> dict:
    return {
        "id": f"evt_{secrets.token_hex(8)}",
        "type": f"charge.dispute.{kind}",
        "data": {
            "object": {
                "id": dispute,
                "payment_intent": intent,
                "amount": amount,
                "currency": "eur",
                "status": status,
            }
        },
    }


async def _sum(token: str) -> int:
    return await db_count(
        "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id where o.token = :t",
        t=token,
    )


async def test_a_lost_dispute_then_one_won(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "dispute")
        h, token = order.seller.headers, order.token
        download = order.status["download_url"].replace(f"http://127.0.0.1:{stack.ports.api}", "")
        intent, dispute = await _intent(token), f"dp_{secrets.token_hex(6)}"
        created = _dispute("created", dispute, intent, "needs_response")
        body, headers = signed(created)
        assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        # the same dispute again under another event id, and the same event twice: booked once
        body2, headers2 = signed(_dispute("funds_withdrawn", dispute, intent, "needs_response"))
        await c.post("/v1/webhooks/stripe", content=body2, headers=headers2)
        await c.post("/v1/webhooks/stripe", content=body, headers=headers)
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["payment_state"] == "payment_chargebacked"
        assert [p["type"] for p in detail["payments"]].count("Chargeback") == 1
        assert await _sum(token) == 0
        assert (await c.get(download)).status_code == 404
        balance = (await c.get("/v1/cabinet/balance", headers=h)).json()["balances"][0]["amount"]
        assert balance == 2500 - 123 - 2500 + 123 - 1500  # the sale, its fee back, the provider's dispute fee
        # won: the money comes back (the provider keeps its fee), the access too
        body, headers = signed(_dispute("closed", dispute, intent, "won"))
        assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["payment_state"] == "paid"
        assert (await c.get(download)).status_code == 200
        assert (await c.get("/v1/cabinet/balance", headers=h)).json()["balances"][0][
            "amount"
        ] == 2500 - 123 - 1500
        assert await _sum(token) == 0
        # a late "created" for the same dispute changes nothing
        body, headers = signed(_dispute("created", dispute, intent, "needs_response"))
        await c.post("/v1/webhooks/stripe", content=body, headers=headers)
        assert (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()["payment_state"] == "paid"


async def test_a_dispute_closed_before_its_creation_arrives(stack):
    async with client(stack) as c:
        order = await paid_order(stack, c, "dispute-late")
        intent, dispute = await _intent(order.token), f"dp_{secrets.token_hex(6)}"
        body, headers = signed(_dispute("closed", dispute, intent, "lost"))
        assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        body, headers = signed(_dispute("created", dispute, intent, "needs_response"))
        assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
        detail = (await c.get(f"/v1/cabinet/orders/{order.token}", headers=order.seller.headers)).json()
        assert detail["payment_state"] == "payment_chargebacked"
        assert [p["type"] for p in detail["payments"]].count("Chargeback") == 1
        assert await _sum(order.token) == 0
        # a dispute for a payment Sellflow does not know is acknowledged and ignored
        body, headers = signed(_dispute("created", "dp_unknown", "pi_unknown", "needs_response"))
        assert (await c.post("/v1/webhooks/stripe", content=body, headers=headers)).status_code == 200
