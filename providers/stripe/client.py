"""The card provider behind small interfaces (`PaymentIntents` for the payment steps, `CardGateway` for all of
it), implemented with the official `stripe` SDK.

Every call that creates something carries an idempotency key built from a business key. localstripe
ignores `Idempotency-Key`, so callers also make each step idempotent on Sellflow's side (the order's
PaymentIntent is recorded before it is confirmed, and found again on any retry).

Stripe's vocabulary stays here: a PaymentIntent's status is mapped to Sellflow's `PayOutcome` (`outcome_of`),
and the SDK's errors to `ProviderDeclined` (the buyer's card was refused) and `ProviderRefused` (any other 4xx).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, TypeVar

import stripe

from core.settings import get_settings
from domain.keys import customer_key, setup_intent_key
from domain.orders.checkout import PayOutcome
from providers.ratelimit import RateLimiter
from providers.stripe.errors import ProviderDeclined, ProviderRefused

T = TypeVar("T")

# PaymentIntent statuses (https://docs.stripe.com/payments/paymentintents/lifecycle) in Sellflow's words.
_OUTCOMES = {
    "succeeded": PayOutcome.succeeded,
    "processing": PayOutcome.processing,
    "requires_action": PayOutcome.requires_action,
    "requires_confirmation": PayOutcome.requires_action,
}


_UNUSABLE = "This card cannot be used for this order. Please enter it again."


def outcome_of(status: str) -> PayOutcome:
    """Any status not listed (requires_payment_method after a decline, canceled, …) is a failed attempt."""
    return _OUTCOMES.get(status, PayOutcome.failed)


@dataclass(frozen=True)
class SepaMandate:
    """How the buyer accepted a SEPA Direct Debit mandate: online, from this address and browser."""

    ip_address: str
    user_agent: str


@dataclass(frozen=True)
class CardFacts:
    """What the payer recognises a saved card by: its brand, last four digits and expiry month ("YYYY-MM")."""

    brand: str
    last4: str
    expires: str | None


@dataclass(frozen=True)
class Intent:
    id: str
    status: str  # the provider's own status, kept for its record; callers decide on `outcome`
    client_secret: str | None
    error_message: str | None
    amount: int
    currency: str
    metadata: dict[str, str] = field(default_factory=dict)

    @property
    def outcome(self) -> PayOutcome:
        return outcome_of(self.status)

    @property
    def needs_confirmation(self) -> bool:
        return self.status == "requires_confirmation"

    @property
    def canceled(self) -> bool:
        return self.status == "canceled"

    @classmethod
    def declined(cls, intent_id: str, message: str, amount: int, currency: str) -> Intent:
        """An intent whose confirmation the card refused: it waits for another payment method."""
        return cls(intent_id, "requires_payment_method", None, message, amount, currency)


class PaymentIntents(Protocol):
    """What a payment step asks of the card provider (the checkout activities take this; tests pass fakes)."""

    async def create_payment_intent(
        self,
        *,
        order_token: str,
        attempt: int,
        amount: int,
        currency: str,
        customer_id: str,
        payment_method: str,
        idempotency_key: str,
        save_for_later: bool = False,
        sepa: bool = False,
    ) -> Intent: ...
    async def confirm_payment_intent(
        self,
        intent_id: str,
        idempotency_key: str,
        mandate: SepaMandate | None = None,
        payment_method: str | None = None,
    ) -> Intent: ...
    async def retrieve_payment_intent(self, intent_id: str) -> Intent: ...
    async def cancel_payment_intent(self, intent_id: str, idempotency_key: str) -> Intent: ...


class CheckoutIntents(PaymentIntents, Protocol):
    """What the checkout asks: the payment steps, and the card a SetupIntent saved (an order whose first rate is
    deferred is not charged at checkout)."""

    async def setup_payment_method(self, setup_intent_id: str) -> str | None: ...
    async def prepare_payment_intent(
        self, *, order_token: str, amount: int, currency: str, customer_id: str, idempotency_key: str
    ) -> Intent: ...
    async def confirm_off_session(self, intent_id: str, idempotency_key: str) -> Intent: ...
    async def attach_payment_method(
        self, payment_method: str, customer_id: str, idempotency_key: str
    ) -> None: ...


class RenewalIntents(PaymentIntents, Protocol):
    """What a renewal charge asks of the card provider: the payment steps, confirmed off-session."""

    async def confirm_off_session(self, intent_id: str, idempotency_key: str) -> Intent: ...
    async def card_expiry(self, payment_method: str) -> str | None: ...
    async def card_facts(self, payment_method: str) -> CardFacts | None: ...


class CardGateway(RenewalIntents, CheckoutIntents, Protocol):
    """Everything Sellflow asks of a card provider: the payment steps, and the customer and SetupIntent that the
    checkout page needs before a card is entered. Local stand-ins implement the same calls."""

    async def create_customer(self, email: str, name: str) -> str: ...
    async def create_sepa_method(self, iban: str, holder: str, email: str, idempotency_key: str) -> str: ...
    async def create_setup_intent(
        self, customer_id: str, order_token: str, n: int = 1
    ) -> tuple[str, str]: ...


def _intent(pi: stripe.PaymentIntent) -> Intent:
    last_error = getattr(pi, "last_payment_error", None)
    err = last_error.to_dict() if last_error is not None else None
    return Intent(
        id=pi.id,
        status=pi.status,
        client_secret=getattr(pi, "client_secret", None),
        error_message=(err.get("message") if err else None),
        amount=pi.amount,
        currency=pi.currency,
        metadata=pi.metadata.to_dict() if getattr(pi, "metadata", None) else {},
    )


@lru_cache(maxsize=1)
def _limiter() -> RateLimiter:
    """This process's share of the provider's request rate (`SELLFLOW_STRIPE_MAX_RPS`, 0: no limit)."""
    return RateLimiter(get_settings().stripe_max_rps)


async def _call(request: Callable[[], Awaitable[T]]) -> T:
    """A provider call within the rate limit: a 4xx other than a card decline is `ProviderRefused` (never worth
    retrying)."""
    await _limiter().acquire()
    try:
        return await request()
    except stripe.CardError:
        raise
    except stripe.StripeError as e:
        if e.http_status and 400 <= e.http_status < 500:
            raise ProviderRefused(e.user_message or str(e), e.http_status) from e
        raise


class StripeGateway:
    def __init__(self, client: stripe.StripeClient) -> None:
        self.client = client

    @classmethod
    def from_settings(cls) -> StripeGateway:
        s = get_settings()
        return cls(
            stripe.StripeClient(
                s.stripe_secret_key,
                base_addresses={"api": s.stripe_api_base},
                http_client=stripe.HTTPXClient(),
                max_network_retries=0,  # retries belong to the activity retry policy
            )
        )

    async def create_customer(self, email: str, name: str) -> str:
        c = await _call(
            lambda: self.client.v1.customers.create_async(
                params={"email": email, "name": name},
                options={"idempotency_key": customer_key(email)},
            )
        )
        return c.id

    async def create_sepa_method(self, iban: str, holder: str, email: str, idempotency_key: str) -> str:
        """A SEPA Direct Debit payment method from the IBAN the buyer typed on the checkout page (an IBAN is not
        card data: it may pass through the server)."""
        pm = await _call(
            lambda: self.client.v1.payment_methods.create_async(
                params={
                    "type": "sepa_debit",
                    "sepa_debit": {"iban": iban},
                    "billing_details": {"name": holder, "email": email},
                },
                options={"idempotency_key": idempotency_key},
            )
        )
        return pm.id

    async def create_setup_intent(self, customer_id: str, order_token: str, n: int = 1) -> tuple[str, str]:
        """The order's n-th SetupIntent (another card on the same checkout page gets the next one)."""
        key = setup_intent_key(order_token, n)
        params: Any = {
            "customer": customer_id,
            "usage": "off_session",
            "metadata": {"order_token": order_token},
        }
        si = await _call(
            lambda: self.client.v1.setup_intents.create_async(params=params, options={"idempotency_key": key})
        )
        return si.id, si.client_secret or ""

    async def create_payment_intent(
        self,
        *,
        order_token: str,
        attempt: int,
        amount: int,
        currency: str,
        customer_id: str,
        payment_method: str,
        idempotency_key: str,
        save_for_later: bool = False,
        sepa: bool = False,
    ) -> Intent:
        """`save_for_later`: the card is also set up for the charges to come while the payer is away (a
        subscription's first payment), so its one 3-D Secure challenge covers the renewals too. `sepa`: the
        payment method is a SEPA Direct Debit (it settles days later: `processing` until then)."""
        params: Any = {
            "amount": amount,
            "currency": currency,
            "customer": customer_id,
            "payment_method": payment_method,
            "metadata": {"order_token": order_token, "attempt": str(attempt)},
        }
        if sepa:
            params["payment_method_types"] = ["sepa_debit"]
        if save_for_later:
            params["setup_future_usage"] = "off_session"
        pi = await _call(
            lambda: self.client.v1.payment_intents.create_async(
                params=params, options={"idempotency_key": idempotency_key}
            )
        )
        return _intent(pi)

    async def prepare_payment_intent(
        self, *, order_token: str, amount: int, currency: str, customer_id: str, idempotency_key: str
    ) -> Intent:
        """The checkout's card PaymentIntent, made when the page opens (Stripe's guidance: paying is then one
        confirm). No card yet; the card that pays it is saved on the payer's customer (`setup_future_usage`) for
        the rates and the one-click offers to come."""
        params: Any = {
            "amount": amount,
            "currency": currency,
            "customer": customer_id,
            "setup_future_usage": "off_session",
            "payment_method_types": ["card"],
            "metadata": {"order_token": order_token, "attempt": "1"},
        }
        pi = await _call(
            lambda: self.client.v1.payment_intents.create_async(
                params=params, options={"idempotency_key": idempotency_key}
            )
        )
        return _intent(pi)

    async def confirm_payment_intent(
        self,
        intent_id: str,
        idempotency_key: str,
        mandate: SepaMandate | None = None,
        payment_method: str | None = None,
    ) -> Intent:
        """`mandate`: the buyer's acceptance of a SEPA Direct Debit mandate on the checkout page, which Stripe
        keeps as the mandate (localstripe takes none: the stack sets `stripe_mandate_data` false).
        `payment_method`: the card that pays a prepared intent; the provider refuses a card saved on another
        customer or none it knows, which the buyer reads as an unusable card."""
        params: Any = {"payment_method": payment_method} if payment_method else {}
        if mandate is not None and get_settings().stripe_mandate_data:
            params["mandate_data"] = {
                "customer_acceptance": {
                    "type": "online",
                    "online": {"ip_address": mandate.ip_address, "user_agent": mandate.user_agent},
                }
            }
        try:
            pi = await _call(
                lambda: self.client.v1.payment_intents.confirm_async(
                    intent_id, params=params, options={"idempotency_key": idempotency_key}
                )
            )
        except stripe.CardError as e:
            raise ProviderDeclined(e.user_message or str(e), e.code, intent_id) from e
        except ProviderRefused as e:
            if payment_method and e.status in (400, 404):  # another payer's card, or no card it knows
                raise ProviderDeclined(_UNUSABLE, "payment_method_unusable", intent_id) from e
            raise
        return _intent(pi)

    async def retrieve_payment_intent(self, intent_id: str) -> Intent:
        return _intent(await _call(lambda: self.client.v1.payment_intents.retrieve_async(intent_id)))

    async def confirm_off_session(self, intent_id: str, idempotency_key: str) -> Intent:
        """A renewal, charged while the payer is away (`off_session`, so the bank applies the exemptions of a
        merchant-initiated payment). A decline carries Stripe's decline code, which decides on retries."""
        params: Any = {"off_session": True} if get_settings().stripe_confirm_off_session else {}
        try:
            pi = await _call(
                lambda: self.client.v1.payment_intents.confirm_async(
                    intent_id, params=params, options={"idempotency_key": idempotency_key}
                )
            )
        except stripe.CardError as e:
            code = getattr(e.error, "decline_code", None) if e.error else None
            raise ProviderDeclined(e.user_message or str(e), code or e.code, intent_id) from e
        return _intent(pi)

    async def card_expiry(self, payment_method: str) -> str | None:
        """The month a saved card expires ("YYYY-MM"); None for a payment method without an expiry, or when the
        provider cannot say now (asked again on the next load: a reminder is a courtesy, never a blocker)."""
        facts = await self.card_facts(payment_method)
        return facts.expires if facts else None

    async def card_facts(self, payment_method: str) -> CardFacts | None:
        """The saved card's brand, last four digits and expiry; None when it is not a card or the provider cannot
        say now."""
        try:
            pm = await _call(lambda: self.client.v1.payment_methods.retrieve_async(payment_method))
        except (ProviderRefused, stripe.StripeError):
            return None
        card = getattr(pm, "card", None)
        if card is None:
            return None
        month, year = getattr(card, "exp_month", None), getattr(card, "exp_year", None)
        expires = (
            f"{year:04d}-{month:02d}"
            if isinstance(month, int) and isinstance(year, int) and 1 <= month <= 12
            else None
        )
        brand, last4 = str(getattr(card, "brand", "") or "")[:20], str(getattr(card, "last4", "") or "")[:4]
        return CardFacts(brand=brand or "card", last4=last4, expires=expires)

    async def setup_payment_method(self, setup_intent_id: str) -> str | None:
        """The card a SetupIntent saved (None until it succeeded)."""
        si = await _call(lambda: self.client.v1.setup_intents.retrieve_async(setup_intent_id))
        if si.status != "succeeded":
            return None
        pm = si.payment_method
        return pm if isinstance(pm, str) else getattr(pm, "id", None)

    async def attach_payment_method(
        self, payment_method: str, customer_id: str, idempotency_key: str
    ) -> None:
        """Save a card the checkout page created (`createPaymentMethod`, no SetupIntent) on the order's customer,
        as the SetupIntent did before: the renewals charge it with that customer. A card already on this
        customer is left alone (a retry, or a card the SetupIntent saved); a card the bank refuses is
        `ProviderDeclined`, and so are an unknown card and a card saved on another customer (never moved
        between payers)."""
        try:
            pm = await _call(lambda: self.client.v1.payment_methods.retrieve_async(payment_method))
        except ProviderRefused as e:
            if e.status != 404:
                raise
            raise ProviderDeclined(_UNUSABLE, "payment_method_unusable") from e
        owner = pm.customer if isinstance(pm.customer, str) or pm.customer is None else pm.customer.id
        if owner == customer_id:
            return
        if owner is not None:
            raise ProviderDeclined(_UNUSABLE, "payment_method_unusable")
        try:
            await _call(
                lambda: self.client.v1.payment_methods.attach_async(
                    payment_method,
                    params={"customer": customer_id},
                    options={"idempotency_key": idempotency_key},
                )
            )
        except stripe.CardError as e:
            raise ProviderDeclined(e.user_message or str(e), e.code) from e

    async def cancel_payment_intent(self, intent_id: str, idempotency_key: str) -> Intent:
        """Cancel an intent that still waits (for 3-D Secure, say). If it moved on meanwhile, Stripe refuses and
        the intent's real state is returned instead: a payment that succeeded is never thrown away."""
        try:
            pi = await self.client.v1.payment_intents.cancel_async(
                intent_id, options={"idempotency_key": idempotency_key}
            )
        except stripe.InvalidRequestError:
            return await self.retrieve_payment_intent(intent_id)
        return _intent(pi)


@lru_cache(maxsize=1)
def gateway() -> CardGateway:
    """The process's gateway, built from the settings on first use (the API's SetupIntent, the worker). Typed as
    the interface, so mypy checks that the Stripe adapter implements all of it."""
    return StripeGateway.from_settings()
