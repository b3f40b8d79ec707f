"""The shape the routes keep (issue 48): a route parses, calls one service or store function and answers through a
presenter. Two rules are ratchets: the route modules that still drive the ORM session themselves are listed here, and
the list may only shrink (a new route module that does fails); and no route module grows past ROUTE_LINES_MAX."""

from __future__ import annotations

import re
from pathlib import Path

ROUTES = Path(__file__).resolve().parents[3] / "api" / "routes"
SESSION_CALL = re.compile(r"\bs\.(get|commit|execute|refresh|add|flush|scalar|scalars|delete|rollback)\(")
ROUTE_LINES_MAX = 400
# the modules that drive the session themselves today: move their rules into a service, then drop them here
STILL_DRIVE_THE_SESSION = {
    "cabinet/certificates.py",
    "cabinet/events.py",
    "cabinet/fonts.py",
    "cabinet/products.py",
    "cabinet/seller_webhooks.py",
    "cabinet/ticket_design.py",
}
LONGER_FOR_NOW: set[str] = set()  # none today: keep it so


def _modules() -> dict[str, str]:
    return {str(p.relative_to(ROUTES)): p.read_text() for p in sorted(ROUTES.rglob("*.py"))}


def test_no_other_route_module_drives_the_session_and_the_list_only_shrinks():
    driving = {name for name, text in _modules().items() if SESSION_CALL.search(text)}
    assert driving <= STILL_DRIVE_THE_SESSION, (
        f"a route drives the session: {sorted(driving - STILL_DRIVE_THE_SESSION)}"
    )
    assert STILL_DRIVE_THE_SESSION <= driving, (
        f"no longer: drop {sorted(STILL_DRIVE_THE_SESSION - driving)} here"
    )


def test_the_checkout_routes_only_parse_call_and_answer():
    text = _modules()["shop/checkout.py"]
    assert not SESSION_CALL.search(text)
    assert "from store." not in text.replace("from store.orders.queries import order_in_shop", "")


def test_route_modules_stay_short():
    long = {n for n, text in _modules().items() if text.count("\n") > ROUTE_LINES_MAX}
    assert long <= LONGER_FOR_NOW, f"over {ROUTE_LINES_MAX} lines: {sorted(long - LONGER_FOR_NOW)}"
