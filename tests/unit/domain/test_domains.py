"""The domain rules: which names a seller may add (hostnames, IDN, no IP addresses, not the platform's own domain
except as a subdomain), the TXT record, the DNS check's backoff and the certificate's renewal calendar."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.domains import (
    TTL_OPTIONS,
    DnsRecordType,
    DomainKind,
    HostnameError,
    RoutingRecord,
    check_delay_s,
    custom_hostname,
    display_hostname,
    is_apex,
    renewal_delay_s,
    routing_found,
    routing_records,
    subdomain_hostname,
    verify_record_name,
    verify_record_value,
)

SUFFIX = "sellflow.site"


@pytest.mark.parametrize(
    ("name", "host"),
    [
        ("shop.example.com", "shop.example.com"),
        ("  Shop.Example.COM. ", "shop.example.com"),
        ("müller.de", "xn--mller-kva.de"),
        ("xn--mller-kva.de", "xn--mller-kva.de"),
        ("a-b.c-d.example.co.uk", "a-b.c-d.example.co.uk"),
        ("shop.example.test", "shop.example.test"),
        ("sellflow.site.example.com", "sellflow.site.example.com"),
        ("notsellflow.site", "notsellflow.site"),
    ],
)
def test_custom_domains_are_stored_in_their_ascii_form(name: str, host: str):
    assert custom_hostname(name, SUFFIX) == host


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("", HostnameError.required),
        ("   ", HostnameError.required),
        (None, HostnameError.required),
        ("192.168.1.1", HostnameError.ip_address),
        ("::1", HostnameError.ip_address),
        ("[2001:db8::1]", HostnameError.ip_address),
        ("sellflow.site", HostnameError.platform_domain),
        ("anna.sellflow.site", HostnameError.platform_domain),
        ("ANNA.Sellflow.Site.", HostnameError.platform_domain),
        ("localhost", HostnameError.invalid),
        ("-shop.example.com", HostnameError.invalid),
        ("shop-.example.com", HostnameError.invalid),
        ("shop..example.com", HostnameError.invalid),
        ("under_score.example.com", HostnameError.invalid),
        ("shop.example.123", HostnameError.invalid),
        ("http://shop.example.com", HostnameError.invalid),
        ("shop.example.com/path", HostnameError.invalid),
        ("x" * 64 + ".com", HostnameError.invalid),
        (("a" * 60 + ".") * 5 + "com", HostnameError.too_big),
    ],
)
def test_names_that_are_not_a_sellers_domain_are_refused(name: str | None, error: HostnameError):
    with pytest.raises(ValueError) as e:
        custom_hostname(name, SUFFIX)
    assert str(e.value) == error


def test_a_subdomain_is_one_label_under_the_platform_suffix():
    assert subdomain_hostname("Anna", SUFFIX) == "anna.sellflow.site"
    assert subdomain_hostname("jürgen", SUFFIX) == "xn--jrgen-kva.sellflow.site"
    for bad, error in [
        ("a.b", HostnameError.not_a_subdomain),
        ("", HostnameError.required),
        ("-anna", HostnameError.invalid),
        ("an_na", HostnameError.invalid),
        ("x" * 64, HostnameError.too_big),
    ]:
        with pytest.raises(ValueError) as e:
            subdomain_hostname(bad, SUFFIX)
        assert str(e.value) == error


def test_the_txt_record_and_the_shown_name():
    assert verify_record_name("shop.example.com") == "_sellflow.shop.example.com"
    assert verify_record_value("abc") == "sellflow-verification=abc"
    assert display_hostname("xn--mller-kva.de") == "müller.de"
    assert display_hostname("xn--zz.de") == "xn--zz.de"  # not valid punycode: shown as is
    assert TTL_OPTIONS == (300, 3600, 86400, 604800)


def test_dns_checks_back_off_to_a_cap():
    assert [check_delay_s(n, 30, 1800) for n in range(1, 9)] == [30, 60, 120, 240, 480, 960, 1800, 1800]


def test_a_certificate_is_renewed_a_margin_before_it_expires_in_the_workflows_days():
    t0 = datetime(2026, 11, 23, tzinfo=UTC)
    # Let's Encrypt: 90 days, renewed 30 days early, i.e. 60 real days after issuance
    assert renewal_delay_s(t0, t0 + timedelta(days=90), 30, 86400, t0) == 60 * 86400
    # the same with a compressed day of 0.01 s
    assert renewal_delay_s(t0, t0 + timedelta(days=90), 30, 0.01, t0) == pytest.approx(0.6)
    # issued an hour after not-before (CAs backdate): that hour already counts
    assert (
        renewal_delay_s(t0, t0 + timedelta(days=90), 30, 86400, t0 + timedelta(hours=1)) == 60 * 86400 - 3600
    )
    # a certificate shorter than the margin renews at half its life; a late one at once
    assert renewal_delay_s(t0, t0 + timedelta(days=6), 30, 86400, t0) == 3 * 86400
    assert renewal_delay_s(t0, t0 + timedelta(days=90), 30, 86400, t0 + timedelta(days=70)) == 0


def test_the_dcv_delegation_target_is_stable_short_and_not_the_token():
    from domain.domains import dcv_target

    token = "0123456789abcdef0123456789abcdef"
    target = dcv_target(token, "Sellflow.Site.")
    assert target == dcv_target(token, "sellflow.site")  # stable for the domain
    assert target.endswith(".acme.sellflow.site") and len(target.split(".")[0]) == 20
    assert token not in target and dcv_target("f" * 32, "sellflow.site") != target
    assert len(dcv_target(token, "a" * 63 + "." + "b" * 63 + ".example")) < 253


@pytest.mark.parametrize(
    ("host", "apex"),
    [
        ("example.com", True),
        ("shop.example.com", False),
        ("example.co.uk", True),
        ("www.example.co.uk", False),
        ("xn--mller-kva.de", True),
        ("anna.github.io", True),  # a private suffix: github.io hands out anna.github.io as a whole domain
    ],
)
def test_a_domains_apex_is_found_by_the_public_suffix_list(host: str, apex: bool):
    assert is_apex(host) is apex


def test_a_custom_domain_is_routed_by_cname_below_its_apex_and_by_addresses_at_it():
    args = ("shops.sellflow.site.", "203.0.113.10", "2001:db8::10")
    assert routing_records("shop.example.com", DomainKind.custom, *args) == [
        RoutingRecord(DnsRecordType.CNAME, "shop.example.com", "shops.sellflow.site")
    ]
    assert routing_records("example.com", DomainKind.custom, *args) == [
        RoutingRecord(DnsRecordType.A, "example.com", "203.0.113.10"),
        RoutingRecord(DnsRecordType.AAAA, "example.com", "2001:db8::10"),
    ]
    assert routing_records("example.com", DomainKind.custom, "shops.sellflow.site", "203.0.113.10", "") == [
        RoutingRecord(DnsRecordType.A, "example.com", "203.0.113.10")
    ]
    assert routing_records("anna.sellflow.site", DomainKind.subdomain, *args) == []


def test_a_routing_record_is_found_only_when_the_lookup_saw_its_value():
    cname = RoutingRecord(DnsRecordType.CNAME, "shop.example.com", "shops.sellflow.site")
    assert routing_found(cname, {"CNAME": ["SHOPS.sellflow.site."]})
    assert not routing_found(cname, {"CNAME": ["old.example.net"]})
    assert not routing_found(cname, {})
    aaaa = RoutingRecord(DnsRecordType.AAAA, "example.com", "2001:db8::10")
    assert routing_found(aaaa, {"AAAA": ["2001:0db8:0000::0010"]})  # the same address, written differently
    assert not routing_found(aaaa, {"AAAA": ["2001:db8::11", "not an address"]})
