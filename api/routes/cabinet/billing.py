"""`/v1/cabinet/order_rates`, `/v1/cabinet/claims`, `/v1/cabinet/claim_settings` and a recurring order's
subscription: the seller's recurring money (core §2 lists and implied screens). Scoped to the caller's seller;
actions signal the order's Subscription or the rate's Claim workflow."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.lean import ListRoute
from api.listing import list_openapi, list_params, listed
from api.presenters.billing import subscription_out
from api.schemas.billing import (
    ClaimAction,
    ClaimList,
    ClaimRow,
    ClaimSettingsIO,
    OrderRateList,
    SubscriptionAction,
    SubscriptionOut,
)
from api.schemas.fields import Id
from api.seller_lists import SellerList, add_seller_list
from services import claims
from services.subscriptions import seller_acted
from store.billing.claims import claim_settings_of
from store.billing.lists import (
    CLAIM_FILTERS,
    CLAIM_LIST,
    ORDER_RATE_FILTERS,
    ORDER_RATE_LIST,
    order_rates_listed,
)
from store.orders.queries import order_of_seller

router = APIRouter(route_class=ListRoute)  # it holds lists (api/lean.py)


@router.get(
    "/order_rates",
    response_model=OrderRateList,
    openapi_extra=list_openapi(ORDER_RATE_LIST, ORDER_RATE_FILTERS),
)
async def list_order_rates(request: Request, seller: CurrentSeller, s: DB) -> Response:
    rows, total = await order_rates_listed(s, seller.id, list_params(request))
    return listed(OrderRateList, rows, total)


add_seller_list(
    router,
    SellerList(
        "/claims",
        "claims",
        ClaimList,
        ClaimRow,
        CLAIM_LIST,
        CLAIM_FILTERS,
        claims.claims_of,
        "The claims the list shows, every page, as CSV.",
        money=("amount", "collected"),
    ),
)


@router.post("/claims/{claim_id}/actions", status_code=202)
async def claim_action(
    idempotency_key: IdempotencyKey,
    claim_id: Id,
    body: ClaimAction,
    seller: CurrentSeller,
    s: DB,
    client: Temporal,
) -> dict[str, str]:
    await claims.claim_acted(s, client, seller.id, claim_id, body.action)
    return {"status": "accepted"}


@router.get("/claim_settings", response_model=ClaimSettingsIO)
async def get_claim_settings(seller: CurrentSeller, s: DB) -> ClaimSettingsIO:
    c = await claim_settings_of(s, seller.id)
    first, second, third = c.stage_days
    return ClaimSettingsIO(strategy=c.strategy, first_days=first, second_days=second, third_days=third)


@router.put("/claim_settings", response_model=ClaimSettingsIO)
async def put_claim_settings(body: ClaimSettingsIO, seller: CurrentSeller, s: DB) -> ClaimSettingsIO:
    """Applies to claims opened from now on; a running claim keeps the settings it opened with."""
    days = (body.first_days, body.second_days, body.third_days)
    await claims.claim_settings_kept(s, seller.id, body.strategy, days)
    return body


@router.get("/orders/{token}/subscription", response_model=SubscriptionOut)
async def get_subscription(token: str, seller: CurrentSeller, s: DB) -> SubscriptionOut:
    return await subscription_out(s, await order_of_seller(s, seller.id, token))


@router.post("/orders/{token}/subscription", status_code=202)
async def subscription_action(
    idempotency_key: IdempotencyKey,
    token: str,
    body: SubscriptionAction,
    seller: CurrentSeller,
    s: DB,
    client: Temporal,
) -> dict[str, str]:
    await seller_acted(s, client, seller.id, token, body.action, idempotency_key)
    return {"status": "accepted"}
