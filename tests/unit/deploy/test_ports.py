"""The local stack's ports lie below the kernel's ephemeral range, so no outgoing connection or randomly bound
listener takes one between choosing and binding it, and two test processes choose from slices of their own."""

from __future__ import annotations

import pytest

from deploy.stack import OWN_PORTS, Ports, free_port


def test_a_stack_s_ports_are_distinct_and_below_the_ephemeral_range():
    ports = list(vars(Ports.free()).values())
    assert len(set(ports)) == len(ports)
    assert all(OWN_PORTS[0] <= p < OWN_PORTS[1] < 32768 for p in ports)


def test_two_test_processes_choose_from_separate_slices(monkeypatch: pytest.MonkeyPatch):
    seen = {}
    for worker in ("gw0", "gw1"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        seen[worker] = {free_port() for _ in range(50)}
    assert not seen["gw0"] & seen["gw1"]
    assert max(seen["gw0"]) < min(seen["gw1"])
