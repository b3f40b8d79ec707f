"""Retention activities (domain/retention.py, workflows/retention.py).

- `purge`: one cycle's purge of a scope: the platform's (providers' webhook bodies, mail bodies, and the start of
  every seller's own retention workflow not started yet) or one seller's, batch by batch, each batch its own
  transaction.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import structlog
from temporalio import activity

from core.temporal import started_once
from domain.retention import (
    BATCH,
    BATCHES_PER_CYCLE,
    PLATFORM,
    STARTS_PAGE,
    STARTS_SECONDS,
    Purged,
    PurgeInput,
    RetentionRequest,
)
from domain.workflow_ids import retention_id
from store.db import session
from store.retention import platform_purged, retention_marked, seller_purged, sellers_without_retention

log = structlog.get_logger()
RETENTION_WORKFLOW = "Retention"  # workflows/retention.py, by name (activities do not import workflows)


def _add(total: dict[str, int], more: dict[str, int]) -> None:
    for k, v in more.items():
        total[k] = total.get(k, 0) + v


class RetentionActivities:
    async def _start(self, seller_id: int, day_s: float) -> None:
        req = RetentionRequest(seller_id, day_s)
        await started_once(
            activity.client(), RETENTION_WORKFLOW, req, id=retention_id(seller_id), seller_id=seller_id
        )

    async def _sellers_started(self, out: Purged, day_s: float) -> None:
        """Starts the retention of every seller that has none yet, a page at a time (a platform's first run starts
        them all, later ones a day's new sellers); what does not fit in STARTS_SECONDS is left for a run that
        follows at once (`more`)."""
        deadline = time.monotonic() + STARTS_SECONDS
        while True:
            async with session() as s:
                ids = await sellers_without_retention(s, STARTS_PAGE)
            for chunk in range(0, len(ids), 50):
                await asyncio.gather(*(self._start(i, day_s) for i in ids[chunk : chunk + 50]))
            if ids:
                async with session() as s:
                    await retention_marked(s, ids)
            out.started += len(ids)
            activity.heartbeat(out.counts, out.started)
            if len(ids) < STARTS_PAGE:
                return
            if time.monotonic() > deadline:
                out.more = True
                return

    @activity.defn
    async def purge(self, req: PurgeInput) -> Purged:
        today = datetime.now(UTC).date()
        out = Purged()
        for _ in range(BATCHES_PER_CYCLE):
            async with session() as s:
                if req.scope == PLATFORM:
                    counts, ended = await platform_purged(s, today), False
                else:
                    counts, ended = await seller_purged(s, req.scope, today)
            _add(out.counts, counts)
            out.ended = ended
            activity.heartbeat(out.counts)
            if ended or all(v < BATCH for v in counts.values()):
                break
        if req.scope == PLATFORM:
            await self._sellers_started(out, req.day_s)
        log.info("retention_purged", scope=req.scope, counts=out.counts, ended=out.ended, started=out.started)
        return out
