"""A seller's refund of an order (core §2 refunds): the reason said, the amount reserved under the order's lock
(409 past what is left to refund), and the Refund workflow started once the reservation is committed."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.errors import invalid
from handles.refunds import refund_started
from store.ledger.models import Refund
from store.ledger.refunds import refund_requested
from store.orders.queries import order_of_seller


async def refund_asked(
    s: AsyncSession, client: Client, seller_id: int, token: str, amount: int, reason: str
) -> Refund:
    order = await order_of_seller(s, seller_id, token)
    reason = reason.strip()
    if not reason:
        raise invalid(reason="required")
    refund = await refund_requested(s, order, amount, reason)
    await refund_started(client, order.token, refund.number, order.seller_id)
    return refund
