"""`/v1/shop/{username}/payment/{token}/manage`: the payer's page of a recurring order (the order token is the
payer's key, as on the thank-you page): its rates and what is due next, another card for the rates to come
(charged at once for a rate in dunning), and cancellation at the period's end."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, IdempotencyKey, Temporal
from api.presenters.billing import subscription_out
from api.schemas.billing import ManageSetup, PaymentMethodIn, RatePayOut, SubscriptionOut
from api.schemas.fields import Id
from services import subscriptions

router = APIRouter()
BASE = "/{username}/payment/{token}/manage"


@router.get(BASE, response_model=SubscriptionOut)
async def manage_page(username: str, token: str, s: DB) -> SubscriptionOut:
    return await subscription_out(s, await subscriptions.recurring(s, username, token))


@router.post(f"{BASE}/setup_intent", response_model=ManageSetup, status_code=201)
async def manage_setup_intent(username: str, token: str, s: DB) -> ManageSetup:
    """A SetupIntent for another card, on the payer's customer at the provider."""
    return ManageSetup(setup_intent_client_secret=await subscriptions.another_card(s, username, token))


@router.post(f"{BASE}/payment_method", response_model=SubscriptionOut)
async def manage_payment_method(
    idempotency_key: IdempotencyKey, username: str, token: str, body: PaymentMethodIn, s: DB, client: Temporal
) -> SubscriptionOut:
    """The new card pays the rates to come; an open claim charges it at once."""
    order = await subscriptions.card_saved(s, client, username, token, body.payment_method)
    return await subscription_out(s, order)


@router.post(f"{BASE}/rates/{{rate}}/pay", response_model=RatePayOut)
async def manage_pay_rate(
    idempotency_key: IdempotencyKey, username: str, token: str, rate: Id, s: DB, client: Temporal
) -> RatePayOut:
    """The payer pays a past-due rate that no claim collects any more (a debt, or what the agency did not
    collect) with the saved card; a declined card answers with the provider's reason."""
    paid = await subscriptions.pay_rate(s, client, username, token, rate)
    return RatePayOut(
        paid=paid.result.paid,
        amount=paid.result.amount,
        message=paid.result.message,
        subscription=await subscription_out(s, paid.order),
    )


@router.post(f"{BASE}/cancel", status_code=202)
async def manage_cancel(
    username: str, token: str, s: DB, client: Temporal, idempotency_key: IdempotencyKey
) -> dict[str, str]:
    """The payer cancels: no further charge; access lasts until the period ends."""
    await subscriptions.cancel(s, client, username, token, idempotency_key)
    return {"status": "accepted"}
