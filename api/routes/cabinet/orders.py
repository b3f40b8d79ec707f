"""`/v1/cabinet/orders`: the seller's orders list and one order's details. Scoped to the caller's seller."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.lean import ListRoute
from api.schemas.orders import (
    InvoiceOut,
    MoneyTrailEntry,
    OrderDetail,
    OrderList,
    OrderRow,
    PaymentLogOut,
    RefundIn,
    RefundList,
    RefundOut,
    RelatedOrder,
    SalesTeamOnOrder,
    TransferOut,
)
from api.seller_lists import SellerList, add_seller_list
from domain.catalog.addons import AddonKind
from domain.ledger.ledger import RefundState
from domain.limits import ID_MAX
from domain.listing import AMOUNT_FILTER_MAX
from domain.orders.orders import OrderType, PaymentMethod, PaymentState
from domain.teams import SalesTeamCredit
from handles.checkout import checkout_progress
from services.refunds import refund_asked
from store.ledger.queries import order_entries
from store.ledger.refunds import refunded_or_reserved, refunds_of
from store.listing import range_schemas, window_schemas
from store.orders.queries import (
    ORDER_LIST,
    extras_of,
    order_details,
    order_of_id,
    order_of_seller,
    orders_listed,
)
from store.teams.queries import member_name

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


ORDER_FILTERS: dict[str, dict[str, Any]] = {
    "payment_state": {"type": "array", "items": {"type": "string", "enum": list(PaymentState)}},
    "product_id": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": ID_MAX}},
    "payment_form": {"type": "array", "items": {"type": "string", "enum": list(PaymentMethod)}},
    **window_schemas("created"),
    **range_schemas("total", AMOUNT_FILTER_MAX),
    "order_type": {"type": "array", "items": {"type": "string", "enum": [*OrderType, "ticket_upgrade"]}},
}


add_seller_list(
    router,
    SellerList(
        "/orders",
        "orders",
        OrderList,
        OrderRow,
        ORDER_LIST,
        ORDER_FILTERS,
        lambda s, seller, p: orders_listed(s, seller.id, p),
        "The orders the list shows (its filters, search and sort), every page, as CSV (up to the count cap).",
        money=("total", "paid"),
        currency="currency_key",
    ),
)


async def _sales_team_member(s: DB, credit: dict[str, Any] | None) -> SalesTeamOnOrder | None:
    if not credit:
        return None
    c = SalesTeamCredit.from_json(credit)
    return SalesTeamOnOrder(id=c.user_id, name=await member_name(s, c.user_id), fee=c.fee_bp)


@router.get("/orders/{token}", response_model=OrderDetail)
async def get_order(token: str, seller: CurrentSeller, s: DB, client: Temporal) -> OrderDetail:
    o = await order_of_seller(s, seller.id, token)
    d = await order_details(s, o)
    inv, tr = d.invoice, d.transfer
    parent = await order_of_id(s, o.parent_order_id) if o.parent_order_id else None
    if inv is None and parent is not None and o.upsell_type == AddonKind.bump:
        inv = (await order_details(s, parent)).invoice  # a bump is a line of its order's invoice
    return OrderDetail(
        token=o.token,
        product_id=o.product_id,
        product_name=o.product_name,
        created_at=o.created_at,
        payment_state=o.payment_state,
        payment_form=o.payment_form,
        period_type=o.period_type,
        pricing_plan_name=o.pricing_plan_name,
        total=o.total,
        paid=o.paid,
        currency_key=o.currency_key,
        payer_name=o.payer_name,
        payer_email=o.payer_email,
        order_type=o.order_type,
        coupon_code=o.coupon_code,
        discount=o.discount,
        paid_at=o.paid_at,
        payments=[PaymentLogOut.model_validate(p, from_attributes=True) for p in d.payments],
        invoice=InvoiceOut.model_validate(inv, from_attributes=True) if inv else None,
        transfer=TransferOut.model_validate(tr, from_attributes=True) if tr else None,
        workflow=await checkout_progress(client, token),
        money_trail=[
            MoneyTrailEntry.model_validate(e, from_attributes=True) for e in await order_entries(s, o.id)
        ],
        refunded=sum(r.amount for r in await refunds_of(s, o.id) if r.state == RefundState.succeeded),
        parent_token=parent.token if parent else None,
        upsell_type=o.upsell_type,
        publisher_id=o.affiliate_publisher_id,
        sales_team_member=await _sales_team_member(s, o.sales_team),
        related=[
            RelatedOrder(
                token=x.token,
                product_name=x.product_name,
                order_type=x.order_type,
                upsell_type=x.upsell_type,
                total=x.total,
                currency_key=x.currency_key,
                payment_state=x.payment_state,
            )
            for x in await extras_of(s, o.id)
        ],
    )


@router.get("/orders/{token}/refunds", response_model=RefundList)
async def list_refunds(token: str, seller: CurrentSeller, s: DB) -> RefundList:
    o = await order_of_seller(s, seller.id, token)
    rows = await refunds_of(s, o.id)
    left = o.paid - await refunded_or_reserved(s, o.id) if o.payment_state == PaymentState.paid else 0
    return RefundList(list=[RefundOut.model_validate(r, from_attributes=True) for r in rows], refundable=left)


@router.post("/orders/{token}/refunds", response_model=RefundOut, status_code=202)
async def refund_order(
    idempotency_key: IdempotencyKey,
    token: str,
    body: RefundIn,
    seller: CurrentSeller,
    s: DB,
    client: Temporal,
) -> RefundOut:
    """Reserves the amount under the order's lock (409 when it exceeds what is left to refund) and starts the
    Refund workflow; the refund's state moves from requested to succeeded or failed."""
    refund = await refund_asked(s, client, seller.id, token, body.amount, body.reason)
    return RefundOut.model_validate(refund, from_attributes=True)
