"""Per-client throttles (core §8: 429 'retry later'): at most `limit` requests per minute per client address and
key, counted in this process."""

from __future__ import annotations

import time
from collections import defaultdict, deque

from fastapi import Request

from domain.errors import DomainError, ErrorCode

_ATTEMPTS: dict[str, deque[float]] = defaultdict(deque)
THROTTLE_MAX, THROTTLE_WINDOW_S = 10, 60.0


def throttle(request: Request, key: str, limit: int = THROTTLE_MAX) -> None:
    now = time.monotonic()
    name = f"{request.client.host if request.client else '-'}:{key}"
    q = _ATTEMPTS[name]
    while q and now - q[0] > THROTTLE_WINDOW_S:
        q.popleft()
    if len(q) >= limit:
        raise DomainError(ErrorCode.MS_MAX_CONCURRENT_REQ)
    q.append(now)
