"""Retention activities (domain/retention.py, workflows/retention.py).

- `purge`: one cycle's purge of a scope: the platform's (providers' webhook bodies, mail bodies, and the start of
  every seller's own retention workflow not started yet) or one seller's, batch by batch, each batch its own
  transaction.
"""

from __future__ import annotations

from datetime import UTC, datetime

import structlog
from temporalio import activity
from temporalio.common import WorkflowIDConflictPolicy

from core.search import attributes
from core.settings import get_settings
from domain.retention import (
    BATCH,
    BATCHES_PER_CYCLE,
    PLATFORM,
    STARTS_PER_CYCLE,
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
    async def _sellers_started(self, day_s: float) -> list[int]:
        async with session() as s:
            ids = await sellers_without_retention(s, STARTS_PER_CYCLE)
        for seller_id in ids:
            await activity.client().start_workflow(
                RETENTION_WORKFLOW,
                RetentionRequest(seller_id, day_s),
                id=retention_id(seller_id),
                task_queue=get_settings().temporal_task_queue,
                id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
                search_attributes=attributes(seller_id=seller_id),
            )
        if ids:
            async with session() as s:
                await retention_marked(s, ids)
        return ids

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
            out.sellers_started = await self._sellers_started(req.day_s)
        log.info("retention_purged", scope=req.scope, counts=out.counts, ended=out.ended)
        return out
