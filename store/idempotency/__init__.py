"""Idempotent requests: a POST's answer kept under the caller's `Idempotency-Key` (as Stripe's API does)."""
