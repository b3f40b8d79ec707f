"""Builder pages through the real stack (issue 22): a seller builds the shop's home page, another page and a
product page; buyers see only what was published, rendered on the server with its head for search engines and
shared links; every page is its seller's own, and blocks a page type does not take, or bad settings, are 400."""

from __future__ import annotations

import re

import pytest

from tests.integration.helpers import client, db_value, new_seller, published_product

pytestmark = pytest.mark.integration


def _blocks(page: dict) -> list[dict]:
    return page["content"]["blocks"]


async def _save(c, h, page: dict, **changes) -> dict:
    body = {
        "version": page["draft_version"],
        "name": page["name"],
        "path": page["path"],
        "content": page["content"],
        **changes,
    }
    r = await c.put(f"/v1/cabinet/pages/{page['id']}", json=body, headers=h)
    assert r.status_code == 200, r.text
    return r.json()


async def test_a_shop_page_is_built_published_and_served_while_its_next_draft_stays_unseen(stack, seller):
    async with client(stack) as c:
        h = seller.headers
        product = await published_product(c, seller, name="Field Guide", price=2500)
        # before the seller builds a home page the web app's storefront answers
        assert 'rel="canonical"' not in (await c.get(f"/s/{seller.username}")).text

        r = await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        assert r.status_code == 201, r.text
        page = r.json()
        assert [b["type"] for b in _blocks(page)] == ["header", "banner", "seller_products", "footer"]
        assert page["url"] == f"/s/{seller.username}" and page["published_version"] is None
        banner = _blocks(page)[1]
        assert banner["style"]["padding_top"] == 80 and banner["style"]["horizontal_alignment"] == "center"

        text = {"id": "welcome", "type": "text", "title": "Welcome <friends>", "text": "Line one\nLine two"}
        content = {**page["content"], "seo_title": "Sam's guides", "seo_description": "Guides for the field."}
        content["blocks"] = [*_blocks(page)[:2], text, *_blocks(page)[2:]]
        page = await _save(c, h, page, content=content)
        assert page["draft_version"] == 2
        # saved but not published: buyers still see the web app's storefront
        assert 'rel="canonical"' not in (await c.get(f"/s/{seller.username}")).text

        r = await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 2}, headers=h)
        assert r.status_code == 200, r.text
        html = (await c.get(f"/s/{seller.username}", headers={"Accept-Language": "de-DE,de;q=0.9"})).text
        assert "Welcome &lt;friends&gt;" in html and "<p>Line one<br>Line two</p>" in html
        assert '<html lang="de">' in html and "25,00€" in html and "Field Guide" in html
        assert re.search(rf'<link rel="canonical" href="https?://[^"]+/s/{seller.username}">', html)
        assert "<script" not in html  # the first paint needs no JavaScript
        assert "<title>Sam&#39;s guides" in html and 'content="Guides for the field."' in html
        assert re.search(r'<meta property="og:title" content="Sam&#39;s guides">', html)

        # the next draft stays the seller's until published again
        changed = {**page["content"], "blocks": [b for b in _blocks(page) if b["id"] != "welcome"]}
        page = await _save(c, h, page, content=changed)
        assert "Welcome" in (await c.get(f"/s/{seller.username}")).text
        # a tab holding an older version cannot overwrite it, nor publish what it did not see
        stale = await c.put(
            f"/v1/cabinet/pages/{page['id']}",
            json={"version": 2, "name": "Home", "path": None, "content": content},
            headers=h,
        )
        assert stale.status_code == 409 and stale.json()["reason"] == "stale_draft"
        old = await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 2}, headers=h)
        assert old.status_code == 409
        assert "Welcome" in (await c.get(f"/s/{seller.username}")).text

        # a second home page is refused; an "about" page gets its own address
        again = await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home 2"}, headers=h)
        assert again.status_code == 409 and again.json()["reason"] == "page_exists"
        about = (
            await c.post(
                "/v1/cabinet/pages",
                json={"page_type": "shop", "name": "About us", "path": "about"},
                headers=h,
            )
        ).json()
        await c.post(f"/v1/cabinet/pages/{about['id']}/publish", json={"version": 1}, headers=h)
        assert "About us" in (await c.get(f"/s/{seller.username}/about")).text
        taken = await c.post(
            "/v1/cabinet/pages",
            json={"page_type": "shop", "name": "Clash", "path": product["slug"]},
            headers=h,
        )
        assert taken.status_code == 409 and taken.json()["reason"] == "path_taken"

        sitemap = (await c.get(f"/s/{seller.username}/sitemap.xml")).text
        assert (
            f"/s/{seller.username}/about</loc>" in sitemap
            and f"/s/{seller.username}/{product['slug']}<" in sitemap
        )

        # unpublished: the web app's storefront again (and the other page, still published, stays)
        r = await c.post(f"/v1/cabinet/pages/{page['id']}/unpublish", headers=h)
        assert r.status_code == 200 and r.json()["published_version"] is None
        home = await c.get(f"/s/{seller.username}")
        assert home.status_code == 200 and "Welcome" not in home.text and 'rel="canonical"' not in home.text
        assert (await c.get(f"/s/{seller.username}/about")).status_code == 200


