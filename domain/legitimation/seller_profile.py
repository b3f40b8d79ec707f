"""The seller profile (core §3) and its validation rules (core §5), declared once: the API answers with these
messages and the web form shows the same ones (it asks the API, it does not repeat the rules)."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass, field, replace
from datetime import date
from enum import StrEnum

from stdnum import exceptions as stdnum_errors
from stdnum.ch import vat as ch_vat
from stdnum.eu import vat as eu_vat
from stdnum.gb import vat as gb_vat

from domain import phones
from domain.countries import is_country

HOME_COUNTRY = "DE"
MIN_AGE = 18  # core §9


class BusinessType(StrEnum):
    natural = "natural"
    entity = "entity"


class VatExemptReason(StrEnum):
    small_business = "small_business"
    educational = "educational"
    regulated_profession = "regulated_profession"
    other = "other"


class PositionInCompany(StrEnum):
    founder = "founder"
    c_level = "c_level"
    product_manager = "product_manager"
    marketing_manager = "marketing_manager"
    project_manager = "project_manager"
    agency = "agency"
    freelancer = "freelancer"
    solopreneur = "solopreneur"
    other = "other"


class EmployeeSize(StrEnum):
    s1_5 = "1-5"
    s6_20 = "6-20"
    s21_99 = "21-99"
    s100_500 = "100-500"
    s500_plus = "500+"


class Salutation(StrEnum):
    mr = "mr"
    mrs = "mrs"
    non_binary = "non_binary"
    dr = "dr"
    none = "none"


class TaxNoType(StrEnum):
    """Which tax number the seller gives (core §5: 'tax number or tax identification number, depending on
    taxNoType')."""

    tax_no = "tax_no"
    tax_ident_no = "tax_ident_no"


# Messages (core §5, §8): `required` and `wrong vat` / `invalid VAT` are the spec's own; the others are "not
# shown" there and chosen in docs/DECISIONS.md.
REQUIRED = "required"
WRONG_VAT = "wrong vat"
INVALID_VAT = "invalid VAT"
INVALID_PHONE = phones.INVALID_PHONE
TOO_YOUNG = "too young"
INVALID_IBAN = "invalid IBAN"
INVALID_BIC = "invalid BIC"
INVALID_COUNTRY = "invalid country"
BLANK = "blank"

# Phone (core §5): an optional country prefix, then groups of 3, 3 and 4 digits with optional brackets or dashes.
# BIC (core §5): 4 letters, 2 letters, 2 alphanumerics, optional 3 alphanumerics.
BIC_RE = re.compile(r"^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$")
VAT_CHARS_RE = re.compile(r"^[A-Za-z0-9_-]+$")
COUNTRY_RE = re.compile(r"^[A-Z]{2}$")
# The countries core §5 has VAT number patterns for (GR's VAT prefix is EL).
VAT_COUNTRIES = frozenset(
    "AT BE BG CY CZ DE DK EE GR ES FI FR GB HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK CH".split()
)


@dataclass(frozen=True)
class BeneficialOwner:
    first_name: str | None = None
    last_name: str | None = None
    birthday: date | None = None
    birthplace_city: str | None = None
    birthplace_country: str | None = None
    nationality: str | None = None


@dataclass(frozen=True)
class SellerProfile:
    """Every field of core §3 "Seller profile", each optional while the seller is still filling the wizard."""

    business_type: BusinessType | None = None
    salutation: Salutation | None = None
    first_name: str | None = None
    last_name: str | None = None
    phone: str | None = None
    birthday: date | None = None
    nationality: str | None = None
    street: str | None = None
    street_number: str | None = None
    zip: str | None = None
    city: str | None = None
    country_code: str | None = None
    region: str | None = None
    company: str | None = None
    registration_location: str | None = None
    position: PositionInCompany | None = None
    employee_size: EmployeeSize | None = None
    vat_payer: bool | None = None
    vat_id: str | None = None
    vat_exempt_reason: VatExemptReason | None = None
    tax_no_type: TaxNoType | None = None
    tax_no: str | None = None
    tax_ident_no: str | None = None
    issuance_country_code: str | None = None
    beneficial_owners: tuple[BeneficialOwner, ...] = field(default_factory=tuple)


def _blank(v: object) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def age_on(birthday: date, today: date) -> int:
    return today.year - birthday.year - ((today.month, today.day) < (birthday.month, birthday.day))


def phone_error(phone: str | None, country: str | None = None) -> str | None:
    """A phone number the numbering plans know (any country's, with its `+` code, or the profile country's)."""
    return phones.phone_error(phone, country)


def normalised(p: SellerProfile) -> SellerProfile:
    """The profile as stored: its phone in E.164 (`030 1234567` of a seller in Germany is `+49301234567`)."""
    if p.phone and (number := phones.e164(p.phone, p.country_code)):
        return replace(p, phone=number)
    return p


def vat_error(vat_id: str | None) -> str | None:
    """`invalid VAT` for characters a VAT id never has; `wrong vat` when it matches no country pattern of
    core §5 (checked with python-stdnum, including the check digits)."""
    if _blank(vat_id):
        return None
    v = str(vat_id).strip()
    if not VAT_CHARS_RE.match(v):
        return INVALID_VAT
    prefix = v[:2].upper()
    country = "GR" if prefix == "EL" else prefix
    if country not in VAT_COUNTRIES:
        return WRONG_VAT
    module = ch_vat if country == "CH" else gb_vat if country == "GB" else eu_vat
    try:
        module.validate(v)
    except stdnum_errors.ValidationError:
        return WRONG_VAT
    return None


def bic_error(bic: str | None) -> str | None:
    if _blank(bic):
        return REQUIRED
    return None if BIC_RE.match(str(bic).strip().upper()) else INVALID_BIC


def iban_error(iban: str | None) -> str | None:
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException

    if _blank(iban):
        return REQUIRED
    try:
        IBAN(str(iban))
    except SchwiftyException:
        return INVALID_IBAN
    return None


def normalised_iban(iban: str) -> str:
    return re.sub(r"\s+", "", iban).upper()


def _country_error(v: str | None) -> str | None:
    return None if _blank(v) or (COUNTRY_RE.match(str(v)) and is_country(str(v))) else INVALID_COUNTRY


def format_errors(p: SellerProfile, today: date) -> dict[str, str]:
    """Rules on the values given (a draft may leave fields empty): phone, VAT id, age, country codes, text that
    is only spaces. A profile with any of these is refused whole."""
    errors: dict[str, str] = {}
    for name, value in asdict(p).items():
        if isinstance(value, str) and value and not value.strip():
            errors[name] = BLANK
    if e := phone_error(p.phone, p.country_code):
        errors["phone"] = e
    if e := vat_error(p.vat_id):
        errors["vat_id"] = e
    if p.birthday is not None and age_on(p.birthday, today) < MIN_AGE:
        errors["birthday"] = TOO_YOUNG
    for name in ("country_code", "issuance_country_code", "nationality"):
        if e := _country_error(getattr(p, name)):
            errors[name] = e
    for i, owner in enumerate(p.beneficial_owners):
        if owner.birthday is not None and age_on(owner.birthday, today) < MIN_AGE:
            errors[f"beneficial_owners.{i}.birthday"] = TOO_YOUNG
        if e := _country_error(owner.birthplace_country):
            errors[f"beneficial_owners.{i}.birthplace_country"] = e
    return errors


ALWAYS_REQUIRED = (
    "business_type",
    "phone",
    "vat_payer",
    "first_name",
    "last_name",
    "street",
    "city",
    "country_code",
    "zip",
)  # core §5: street_number is no longer required


def required_errors(p: SellerProfile, *, verification_needed: bool) -> dict[str, str]:
    """The required fields of core §5 "Seller profile required fields", exactly."""
    missing = [n for n in ALWAYS_REQUIRED if _blank(getattr(p, n))]
    home = p.country_code == HOME_COUNTRY
    if p.business_type == BusinessType.entity:
        missing.append("company") if _blank(p.company) else None
        if not home and _blank(p.region):
            missing.append("region")
    if verification_needed and p.birthday is None:
        missing.append("birthday")
    if verification_needed or home:
        number = "tax_ident_no" if p.tax_no_type == TaxNoType.tax_ident_no else "tax_no"
        if _blank(getattr(p, number)):
            missing.append(number)
        if _blank(p.issuance_country_code):
            missing.append("issuance_country_code")
    if p.vat_payer is False and p.vat_exempt_reason is None:
        missing.append("vat_exempt_reason")
    return dict.fromkeys(missing, REQUIRED)


# The address data the KYC provider needs (core §5 "Provider address lists").
PROVIDER_FIELDS = {
    BusinessType.natural: (
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
    ),
    BusinessType.entity: (
        "company",
        "city",
        "country_code",
        "street",
        "street_number",
        "vat_payer",
        "zip",
        "region",
        "registration_location",
    ),
}
UBO_FIELDS = ("first_name", "last_name", "birthday", "birthplace_city", "birthplace_country")


def provider_errors(p: SellerProfile) -> dict[str, str]:
    """What the KYC provider needs on top of the profile: its address list, and for a legal entity at least
    one beneficial owner with birthplace (the ubo step)."""
    if p.business_type is None:
        return {"business_type": REQUIRED}
    errors = {n: REQUIRED for n in PROVIDER_FIELDS[p.business_type] if _blank(getattr(p, n))}
    # the home country needs no region (core §5); the provider list takes the rule over
    if p.country_code == HOME_COUNTRY:
        errors.pop("region", None)
    if p.business_type == BusinessType.entity:
        if not p.beneficial_owners:
            errors["beneficial_owners"] = REQUIRED
        for i, owner in enumerate(p.beneficial_owners):
            for n in UBO_FIELDS:
                if _blank(getattr(owner, n)):
                    errors[f"beneficial_owners.{i}.{n}"] = REQUIRED
    return errors


# The data a verification confirms: a change to any of these after legitimation sends the seller back through
# review (data mismatch). Contact details (phone) and the wizard's own choices are not verified data.
VERIFIED_FIELDS = (
    "business_type",
    "first_name",
    "last_name",
    "birthday",
    "nationality",
    "street",
    "street_number",
    "zip",
    "city",
    "country_code",
    "region",
    "company",
    "registration_location",
    "tax_no",
    "tax_ident_no",
    "issuance_country_code",
    "vat_id",
    "beneficial_owners",
)


def verified_data_hash(p: SellerProfile) -> str:
    data = asdict(p)
    picked = {k: data[k] for k in VERIFIED_FIELDS}
    return hashlib.sha256(json.dumps(picked, sort_keys=True, default=str).encode()).hexdigest()


# ----- the profile wizard (core §2) ------------------------------------------------------------------------------
WIZARD = {
    BusinessType.natural: ["business", "personal", "tax"],
    BusinessType.entity: ["business", "representative", "details", "tax"],
}


def wizard_steps(business_type: BusinessType | None, verification_required: bool) -> list[str]:
    """core §2: natural person business, personal, tax (+ documents, summary when verification is required);
    legal entity business, representative, details, tax, documents, summary."""
    kind = business_type or BusinessType.natural
    extra = ["documents", "summary"] if verification_required or kind == BusinessType.entity else ["summary"]
    return [*WIZARD[kind], *extra]
