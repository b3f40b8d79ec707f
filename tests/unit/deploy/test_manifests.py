"""The production manifests as written start: every Deployment and Job takes its settings from the Secret the example
defines, runs a command the CLI has, probes a route the API has, and those settings, with each placeholder filled in
as an operator would, satisfy the production settings (every secret set, none at a default)."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
import yaml

from core.settings import SECRET_FIELDS, Settings

PRODUCTION = Path(__file__).resolve().parents[3] / "deploy" / "production"


def _documents() -> list[dict]:
    docs: list[dict] = []
    for f in sorted(PRODUCTION.glob("*.yaml")):
        docs += [d for d in yaml.safe_load_all(f.read_text()) if d]
    return docs


def _secret() -> dict:
    found = [d for d in _documents() if d["kind"] == "Secret"]
    assert len(found) == 1
    return found[0]


def _containers() -> list[dict]:
    out = []
    for d in _documents():
        if d["kind"] in ("Deployment", "Job"):
            out += d["spec"]["template"]["spec"]["containers"]
    return out


def _filled_in(env: dict[str, str]) -> dict[str, str]:
    """What an operator writes in place of each placeholder: a real value of the shape asked for."""
    out = {}
    for k, v in env.items():
        if "CHANGE_ME" in v:
            real = secrets.token_urlsafe(48)
            v = v.replace("CHANGE_ME_TO_64_RANDOM_CHARACTERS", real).replace("CHANGE_ME", real)
        out[k] = v
    return out


def test_every_workload_takes_the_example_secret():
    name = _secret()["metadata"]["name"]
    for c in _containers():
        assert {"secretRef": {"name": name}} in c["envFrom"], c["name"]


def test_the_filled_in_example_starts_in_production(monkeypatch: pytest.MonkeyPatch):
    env = _filled_in({k: str(v) for k, v in _secret()["stringData"].items()})
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    s = Settings()
    assert s.env == "production"
    for name in SECRET_FIELDS:  # every secret comes from the manifest, none from a default
        assert f"SELLFLOW_{name.upper()}" in env, name


def test_the_example_as_written_refuses_to_start(monkeypatch: pytest.MonkeyPatch):
    for k, v in _secret()["stringData"].items():
        monkeypatch.setenv(k, str(v))
    with pytest.raises(ValueError, match="CHANGE_ME|must be set"):
        Settings()


def test_every_command_and_probe_exists():
    """A workload runs a command of the CLI (`command: [sellflow, …]`, or `args` after the image's entry point,
    which is `sellflow`); the API's probes are its routes, the worker's those of its health port."""
    from api.app import create_app
    from worker.main import health_server

    assert 'ENTRYPOINT ["sellflow"]' in (PRODUCTION / "Containerfile").read_text()
    paths = set(create_app().openapi()["paths"])
    worker_paths = {"/healthz", "/readyz"}
    assert health_server.__doc__ and all(p in health_server.__doc__ for p in worker_paths)
    for c in _containers():
        command = c.get("command") or ["sellflow", *c["args"]]
        assert command[0] == "sellflow" and command[1] in {"api", "worker", "migrate"}, command
        for probe in ("readinessProbe", "livenessProbe"):
            if probe in c:
                served = worker_paths if command[1] == "worker" else paths
                assert c[probe]["httpGet"]["path"] in served, (c["name"], probe)