async def test_a_product_page_template_renders_every_product_with_its_buy_link(stack, seller):
    async with client(stack) as c:
        h = seller.headers
        product = await published_product(c, seller, name="Trail Course", price=4900)
        before = await c.get(f"/s/{seller.username}/{product['slug']}")
        assert 'rel="canonical"' not in before.text  # without a built page: the web app's product page
        r = await c.post(
            "/v1/cabinet/pages", json={"page_type": "shop_product", "name": "Every product"}, headers=h
        )
        assert r.status_code == 201, r.text
        page = r.json()
        assert [b["type"] for b in _blocks(page)] == ["header", "product", "footer"]
        quote = {
            "id": "q",
            "type": "testimonials",
            "testimonials": [{"id": "a", "full_name": "Ana", "text": "Loved it"}],
        }
        page = await _save(c, h, page, content={**page["content"], "blocks": [*_blocks(page), quote]})
        await c.post(
            f"/v1/cabinet/pages/{page['id']}/publish", json={"version": page["draft_version"]}, headers=h
        )
        html = (await c.get(f"/s/{seller.username}/{product['slug']}")).text
        assert "<h1>Trail Course</h1>" in html and "49.00€" in html and "Loved it" in html
        assert f'href="/s/{seller.username}/{product["slug"]}/checkout"' in html
        assert '<meta property="og:type" content="product">' in html
        assert "<script" not in html


async def test_pages_are_their_sellers_own_and_bad_blocks_change_nothing(stack, seller):
    async with client(stack) as c:
        h = seller.headers
        page = (
            await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        ).json()
        other = await new_seller(stack, c, "pages-other")
        theirs = await published_product(c, other, name="Not yours")
        for method, url, body in (
            ("GET", f"/v1/cabinet/pages/{page['id']}", None),
            (
                "PUT",
                f"/v1/cabinet/pages/{page['id']}",
                {"version": 1, "name": "x", "content": page["content"]},
            ),
            ("POST", f"/v1/cabinet/pages/{page['id']}/publish", {"version": 1}),
            ("DELETE", f"/v1/cabinet/pages/{page['id']}", None),
        ):
            r = await c.request(method, url, json=body, headers=other.headers)
            assert r.status_code == 404, (method, url, r.text)
        assert (await c.get("/v1/cabinet/pages", headers=other.headers)).json()["list"] == []

        blocks = _blocks(page)
        bad_contents = [
            [*blocks, {"id": "p", "type": "product"}],  # a shop page takes no product block
            [*blocks, {"id": "x", "type": "marquee"}],
            [*blocks, {"id": "g", "type": "gap", "height": "40"}],  # numbers are numbers
            [*blocks, {"id": "g", "type": "gap", "height": True}],
            [*blocks, {"id": "g", "type": "gap", "height": 5000}],
            [*blocks, {"id": "b", "type": "button", "url": "javascript:alert(1)"}],
            [*blocks, {"id": "t", "type": "text", "style": {"transparency": 101}}],
            [*blocks, {"id": "t", "type": "text", "style": {"background_color": "red"}}],
            [*blocks, {"id": "t", "type": "text", "surprise": 1}],
            [*blocks, blocks[0]],  # the same id twice, and a second header
            [
                *blocks,
                {
                    "id": "s",
                    "type": "seller_products",
                    "show_all_products": False,
                    "product_ids": [theirs["id"]],
                },
            ],
        ]
        for bad in bad_contents:
            r = await c.put(
                f"/v1/cabinet/pages/{page['id']}",
                json={"version": 1, "name": "Home", "content": {**page["content"], "blocks": bad}},
                headers=h,
            )
            assert r.status_code == 400, (bad[-1], r.text)
        for bad_path in ("Sign In", "sign_in", "a--b", "x" * 81, "-a"):
            r = await c.post(
                "/v1/cabinet/pages", json={"page_type": "shop", "name": "P", "path": bad_path}, headers=h
            )
            assert r.status_code == 400, (bad_path, r.text)
        assert (await c.get(f"/v1/cabinet/pages/{page['id']}", headers=h)).json()["draft_version"] == 1


