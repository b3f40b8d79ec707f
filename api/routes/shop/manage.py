"""`/v1/shop/{username}/payment/{token}/manage`: the payer's page of a recurring order (the order token is the
payer's key, as on the thank-you page): its rates and what is due next, another card for the rates to come
(charged at once for a rate in dunning), and cancellation at the period's end."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import DB, IdempotencyKey, Temporal
from api.presenters.billing import subscription_out
from api.schemas.billing import ManageSetup, PaymentMethodIn, RatePayOut, SubscriptionOut
from api.schemas.fields import Id
from domain.errors import DomainError, ErrorCode, invalid
from domain.subscriptions import CancelMode, RatePaymentInput
from handles import subscriptions as flow
from handles.subscriptions import rate_payment
from providers.stripe.client import gateway
from store.billing.subscriptions import rate_owed, renewal_method_changed
from store.db import session
from store.orders.actions import setup_intent_recorded, setup_renewed
from store.orders.models import Order
from store.orders.queries import order_in_shop

router = APIRouter()
BASE = "/{username}/payment/{token}/manage"


async def _recurring(s: DB, username: str, token: str) -> Order:
    order = await order_in_shop(s, username, token)
    if order.terms is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This order has no subscription.")
    return order


@router.get(BASE, response_model=SubscriptionOut)
async def manage_page(username: str, token: str, s: DB) -> SubscriptionOut:
    return await subscription_out(s, await _recurring(s, username, token))


@router.post(f"{BASE}/setup_intent", response_model=ManageSetup, status_code=201)
async def manage_setup_intent(username: str, token: str, s: DB) -> ManageSetup:
    """A SetupIntent for another card, on the payer's customer at the provider."""
    order = await _recurring(s, username, token)
    n = await setup_renewed(s, order)
    si_id, secret = await gateway().create_setup_intent(order.provider_customer_id or "", token, n)
    setup_intent_recorded(order, si_id)
    return ManageSetup(setup_intent_client_secret=secret)


@router.post(f"{BASE}/payment_method", response_model=SubscriptionOut)
async def manage_payment_method(
    idempotency_key: IdempotencyKey, username: str, token: str, body: PaymentMethodIn, s: DB, client: Temporal
) -> SubscriptionOut:
    """The new card pays the rates to come; an open claim charges it at once."""
    order = await _recurring(s, username, token)
    saved = await gateway().setup_payment_method(order.setup_intent_id) if order.setup_intent_id else None
    if saved != body.payment_method:  # only the card this page's latest SetupIntent saved
        raise invalid(payment_method="is not the card just saved on this page")
    async with session() as own:  # committed before the claims are told: they read the new card
        await renewal_method_changed(own, order.token, body.payment_method)
    try:
        await flow.card_changed(client, token)
    except DomainError:
        pass  # the subscription has ended: the card is kept, nothing is due
    await s.refresh(order)
    return await subscription_out(s, order)


@router.post(f"{BASE}/rates/{{rate}}/pay", response_model=RatePayOut)
async def manage_pay_rate(
    idempotency_key: IdempotencyKey, username: str, token: str, rate: Id, s: DB, client: Temporal
) -> RatePayOut:
    """The payer pays a past-due rate that no claim collects any more (a debt, or what the agency did not
    collect) with the saved card; a declined card answers with the provider's reason."""
    order = await _recurring(s, username, token)
    owed = await rate_owed(s, RatePaymentInput(token, rate))
    if owed.reason is not None:
        code = ErrorCode.NOT_FOUND if owed.missing else ErrorCode.CONFLICT
        raise DomainError(code, owed.reason)
    if owed.amount <= 0:
        raise DomainError(ErrorCode.CONFLICT, "This rate is paid.")
    result = await rate_payment(client, token, rate, order.seller_id)
    s.expunge_all()  # the workflow changed the rows this request read: read them again
    return RatePayOut(
        paid=result.paid,
        amount=result.amount,
        message=result.message,
        subscription=await subscription_out(s, await _recurring(s, username, token)),
    )


@router.post(f"{BASE}/cancel", status_code=202)
async def manage_cancel(
    username: str, token: str, s: DB, client: Temporal, idempotency_key: IdempotencyKey
) -> dict[str, str]:
    """The payer cancels: no further charge; access lasts until the period ends."""
    await _recurring(s, username, token)
    await flow.canceled(client, token, CancelMode.period_end, idempotency_key)
    return {"status": "accepted"}
