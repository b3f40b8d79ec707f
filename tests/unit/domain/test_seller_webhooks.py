"""Seller webhooks' pure rules: the signature a receiver checks, which answers are tried again, which addresses
and URLs an endpoint may have, and the retry schedule."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from domain.seller_webhooks import (
    ATTEMPTS_MAX,
    RETRY_MINUTES,
    Outcome,
    address_allowed,
    endpoint_url_error,
    event_body,
    new_secret,
    outcome_of,
    retry_delay_s,
    signature,
    verified,
)

BODY = event_body("evt_1", "order.paid", "2026-11-26T10:00:00+00:00", {"order": "abc", "amount": 4900})


def test_the_signature_is_an_hmac_of_the_timestamp_and_the_raw_body_as_the_docs_say():
    secret = new_secret()
    header = signature(secret, 1_764_000_000, BODY)
    t, v1 = (part.split("=", 1)[1] for part in header.split(","))
    # docs/WEBHOOKS.md's snippet, written out
    assert hmac.compare_digest(
        v1, hmac.new(secret.encode(), f"{t}.".encode() + BODY, hashlib.sha256).hexdigest()
    )
    assert verified(secret, header, BODY, now=1_764_000_100)


def test_a_changed_body_another_secret_or_an_old_timestamp_does_not_verify():
    secret = new_secret()
    header = signature(secret, 1_764_000_000, BODY)
    assert not verified(secret, header, BODY.replace(b"4900", b"1"), now=1_764_000_000)
    assert not verified(new_secret(), header, BODY, now=1_764_000_000)
    assert not verified(secret, header, BODY, now=1_764_000_000 + 301)  # a captured delivery replayed later
    assert not verified(secret, "v1=" + header.split("v1=")[1], BODY, now=1_764_000_000)  # no timestamp
    assert not verified(secret, "t=x,v1=y", BODY, now=0)


def test_the_body_is_the_same_bytes_every_time_and_names_the_event():
    again = event_body("evt_1", "order.paid", "2026-11-26T10:00:00+00:00", {"amount": 4900, "order": "abc"})
    assert again == BODY
    assert json.loads(BODY) == {
        "id": "evt_1",
        "type": "order.paid",
        "created_at": "2026-11-26T10:00:00+00:00",
        "data": {"order": "abc", "amount": 4900},
    }


@pytest.mark.parametrize(
    ("status", "outcome"),
    [
        (200, Outcome.delivered),
        (204, Outcome.delivered),
        (500, Outcome.retry),
        (503, Outcome.retry),
        (None, Outcome.retry),  # a timeout or a refused connection
        (408, Outcome.retry),
        (429, Outcome.retry),
        (400, Outcome.refused),
        (401, Outcome.refused),
        (404, Outcome.refused),
        (410, Outcome.refused),
        (301, Outcome.refused),  # a redirect is not followed
    ],
)
def test_only_server_errors_timeouts_and_throttling_are_tried_again(status, outcome):
    assert outcome_of(status) == outcome


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",  # the cloud's metadata service
        "100.64.0.1",  # shared address space
        "0.0.0.0",
        "::1",
        "fe80::1",
        "fc00::1",
        "::ffff:127.0.0.1",  # loopback mapped into IPv6
        "224.0.0.1",
        "not an address",
    ],
)
def test_no_private_loopback_or_reserved_address_may_be_reached(address):
    assert not address_allowed(address)


@pytest.mark.parametrize("address", ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c", "1.1.1.1"])
def test_public_addresses_may_be_reached(address):
    assert address_allowed(address)


@pytest.mark.parametrize(
    ("url", "error"),
    [
        ("https://hooks.example.com/sellflow", None),
        ("http://127.0.0.1:9000/in", None),  # allowed as a URL; the address is checked when sending
        ("https://müller.de/hook", None),
        ("ftp://example.com/x", "webhook_url_invalid"),
        ("javascript:alert(1)", "webhook_url_invalid"),
        ("https://", "webhook_url_invalid"),
        ("https://user:pw@example.com/", "webhook_url_invalid"),
        ("https://example.com/a b", "webhook_url_invalid"),
        ("https://example.com:99999/", "webhook_url_invalid"),
        ("https://exa mple.com/", "webhook_url_invalid"),
        ("https://example.com/#frag", "webhook_url_invalid"),
        ("https://☃️.com/", "webhook_url_invalid"),
        ("https://example.com/" + "a" * 2000, "webhook_url_invalid"),
    ],
)
def test_an_endpoint_is_an_http_url_with_a_host(url, error):
    assert endpoint_url_error(url, https_only=False) == error


def test_production_takes_https_only():
    assert endpoint_url_error("http://hooks.example.com/", https_only=True) == "webhook_url_https"
    assert endpoint_url_error("https://hooks.example.com/", https_only=True) is None


def test_the_attempts_back_off_over_about_a_day_and_a_half():
    assert ATTEMPTS_MAX == 8
    assert [retry_delay_s(n, 60) for n in range(1, ATTEMPTS_MAX)] == [m * 60 for m in RETRY_MINUTES]
    assert 24 * 3600 < sum(RETRY_MINUTES) * 60 < 48 * 3600
    assert list(RETRY_MINUTES) == sorted(RETRY_MINUTES)


def test_an_address_of_the_platform_s_own_network_is_refused_when_the_endpoint_is_made():
    for url in (
        "https://10.0.0.5/hook",
        "http://127.0.0.1:8000/",
        "https://[::1]/",
        "https://169.254.169.254/",
    ):
        assert endpoint_url_error(url, https_only=False, allow_private=False) == "webhook_url_private"
        assert endpoint_url_error(url, https_only=False, allow_private=True) is None  # the local stack
    assert endpoint_url_error("https://93.184.215.14/hook", https_only=False, allow_private=False) is None
    # a name is checked when a delivery resolves it
    assert endpoint_url_error("https://internal.example/hook", https_only=False, allow_private=False) is None