async def test_a_contact_form_mails_the_seller_once_and_refuses_what_it_does_not_take(stack, seller):
    from tests.integration.helpers import wait_mail

    async with client(stack) as c:
        h = seller.headers
        page = (
            await c.post(
                "/v1/cabinet/pages",
                json={"page_type": "shop", "name": "Contact", "path": "contact-us"},
                headers=h,
            )
        ).json()
        form = {"id": "ask", "type": "contact_form", "form_name": "Questions"}
        page = await _save(c, h, page, content={**page["content"], "blocks": [*_blocks(page), form]})
        await c.post(
            f"/v1/cabinet/pages/{page['id']}/publish", json={"version": page["draft_version"]}, headers=h
        )
        html = (await c.get(f"/s/{seller.username}/contact-us")).text
        assert f'action="/s/{seller.username}/contact/ask?path=contact-us"' in html
        url = f"/s/{seller.username}/contact/ask?path=contact-us"
        good = {"f0": "Ana", "f1": "Buyer", "f2": "ana@example.com", "message": "Is there a student price?"}
        for bad in ({"f0": ""}, {"f2": "not-an-address"}, {"message": ""}, {"message": "x" * 5001}):
            r = await c.post(url, data={**good, **bad})
            assert r.status_code == 400, (bad, r.text)
        assert (
            await c.post(f"/s/{seller.username}/contact/nope?path=contact-us", data=good)
        ).status_code == 404
        r = await c.post(url, data=good)
        assert r.status_code == 303 and r.headers["location"].endswith("/contact-us?sent=ask#ask")
        mail = await wait_mail(stack, seller.email, "Questions")
        assert "Is there a student price?" in mail["body"] and "ana@example.com" in mail["body"]
        assert "Thank you! Your message was sent." in (await c.get(r.headers["location"])).text


async def test_tracking_codes_are_checked_and_load_only_on_their_pages(stack, seller):
    async with client(stack) as c:
        h = seller.headers
        assert (await c.get("/v1/cabinet/tracking", headers=h)).json()["codes"] == []
        code = {
            "id": "ga",
            "tracking_type": "google_analytics_4",
            "code": "G-ABCD1234",
            "event_pages": ["product"],
        }
        for bad in (
            {"code": "UA-1234567"},  # an old analytics code is not an Analytics 4 one
            {"code": "g-abcd1234"},
            {"tracking_type": "facebook_pixel", "code": "12345"},
            {"tracking_type": "google_tag_manager", "code": "GTM-<script>"},
            {"event_pages": []},
            {"event_pages": ["checkout", "checkout"]},
        ):
            r = await c.put("/v1/cabinet/tracking", json={"codes": [{**code, **bad}]}, headers=h)
            assert r.status_code == 400, (bad, r.text)
        r = await c.put("/v1/cabinet/tracking", json={"consent": {"mode": "external"}}, headers=h)
        assert r.status_code == 400  # Cookiebot needs its id
        pixel = {
            "id": "fb",
            "tracking_type": "facebook_pixel",
            "code": "1234567890123456",
            "event_pages": ["shop"],
        }
        r = await c.put(
            "/v1/cabinet/tracking", json={"consent": {"mode": "rich"}, "codes": [code, pixel]}, headers=h
        )
        assert r.status_code == 200, r.text
        assert (await c.get("/v1/common/cookies_consent_categories")).json()["list"] == [
            "necessary",
            "preferences",
            "statistics",
            "marketing",
        ]

        page = (
            await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        ).json()
        await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 1}, headers=h)
        html = (await c.get(f"/s/{seller.username}")).text
        # the shop page: the pixel (marketing) behind the detailed banner; the analytics code is the product's only
        assert 'id="sf-consent"' in html and 'name="cat" value="marketing"' in html
        assert '"id": "1234567890123456", "cat": "marketing"' in html and "G-ABCD1234" not in html
        other = await new_seller(stack, c, "tracking-other", legitimate=False)
        assert (await c.get("/v1/cabinet/tracking", headers=other.headers)).json()["codes"] == []


