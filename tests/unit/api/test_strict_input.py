"""Input is strict (issue 18 §3): an amount is an integer, never a JSON boolean, float or string; every integer a
client may send is bounded in the contract, so no value reaches PostgreSQL out of range; countries are ISO 3166;
hostnames follow IDNA 2008."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from api.schemas.catalog import PlanIn
from api.schemas.ledger import InvoiceCorrectionIn, PayoutSettingsIn
from api.schemas.orders import RefundIn
from api.schemas.shop import CheckoutIn, Payer
from domain.domains import HostnameError, custom_hostname, display_hostname, subdomain_hostname
from domain.legitimation.seller_profile import SellerProfile, format_errors

OPENAPI = Path(__file__).resolve().parents[3] / "web" / "openapi.json"


@pytest.mark.parametrize("amount", [True, False, 1.0, 12.5, "1", "100", None, [1], {"v": 1}])
def test_a_refund_amount_is_an_integer_and_nothing_else(amount: object):
    with pytest.raises(ValidationError):
        RefundIn.model_validate({"amount": amount, "reason": "broken"})


def test_a_refund_amount_that_is_an_integer_is_taken():
    assert RefundIn.model_validate({"amount": 1, "reason": "broken"}).amount == 1


@pytest.mark.parametrize(
    "field,value",
    [
        ("price", True),
        ("price", 9.99),
        ("price", "999"),
        ("price", 10**13),
        ("start_day", 2**40),
        ("start_day", -1),
        ("start_day", True),
        ("payments_count", "3"),
        ("test_days", 1.0),
    ],
)
def test_a_plans_numbers_are_strict_integers_within_their_bounds(field: str, value: object):
    plan = {"name": "Monthly", "payment_type": "subscription", "price": 1000, "period": "1m"}
    with pytest.raises(ValidationError):
        PlanIn.model_validate(plan | {field: value})


@pytest.mark.parametrize("value", [True, "5", 5.0, 0, -1, 2**63])
def test_a_pricing_plan_id_is_a_strict_positive_bigint(value: object):
    payer = {"email": "a@example.com", "first_name": "A", "last_name": "B"}
    with pytest.raises(ValidationError):
        CheckoutIn.model_validate({"pricing_plan_id": value, "payer": payer})


@pytest.mark.parametrize("value", [True, "10", 1.5])
def test_payout_settings_are_strict_integers(value: object):
    with pytest.raises(ValidationError):
        PayoutSettingsIn.model_validate({"schedule": "monthly", "minimum": value, "hold_days": 7})


def _bounded(schema: dict, where: str, comps: dict, seen: set[str], out: list[str]) -> None:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if name not in seen:
            seen.add(name)
            _bounded(comps[name], name, comps, seen, out)
        return
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, []):
            _bounded(sub, where, comps, seen, out)
    if "items" in schema:
        _bounded(schema["items"], where, comps, seen, out)
    if schema.get("type") == "integer" and ("minimum" not in schema or "maximum" not in schema):
        out.append(where)
    for prop, sub in schema.get("properties", {}).items():
        _bounded(sub, f"{where}.{prop}", comps, seen, out)


def test_every_integer_a_client_sends_is_bounded_in_the_contract():
    spec = json.loads(OPENAPI.read_text())
    comps = spec["components"]["schemas"]
    unbounded: list[str] = []
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            for param in op.get("parameters", []):
                _bounded(param.get("schema", {}), f"{method} {path} {param['name']}", comps, set(), unbounded)
            for content in op.get("requestBody", {}).get("content", {}).values():
                _bounded(content["schema"], f"{method} {path}", comps, set(), unbounded)
    assert unbounded == []


@pytest.mark.parametrize("code", ["ZZ", "XX", "AA", "QQ", "EU", "UK", "D1", "DEU"])
def test_a_country_is_an_iso_3166_code(code: str):
    with pytest.raises(ValidationError):
        Payer.model_validate({"email": "a@example.com", "first_name": "A", "last_name": "B", "country": code})
    with pytest.raises(ValidationError):
        InvoiceCorrectionIn.model_validate({"buyer_lines": ["A"], "buyer_country": code})


def test_a_country_code_in_any_case_is_answered_uppercased():
    p = Payer.model_validate({"email": "a@example.com", "first_name": "A", "last_name": "B", "country": "at"})
    assert p.country == "AT"


@pytest.mark.parametrize("field", ["nationality", "country_code", "issuance_country_code"])
def test_a_seller_profiles_countries_are_iso_3166(field: str):
    from datetime import date

    errors = format_errors(SellerProfile(**{field: "ZZ"}), date(2026, 11, 24))
    assert errors.get(field) == "invalid country"
    assert field not in format_errors(SellerProfile(**{field: "DE"}), date(2026, 11, 24))


@pytest.mark.parametrize(
    "name",
    ["☕.example.test", "shop.💩.de", "xn--abc.de", "xn--ls8h.la", "a_b.example.test", "-shop.example.test"],
)
def test_hostnames_outside_idna_2008_are_refused(name: str):
    with pytest.raises(ValueError, match=HostnameError.invalid):
        custom_hostname(name, "sellflow.site")


@pytest.mark.parametrize("label", ["☕", "xn--abc", "💩"])
def test_a_subdomain_outside_idna_2008_is_refused(label: str):
    with pytest.raises(ValueError, match=HostnameError.invalid):
        subdomain_hostname(label, "sellflow.site")


@pytest.mark.parametrize(
    "name,ascii",
    [
        ("Müller.de", "xn--mller-kva.de"),
        ("faß.de", "xn--fa-hia.de"),
        ("Shop.Example.TEST.", "shop.example.test"),
    ],
)
def test_international_names_are_encoded_as_browsers_resolve_them(name: str, ascii: str):
    assert custom_hostname(name, "sellflow.site") == ascii
    assert display_hostname(ascii) == name.lower().rstrip(".")


def test_a_stored_file_that_is_gone_answers_404_not_500(tmp_path: Path):
    from api.files import stored_file
    from domain.errors import DomainError

    with pytest.raises(DomainError) as gone:
        stored_file(tmp_path / "removed-by-deletion.pdf", "passport.pdf", "application/pdf")
    assert gone.value.status == 404
    (tmp_path / "kept.pdf").write_bytes(b"%PDF")
    assert stored_file(tmp_path / "kept.pdf", "kept.pdf", "application/pdf").status_code == 200
