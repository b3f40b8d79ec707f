"""The store layer against PostgreSQL alone: an embedded server on a temporary folder, migrated to head, no Temporal
and no API. Queries and actions are tested here; the full-stack integration tests keep the money paths and the crash
tests."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session", autouse=True)
def database() -> Iterator[str]:
    from deploy.stack import Ports, Stack

    data = Path(tempfile.mkdtemp(prefix="sellflow-store-"))
    st = Stack(data_dir=data, ports=Ports.free(), persistent=False)
    st.start_postgres()
    try:
        os.environ["SELLFLOW_DATABASE_URL"] = st.database_url
        os.environ["SELLFLOW_DATA_DIR"] = str(data)
        from core.settings import get_settings
        from store.migrate import upgrade

        get_settings.cache_clear()
        upgrade(st.database_url)
        yield st.database_url
    finally:
        st.stop()