async def test_a_custom_font_is_uploaded_served_and_named_by_a_page_with_its_font_display(stack, seller):
    async with client(stack) as c:
        h = seller.headers
        woff2 = b"wOF2" + b"\x00" * 60
        fields = {"font_name": "Brand Sans", "font_weight": "700", "font_display": "optional"}
        r = await c.post(
            "/v1/cabinet/fonts", files={"file": ("b.woff2", woff2, "font/woff2")}, data=fields, headers=h
        )
        assert r.status_code == 201, r.text
        font = r.json()
        assert (font["font_format"], font["font_display"], font["fallback_font"]) == (
            "woff2",
            "optional",
            "Montserrat",
        )
        again = await c.post(
            "/v1/cabinet/fonts", files={"file": ("b.woff2", woff2, "font/woff2")}, data=fields, headers=h
        )
        assert again.status_code == 409 and again.json()["reason"] == "font_exists"
        for bad_fields, bad_file in (
            ({"font_name": "Brand Sans"}, b"%PDF-1.4 not a font"),  # the bytes, not the name, say what it is
            ({"font_name": "x'); }"}, woff2),
            ({"font_name": "Ok", "font_weight": "450"}, woff2),
        ):
            r = await c.post(
                "/v1/cabinet/fonts",
                files={"file": ("f.woff2", bad_file, "font/woff2")},
                data=bad_fields,
                headers=h,
            )
            assert r.status_code == 400, (bad_fields, r.text)
        served = await c.get(font["url"])
        assert served.status_code == 200 and served.content == woff2
        assert (
            served.headers["content-type"] == "font/woff2" and "immutable" in served.headers["cache-control"]
        )

        page = (
            await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        ).json()
        theme = {**page["content"]["theme"], "mode": "custom", "custom_font": "Brand Sans"}
        page = await _save(c, h, page, content={**page["content"], "theme": theme})
        await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 2}, headers=h)
        html = (await c.get(f"/s/{seller.username}")).text
        assert f"@font-face{{font-family:'Brand Sans';src:url('{font['url']}') format('woff2');" in html
        assert "font-weight:700;font-style:normal;font-display:optional}" in html
        assert "'Brand Sans','Montserrat'," in html

        other = await new_seller(stack, c, "fonts-other", legitimate=False)
        assert (await c.delete(f"/v1/cabinet/fonts/{font['id']}", headers=other.headers)).status_code == 404
        assert (await c.get("/v1/cabinet/fonts", headers=other.headers)).json()["list"] == []
        assert (await c.delete(f"/v1/cabinet/fonts/{font['id']}", headers=h)).status_code == 204


