"""A token bucket that keeps a process's requests to a provider under its rate limit (Stripe allows about 100
requests per second in live mode). Callers wait for a token instead of being refused with 429s."""

from __future__ import annotations

import asyncio
import time


class RateLimiter:
    def __init__(self, per_second: float, burst: float | None = None) -> None:
        self.rate = per_second
        self.capacity = burst if burst is not None else max(1.0, per_second)
        self.tokens = self.capacity
        self.updated = time.monotonic()
        self.lock = asyncio.Lock()

    async def acquire(self) -> None:
        if self.rate <= 0:
            return
        async with self.lock:
            while True:
                now = time.monotonic()
                self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
                self.updated = now
                if self.tokens >= 1:
                    self.tokens -= 1
                    return
                await asyncio.sleep((1 - self.tokens) / self.rate)
