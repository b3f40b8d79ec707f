"""The payment methods' adapters on the activities' side (what `domain.payments.gateways` says each can pay):
how a method's payment starts, is confirmed and is captured at its provider, recorded per attempt."""