async def test_the_shops_legal_texts_have_their_pages_and_footer_links_in_the_buyers_language(stack, seller):
    async with client(stack) as c:
        h = seller.headers
        assert (await c.get(f"/s/{seller.username}/document/cancellation_terms")).text.find(
            'rel="canonical"'
        ) < 0
        texts = {
            "cancellation_terms": {
                "en": "You may cancel within 14 days.",
                "de": "Du kannst binnen 14 Tagen widerrufen.",
            }
        }
        r = await c.put("/v1/cabinet/legal_texts", json=texts, headers=h)
        assert r.status_code == 200, r.text
        assert (
            await c.put("/v1/cabinet/legal_texts", json={"imprint": {"fr": "x"}}, headers=h)
        ).status_code == 400
        de = (
            await c.get(
                f"/s/{seller.username}/document/cancellation_terms?ct_id=1&product_type=digital",
                headers={"Accept-Language": "de"},
            )
        ).text
        assert "<h2>Widerrufsbelehrung</h2>" in de and "binnen 14 Tagen" in de
        en = (await c.get(f"/s/{seller.username}/document/cancellation_terms?lang=en")).text
        assert "within 14 days" in en
        page = (
            await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        ).json()
        await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 1}, headers=h)
        home = (await c.get(f"/s/{seller.username}")).text
        assert f'href="/s/{seller.username}/document/cancellation_terms"' in home
        assert "/document/imprint" not in home  # not written: not linked


async def test_a_shared_theme_is_applied_to_another_sellers_drafts_only(stack, seller):
    async with client(stack) as c:
        h = seller.headers
        page = (
            await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        ).json()
        theme = {**page["content"]["theme"], "mode": "custom", "primary_color": "#aa3300", "button_radius": 4}
        page = await _save(c, h, page, content={**page["content"], "theme": theme})
        r = await c.post(f"/v1/cabinet/pages/{page['id']}/share_theme", headers=h)
        assert r.status_code == 201, r.text
        shared = r.json()
        assert shared["shared_theme_type"] == "ShopTheme"
        assert (
            shared["url"]
            == f"/cabinet/pages?shared_theme_token={shared['token']}&shared_theme_type=ShopTheme"
        )

        other = await new_seller(stack, c, "themes-other", legitimate=False)
        theirs = (
            await c.post(
                "/v1/cabinet/pages", json={"page_type": "shop", "name": "Mine"}, headers=other.headers
            )
        ).json()
        await c.post(f"/v1/cabinet/pages/{theirs['id']}/publish", json={"version": 1}, headers=other.headers)
        assert (await c.get(f"/v1/cabinet/shared_themes/{shared['token']}")).status_code == 401
        seen = (await c.get(f"/v1/cabinet/shared_themes/{shared['token']}", headers=other.headers)).json()
        assert seen["theme"]["primary_color"] == "#aa3300" and seen["name"] == "Home"
        r = await c.post(f"/v1/cabinet/shared_themes/{shared['token']}/apply", headers=other.headers)
        assert r.status_code == 200 and r.json()["pages"] == 1
        after = (await c.get(f"/v1/cabinet/pages/{theirs['id']}", headers=other.headers)).json()
        assert after["content"]["theme"]["primary_color"] == "#aa3300" and after["draft_version"] == 2
        assert after["published_version"] == 1  # buyers keep the published page until it is published again
        assert "#aa3300" not in (await c.get(f"/s/{other.username}")).text
        assert (
            await c.post("/v1/cabinet/shared_themes/nosuchtoken1/apply", headers=other.headers)
        ).status_code == 404
        # sharing is the owner's: another seller cannot share this page
        assert (
            await c.post(f"/v1/cabinet/pages/{page['id']}/share_theme", headers=other.headers)
        ).status_code == 404


async def test_a_picture_uploaded_for_pages_is_public_and_only_those_are(stack, seller):
    from tests.integration.helpers import PNG

    async with client(stack) as c:
        h = seller.headers
        png = PNG  # a 1x1 PNG: too small for a page
        r = await c.post("/v1/cabinet/page_media", files={"file": ("p.png", png, "image/png")}, headers=h)
        assert r.status_code == 400
        import io

        from PIL import Image

        buf = io.BytesIO()
        Image.new("RGB", (64, 48), (200, 30, 30)).save(buf, "PNG")
        r = await c.post(
            "/v1/cabinet/page_media", files={"file": ("p.png", buf.getvalue(), "image/png")}, headers=h
        )
        assert r.status_code == 201, r.text
        media = r.json()
        got = await c.get(media["url"])
        assert (
            got.status_code == 200
            and got.headers["content-type"] == "image/png"
            and got.content == buf.getvalue()
        )
        # the seller's other files (a product's download) are not reachable this way
        product = await published_product(c, seller, name="Private file")
        file_id = await db_value("select file_id from products where id = :p", p=product["id"])
        assert (await c.get(f"/v1/shop/{seller.username}/media/{file_id}")).status_code == 404
        # a picture block takes the address
        page = (
            await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        ).json()
        pic = {"id": "pic", "type": "picture", "src": media["url"], "alt": "Red"}
        await _save(c, h, page, content={**page["content"], "blocks": [*_blocks(page), pic]})


