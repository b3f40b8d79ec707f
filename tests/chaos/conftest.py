"""The chaos suite's own stack (`make chaos`, not in `make test`): persistent, so that Temporal (its SQLite file)
and PostgreSQL come back with what they held when they are killed and restarted."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tests.conftest import BILLING_DAY_S, CHECKOUT_DAY_S, _reset_caches


@pytest.fixture(scope="session")
def stack():
    from deploy.stack import Ports, Stack

    data = Path(tempfile.mkdtemp(prefix="sellflow-chaos-"))
    st = Stack(
        data_dir=data,
        ports=Ports.free(),
        persistent=True,
        temporal_ui=False,
        kyc_delay=0.3,
        billing_day_s=BILLING_DAY_S,
        checkout_day_s=CHECKOUT_DAY_S,
        wal_archive=data / "wal-archive",  # the restore drill (test_restore.py) replays it
    )
    try:
        st.start_all(seed=True)
        for k, v in st.env().items():
            if k.startswith("SELLFLOW_"):
                os.environ[k] = v
        _reset_caches()
        yield st
    finally:
        st.stop()
