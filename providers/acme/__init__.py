"""Certificates from an ACME certificate authority (Let's Encrypt in production, Debian's `pebble` locally)."""
