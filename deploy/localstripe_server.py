"""Runs localstripe with its store where we want it, and with the few Stripe behaviours the checkout needs.

localstripe pickles its whole store to /tmp/localstripe.pickle after every write. That path is shared by
every stack on the machine and the dump grows with the data, so this runner either keeps the store in a
file of the stack's own (``--store``, for `make run`) or in memory only (tests and benchmarks).

Test-stack plumbing only (production talks to Stripe and loads the real Stripe.js); each patch is what Stripe
does and localstripe 1.15 does not (`_stripe_like`):
- the page's Stripe.js shim gets `createPaymentMethod({type: 'card', card: element, billing_details})`,
  which it leaves empty, and POST /v1/payment_methods takes the publishable key as Stripe.js sends it (only
  that route);
- a PaymentIntent takes `setup_future_usage` (a subscription's first payment sets the card up for renewals);
- a charge's refunds are kept by charge (`REFUNDS`) instead of found by a scan of the whole store;
- Stripe's test card 4000 0025 0000 3155 asks for 3-D Secure until a PaymentIntent with `setup_future_usage`
  succeeded with it, then no more (its renewals go through): localstripe asks on every payment. (A card set up
  by a SetupIntent still asks: localstripe's routes hold its confirm method, so it is left as it is.)
"""

from __future__ import annotations

import argparse
import pickle
import re
import sys
from pathlib import Path
from typing import Any

from aiohttp import web
from localstripe import resources, server

# Stripe.js's createPaymentMethod, written the way the shim writes confirmCardSetup (the card element's
# inputs, then a POST with the publishable key); it answers {paymentMethod} or {error} like Stripe.js.
CREATE_PAYMENT_METHOD_JS = """createPaymentMethod: async (data) => {
      console.log('localstripe: Stripe().createPaymentMethod() (sellflow)');
      try {
        const billing = {...(data.billing_details || {})};
        let card = data.card;
        if (card instanceof Element) {
          billing.address = {...(billing.address || {})};
          billing.address.postal_code = billing.address.postal_code || card.value.postal_code;
          card = card.value.card;
        }
        const response = await fetch(`${LOCALSTRIPE_BASE_API}/v1/payment_methods`, {
          method: 'POST',
          body: JSON.stringify({key: apiKey, type: data.type || 'card', card, billing_details: billing}),
        });
        const body = await response.json().catch(() => ({}));
        if (response.status !== 200 || body.error) {
          return {error: body.error};
        }
        return {paymentMethod: body};
      } catch (err) {
        return {error: err};
      }
    },"""
_SHIM_STUB = "createPaymentMethod: async () => {},"
SET_UP_3DS_CARD = "4000002500003155"
CONFIRM = re.compile(r"/v1/payment_intents/pi_[A-Za-z0-9]+/confirm")
# every charge's refunds: localstripe finds them by scanning its whole store, on every export of every charge
# (its amount_refunded and refunded fields), so each payment got slower as the store grew (a billing storm of
# 10,000 renewals spent 90% of localstripe's CPU there, localstripe then the stack's slowest part); Stripe does not
REFUNDS: dict[str, list[Any]] = {}


# The shim's card element read the expiry year as two digits and put "20" in front, so "2031" became "202031" and
# was refused; as Stripe's own element, it takes "31" and "2031" alike.
_SHIM_EXP_YEAR = "exp_year: '20' + this._inputs.exp_year.value,"
EXP_YEAR_JS = "exp_year: (this._inputs.exp_year.value.trim().length === 4 ? '' : '20') + this._inputs.exp_year.value.trim(),"


def _shim() -> str:
    text = (Path(server.__file__).parent / "localstripe-v3.js").read_text()
    text = text.replace(_SHIM_EXP_YEAR, EXP_YEAR_JS)
    if _SHIM_STUB not in text:  # a localstripe that implements it: keep its own
        return text
    return text.replace(_SHIM_STUB, CREATE_PAYMENT_METHOD_JS)


