"""Schemathesis over the whole OpenAPI contract (web/openapi.json, which CI keeps equal to the backend's): every
operation, as an anonymous caller, a seller and a manager, with valid and invalid data. Any 5xx, or an answer
that does not match the contract (status code, content type, body schema), fails the test.

An operation the permission table (api/permissions.py) refuses to a caller is refused before anything of the request
is read (401 or 403, whatever the input), so it is called once by that caller, in the contract; the examples go to
the operations the caller may call (the permission walk, tests/integration/api/test_permissions.py, proves each
refusal for every role)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
import requests
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode, openapi
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from api.permissions import Role, permits, roles_of, rule
from tests.integration.helpers import client

pytestmark = pytest.mark.integration

CONTRACT = Path(__file__).resolve().parents[3] / "web" / "openapi.json"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# Bounded: examples per operation and mode, so the whole run stays within a minute or two.
EXAMPLES = 12


def fuzz(base_url: str, headers: dict[str, str], roles: frozenset[Role]) -> list[str]:
    schema = openapi.from_dict(json.loads(CONTRACT.read_text()))
    failures: list[str] = []
    # one connection kept open for the whole run (a new one per call cost the fuzzer and the API a fifth of their
    # time); no cookie is carried from one call to the next
    session = requests.Session()
    for result in schema.get_all_operations():
        operation = result.ok()
        may = permits(rule(operation.method, operation.path), roles)
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE) if may else (GenerationMode.POSITIVE,):

            @settings(
                max_examples=EXAMPLES if may else 1,
                deadline=None,
                derandomize=True,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy(generation_mode=mode))
            def run(case) -> None:
                session.cookies.clear()
                response = case.call(base_url=base_url, session=session, headers=headers, timeout=30)
                case.validate_response(response, checks=CHECKS)

            try:
                run()
            except Unsatisfiable:
                pass  # no invalid input exists for this operation (no parameters, or only free text)
            except (Exception, BaseExceptionGroup) as e:  # Hypothesis has shrunk it to one example
                failures.append(f"{operation.label} [{mode.value}]: {e}")
    return failures


async def _manager_headers(stack) -> dict[str, str]:
    async with client(stack) as c:
        r = await c.post(
            "/v1/app/session",
            json={"email": "manager@sellflow.local", "password": "sellflow-demo", "fingerprint": "fuzz"},
        )
        assert r.status_code == 200, r.text
        return {"Authorization": f"Bearer {r.json()['access_token']}"}


async def _roles(stack, headers: dict[str, str]) -> list[str]:
    """The roles the table gives the caller: none without a session, else any user's and one per profile held."""
    if not headers:
        return [Role.anyone.value]
    async with client(stack) as c:
        r = await c.get("/v1/app/user", headers=headers)
        assert r.status_code == 200, r.text
        return sorted(roles_of(r.json()["profile_types"]))


async def _run(base_url: str, role: str, headers: dict[str, str], roles: list[str]) -> list[str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.integration.api.fuzz_run",
        base_url,
        json.dumps(headers),
        json.dumps(roles),
        cwd=Path(__file__).resolve().parents[3],
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    if proc.returncode != 0:
        return [f"{role}: the fuzzer stopped ({proc.returncode}): {err.decode()[-2000:]}"]
    return [f"{role}: {x}" for x in json.loads(out.decode() or "[]")]


# beside the browser scenarios (make test's `stacks` stage) it took up to 241 s of the stage's 300 s per test
@pytest.mark.timeout(600)
async def test_no_input_gets_a_server_error_or_breaks_the_contract(stack, seller, spoils_sellers_ahead):
    """Every operation as an anonymous caller, a seller and a manager: the three runs side by side."""
    base_url = f"http://127.0.0.1:{stack.ports.api}"
    roles = {"anonymous": {}, "seller": seller.headers, "manager": await _manager_headers(stack)}
    held = {role: await _roles(stack, h) for role, h in roles.items()}
    results = await asyncio.gather(*(_run(base_url, role, h, held[role]) for role, h in roles.items()))
    failures = [f for r in results for f in r]
    assert not failures, "\n\n".join(failures[:10])
