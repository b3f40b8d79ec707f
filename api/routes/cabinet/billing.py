"""`/v1/cabinet/order_rates`, `/v1/cabinet/claims`, `/v1/cabinet/claim_settings` and a recurring order's
subscription: the seller's recurring money (core §2 lists and implied screens). Scoped to the caller's seller;
actions signal the order's Subscription or the rate's Claim workflow."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from api.deps import DB, CurrentSeller, IdempotencyKey, Temporal
from api.lean import ListRoute
from api.listing import CSV_ANSWER, csv_answer, list_openapi, list_params, listed
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
from domain.billing.claims import COURT_STATUSES, ClaimOutcome, ClaimSettings, InkassoStatus
from domain.billing.subscriptions import (
    CancelMode,
)
from domain.errors import DomainError, ErrorCode, invalid
from handles import subscriptions as flow
from services.subscriptions import acted
from store.billing.claims import claim_paused, claim_settings_of, claim_settings_saved
from store.billing.lists import (
    CLAIM_FILTERS,
    CLAIM_LIST,
    ORDER_RATE_FILTERS,
    ORDER_RATE_LIST,
    claims_listed,
    order_rates_listed,
)
from store.billing.subscriptions import claim_of_seller
from store.listing import values_of
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


@router.get("/claims", response_model=ClaimList, openapi_extra=list_openapi(CLAIM_LIST, CLAIM_FILTERS))
async def list_claims(request: Request, seller: CurrentSeller, s: DB) -> Response:
    params = list_params(request)
    sees_court = bool(seller.power_seller)
    asked = params.filters.get("inkasso")
    if asked is not None and not sees_court and set(values_of(asked)) & {str(x) for x in COURT_STATUSES}:
        raise invalid(filters=f"unknown inkasso {', '.join(sorted(str(x) for x in COURT_STATUSES))}")
    rows, total = await claims_listed(s, seller.id, params, sees_court=sees_court)
    return listed(ClaimList, rows, total)


@router.get(
    "/claims/csv",
    response_class=Response,
    openapi_extra=list_openapi(CLAIM_LIST, CLAIM_FILTERS),
    responses=CSV_ANSWER,
)
async def claims_csv(request: Request, seller: CurrentSeller, s: DB) -> Response:
    """The claims the list shows, every page, as CSV."""
    sees_court = bool(seller.power_seller)
    return await csv_answer(
        lambda p: claims_listed(s, seller.id, p, sees_court=sees_court),
        list_params(request),
        ClaimRow,
        "claims.csv",
        money=("amount", "collected"),
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
    claim, token = await claim_of_seller(s, seller.id, claim_id)
    if claim.closed_at is not None:
        raise DomainError(ErrorCode.CONFLICT, "This claim is closed.")
    if body.action == "resolve":
        outcome = (
            ClaimOutcome.manually_resolved_inkasso
            if claim.inkasso not in (InkassoStatus.no, InkassoStatus.not_ready_for_inkasso)
            else ClaimOutcome.manually_resolved_dunning
        )
        await flow.claim_resolved(client, token, claim.rate, outcome.value)
    else:
        if claim.inkasso not in (InkassoStatus.no, InkassoStatus.not_ready_for_inkasso):
            raise DomainError(
                ErrorCode.CONFLICT, "This claim is with the collection agency; dunning is over."
            )
        await flow.claim_paused(client, token, claim.rate, body.action == "pause_dunning")
        claim_paused(claim, body.action == "pause_dunning")
    return {"status": "accepted"}


@router.get("/claim_settings", response_model=ClaimSettingsIO)
async def get_claim_settings(seller: CurrentSeller, s: DB) -> ClaimSettingsIO:
    c = await claim_settings_of(s, seller.id)
    first, second, third = c.stage_days
    return ClaimSettingsIO(strategy=c.strategy, first_days=first, second_days=second, third_days=third)


@router.put("/claim_settings", response_model=ClaimSettingsIO)
async def put_claim_settings(body: ClaimSettingsIO, seller: CurrentSeller, s: DB) -> ClaimSettingsIO:
    """Applies to claims opened from now on; a running claim keeps the settings it opened with."""
    if not body.first_days < body.second_days < body.third_days:
        raise invalid(second_days="the reminders must come in order: first < second < third")
    await claim_settings_saved(
        s, seller.id, ClaimSettings(body.strategy, (body.first_days, body.second_days, body.third_days))
    )
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
    order = await order_of_seller(s, seller.id, token)
    if order.terms is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This order has no subscription.")
    if body.action == "pause":
        await acted(s, order, flow.paused(client, token))
    elif body.action == "resume":
        await acted(s, order, flow.resumed(client, token))
    else:
        mode = CancelMode.now if body.action == "cancel_now" else CancelMode.period_end
        await acted(s, order, flow.canceled(client, token, mode, idempotency_key))
    return {"status": "accepted"}
