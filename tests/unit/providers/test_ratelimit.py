"""The provider rate limit: requests beyond the burst wait for their token instead of going out at once."""

from __future__ import annotations

import asyncio
import time

from providers.ratelimit import RateLimiter


async def test_requests_beyond_the_burst_wait_for_the_rate():
    limiter = RateLimiter(20, burst=1)
    t0 = time.monotonic()
    await asyncio.gather(*(limiter.acquire() for _ in range(11)))
    assert time.monotonic() - t0 >= 0.45  # 10 tokens at 20 per second


async def test_no_limit_never_waits():
    limiter = RateLimiter(0)
    t0 = time.monotonic()
    for _ in range(1000):
        await limiter.acquire()
    assert time.monotonic() - t0 < 0.5
