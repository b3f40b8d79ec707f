"""Posting seller webhook deliveries to the sellers' own endpoints (issue 24)."""
