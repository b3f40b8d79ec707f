"""The mail outbox: models and actions."""
