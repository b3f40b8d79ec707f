"""Per-client throttles (core §8: 429 'retry later'), counted in this process.

`throttle`: at most `limit` requests per minute per client address and key (a magic link, a password reset: each
request sends a mail). `sign_in_throttled` / `sign_in_failed`: only failed sign-ins count, per client (address and
the browser's fingerprint) and account, and per client address over every account, so someone guessing a seller's
password is stopped without locking the seller out of their own sign-in from their own browser."""

from __future__ import annotations

import time
from collections import defaultdict, deque

from fastapi import Request

from domain.errors import DomainError, ErrorCode

_ATTEMPTS: dict[str, deque[float]] = defaultdict(deque)
THROTTLE_MAX, THROTTLE_WINDOW_S = 10, 60.0
SIGN_IN_FAILURES_MAX = 10  # per client and account a minute
ADDRESS_FAILURES_MAX = 100  # per client address a minute, over every account and fingerprint


def _address(request: Request) -> str:
    return request.client.host if request.client else "-"


def _recent(name: str, now: float) -> int:
    """How many of `name`'s attempts fall in the last minute; a name with none left is forgotten (the table stays
    the size of the last minute, and asking creates nothing)."""
    q = _ATTEMPTS.get(name)
    if q is None:
        return 0
    while q and now - q[0] > THROTTLE_WINDOW_S:
        q.popleft()
    if not q:
        del _ATTEMPTS[name]
    return len(q)


def throttle(request: Request, key: str, limit: int = THROTTLE_MAX) -> None:
    now = time.monotonic()
    name = f"{_address(request)}:{key}"
    if _recent(name, now) >= limit:
        raise DomainError(ErrorCode.MS_MAX_CONCURRENT_REQ)
    _ATTEMPTS[name].append(now)


def _sign_in_names(request: Request, account: str, fingerprint: str) -> tuple[str, str]:
    address = _address(request)
    return f"signin:{address}:{fingerprint}:{account}", f"signin:{address}"


def sign_in_throttled(request: Request, account: str, fingerprint: str) -> None:
    """429 when this client failed too often for this account, or its address for any."""
    now = time.monotonic()
    client, address = _sign_in_names(request, account, fingerprint)
    if _recent(client, now) >= SIGN_IN_FAILURES_MAX or _recent(address, now) >= ADDRESS_FAILURES_MAX:
        raise DomainError(ErrorCode.MS_MAX_CONCURRENT_REQ)


def sign_in_failed(request: Request, account: str, fingerprint: str) -> None:
    now = time.monotonic()
    for name in _sign_in_names(request, account, fingerprint):
        _ATTEMPTS[name].append(now)