def _stripe_like() -> None:
    shim = _shim()

    @web.middleware
    async def browser_calls(request: web.Request, handler: Any) -> web.StreamResponse:
        if request.method == "GET" and request.path == "/js.stripe.com/v3/":
            return web.Response(text=shim, content_type="application/javascript")
        if request.method == "POST" and request.path == "/v1/payment_methods":
            data = await server.get_post_data(request, remove_auth=False)
            key = data.get("key") if isinstance(data, dict) else None
            if isinstance(key, str) and key.startswith("pk_"):
                return await handler(request)  # Stripe.js creating a card with the publishable key
        if request.method == "POST" and CONFIRM.fullmatch(request.path):
            return await server.auth_middleware(request, confirm_route)  # the route bound the original
        return await server.auth_middleware(request, handler)

    middlewares = server.app.middlewares
    middlewares[middlewares.index(server.auth_middleware)] = browser_calls

    intent_init = resources.PaymentIntent.__init__

    def intent_with_future_usage(
        self: Any, *args: Any, setup_future_usage: Any = None, **kwargs: Any
    ) -> None:
        if setup_future_usage not in (None, "on_session", "off_session"):
            raise resources.UserError(400, "Bad request")
        intent_init(self, *args, **kwargs)
        self.setup_future_usage = setup_future_usage

    intent_succeeded = resources.PaymentIntent._on_success

    def on_success(self: Any) -> None:
        if getattr(self, "setup_future_usage", None) and self.payment_method:
            card = resources.PaymentMethod._api_retrieve(self.payment_method)
            card._sellflow_set_up = True
            if card.customer is None and self.customer:  # Stripe saves it on the intent's customer
                card.customer = self.customer
        intent_succeeded(self)

    confirm = resources.PaymentIntent._api_confirm.__func__  # type: ignore[attr-defined]

    def confirm_with_card(cls: Any, id: Any, payment_method: Any = None, **kwargs: Any) -> Any:
        """Stripe confirms an intent made without a card with the card given (a prepared checkout intent);
        localstripe answers 500. As Stripe, a card unknown (404) or saved on another customer (400) is refused,
        and a card that cannot be saved declines an intent that saves it (402)."""
        if payment_method is None:
            return confirm(cls, id, **kwargs)
        if not (isinstance(id, str) and id.startswith("pi_") and isinstance(payment_method, str)):
            raise resources.UserError(400, "Bad request")
        intent = cls._api_retrieve(id)
        card = resources.PaymentMethod._api_retrieve(payment_method)  # 404 for a card it does not know
        if card.customer is not None and card.customer != intent.customer:
            raise resources.UserError(
                400, "The provided PaymentMethod was previously attached to a different Customer."
            )
        if intent.status != "requires_payment_method":
            raise resources.UserError(400, "Bad request")
        if getattr(intent, "setup_future_usage", None) and card._attaching_is_declined():
            # a card the bank will not set up for later cannot pay an intent that saves it: a decline
            raise resources.UserError(402, "Your card was declined.", {"code": "card_declined"})
        intent.payment_method = payment_method
        return confirm(cls, id, **kwargs)

    asks = resources.PaymentMethod._requires_authentication

    def requires_authentication(self: Any) -> bool:
        if getattr(self, "_card_number", None) == SET_UP_3DS_CARD and getattr(
            self, "_sellflow_set_up", False
        ):
            return False
        return bool(asks(self))

    refund_init = resources.Refund.__init__

    def refund_indexed(self: Any, *args: Any, **kwargs: Any) -> None:
        refund_init(self, *args, **kwargs)
        REFUNDS.setdefault(self.charge, []).append(self)

    def charge_refunds(self: Any) -> Any:
        li = resources.List("/v1/charges/" + self.id + "/refunds")
        li._list = sorted(REFUNDS.get(self.id, []), key=lambda r: r.date, reverse=True)
        return li

    resources.Refund.__init__ = refund_indexed
    resources.Charge.refunds = property(charge_refunds)
    resources.PaymentIntent.__init__ = intent_with_future_usage
    resources.PaymentIntent._on_success = on_success
    resources.PaymentIntent._api_confirm = classmethod(confirm_with_card)
    confirm_route = server.api_extra(resources.PaymentIntent._api_confirm, "/v1/payment_intents/{id}/confirm")
    resources.PaymentMethod._requires_authentication = requires_authentication


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8420)
    ap.add_argument("--store", default="")
    args = ap.parse_args()
    store_cls = type(resources.store)

    def try_load(self) -> None:
        if not args.store:
            return
        try:
            with open(args.store, "rb") as f:
                self.update(pickle.load(f))
        except FileNotFoundError:
            pass
        for key, obj in self.items():
            if key.startswith("refund:"):
                REFUNDS.setdefault(obj.charge, []).append(obj)

    def dump(self) -> None:
        if args.store:
            with open(args.store, "wb") as f:
                pickle.dump(dict(self), f, protocol=pickle.HIGHEST_PROTOCOL)

    store_cls.try_load_from_disk = try_load
    store_cls.dump_to_disk = dump
    _stripe_like()
    sys.argv = [sys.argv[0], "--port", str(args.port)]
    server.start()


if __name__ == "__main__":
    main()
