"""The shape the routes keep (issue 48): a route parses, calls one service or store function and answers through a
presenter: no route module drives the ORM session itself (the `DB` dependency's session goes to services and store
functions, whose transaction it is), and none grows past ROUTE_LINES_MAX lines."""

from __future__ import annotations

import re
from pathlib import Path

ROUTES = Path(__file__).resolve().parents[3] / "api" / "routes"
SESSION_CALL = re.compile(
    r"\bs\.(get|commit|execute|refresh|add|add_all|flush|scalar|scalars|delete|rollback|expunge|expunge_all|merge|begin|begin_nested|stream)\("
)
ROUTE_LINES_MAX = 400
LONGER_FOR_NOW: set[str] = set()  # none today: keep it so


def _modules() -> dict[str, str]:
    return {str(p.relative_to(ROUTES)): p.read_text() for p in sorted(ROUTES.rglob("*.py"))}


def test_no_route_module_drives_the_session():
    """The `DB` dependency's session is handed to services and store functions; the transaction is theirs."""
    driving = {name for name, text in _modules().items() if SESSION_CALL.search(text)}
    assert not driving, f"a route drives the session: {sorted(driving)}"


def test_the_checkout_routes_only_parse_call_and_answer():
    text = _modules()["shop/checkout.py"]
    assert not SESSION_CALL.search(text)
    assert "from store." not in text.replace("from store.orders.queries import order_in_shop", "")


def test_route_modules_stay_short():
    long = {n for n, text in _modules().items() if text.count("\n") > ROUTE_LINES_MAX}
    assert long <= LONGER_FOR_NOW, f"over {ROUTE_LINES_MAX} lines: {sorted(long - LONGER_FOR_NOW)}"
