"""A rollout under load (issue 24 item 2): workers of build v1 run while new workflows keep arriving; workers of
build v2, whose code changed, start beside them and v2 becomes the deployment's current version
(core/versioning.py, the worker's own deployment settings). Every workflow ends, none with a non-determinism
error or any failed workflow task:
- a pinned workflow (its change would not replay) ends on the version it started on;
- a long-lived (auto-upgrade) workflow started on v1 goes on on v2, whose change is behind `workflow.patched`.
The probes stand in for the real workflows, whose behaviour each names (core/versioning.py)."""

from __future__ import annotations

import asyncio
import uuid

from temporalio import activity
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowExecutionStatus, WorkflowHandle
from temporalio.common import VersioningBehavior
from temporalio.worker import Worker

from core.settings import Settings
from core.versioning import current_version_set, deployment_config, versions_of
from domain.mail import MailTemplate, OutgoingMail
from tests.workflows.rollout_probes import (
    LongLivedV1,
    LongLivedV2,
    PinnedV1,
    PinnedV2,
    _Held,
    rollout_step,
)
from worker.main import RUNNER
from workflows.mail import MailWorkflow
from workflows.policies import pin_short_lived


def _worker(client: Client, tq: str, deployment: str, build_id: str, workflows: list[type]) -> Worker:
    settings = Settings(worker_build_id=build_id, worker_deployment=deployment)
    return Worker(
        client,
        task_queue=tq,
        workflows=workflows,
        activities=[rollout_step],
        workflow_runner=RUNNER,
        deployment_config=deployment_config(settings),
    )


async def _failed_tasks(handle: WorkflowHandle) -> int:
    bad = {EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED, EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT}
    return len([e async for e in handle.fetch_history_events() if e.event_type in bad])


async def _started_on(started: list, version: str, at_least: int, timeout_s: float = 60) -> None:
    """Until the load has started `at_least` workflows while `version` was current (a busy machine starts fewer a
    second; the load goes on meanwhile)."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    while sum(1 for _, v, _ in started if v == version) < at_least:
        assert asyncio.get_running_loop().time() < deadline, f"fewer than {at_least} started on {version}"
        await asyncio.sleep(0.05)


async def test_a_changed_workflow_rolls_out_under_load_with_no_nondeterminism(client: Client):
    tq = f"rollout-{uuid.uuid4().hex[:8]}"
    deployment = f"sellflow-{uuid.uuid4().hex[:6]}"
    started: list[tuple[str, str, WorkflowHandle]] = []  # (workflow, the current version then, handle)
    current = "b1"
    stop = asyncio.Event()

    async def load() -> None:  # a new workflow of each kind every 20 ms, whatever is going on
        n = 0
        while not stop.is_set():
            for name in ("RolloutPinned", "RolloutLongLived"):
                version = current
                handle = await client.start_workflow(name, id=f"{tq}-{name}-{n}", task_queue=tq)
                started.append((name, version, handle))
            n += 1
            await asyncio.sleep(0.02)

    async with _worker(client, tq, deployment, "b1", [PinnedV1, LongLivedV1]):
        await current_version_set(client, deployment, "b1", wait_s=30)
        producer = asyncio.create_task(load())
        await _started_on(started, "b1", 20)
        async with _worker(client, tq, deployment, "b2", [PinnedV2, LongLivedV2]):
            await current_version_set(client, deployment, "b2", wait_s=30)
            current = "b2"
            await _started_on(started, "b2", 20)
            stop.set()
            await producer
            await asyncio.sleep(0.5)  # every started workflow has taken its first steps
            await asyncio.gather(*(h.signal(_Held.release) for _, _, h in started))
            results = await asyncio.wait_for(asyncio.gather(*(h.result() for _, _, h in started)), 60)
        states = {v.build_id: v.status for v in await versions_of(client, deployment)}

    before = [(n, r) for (n, v, _), r in zip(started, results, strict=True) if v == "b1"]
    after = [(n, r) for (n, v, _), r in zip(started, results, strict=True) if v == "b2"]
    assert len(before) >= 20 and len(after) >= 20, (len(before), len(after))
    # a start that raced the switch may land on either version; the rest are exact
    assert {r for n, r in before if n == "RolloutPinned"} <= {"v1", "v2"}
    assert [r for n, r in before[:10] if n == "RolloutPinned"] == ["v1"] * 5  # pinned: ended where it began
    assert {r for n, r in after[4:] if n == "RolloutPinned"} == {"v2"}
    assert {r for n, r in before[:10] if n == "RolloutLongLived"} == {"v2-unpatched"}  # moved on, old path
    assert {r for n, r in after[4:] if n == "RolloutLongLived"} == {"v2-patched"}
    assert states["b2"] == "current" and states["b1"] in ("draining", "drained", "inactive")
    failed = await asyncio.gather(*(_failed_tasks(h) for _, _, h in started))
    assert sum(failed) == 0  # no non-determinism error, no failed workflow task anywhere
    statuses = await asyncio.gather(*(h.describe() for _, _, h in started))
    assert {d.status for d in statuses} == {WorkflowExecutionStatus.COMPLETED}


@activity.defn(name="deliver_mail")
async def fake_deliver_mail(mail: OutgoingMail) -> bool:
    return True


async def test_a_versioned_worker_pins_the_workflows_that_end_within_minutes(client: Client):
    """The real Mail workflow (one of the short ones) on a versioned worker runs pinned, as the worker's own build
    sets it up; the same worker's long-lived workflows take the deployment's default, auto-upgrade."""
    tq = f"pinned-{uuid.uuid4().hex[:8]}"
    deployment = f"sellflow-{uuid.uuid4().hex[:6]}"
    settings = Settings(worker_build_id="b1", worker_deployment=deployment)
    pin_short_lived(True)
    try:
        async with Worker(
            client,
            task_queue=tq,
            workflows=[MailWorkflow, LongLivedV1],
            activities=[fake_deliver_mail, rollout_step],
            workflow_runner=RUNNER,
            deployment_config=deployment_config(settings),
        ):
            await current_version_set(client, deployment, "b1", wait_s=30)
            mail = await client.start_workflow(
                MailWorkflow.run,
                OutgoingMail("k", "a@b.c", MailTemplate.magic_link),
                id=f"{tq}-mail",
                task_queue=tq,
            )
            assert await mail.result() is True
            held = await client.start_workflow("RolloutLongLived", id=f"{tq}-long", task_queue=tq)
            await asyncio.sleep(0.5)
            behaviours = [
                (await h.describe()).raw_description.workflow_execution_info.versioning_info.behavior
                for h in (mail, held)
            ]
            await held.signal(_Held.release)
            await held.result()
    finally:
        pin_short_lived(False)
    assert behaviours == [VersioningBehavior.PINNED.value, VersioningBehavior.AUTO_UPGRADE.value]
