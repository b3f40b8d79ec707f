"""Secrets at rest (store/secrets.py): sealed under the newest key, opened under any configured one, so keys rotate;
a value sealed under a dropped key is refused, never returned garbled."""

from __future__ import annotations

import pytest
from cryptography.fernet import Fernet

from core.settings import get_settings
from store import secrets

PEM = "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n"


@pytest.fixture
def keys(monkeypatch):
    def use(*ks: bytes) -> None:
        monkeypatch.setenv("SELLFLOW_SECRETS_KEYS", ",".join(k.decode() for k in ks))
        get_settings.cache_clear()
        secrets.vault.cache_clear()

    yield use
    get_settings.cache_clear()
    secrets.vault.cache_clear()


def test_a_sealed_key_is_not_a_pem_and_opens_to_the_same_pem(keys):
    keys(Fernet.generate_key())
    stored = secrets.sealed(PEM)
    assert not stored.startswith("-----BEGIN") and "PRIVATE KEY" not in stored
    assert secrets.opened(stored) == PEM


def test_keys_rotate_newest_first(keys):
    old, new = Fernet.generate_key(), Fernet.generate_key()
    keys(old)
    under_old = secrets.sealed(PEM)
    keys(new, old)  # a new key in front: old values still open, new ones are sealed under the new key
    assert secrets.opened(under_old) == PEM
    moved = secrets.resealed(under_old)
    keys(new)  # the old key dropped after everything was resealed
    assert secrets.opened(moved) == PEM
    with pytest.raises(secrets.SecretUnreadable):
        secrets.opened(under_old)


def test_a_key_stored_before_sealing_existed_is_read_as_it_is(keys):
    keys(Fernet.generate_key())
    assert secrets.opened(PEM) == PEM


def test_without_configured_keys_one_is_generated_once_into_the_data_folder(monkeypatch, tmp_path, keys):
    monkeypatch.delenv("SELLFLOW_SECRETS_KEYS", raising=False)
    monkeypatch.setenv("SELLFLOW_DATA_DIR", str(tmp_path))
    get_settings.cache_clear()
    secrets.vault.cache_clear()
    stored = secrets.sealed(PEM)
    key_file = tmp_path / "secrets.key"
    assert key_file.exists() and (key_file.stat().st_mode & 0o777) == 0o600
    secrets.vault.cache_clear()  # another process reads the same key
    assert secrets.opened(stored) == PEM