async def test_a_buyer_reads_the_shop_in_any_language_of_the_set_with_the_sellers_own_words(stack, seller):
    async with client(stack) as c:
        h = seller.headers
        await published_product(c, seller, name="Trail Guide", price=1990)
        page = (
            await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        ).json()
        content = {**page["content"], "seo_title": "Guides"}
        banner = next(b for b in _blocks(page) if b["type"] == "banner")
        content["blocks"] = [
            {
                **b,
                "title_text": "Welcome",
                "button_text": "Browse",
                "button_link": "https://guides.example/all",
            }
            if b is banner
            else b
            for b in _blocks(page)
        ]
        content["translations"] = [
            {
                "lang": "fr",
                "seo_title": "Guides de randonnée",
                "texts": [{"block_id": banner["id"], "field": "title_text", "text": "Bienvenue"}],
            }
        ]
        # words for a block that is not there, or for a setting that is not a text, change nothing
        for bad in (
            [{"lang": "fr", "texts": [{"block_id": "ghost", "field": "title_text", "text": "x"}]}],
            [
                {
                    "lang": "fr",
                    "texts": [
                        {"block_id": banner["id"], "field": "button_link", "text": "https://x.example"}
                    ],
                }
            ],
            [{"lang": "xx"}],
        ):
            r = await c.put(
                f"/v1/cabinet/pages/{page['id']}",
                json={
                    "version": page["draft_version"],
                    "name": "Home",
                    "path": None,
                    "content": {**content, "translations": bad},
                },
                headers=h,
            )
            assert r.status_code == 400, r.text
        page = await _save(c, h, page, content=content)
        r = await c.post(
            f"/v1/cabinet/pages/{page['id']}/publish", json={"version": page["draft_version"]}, headers=h
        )
        assert r.status_code == 200, r.text
        shop = f"/s/{seller.username}"

        fr = await c.get(shop, params={"lang": "fr"})
        assert '<html lang="fr">' in fr.text and "Bienvenue" in fr.text and "Welcome" not in fr.text
        assert "<title>Guides de randonnée" in fr.text
        assert "Browse" in fr.text  # what the seller did not word in French reads as the page's own
        assert "19,90€" in fr.text  # core §9's amount format of the language
        assert (
            f'href="{shop}/' in fr.text and "?lang=fr" in fr.text
        )  # Buy carries the language to the checkout
        assert fr.cookies.get("sf_lang") == "fr"
        # the choice stays with the buyer; the platform's words are French, the seller's own where given
        again = await c.get(shop)
        assert '<html lang="fr">' in again.text and 'aria-label="Langue">Français</summary>' in again.text
        c.cookies.clear()

        # the browser's language, region and all: Brazilian Portuguese, the page's own words
        pt = await c.get(shop, headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"})
        assert '<html lang="pt-BR">' in pt.text and "Welcome" in pt.text and "19,90€" in pt.text
        # Arabic is written right to left; Korean keeps the decimal point
        ar = await c.get(shop, params={"lang": "ar"})
        assert '<html lang="ar" dir="rtl">' in ar.text and "اللغة" in ar.text
        assert "19.90€" in (await c.get(shop, params={"lang": "ko"})).text
        # the switcher offers all twenty by their own names, and search engines learn each address
        assert all(
            name in fr.text
            for name in ("Deutsch", "Español", "Ελληνικά", "한국어", "Português (Brasil)", "Norsk")
        )
        assert fr.text.count('rel="alternate" hreflang=') == 21  # twenty and x-default
        # a language outside the set reads as English, and never breaks the page
        c.cookies.clear()
        xx = await c.get(shop, params={"lang": "xx"}, headers={"Accept-Language": "ja;q=abc,,,;"})
        assert xx.status_code == 200 and '<html lang="en">' in xx.text
