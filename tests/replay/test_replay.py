"""Recorded histories of finished workflows replay against today's workflow code. A change that would break a
running workflow (a reordered, added or removed step without `workflow.patched`) fails here. Record new
histories with `make record-histories` (see ARCHITECTURE.md, "Changing a workflow")."""

from __future__ import annotations

from pathlib import Path

import pytest
from temporalio.client import WorkflowHistory
from temporalio.worker import Replayer

from worker.main import RUNNER, WORKFLOWS

HISTORIES = Path(__file__).resolve().parent / "histories"
RECORDED = sorted(HISTORIES.glob("*/*.json"))


def test_every_workflow_has_recorded_histories():
    folders = {p.parent.name for p in RECORDED}
    assert {"checkout", "mail"} <= folders, folders


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: f"{p.parent.name}/{p.stem}")
async def test_history_replays(path: Path):
    history = WorkflowHistory.from_json(f"{path.parent.name}-{path.stem}", path.read_text())
    await Replayer(workflows=WORKFLOWS, workflow_runner=RUNNER).replay_workflow(history)
