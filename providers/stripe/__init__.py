"""Stripe, through the official SDK: PaymentIntents and SetupIntents (`client`), webhook verification
(`webhooks`) and what the provider can refuse (`errors`)."""
