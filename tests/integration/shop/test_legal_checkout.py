"""A lawful checkout (issue 49): the seller writes their terms, cancellation terms (and a product type's own), privacy
policy and imprint; the product page lists them and says whom the consent to begin a digital delivery at once is
asked of; the checkout opens each document; an EU consumer who does not tick the consent is refused (422) and no
order is made, a business buyer or one outside the EU is not (unless the seller asks everyone); the consent ticked is
kept on the order in the buyer's words and repeated on the thank-you page and in the confirmation mail with the
documents' links."""

from __future__ import annotations

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_count,
    db_value,
    new_seller,
    pay,
    published_product,
    start_checkout,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration

TEXTS = {
    "terms": {"en": "Our terms: be kind.", "de": "Unsere AGB: sei nett."},
    "cancellation_terms": {
        "en": "You may withdraw within 14 days.",
        "de": "Du kannst binnen 14 Tagen widerrufen.",
    },
    "cancellation_terms_by_type": {
        "download": {"en": "Downloads: <script>alert(1)</script> 14 days.", "de": ""}
    },
    "privacy": {"en": "We keep what bookkeeping needs.", "de": ""},
    "imprint": {"en": "Jane Doe, Main Street 1, Berlin", "de": ""},
}
WORDING_DE = "Ich stimme ausdrücklich zu, dass vor Ablauf der Widerrufsfrist"


async def test_a_seller_writes_documents_and_an_eu_consumer_ticks_the_consent(stack, spoils_sellers_ahead):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "legal")
        h, u = seller.headers, seller.username
        r = await c.put("/v1/cabinet/legal_texts", json=TEXTS, headers=h)
        assert r.status_code == 200, r.text
        saved = (await c.get("/v1/cabinet/legal_texts", headers=h)).json()
        assert saved["withdrawal_consent"] == "eu_consumers"  # the default
        assert saved["cancellation_terms_by_type"]["download"]["en"].startswith("Downloads:")
        product = await published_product(c, seller, price=1500, name="Legal guide")

        page = (await c.get(f"/v1/shop/{u}/products/{product['slug']}")).json()
        assert page["legal"]["documents"] == ["terms", "cancellation_terms", "privacy", "imprint"]
        assert page["legal"]["consent"] == "eu_consumers" and "DE" in page["legal"]["consent_countries"]
        assert "US" not in page["legal"]["consent_countries"]

        # the checkout opens each document; a product type's own cancellation terms replace the general ones
        doc = await c.get(f"/v1/shop/{u}/documents/cancellation_terms", params={"lang": "de"})
        assert doc.status_code == 200 and doc.json()["text"] == "Du kannst binnen 14 Tagen widerrufen."
        own = await c.get(f"/v1/shop/{u}/documents/cancellation_terms", params={"product_type": "download"})
        assert own.json()["text"].startswith("Downloads:")
        assert (await c.get(f"/v1/shop/{u}/documents/privacy", params={"lang": "de"})).json()["text"] == (
            "We keep what bookkeeping needs."  # not written in German: the English one
        )
        assert (await c.get(f"/v1/shop/{u}/documents/nonsense")).status_code == 400
        assert (await c.get(f"/v1/shop/{u}/documents/terms", params={"product_type": "x"})).status_code == 400
        assert (await c.get("/v1/shop/no-such-shop-x/documents/terms")).status_code == 404
        # served as the shop's pages too, the seller's text as text, never as markup
        html = (await c.get(f"/s/{u}/document/cancellation_terms", params={"product_type": "download"})).text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert(1)" not in html
        for d in ("terms", "privacy", "imprint"):
            assert (await c.get(f"/s/{u}/document/{d}")).status_code == 200
        assert f"/s/{u}/document/privacy" in (await c.get(f"/s/{u}/document/terms")).text  # the footer links

        # not ticked: an EU consumer (or one naming no country) is refused and nothing is made
        orders = "select count(*) from orders where product_id = :p"
        for country in (None, "AT"):
            r = await c.post(
                f"/v1/shop/{u}/products/{product['slug']}/checkout",
                json={
                    "pricing_plan_id": product["pricing_plans"][0]["id"],
                    "payer": {"email": "eu@example.com", "first_name": "E", "last_name": "U"}
                    | ({"country": country} if country else {}),
                },
            )
            assert r.status_code == 400 and r.json()["fields"] == {"withdrawal_consent": "required"}, r.text
        assert await db_count(orders, p=product["id"]) == 0
        # a buyer outside the EU, and a business buyer, are not asked by the default rule
        await start_checkout(c, u, product, country="US", extra={"withdrawal_consent": False})
        await start_checkout(
            c,
            u,
            product,
            country="DE",
            payer={"company": "Acme GmbH", "street": "Hauptstr. 1", "zip": "10115", "city": "Berlin"},
            extra={"withdrawal_consent": False},
        )
        assert await db_count(orders, p=product["id"]) == 2
        # a strict bool, a buyer language
        for bad in ({"withdrawal_consent": "yes"}, {"withdrawal_consent": 1}, {"language": "xx"}):
            r = await c.post(
                f"/v1/shop/{u}/products/{product['slug']}/checkout",
                json={
                    "pricing_plan_id": product["pricing_plans"][0]["id"],
                    "payer": {"email": "x@example.com", "first_name": "X", "last_name": "Y"},
                }
                | bad,
            )
            assert r.status_code == 400, (bad, r.text)

        # ticked, on a German page: kept with the order in the words shown, repeated on the thank-you page and in
        # the confirmation mail with the documents' links
        co = await start_checkout(
            c,
            u,
            product,
            email="consents@example.com",
            country="DE",
            payer={"locale": "de"},
            extra={"language": "de"},
        )
        token = co["order_token"]
        pm = await card_payment_method(stack, co.get("setup_intent_client_secret"), CARD_OK)
        assert (await pay(c, u, token, pm)).status_code == 200
        done = await wait_fulfilled(c, u, token)
        assert done["withdrawal_consent"]["text"].startswith(WORDING_DE)
        assert done["withdrawal_consent"]["at"]
        assert (
            await db_value("select withdrawal_consent_text from orders where token = :t", t=token)
        ).startswith(WORDING_DE)
        mail = await wait_mail(stack, "consents@example.com", "Deine Bestellung")
        body = mail["body"]
        assert WORDING_DE in body
        assert f"/s/{u}/document/terms" in body and f"/s/{u}/document/imprint" in body
        assert f"/s/{u}/document/cancellation_terms?product_type=download" in body


