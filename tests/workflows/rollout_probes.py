"""The probe workflows of the rollout test (tests/workflows/test_rollout.py): two versions of each, as two builds
would ship them. Only Temporal is imported here, so the workflow sandbox imports this module cleanly."""

from __future__ import annotations

from datetime import timedelta

from temporalio import activity, workflow
from temporalio.common import VersioningBehavior

STEP = timedelta(seconds=10)


@activity.defn(name="rollout_step")
async def rollout_step(name: str) -> str:
    return name


class _Held:
    def __init__(self) -> None:
        self.go = False

    @workflow.signal
    def release(self) -> None:
        self.go = True


@workflow.defn(name="RolloutPinned", versioning_behavior=VersioningBehavior.PINNED)
class PinnedV1(_Held):
    @workflow.run
    async def run(self) -> str:
        await workflow.execute_activity(rollout_step, "a", start_to_close_timeout=STEP)
        await workflow.wait_condition(lambda: self.go)
        return "v1"


@workflow.defn(name="RolloutPinned", versioning_behavior=VersioningBehavior.PINNED)
class PinnedV2(_Held):
    """A change no v1 history replays: a timer first, the step after the signal."""

    @workflow.run
    async def run(self) -> str:
        await workflow.sleep(timedelta(milliseconds=1))
        await workflow.wait_condition(lambda: self.go)
        await workflow.execute_activity(rollout_step, "b", start_to_close_timeout=STEP)
        return "v2"


@workflow.defn(name="RolloutLongLived")  # the deployment's default: auto-upgrade
class LongLivedV1(_Held):
    @workflow.run
    async def run(self) -> str:
        await workflow.execute_activity(rollout_step, "a", start_to_close_timeout=STEP)
        await workflow.wait_condition(lambda: self.go)
        return "v1"


@workflow.defn(name="RolloutLongLived")
class LongLivedV2(_Held):
    """An extra step, behind `workflow.patched`: new runs take it, runs from v1 do not."""

    @workflow.run
    async def run(self) -> str:
        await workflow.execute_activity(rollout_step, "a", start_to_close_timeout=STEP)
        patched = workflow.patched("rollout-extra-step")
        if patched:
            await workflow.execute_activity(rollout_step, "extra", start_to_close_timeout=STEP)
        await workflow.wait_condition(lambda: self.go)
        return "v2-patched" if patched else "v2-unpatched"
