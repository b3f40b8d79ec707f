"""The committed OpenAPI document (web/openapi.json) is the backend's: the web client's types are generated
from it (web/src/api/schema.gen.ts), so a backend change must come with a fresh document and fresh types."""

from __future__ import annotations

import json
from pathlib import Path

from api.app import create_app

ROOT = Path(__file__).resolve().parents[3]
COMMITTED = ROOT / "web" / "openapi.json"
STALE = "web/openapi.json is stale: run `make openapi` and `npm run gen:api -w web`"


def _differences(fresh: dict, committed: dict) -> list[str]:
    """Names of the paths and schemas that differ, to say where the document went stale."""
    out = []
    for section, fresh_part, committed_part in (
        ("paths", fresh.get("paths", {}), committed.get("paths", {})),
        (
            "schemas",
            fresh.get("components", {}).get("schemas", {}),
            committed.get("components", {}).get("schemas", {}),
        ),
    ):
        for name in sorted(set(fresh_part) | set(committed_part)):
            if fresh_part.get(name) != committed_part.get(name):
                state = (
                    "new" if name not in committed_part else "gone" if name not in fresh_part else "changed"
                )
                out.append(f"{section} {name}: {state}")
    rest = sorted(
        k
        for k in set(fresh) | set(committed)
        if k not in ("paths", "components") and fresh.get(k) != committed.get(k)
    )
    return out + [f"{k}: changed" for k in rest]


def test_committed_openapi_matches_the_backend():
    assert COMMITTED.exists(), STALE
    # `sellflow openapi` prints json.dumps(app.openapi(), sort_keys=True); a JSON round trip makes both
    # sides plain parsed JSON, so the comparison ignores key order and formatting only.
    fresh = json.loads(json.dumps(create_app().openapi(), sort_keys=True))
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))
    if fresh != committed:
        details = "\n".join(f"  {line}" for line in _differences(fresh, committed)[:20])
        raise AssertionError(f"{STALE}\n{details}")
