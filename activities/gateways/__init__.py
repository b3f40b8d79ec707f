"""The payment methods' adapters on the activities' side (what `domain.payments.gateways` says each can pay), one
module per way a payment flows, each with the same steps where they apply:
- `card` (`Flow.card`, `Flow.debit`: card, SEPA debit): `charge`, `refresh`, `cancel`, `refund`;
- `paypal` (`Flow.redirect`): `paypal_order`, `paypal_refresh` (the capture), `paypal_cancel`, `paypal_refund`;
- `transfer` (`Flow.transfer`: bank wire, pay later): the buyer's transfer arrives as the bank's event; `refund`.
The checkout and refund activities pick the module by the gateway's flow (`attempts.flow_of`, `attempts.attempt_flow`),
never by a method's name; `attempts.recorded` writes what an attempt's outcome means for its order."""
