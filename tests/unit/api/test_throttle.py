"""The throttles' table holds only the last minute's attempts: asking about a client adds nothing, and a name whose
attempts have left the minute is forgotten."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from api import throttle
from domain.errors import DomainError


def _request(host: str):  # noqa: ANN202
    return SimpleNamespace(client=SimpleNamespace(host=host))


def test_a_successful_sign_in_leaves_nothing_behind_and_failures_leave_the_minute(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(throttle.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(throttle, "_ATTEMPTS", throttle.defaultdict(throttle.deque))
    for i in range(50):
        throttle.sign_in_throttled(_request(f"10.0.0.{i}"), "owner@example.com", "fp")
    assert throttle._ATTEMPTS == {}  # asked, never failed: nothing kept
    for _ in range(throttle.SIGN_IN_FAILURES_MAX):
        throttle.sign_in_failed(_request("10.0.0.1"), "owner@example.com", "guesser")
    with pytest.raises(DomainError):
        throttle.sign_in_throttled(_request("10.0.0.1"), "owner@example.com", "guesser")
    throttle.sign_in_throttled(_request("10.0.0.1"), "owner@example.com", "owner")  # the owner's browser
    clock[0] += throttle.THROTTLE_WINDOW_S + 1
    throttle.sign_in_throttled(_request("10.0.0.1"), "owner@example.com", "guesser")  # a minute later
    assert throttle._ATTEMPTS == {}  # both names forgotten
