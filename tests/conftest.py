"""Shared fixtures. Integration and browser tests share one real stack (PostgreSQL, Temporal, localstripe,
mail catcher, worker, API) started by the test run itself on free ports under a temporary folder."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

_exit_status = 0
# A day of the subscriptions' calendar in the test stack: a daily plan renews every 0.2 s, a monthly one in 6 s.
BILLING_DAY_S = 0.2
# A day of the certificates' calendar: pebble's 5-year certificate is renewed 30 days before it expires, after
# ~1796 days of 2 ms (3.6 s). DNS checks back off from 0.2 s to 1 s, five of them before a missing record errs.
DOMAIN_DAY_S = 0.002
DOMAIN_CHECK_S = (0.2, 1.0, 5)
# A day of the checkout's calendar: a checkout stays open 20 s after its first payment attempt, a bank transfer is
# waited for 7 days (140 s), an invoice paid later is due after 14 (280 s).
CHECKOUT_DAY_S = 20
# a seller webhook's retry schedule (about a day and a half: domain/seller_webhooks.py RETRY_MINUTES) in about 9 s
WEBHOOK_MINUTE_S = 0.004


@pytest.fixture(scope="session")
def stack():
    from deploy.stack import Ports, Stack

    data = Path(tempfile.mkdtemp(prefix="sellflow-test-"))
    os.environ["SELLFLOW_OTEL_EXPORTER"] = "file"  # api and worker write their spans under the data dir
    st = Stack(
        data_dir=data,
        ports=Ports.free(),
        persistent=False,
        temporal_ui=True,
        kyc_delay=0.3,
        billing_day_s=BILLING_DAY_S,
        checkout_day_s=CHECKOUT_DAY_S,
        domain_day_s=DOMAIN_DAY_S,
        domain_check_s=DOMAIN_CHECK_S,
        webhook_minute_s=WEBHOOK_MINUTE_S,
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


def _reset_caches() -> None:
    from core.settings import get_settings
    from providers.stripe.client import gateway

    get_settings.cache_clear()
    gateway.cache_clear()


def pytest_sessionfinish(session, exitstatus):
    global _exit_status
    _exit_status = int(exitstatus)


def pytest_unconfigure(config):
    # A process that used a Temporal client can abort during interpreter shutdown (sdk-python #300):
    # leave right after pytest has printed its summary.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(_exit_status)
