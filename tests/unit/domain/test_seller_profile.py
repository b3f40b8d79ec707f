"""The seller profile rules of core §5, each with its message, for both business types; VAT patterns with
python-stdnum, IBAN with schwifty, BIC, phone and age; and how far a seller is (the legitimation steps)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from domain.legitimation.legitimation import DocumentType, LegitimationStep, Missing, collection
from domain.legitimation.seller_profile import (
    ALWAYS_REQUIRED,
    BeneficialOwner,
    BusinessType,
    SellerProfile,
    TaxNoType,
    VatExemptReason,
    bic_error,
    format_errors,
    iban_error,
    normalised,
    phone_error,
    provider_errors,
    required_errors,
    vat_error,
    verified_data_hash,
)

TODAY = date(2026, 11, 22)
NATURAL = SellerProfile(
    business_type=BusinessType.natural,
    first_name="Ada",
    last_name="Lovelace",
    phone="+49 301 234 5678",
    birthday=date(1990, 5, 17),
    nationality="DE",
    street="Torstraße",
    street_number="1",
    zip="10119",
    city="Berlin",
    country_code="DE",
    vat_payer=True,
    vat_id="DE136695976",
    tax_no_type=TaxNoType.tax_no,
    tax_no="21/815/08150",
    issuance_country_code="DE",
)
OWNER = BeneficialOwner("Ada", "Lovelace", date(1980, 1, 2), "London", "GB", "GB")
ENTITY = replace(
    NATURAL,
    business_type=BusinessType.entity,
    company="Analytical Engines GmbH",
    region="Berlin",
    registration_location="Amtsgericht Charlottenburg",
    beneficial_owners=(OWNER,),
)


@pytest.mark.parametrize("profile", [NATURAL, ENTITY], ids=["natural", "entity"])
def test_a_complete_profile_has_no_errors(profile):
    assert required_errors(profile, verification_needed=True) == {}
    assert provider_errors(profile) == {}
    assert format_errors(profile, TODAY) == {}


@pytest.mark.parametrize("field", ALWAYS_REQUIRED)
@pytest.mark.parametrize("profile", [NATURAL, ENTITY], ids=["natural", "entity"])
def test_every_always_required_field(profile, field):
    errors = required_errors(replace(profile, **{field: None}), verification_needed=False)
    assert errors.get(field) == "required"


def test_street_number_is_no_longer_required_but_the_provider_needs_it():
    p = replace(NATURAL, street_number=None)
    assert required_errors(p, verification_needed=True) == {}
    assert provider_errors(p) == {"street_number": "required"}


def test_text_of_only_spaces_counts_as_missing():
    assert required_errors(replace(NATURAL, city="   "), verification_needed=False) == {"city": "required"}
    assert format_errors(replace(NATURAL, city="   "), TODAY) == {"city": "blank"}


def test_a_legal_entity_adds_company_and_region_but_not_region_at_home():
    abroad = replace(ENTITY, company=None, region=None, country_code="AT")
    assert required_errors(abroad, verification_needed=False) == {"company": "required", "region": "required"}
    home = replace(ENTITY, region=None, country_code="DE")
    assert "region" not in required_errors(home, verification_needed=True)
    # a natural person never needs either
    assert required_errors(replace(NATURAL, country_code="AT"), verification_needed=False) == {}


def test_birthday_when_verification_is_needed_and_at_least_18_years_ago():
    p = replace(NATURAL, birthday=None, country_code="AT")
    assert required_errors(p, verification_needed=True)["birthday"] == "required"
    assert "birthday" not in required_errors(p, verification_needed=False)
    assert format_errors(replace(NATURAL, birthday=date(2008, 11, 23)), TODAY) == {"birthday": "too young"}
    assert format_errors(replace(NATURAL, birthday=date(2008, 11, 22)), TODAY) == {}
    young_owner = replace(OWNER, birthday=date(2010, 1, 1))
    errors = format_errors(replace(ENTITY, beneficial_owners=(young_owner,)), TODAY)
    assert errors == {"beneficial_owners.0.birthday": "too young"}


@pytest.mark.parametrize(
    ("verification", "country", "required"),
    [(True, "AT", True), (False, "DE", True), (False, "AT", False)],
    ids=["verification needed", "home country", "neither"],
)
def test_tax_number_and_issuance_country(verification, country, required):
    for kind, field in ((TaxNoType.tax_no, "tax_no"), (TaxNoType.tax_ident_no, "tax_ident_no")):
        p = replace(
            NATURAL,
            country_code=country,
            tax_no_type=kind,
            tax_no=None,
            tax_ident_no=None,
            issuance_country_code=None,
        )
        errors = required_errors(p, verification_needed=verification)
        if required:
            assert errors[field] == "required" and errors["issuance_country_code"] == "required"
            other = "tax_ident_no" if field == "tax_no" else "tax_no"
            assert other not in errors
        else:
            assert field not in errors and "issuance_country_code" not in errors


def test_vat_exempt_reason_when_not_vat_liable():
    p = replace(NATURAL, vat_payer=False, vat_id=None)
    assert required_errors(p, verification_needed=True) == {"vat_exempt_reason": "required"}
    p = replace(p, vat_exempt_reason=VatExemptReason.small_business)
    assert required_errors(p, verification_needed=True) == {}


@pytest.mark.parametrize(
    "vat",
    [
        "ATU13585627",
        "BE0776091951",
        "BG175074752",
        "CY10259033P",
        "CZ25123891",
        "DE136695976",
        "DK13585628",
        "EE100931558",
        "EL094259216",
        "ESA13585625",
        "FI20774740",
        "FR40303265045",
        "GB980780684",
        "HR33392005961",
        "HU12892312",
        "IE6433435F",
        "IT00743110157",
        "LT119511515",
        "LU15027442",
        "LV40003521600",
        "MT11679112",
        "NL004495445B01",
        "PL8567346215",
        "PT501964843",
        "RO18547290",
        "SE123456789701",
        "SI50223054",
        "SK2022749619",
        "CHE116281710MWST",
    ],
)
def test_vat_numbers_of_every_country_of_core_5(vat):
    assert vat_error(vat) is None


@pytest.mark.parametrize("vat", ["DE123456789", "ATU1234567", "FR123", "US123456789", "XX999", "GB123"])
def test_a_vat_number_matching_no_country_pattern_is_wrong_vat(vat):
    assert vat_error(vat) == "wrong vat"


@pytest.mark.parametrize("vat", ["DE 136695976", "DE.136695976", "DE136695976!", "<b>DE1</b>"])
def test_a_vat_id_allows_only_letters_digits_underscore_and_hyphen(vat):
    assert vat_error(vat) == "invalid VAT"


def test_vat_id_errors_reach_the_profile():
    assert format_errors(replace(NATURAL, vat_id="DE123456789"), TODAY) == {"vat_id": "wrong vat"}


@pytest.mark.parametrize(
    ("phone", "country", "e164"),
    [
        ("+49 30 1234567", None, "+49301234567"),  # a Berlin number as Germans write it
        ("+49 301 234 5678", None, "+493012345678"),
        ("030 1234567", "DE", "+49301234567"),  # without its code: read in the profile's country
        ("(030) 123-4567", "DE", "+49301234567"),
        ("+43 1 5131234", None, "+4315131234"),
        ("+1 (415) 555-2671", None, "+14155552671"),
        ("+44 20 7946 0958", None, "+442079460958"),
        ("0301234567", None, None),  # no code and no country: which country's?
        ("12345", "DE", None),
        ("phone me", "DE", None),
        ("+49 30 12", None, None),
    ],
)
def test_a_phone_number_is_validated_by_the_numbering_plans_and_stored_in_e164(phone, country, e164):
    from domain.phones import e164 as to_e164

    assert phone_error(phone, country) == (None if e164 else "invalid phone")
    assert to_e164(phone, country) == e164
    if e164:
        assert normalised(SellerProfile(phone=phone, country_code=country)).phone == e164


@pytest.mark.parametrize(
    ("iban", "ok"),
    [
        ("DE89370400440532013000", True),
        ("DE89 3704 0044 0532 0130 00", True),
        ("GB33BUKB20201555555555", True),
        ("DE89370400440532013001", False),  # check digits
        ("DE8937040044", False),
        ("XX00", False),
    ],
)
def test_iban_with_schwifty(iban, ok):
    assert iban_error(iban) == (None if ok else "invalid IBAN")
    assert iban_error("") == "required"


@pytest.mark.parametrize(
    ("bic", "ok"),
    [
        ("COBADEFF", True),
        ("COBADEFFXXX", True),
        ("DEUTDEDB101", True),
        ("COBADE", False),
        ("C0BADEFF", False),
        ("COBADEFFXX", False),
        ("COBADEFFXXXX", False),
    ],
)
def test_bic_four_letters_two_letters_two_alphanumerics_optional_three(bic, ok):
    assert bic_error(bic) == (None if ok else "invalid BIC")


def test_provider_address_lists_per_business_type():
    natural = provider_errors(SellerProfile(business_type=BusinessType.natural))
    assert set(natural) == {
        "birthday",
        "city",
        "country_code",
        "first_name",
        "last_name",
        "nationality",
        "street",
        "street_number",
        "zip",
        "phone",
    }
    entity = provider_errors(SellerProfile(business_type=BusinessType.entity, country_code="AT"))
    assert set(entity) == {
        "company",
        "city",
        "street",
        "street_number",
        "vat_payer",
        "zip",
        "region",
        "registration_location",
        "beneficial_owners",
    }
    owner_missing = provider_errors(replace(ENTITY, beneficial_owners=(BeneficialOwner("A", "B"),)))
    assert owner_missing == {
        "beneficial_owners.0.birthday": "required",
        "beneficial_owners.0.birthplace_city": "required",
        "beneficial_owners.0.birthplace_country": "required",
    }


def test_only_verified_data_changes_the_verified_digest():
    assert verified_data_hash(replace(NATURAL, phone="+49 111 222 3333")) == verified_data_hash(NATURAL)
    assert verified_data_hash(replace(NATURAL, street="Elsewhere")) != verified_data_hash(NATURAL)


def test_the_collection_steps_in_order():
    docs = {DocumentType.id_from_front, DocumentType.id_from_back}
    base = dict(
        business_type="natural",
        profile_missing=False,
        provider_missing=set(),
        documents=docs,
        verification_needed=True,
        has_bank_account=True,
    )
    assert collection(**base) == (LegitimationStep.documents, [])
    assert collection(**{**base, "profile_missing": True})[0] == LegitimationStep.head_quarter
    assert (
        collection(**{**base, "provider_missing": {"street_number"}})[0]
        == LegitimationStep.legal_representative
    )
    step, missing = collection(**{**base, "documents": {DocumentType.id_from_front}})
    assert step == LegitimationStep.documents and missing == [Missing.documents]
    entity = {
        **base,
        "business_type": "entity",
        "documents": docs | {DocumentType.company_lr, DocumentType.article_doc},
    }
    assert collection(**{**entity, "provider_missing": {"beneficial_owners"}})[0] == LegitimationStep.ubo
    assert collection(**{**base, "has_bank_account": False})[1] == [Missing.bank_account]


@pytest.mark.parametrize(
    "kind,verification,steps",
    [
        (None, False, ["business", "personal", "tax", "summary"]),
        ("natural", True, ["business", "personal", "tax", "documents", "summary"]),
        ("entity", False, ["business", "representative", "details", "tax", "documents", "summary"]),
    ],
)
def test_the_wizards_steps_follow_the_business_type(kind, verification, steps):
    from domain.legitimation.seller_profile import BusinessType, wizard_steps

    assert wizard_steps(BusinessType(kind) if kind else None, verification) == steps


@pytest.mark.parametrize(
    "step,editable",
    [
        (None, True),
        ("head_quarter", True),
        ("change", True),
        ("requested", False),
        ("in_review", False),
        ("registered", False),
        ("rejected", False),
        ("legitimated", True),
    ],
)
def test_the_profile_is_locked_while_reviewed_and_after_a_rejection(step, editable):
    from domain.legitimation.legitimation import LegitimationStep, profile_editable, profile_lock_reason

    s = LegitimationStep(step) if step else None
    assert profile_editable(s) is editable
    assert (profile_lock_reason(s) is None) is editable
