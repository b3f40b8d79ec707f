"""PayPal's Orders v2 and Payments v2 through its official server SDK: an order the buyer approves at PayPal, its
capture (the money moves), a refund of a capture, and the check of a webhook's signature. Every call that moves
money carries `PayPal-Request-Id`, a key built from a business key, so a retry is the same call. The SDK is
synchronous: each call runs in a worker thread."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

import httpx
from paypalserversdk.configuration import Environment, Server
from paypalserversdk.exceptions.error_exception import ErrorException
from paypalserversdk.http.auth.o_auth_2 import ClientCredentialsAuthCredentials
from paypalserversdk.models.amount_with_breakdown import AmountWithBreakdown
from paypalserversdk.models.checkout_payment_intent import CheckoutPaymentIntent
from paypalserversdk.models.money import Money
from paypalserversdk.models.order_request import OrderRequest
from paypalserversdk.models.payment_source import PaymentSource
from paypalserversdk.models.paypal_wallet import PaypalWallet
from paypalserversdk.models.paypal_wallet_experience_context import PaypalWalletExperienceContext
from paypalserversdk.models.purchase_unit_request import PurchaseUnitRequest
from paypalserversdk.models.refund_request import RefundRequest
from paypalserversdk.paypal_serversdk_client import PaypalServersdkClient

from core.settings import get_settings
from domain.money import decimal_text

LIVE = "https://api-m.paypal.com"
SANDBOX = "https://api-m.sandbox.paypal.com"


class PayPalRefused(Exception):
    """PayPal answered with an error: its issue (e.g. INSTRUMENT_DECLINED, ORDER_NOT_APPROVED) and message."""

    def __init__(self, issue: str, message: str, status: int = 0) -> None:
        super().__init__(f"{issue}: {message}")
        self.issue, self.message, self.status = issue, message, status


@dataclass(frozen=True)
class PayPalOrder:
    id: str
    status: str  # PayPal's: CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, VOIDED
    approve_url: str | None
    capture_id: str | None = None
    capture_status: str | None = None
    payer_email: str | None = None


class PayPalPayments(Protocol):
    """What Sellflow asks of PayPal (the checkout and refund activities take this; a stand-in answers locally)."""

    async def create_order(
        self,
        *,
        order_token: str,
        amount: int,
        currency: str,
        return_url: str,
        cancel_url: str,
        request_id: str,
    ) -> PayPalOrder: ...
    async def get_order(self, order_id: str) -> PayPalOrder: ...
    async def capture(self, order_id: str, request_id: str) -> PayPalOrder: ...
    async def refund(self, capture_id: str, amount: int, currency: str, request_id: str) -> str: ...
    async def webhook_verified(self, headers: dict[str, str], event: dict[str, Any]) -> bool: ...


def _order(o: Any) -> PayPalOrder:
    links = {link.rel: link.href for link in (o.links or [])}
    capture = None
    for unit in o.purchase_units or []:
        payments = getattr(unit, "payments", None)
        for c in (getattr(payments, "captures", None) or []) if payments else []:
            capture = c
    payer = getattr(o, "payer", None)
    return PayPalOrder(
        id=o.id,
        status=str(o.status),
        approve_url=links.get("payer-action") or links.get("approve"),
        capture_id=capture.id if capture else None,
        capture_status=str(capture.status) if capture else None,
        payer_email=getattr(payer, "email_address", None) if payer else None,
    )


def _refused(e: ErrorException) -> PayPalRefused:
    issue = next((d.issue for d in (e.details or []) if getattr(d, "issue", None)), None)
    return PayPalRefused(issue or str(e.name or "ERROR"), str(e.message or e.reason), e.response_code)


class PayPalGateway:
    def __init__(
        self, client: PaypalServersdkClient, base: str, client_id: str, secret: str, webhook_id: str
    ) -> None:
        self.client, self.base, self.webhook_id = client, base, webhook_id
        self._auth = (client_id, secret)

    @classmethod
    def from_settings(cls) -> PayPalGateway:
        s = get_settings()
        env = Environment.PRODUCTION if s.paypal_api_base == LIVE else Environment.SANDBOX
        client = PaypalServersdkClient(
            client_credentials_auth_credentials=ClientCredentialsAuthCredentials(
                o_auth_client_id=s.paypal_client_id, o_auth_client_secret=s.paypal_client_secret
            ),
            environment=env,
            timeout=20,
        )
        if s.paypal_api_base not in (LIVE, SANDBOX):  # the local stand-in (or a proxy) at its own address
            client.config.environments = {env: {Server.DEFAULT: s.paypal_api_base}}
        return cls(client, s.paypal_api_base, s.paypal_client_id, s.paypal_client_secret, s.paypal_webhook_id)

    async def _call(self, work: Any) -> Any:
        try:
            return (await asyncio.to_thread(work)).body
        except ErrorException as e:
            raise _refused(e) from e

    async def create_order(
        self,
        *,
        order_token: str,
        amount: int,
        currency: str,
        return_url: str,
        cancel_url: str,
        request_id: str,
    ) -> PayPalOrder:
        body = OrderRequest(
            intent=CheckoutPaymentIntent.CAPTURE,
            purchase_units=[
                PurchaseUnitRequest(
                    reference_id=order_token,
                    custom_id=order_token,
                    amount=AmountWithBreakdown(
                        currency_code=currency.upper(), value=decimal_text(amount, currency)
                    ),
                )
            ],
            payment_source=PaymentSource(
                paypal=PaypalWallet(
                    experience_context=PaypalWalletExperienceContext(
                        return_url=return_url, cancel_url=cancel_url
                    )
                )
            ),
        )
        o = await self._call(
            lambda: self.client.orders.create_order({"body": body, "paypal_request_id": request_id})
        )
        return _order(o)

    async def get_order(self, order_id: str) -> PayPalOrder:
        return _order(await self._call(lambda: self.client.orders.get_order({"id": order_id})))

    async def capture(self, order_id: str, request_id: str) -> PayPalOrder:
        """The approved order's money moves; a second capture of a captured order answers the order as it is."""
        try:
            o = await self._call(
                lambda: self.client.orders.capture_order(
                    {"id": order_id, "paypal_request_id": request_id, "prefer": "return=representation"}
                )
            )
        except PayPalRefused as e:
            if e.issue == "ORDER_ALREADY_CAPTURED":
                return await self.get_order(order_id)
            raise
        return _order(o)

    async def refund(self, capture_id: str, amount: int, currency: str, request_id: str) -> str:
        body = RefundRequest(
            amount=Money(currency_code=currency.upper(), value=decimal_text(amount, currency))
        )
        r = await self._call(
            lambda: self.client.payments.refund_captured_payment(
                {"capture_id": capture_id, "body": body, "paypal_request_id": request_id}
            )
        )
        return str(r.id)

    async def webhook_verified(self, headers: dict[str, str], event: dict[str, Any]) -> bool:
        """PayPal's `verify-webhook-signature` for this transmission (not in the server SDK: asked directly with
        an OAuth token of the same credentials)."""
        h = {k.lower(): v for k, v in headers.items()}
        need = ("paypal-transmission-id", "paypal-transmission-time", "paypal-transmission-sig")
        if not all(h.get(k) for k in need):
            return False
        async with httpx.AsyncClient(base_url=self.base, timeout=15) as c:
            t = await c.post("/v1/oauth2/token", data={"grant_type": "client_credentials"}, auth=self._auth)
            if t.status_code != 200:
                return False
            r = await c.post(
                "/v1/notifications/verify-webhook-signature",
                json={
                    "auth_algo": h.get("paypal-auth-algo", ""),
                    "cert_url": h.get("paypal-cert-url", ""),
                    "transmission_id": h["paypal-transmission-id"],
                    "transmission_sig": h["paypal-transmission-sig"],
                    "transmission_time": h["paypal-transmission-time"],
                    "webhook_id": self.webhook_id,
                    "webhook_event": event,
                },
                headers={"Authorization": f"Bearer {t.json()['access_token']}"},
            )
        return r.status_code == 200 and r.json().get("verification_status") == "SUCCESS"


@lru_cache
def paypal() -> PayPalPayments:
    return PayPalGateway.from_settings()
