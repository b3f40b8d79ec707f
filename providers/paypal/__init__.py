"""PayPal: orders approved by the buyer at PayPal and captured by Sellflow, refunds and webhooks, through PayPal's
official server SDK (`paypal-server-sdk`); locally against the stand-in `deploy/paypal_provider.py`."""
