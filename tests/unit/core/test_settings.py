"""Outside local and test, Sellflow refuses to start with any secret left at its public default, and names the
variable; the local stack and the tests start with the defaults."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from core.settings import OPTIONAL_SECRET_FIELDS, SECRET_FIELDS, Settings

REAL = {name: f"real-{name}-value-0123456789abcdef0123456789" for name in SECRET_FIELDS}
BASE = {"database_url": "postgresql+psycopg://db/sellflow", **REAL}


def test_production_starts_with_every_secret_set():
    s = Settings(env="production", **BASE)
    assert s.env == "production"


@pytest.mark.parametrize("name", SECRET_FIELDS)
@pytest.mark.parametrize("env", ["production", "staging"])
def test_a_secret_left_at_its_default_refuses_to_start_and_is_named(name: str, env: str):
    values = {k: v for k, v in BASE.items() if k != name}  # this one keeps its default
    with pytest.raises(ValidationError, match=f"SELLFLOW_{name.upper()}"):
        Settings(env=env, **values)


@pytest.mark.parametrize("name", SECRET_FIELDS)
def test_an_empty_secret_refuses_to_start(name: str):
    with pytest.raises(ValidationError, match=f"SELLFLOW_{name.upper()}"):
        Settings(env="production", **{**BASE, name: "  "})


def test_the_bank_and_stripe_webhook_secrets_may_not_keep_the_public_default():
    """The two that fell back to the public default before: anyone could have signed a bank return."""
    values = {k: v for k, v in BASE.items() if k not in ("bank_webhook_secret", "stripe_webhook_secret")}
    with pytest.raises(ValidationError) as e:
        Settings(env="production", **values)
    assert "SELLFLOW_BANK_WEBHOOK_SECRET" in str(e.value) and "SELLFLOW_STRIPE_WEBHOOK_SECRET" in str(e.value)


def test_a_short_jwt_secret_refuses_to_start():
    with pytest.raises(ValidationError, match="SELLFLOW_JWT_SECRET"):
        Settings(env="production", **{**BASE, "jwt_secret": "short"})


@pytest.mark.parametrize("env", ["local", "test"])
def test_the_local_stack_and_the_tests_start_with_the_defaults(env: str):
    assert Settings(env=env).stripe_webhook_secret == "whsec_sellflow_local"


def test_every_secret_looking_setting_is_checked():
    """A new secret setting cannot be forgotten: every field named like a secret or key is in SECRET_FIELDS."""
    looks_secret = {
        n
        for n in Settings.model_fields
        if n.endswith(("_secret", "_api_key", "_secret_key", "secrets_keys", "publishable_key"))
    }
    assert looks_secret <= set(SECRET_FIELDS) | set(OPTIONAL_SECRET_FIELDS)


def test_the_example_secrets_placeholders_refuse_to_start():
    with pytest.raises(ValidationError, match="SELLFLOW_BANK_WEBHOOK_SECRET"):
        Settings(env="production", **{**BASE, "bank_webhook_secret": "CHANGE_ME"})


def test_temporal_cloud_s_api_key_is_optional_but_never_a_placeholder():
    assert Settings(env="production", **BASE).temporal_api_key == ""
    assert Settings(env="production", **{**BASE, "temporal_api_key": "real-key-0123456789"}).temporal_api_key
    with pytest.raises(ValidationError, match="SELLFLOW_TEMPORAL_API_KEY"):
        Settings(env="production", **{**BASE, "temporal_api_key": "CHANGE_ME"})


def test_mtls_needs_its_certificate_and_its_key():
    with pytest.raises(ValidationError, match="SELLFLOW_TEMPORAL_TLS_KEY"):
        Settings(env="production", **{**BASE, "temporal_tls_cert": "/certs/client.pem"})


def test_production_never_lets_webhooks_reach_private_addresses():
    with pytest.raises(ValidationError, match="SELLFLOW_WEBHOOK_ALLOW_PRIVATE"):
        Settings(env="production", **{**BASE, "webhook_allow_private": True})
    assert Settings(env="local", webhook_allow_private=True).webhook_allow_private
