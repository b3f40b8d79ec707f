"""Record the workflow histories that tests/replay/test_replay.py replays.

    .venv/bin/python -m tests.replay.record              # keep every stored history, add the new shapes
    .venv/bin/python -m tests.replay.record --replace    # store only the current code's histories

It runs the workflow scenarios of tests/workflows/ (fake activities, a local dev server; about 20 s) with
recording on, into a temporary folder, and compares each scenario's new history with the ones stored for it in
tests/replay/histories/<workflow>/. A history is stored only when its *shape* is new: which commands the workflow
gave (activities, local activities, timers, patch markers, child workflows, its end) and which messages it took
(updates, signals), counted. So a rerun after a change that gives no other commands writes nothing, and after a
change behind `workflow.patched` the new shape is stored next to the old one (`paid.json`, then `paid-2.json`,
…): the replay test goes on proving that the old histories still replay. `--replace` starts over with the current
shapes only; use it once no workflow of an older shape can still be running (see ARCHITECTURE.md, "Changing a
workflow"). Nothing is written if a scenario fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from temporalio.api.enums.v1 import EventType
from temporalio.api.history.v1 import HistoryEvent
from temporalio.client import WorkflowHistory

ROOT = Path(__file__).resolve().parents[2]
HISTORIES = Path(__file__).resolve().parent / "histories"
SCENARIOS = "tests/workflows"
# Events that a workflow's commands write, apart from those named below with their activity, signal, … name.
COMMAND_EVENTS = {
    "TIMER_STARTED",
    "TIMER_CANCELED",
    "ACTIVITY_TASK_CANCEL_REQUESTED",
    "SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED",
    "REQUEST_CANCEL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED",
    "UPSERT_WORKFLOW_SEARCH_ATTRIBUTES",
    "WORKFLOW_PROPERTIES_MODIFIED",
    "WORKFLOW_EXECUTION_COMPLETED",
    "WORKFLOW_EXECUTION_FAILED",
    "WORKFLOW_EXECUTION_CANCELED",
    "WORKFLOW_EXECUTION_CONTINUED_AS_NEW",
}


def _marker_detail(ev: HistoryEvent) -> str:
    """A local activity's type, or a patch's id, from a marker's details (JSON payloads, in no fixed order)."""
    for key in sorted(ev.marker_recorded_event_attributes.details):
        for p in ev.marker_recorded_event_attributes.details[key].payloads:
            try:
                data: Any = json.loads(p.data)
            except ValueError:
                continue
            if isinstance(data, dict) and (found := data.get("activity_type") or data.get("id")):
                return str(found)
    return ""


def _describe(ev: HistoryEvent) -> str | None:
    kind = EventType.Name(ev.event_type).removeprefix("EVENT_TYPE_")
    if kind == "ACTIVITY_TASK_SCHEDULED":
        return f"activity {ev.activity_task_scheduled_event_attributes.activity_type.name}"
    if kind == "MARKER_RECORDED":
        return f"marker {ev.marker_recorded_event_attributes.marker_name} {_marker_detail(ev)}"
    if kind == "START_CHILD_WORKFLOW_EXECUTION_INITIATED":
        return f"child {ev.start_child_workflow_execution_initiated_event_attributes.workflow_type.name}"
    if kind == "WORKFLOW_EXECUTION_SIGNALED":
        return f"signal {ev.workflow_execution_signaled_event_attributes.signal_name}"
    if kind == "WORKFLOW_EXECUTION_UPDATE_ACCEPTED":
        return f"update {ev.workflow_execution_update_accepted_event_attributes.accepted_request.input.name}"
    return kind if kind in COMMAND_EVENTS else None


def shape(history_json: str) -> Counter[str]:
    """What a history did, counted; not when, nor in which order concurrent steps finished."""
    history = WorkflowHistory.from_json("shape", history_json)
    return Counter(d for d in map(_describe, history.events) if d is not None)


def _scenario(path: Path) -> str:
    return re.sub(r"-\d+$", "", path.stem)


def _store(new: Path, folder: Path) -> str:
    """Store `new` in `folder` unless a history of the same scenario and shape is there; say what happened."""
    scenario = new.stem
    stored = [p for p in sorted(folder.glob("*.json")) if _scenario(p) == scenario]
    new_shape = shape(new.read_text())
    if any(shape(p.read_text()) == new_shape for p in stored):
        return "unchanged"
    n = 1 + max((int(m.group(1)) for p in stored if (m := re.search(r"-(\d+)$", p.stem))), default=1)
    target = folder / (f"{scenario}.json" if not stored else f"{scenario}-{n}.json")
    shutil.copyfile(new, target)
    return f"new shape -> {target.relative_to(ROOT)}" if stored else f"new -> {target.relative_to(ROOT)}"


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.replay.record", description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--replace", action="store_true", help="drop the stored histories, keep only the new ones"
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="sellflow-histories-") as tmp:
        env = {**os.environ, "SELLFLOW_RECORD_HISTORIES": tmp}
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", SCENARIOS]
        if subprocess.run(cmd, cwd=ROOT, env=env).returncode != 0:
            print("a scenario failed: no history was written", file=sys.stderr)
            return 1
        recorded = sorted(Path(tmp).glob("*/*.json"))
        if not recorded:
            print("no scenario recorded a history", file=sys.stderr)
            return 1
        if args.replace:
            for old in HISTORIES.glob("*/*.json"):
                old.unlink()
        for new in recorded:
            folder = HISTORIES / new.parent.name
            folder.mkdir(parents=True, exist_ok=True)
            print(f"{new.parent.name}/{new.name}: {_store(new, folder)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
