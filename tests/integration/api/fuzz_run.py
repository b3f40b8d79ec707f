"""One role's schemathesis run, in its own process: `python -m tests.integration.api.fuzz_run BASE_URL HEADERS_JSON ROLES_JSON`
prints the failures as JSON. tests/integration/api/test_fuzz.py runs the three roles side by side this way, so the
fuzzer's generating (this process) and the API's answering (the stack) keep both cores busy."""

from __future__ import annotations

import json
import os
import sys

from api.permissions import Role
from tests.integration.api.test_fuzz import fuzz

if __name__ == "__main__":
    failures = fuzz(sys.argv[1], json.loads(sys.argv[2]), frozenset(Role(r) for r in json.loads(sys.argv[3])))
    sys.stdout.write(json.dumps(failures))
    sys.stdout.flush()
    os._exit(0)
