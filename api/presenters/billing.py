"""A subscription as its seller and its payer see it: its phase, its rates and its open claims."""

from __future__ import annotations

from api.deps import DB
from api.schemas.billing import (
    RateOut,
    SubscriptionOut,
)
from domain.billing.subscriptions import (
    PAYABLE_RATE_STATES,
    SubscriptionPhase,
    card_expires_before,
)
from domain.errors import DomainError, ErrorCode
from domain.orders.orders import OrderRateState, PaymentState
from store.billing.subscriptions import open_claims, rates_of
from store.orders.models import Order


async def subscription_out(s: DB, order: Order) -> SubscriptionOut:
    if order.terms is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This order has no subscription.")
    rates = await rates_of(s, order.id)
    collecting = await open_claims(s, order.id)
    future = [r for r in rates if r.state == OrderRateState.future]
    phase = PHASES.get(order.payment_state)
    if order.payment_state in (PaymentState.paid, PaymentState.payment_chargebacked) and rates and not future:
        phase = SubscriptionPhase.ended
    next_due = future[0].due_on if future and phase == SubscriptionPhase.active else None
    expires = order.renewal_card_expires
    return SubscriptionOut(
        order_token=order.token,
        product_name=order.product_name,
        payment_state=order.payment_state,
        phase=phase,
        currency=order.currency_key,
        rates=[
            RateOut.model_validate(r, from_attributes=True).model_copy(
                update={"payable": r.state in PAYABLE_RATE_STATES and r.number not in collecting}
            )
            for r in rates
        ],
        next_due=next_due,
        next_amount=future[0].amount if next_due is not None else None,
        payments_count=order.terms.get("payments_count"),
        card_brand=order.renewal_card_brand,
        card_last4=order.renewal_card_last4,
        card_expires=expires,
        card_expiring=bool(expires and next_due and card_expires_before(expires, next_due.isoformat())),
    )


PHASES = {
    PaymentState.paying: SubscriptionPhase.active,
    PaymentState.payment_paused: SubscriptionPhase.paused,
    PaymentState.payment_canceled: SubscriptionPhase.ended,
}