async def test_everyone_asked_when_the_seller_says_so(stack, spoils_sellers_ahead):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "legal-all")
        h, u = seller.headers, seller.username
        r = await c.put("/v1/cabinet/legal_texts", json={"withdrawal_consent": "everyone"}, headers=h)
        assert r.status_code == 200, r.text
        assert (
            await c.put("/v1/cabinet/legal_texts", json={"withdrawal_consent": "never"}, headers=h)
        ).status_code == 400
        product = await published_product(c, seller, price=900, name="Strict guide")
        page = (await c.get(f"/v1/shop/{u}/products/{product['slug']}")).json()
        assert page["legal"] == {
            "documents": [],
            "consent": "everyone",
            "consent_countries": page["legal"]["consent_countries"],
        }
        r = await c.post(
            f"/v1/shop/{u}/products/{product['slug']}/checkout",
            json={
                "pricing_plan_id": product["pricing_plans"][0]["id"],
                "payer": {
                    "email": "us@example.com",
                    "first_name": "U",
                    "last_name": "S",
                    "country": "US",
                    "company": "Acme Inc",
                },
            },
        )
        assert r.status_code == 400 and "withdrawal_consent" in r.json()["fields"]
        # not written: nothing to open
        assert (await c.get(f"/v1/shop/{u}/documents/terms")).status_code == 404


async def test_the_platforms_own_pages(stack):
    """core §2 `/plans`, `/terms`, `/privacy`, `/imprint`: the web app's pages, their words from the API."""
    async with client(stack) as c:
        for path in ("/plans", "/terms", "/privacy", "/imprint"):
            r = await c.get(path)
            assert r.status_code == 200 and '<div id="root">' in r.text, path
        imprint = (await c.get("/v1/common/documents/imprint", params={"lang": "de"})).json()
        assert imprint["text"].startswith("Impressum") and "Sellflow Demo GmbH" in imprint["text"]
        assert "{operator_name}" not in imprint["text"]
        terms = (await c.get("/v1/common/documents/terms")).json()["text"]
        assert terms.startswith("Terms of use") and "support@sellflow.local" in terms
        assert (await c.get("/v1/common/documents/cookies")).status_code == 400
        assert (await c.get("/v1/common/documents/terms", params={"lang": "fr"})).status_code == 400
        plans = (await c.get("/v1/common/plans")).json()["list"]
        assert plans == [
            {"name": "Standard", "billing_cycle": "monthly", "fee_basis_points": 490, "fee_fixed": 0}
        ]


async def test_the_invoice_asks_the_buyers_address_above_250_euros_and_of_a_business(
    stack, spoils_sellers_ahead
):
    """§ 14 (4) Nr. 1 UStG, § 33 UStDV: an invoice over €250, or to a business, names the buyer's address."""
    async with client(stack) as c:
        seller = await new_seller(stack, c, "address")
        u = seller.username
        dear = await published_product(c, seller, price=30000, name="Masterclass")
        small = await published_product(c, seller, price=25000, name="Workshop")
        orders = "select count(*) from orders where product_id = :p"
        r = await c.post(
            f"/v1/shop/{u}/products/{dear['slug']}/checkout",
            json={
                "pricing_plan_id": dear["pricing_plans"][0]["id"],
                "payer": {
                    "email": "a@example.com",
                    "first_name": "A",
                    "last_name": "B",
                    "street": "Hauptstr. 1",
                },
                "withdrawal_consent": True,
            },
        )
        assert r.status_code == 400, r.text
        assert set(r.json()["fields"]) == {"payer.zip", "payer.city", "payer.country"}
        assert await db_count(orders, p=dear["id"]) == 0
        address = {"street": "Hauptstr. 1", "zip": "10115", "city": "Berlin"}
        await start_checkout(c, u, dear, country="DE", payer=address)
        await start_checkout(c, u, small, country="DE")  # €250 exactly: a small-amount invoice
        r = await c.post(
            f"/v1/shop/{u}/products/{small['slug']}/checkout",
            json={
                "pricing_plan_id": small["pricing_plans"][0]["id"],
                "payer": {
                    "email": "b@example.com",
                    "first_name": "A",
                    "last_name": "B",
                    "country": "DE",
                    "company": "Acme GmbH",
                },
            },
        )
        assert r.status_code == 400 and set(r.json()["fields"]) == {
            "payer.street",
            "payer.zip",
            "payer.city",
        }, r.text
        assert await db_count(orders, p=dear["id"]) == 1 and await db_count(orders, p=small["id"]) == 1
