"""Seller webhooks: endpoints, the events recorded for them, and every delivery and attempt (issue 24)."""
