"""Recorded histories of finished workflows replay against today's workflow code, with the worker's workflows and
sandbox runner. A change that would break a running workflow (a step added, removed or reordered without
`workflow.patched`) fails here. Record new histories with `python -m tests.replay.record` (see
ARCHITECTURE.md, "Changing a workflow")."""

from __future__ import annotations

from pathlib import Path

import pytest
from temporalio.client import WorkflowHistory
from temporalio.worker import Replayer

from tests.replay.record import shape
from worker.main import RUNNER, WORKFLOWS

HISTORIES = Path(__file__).resolve().parent / "histories"
RECORDED = sorted(HISTORIES.glob("*/*.json"))


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda w: w.__name__)
def test_every_workflow_has_recorded_histories(workflow: type):
    folder = workflow.__module__.rsplit(".", 1)[-1]  # workflows/checkout.py -> histories/checkout/
    assert any(p.parent.name == folder for p in RECORDED), f"no histories in {HISTORIES / folder}"


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: f"{p.parent.name}/{p.stem}")
async def test_history_replays(path: Path):
    history = WorkflowHistory.from_json(f"{path.parent.name}-{path.stem}", path.read_text())
    result = await Replayer(workflows=WORKFLOWS, workflow_runner=RUNNER).replay_workflow(history)
    assert result.replay_failure is None


def test_a_history_has_a_shape():
    """The recorder keeps a history only when its shape is new; the shape sees the steps, not their timing."""
    paid = shape((HISTORIES / "checkout" / "paid.json").read_text())
    assert paid["activity record_order_paid"] == 1
    assert paid["marker core_local_activity ensure_payment_intent"] == 1
    assert paid["update pay"] == 1
    assert paid["WORKFLOW_EXECUTION_COMPLETED"] == 1
