"""`make test`'s stages, in order, each with a time budget: a stage that runs past its budget is stopped (and the run
fails), a hung test is stopped by pytest-timeout (`--timeout`, per test), and at the end the stage times and the 25
slowest tests of the whole run are printed. The last line is the summary.

    python -m tests.stages            # every stage
    python -m tests.stages unit store # some of them
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
REPORTS = ROOT / ".data" / "ci"
PYTEST = [str(BIN / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=10"]


@dataclass(frozen=True)
class Stage:
    name: str
    budget_s: int
    commands: list[list[str]]
    per_test_s: int = 0  # pytest-timeout for each test (0: not a pytest stage)


def npm(*args: str) -> list[str]:
    return ["npm", *args, "-w", "web", "--silent"]


STAGES = [
    Stage(
        "checks",
        8 * 60,
        [
            [str(BIN / "ruff"), "check", "."],
            [str(BIN / "ruff"), "format", "--check", "."],
            [str(BIN / "lint-imports")],
            [str(BIN / "mypy")],
            npm("run", "lint"),
            npm("run", "typecheck"),
            npm("run", "test"),
        ],
    ),
    # three processes: the workflow tests mostly wait on their compressed days' timers (173 s alone, 95 s so)
    Stage(
        "unit",
        6 * 60,
        [[*PYTEST, "-n", "3", "tests/unit", "tests/workflows", "tests/replay"]],
        per_test_s=120,
    ),
    Stage("store", 4 * 60, [[*PYTEST, "tests/store"]], per_test_s=60),
    # one process: two (each with its own stack) were no faster on two cores and made timing-bound tests flaky
    # (2026-11-26); 15.2 minutes with the seller webhooks (the contract fuzz alone 3.5 minutes)
    Stage("integration", 18 * 60, [[*PYTEST, "tests/integration"]], per_test_s=300),
    # two processes, each with its own stack: the scenarios mostly wait on the browser and the workflows (11.8
    # minutes with the webhooks scenario, 2026-11-27; CI's machine took about 15 % longer than this one)
    Stage("browser", 15 * 60, [[*PYTEST, "-n", "2", "tests/e2e"]], per_test_s=600),
]


def run(stage: Stage) -> tuple[bool, float]:
    started = time.monotonic()
    deadline = started + stage.budget_s
    for cmd in stage.commands:
        if stage.per_test_s:
            report = REPORTS / f"{stage.name}.xml"
            cmd = [*cmd, f"--timeout={stage.per_test_s}", f"--junitxml={report}"]
        print(
            f"\n=== {stage.name}: {' '.join(Path(c).name if i == 0 else c for i, c in enumerate(cmd))}",
            flush=True,
        )
        proc = subprocess.Popen(cmd, cwd=ROOT, start_new_session=True)
        try:
            code = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
            print(
                f"!!! stage {stage.name} ran past its budget of {stage.budget_s} s and was stopped",
                flush=True,
            )
            return False, time.monotonic() - started
        if code != 0:
            return False, time.monotonic() - started
    return True, time.monotonic() - started


def slowest(names: list[str], n: int = 25) -> list[tuple[float, str]]:
    cases: list[tuple[float, str]] = []
    for name in names:
        report = REPORTS / f"{name}.xml"
        if not report.exists():
            continue
        for case in ET.parse(report).getroot().iter("testcase"):
            cases.append((float(case.get("time", 0)), f"{case.get('classname')}::{case.get('name')}"))
    return sorted(cases, reverse=True)[:n]


def main(argv: list[str]) -> int:
    chosen = [s for s in STAGES if not argv or s.name in argv]
    REPORTS.mkdir(parents=True, exist_ok=True)
    for s in chosen:
        (REPORTS / f"{s.name}.xml").unlink(missing_ok=True)
    results: list[tuple[Stage, bool, float]] = []
    for stage in chosen:
        ok, took = run(stage)
        results.append((stage, ok, took))
        if not ok:
            break
    print("\n=== the 25 slowest tests")
    for took, name in slowest([s.name for s, _, _ in results]):
        print(f"{took:8.1f} s  {name}")
    print("\n=== stages")
    for stage, ok, took in results:
        print(f"{stage.name:12} {took:7.1f} s of {stage.budget_s:4d} s  {'ok' if ok else 'FAILED'}")
    total = sum(t for _, _, t in results)
    failed = [s.name for s, ok, _ in results if not ok]
    skipped = [s.name for s in chosen[len(results) :]]
    verdict = f"failed: {', '.join(failed)}" if failed else "all stages passed"
    if skipped:
        verdict += f" (not run: {', '.join(skipped)})"
    print(f"make test: {verdict} in {total / 60:.1f} min", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
