"""The permission table (api/permissions.py): every endpoint of the API has its rule, every exception names an
endpoint that exists, the areas go to the roles of their profiles, and docs/PERMISSIONS.md is the table."""

from __future__ import annotations

from pathlib import Path

from api.app import create_app
from api.permissions import AREAS, EXCEPTIONS, MANAGERS, PAYEES, Role, matrix, operations_of, rule

DOC = Path(__file__).resolve().parents[3] / "docs" / "PERMISSIONS.md"


def _operations() -> list[tuple[str, str]]:
    return operations_of(create_app().openapi())


def test_every_endpoint_is_placed_and_every_exception_exists():
    ops = _operations()
    for method, path in ops:
        assert (
            any(path.startswith(p) or path == p.rstrip("/") for p, _ in AREAS) or (method, path) in EXCEPTIONS
        ), (
            method,
            path,
        )
    assert set(EXCEPTIONS) <= set(ops), set(EXCEPTIONS) - set(ops)


def test_each_area_is_its_profiles_and_a_payee_reaches_only_its_payment_account():
    assert rule("GET", "/v1/cabinet/orders") == {Role.seller, Role.acting_team_member}
    # a team member acting for a seller: never the owner's identity, money settings, deletion or team
    for method, path in (
        ("GET", "/v1/cabinet/bank_accounts"),
        ("PUT", "/v1/cabinet/seller_profile"),
        ("PUT", "/v1/cabinet/payout_settings"),
        ("POST", "/v1/cabinet/cashouts"),
        ("POST", "/v1/cabinet/account_deletion/start"),
        ("POST", "/v1/cabinet/team_members"),
    ):
        assert Role.acting_team_member not in rule(method, path), path
    assert rule("GET", "/v1/team_member/overview") == {Role.team_member, Role.sales_team_member}
    assert rule("GET", "/v1/team_member/invites") == {Role.user}  # looked at before joining
    assert rule("GET", "/v1/admin/product_reviews") == MANAGERS
    assert Role.publisher in rule("GET", "/v1/publish/orders") and Role.seller not in rule(
        "GET", "/v1/publish/orders"
    )
    assert Role.anyone in rule("POST", "/v1/shop/{username}/products/{slug}/checkout")
    assert Role.anyone in rule("POST", "/v1/webhooks/stripe")  # the signature is its proof
    assert rule("PUT", "/v1/cabinet/seller_profile") == PAYEES and Role.publisher in PAYEES
    assert Role.publisher not in rule("POST", "/v1/cabinet/products")
    assert rule("GET", "/v1/app/user") == {Role.user}
    assert Role.anyone in rule("GET", "/s/{username}/{path}")  # the shop's pages
    assert rule("GET", "/v1/somewhere/new") == MANAGERS  # an endpoint nobody placed is closed


def test_the_document_is_the_table():
    assert DOC.read_text(encoding="utf-8") == matrix(_operations()), "run: python -m sellflow.cli permissions"
