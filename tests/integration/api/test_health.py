"""The API's probes (deploy/production/api.yaml): liveness answers while the process runs; readiness only while
PostgreSQL and Temporal answer, and says which one does not."""

from __future__ import annotations

import pytest

from tests.integration.helpers import client

pytestmark = pytest.mark.integration


async def test_the_api_is_alive_and_ready_with_its_database_and_temporal(stack):
    async with client(stack) as c:
        assert (await c.get("/v1/health")).json() == {"ok": True}
        r = await c.get("/v1/health/ready")
        assert r.status_code == 200, r.text
        assert r.json() == {"ok": True, "database": True, "temporal": True}
