"""Provider webhook events as received: models and actions."""
