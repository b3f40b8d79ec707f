"""The platform's product review and the product list's columns (editor §2–§4): a paid product sells once
published and goes into review; a manager rejects it with a note (it stops selling, the seller is mailed and sees
the note), publishing it again asks for a new review (it does not sell until approved), and only a power seller
sees the review state of a product that sells. Product groups, the access count and the CSV's columns."""

from __future__ import annotations

import csv
import io

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_execute,
    manager_headers,
    new_seller,
    pay,
    published_product,
    start_checkout,
    until,
    wait_mail,
)

pytestmark = pytest.mark.integration


async def test_a_rejected_product_stops_selling_until_a_manager_approves_it_again(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "review")
        other = await new_seller(stack, c, "bystander", legitimate=False)
        h, m = seller.headers, await manager_headers(c)
        p = await published_product(c, seller, name="Reviewed guide")
        # sells at once, waiting for the review; an ordinary seller sees no review warning
        assert p["review_state"] == "in_review" and p["sellable"] and p["warnings"] == []
        assert (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).status_code == 200

        # the queue: a manager sees it; a seller cannot look at the queue nor decide
        r = await c.get(
            "/v1/admin/product_reviews", params={"filters[review_state][]": "in_review"}, headers=m
        )
        assert r.status_code == 200 and p["id"] in [x["id"] for x in r.json()["list"]]
        assert (await c.get("/v1/admin/product_reviews", headers=h)).status_code == 403
        r = await c.post(
            f"/v1/admin/product_reviews/{p['id']}", json={"decision": "reviewed"}, headers=other.headers
        )
        assert r.status_code == 403

        # a rejection needs a note, and changes nothing without one
        r = await c.post(f"/v1/admin/product_reviews/{p['id']}", json={"decision": "rejected"}, headers=m)
        assert r.status_code == 400 and "note" in r.json()["fields"]
        r = await c.post(
            f"/v1/admin/product_reviews/{p['id']}",
            json={"decision": "rejected", "note": "The cover shows someone else's trademark."},
            headers=m,
        )
        assert r.status_code == 200, r.text
        assert r.json()["publication"] == "rejected"
        # decided once: a second decision is a conflict
        r = await c.post(f"/v1/admin/product_reviews/{p['id']}", json={"decision": "reviewed"}, headers=m)
        assert r.status_code == 409
        mail = await wait_mail(stack, seller.email, "not approved")
        assert "trademark" in mail["body"] and "Reviewed guide" in mail["subject"]

        # gone from the shop; the seller sees why
        assert (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).status_code == 404
        mine = (await c.get(f"/v1/cabinet/products/{p['id']}", headers=h)).json()
        assert mine["warnings"] == ["rejected"] and not mine["sellable"]
        assert mine["review_note"] == "The cover shows someone else's trademark."

        # publishing again asks for a new review: still not sold; unpublishing and publishing does not skip it
        r = await c.post(f"/v1/cabinet/products/{p['id']}/publish", headers=h)
        assert r.status_code == 200 and r.json()["published"] == "publish_pending"
        assert r.json()["warnings"] == ["on_review"]
        await c.post(f"/v1/cabinet/products/{p['id']}/unpublish", headers=h)
        r = await c.post(f"/v1/cabinet/products/{p['id']}/publish", headers=h)
        assert r.json()["published"] == "publish_pending"
        assert (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).status_code == 404

        r = await c.post(f"/v1/admin/product_reviews/{p['id']}", json={"decision": "reviewed"}, headers=m)
        assert r.status_code == 200 and r.json()["publication"] == "published"
        mine = (await c.get(f"/v1/cabinet/products/{p['id']}", headers=h)).json()
        assert mine["review_state"] == "reviewed" and mine["sellable"] and mine["review_note"] is None
        assert (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).status_code == 200


async def test_a_power_seller_sees_the_review_state_of_what_sells(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "power")
        await db_execute(
            "UPDATE sellers SET power_seller = true WHERE user_id = (SELECT id FROM users WHERE email = :e)",
            e=seller.email,
        )
        p = await published_product(c, seller, name="Power guide")
        assert p["sellable"] and p["warnings"] == ["on_review"]
        m = await manager_headers(c)
        await c.post(f"/v1/admin/product_reviews/{p['id']}", json={"decision": "reviewed"}, headers=m)
        assert (await c.get(f"/v1/cabinet/products/{p['id']}", headers=seller.headers)).json()[
            "warnings"
        ] == []


async def test_groups_the_access_count_and_the_csv_columns(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "groups")
        h = seller.headers
        p = await published_product(c, seller, name="Grouped guide")
        q = await published_product(c, seller, name="Other guide")
        r = await c.patch(
            f"/v1/cabinet/products/{p['id']}",
            json={"product_groups": [" Spring ", "Books", "Spring"]},
            headers=h,
        )
        assert r.status_code == 200 and r.json()["product_groups"] == ["Spring", "Books"]
        for bad in (["x" * 41], ["a"] * 11, "Books", [1]):
            r = await c.patch(f"/v1/cabinet/products/{p['id']}", json={"product_groups": bad}, headers=h)
            assert r.status_code == 400, bad
        assert (await c.get("/v1/cabinet/product_groups", headers=h)).json()["groups"] == ["Books", "Spring"]
        r = await c.get("/v1/cabinet/products", params={"filters[product_group]": "Books"}, headers=h)
        assert [x["id"] for x in r.json()["list"]] == [p["id"]]
        assert q["id"] not in [x["id"] for x in r.json()["list"]]
        r = await c.get(
            "/v1/cabinet/products", params={"filters[product_group][]": ["Books", "Nope"]}, headers=h
        )  # any of several groups
        assert [x["id"] for x in r.json()["list"]] == [p["id"]]
        assert (
            await c.get("/v1/cabinet/products", params={"filters[product_group]": " "}, headers=h)
        ).status_code == 400

        # another seller sees none of these groups
        other = await new_seller(stack, c, "nogroups", legitimate=False)
        assert (await c.get("/v1/cabinet/product_groups", headers=other.headers)).json()["groups"] == []
        # groups cleared (saved as none) and a JSON null stored by an older version read as no groups, never a 500
        r = await c.patch(f"/v1/cabinet/products/{q['id']}", json={"product_groups": []}, headers=h)
        assert r.status_code == 200 and r.json()["product_groups"] == []
        await db_execute("update products set product_groups = 'null'::jsonb where id = :i", i=q["id"])
        r = await c.get("/v1/cabinet/product_groups", headers=h)
        assert r.status_code == 200 and r.json()["groups"] == ["Books", "Spring"]

        # the preview: the product page as buyers see it, unpublished too, for its seller only
        await c.post(f"/v1/cabinet/products/{q['id']}/unpublish", headers=h)
        r = await c.get(f"/v1/cabinet/products/{q['id']}/preview", headers=h)
        assert r.status_code == 200 and r.json()["name"] == "Other guide" and r.json()["pricing_plans"]
        assert r.json()["not_sellable_reasons"] == ["not_active"]
        assert (
            await c.get(f"/v1/cabinet/products/{q['id']}/preview", headers=other.headers)
        ).status_code == 404

        # a buyer: the access count counts them
        co = await start_checkout(c, seller.username, p, email="grouped-buyer@example.com")
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        await until(c, f"/v1/cabinet/products/{p['id']}", h, lambda b: b["access_count"] == 1, 30)

        r = await c.get("/v1/cabinet/products/csv", headers=h)
        rows = list(csv.DictReader(io.StringIO(r.text), delimiter=";"))
        assert list(rows[0].keys())[:15] == [
            "id", "name", "created_at", "updated_at", "sell", "published", "price", "currency", "limit",
            "sold_count", "reserved_count", "access_count", "product_groups", "internal_name", "cost_center",
        ]  # fmt: skip
        row = next(x for x in rows if x["id"] == str(p["id"]))
        assert (
            row["product_groups"] == "Spring, Books" and row["access_count"] == "1" and row["sell"] == "yes"
        )


async def test_a_cover_in_its_size_variants_on_the_product_page(stack):
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (1600, 900), (20, 120, 120)).save(buf, format="JPEG")
    async with client(stack) as c:
        seller = await new_seller(stack, c, "cover")
        other = await new_seller(stack, c, "cover-other", legitimate=False)
        h = seller.headers
        p = await published_product(c, seller, name="Covered guide")
        url = f"/v1/cabinet/products/{p['id']}/cover"
        r = await c.post(url, files={"file": ("cover.pdf", b"%PDF-1.7", "application/pdf")}, headers=h)
        assert r.status_code == 400 and "picture" in r.json()["fields"]["file"]
        r = await c.post(url, files={"file": ("c.jpg", buf.getvalue(), "image/jpeg")}, headers=other.headers)
        assert r.status_code == 404
        r = await c.post(url, files={"file": ("c.jpg", buf.getvalue(), "image/jpeg")}, headers=h)
        assert r.status_code == 200, r.text
        cover = r.json()["cover"]
        assert [(v["size"], v["width"]) for v in cover["variants"]] == [
            ("s100", 100),
            ("s300", 300),
            ("s600", 600),
            ("s1200", 1200),
        ]
        shown = (await c.get(f"/v1/shop/{seller.username}/products/{p['slug']}")).json()
        assert shown["cover"] == cover
        img = await c.get(cover["variants"][0]["url"])
        assert img.status_code == 200 and img.headers["content-type"] == "image/webp"
        assert "immutable" in img.headers["cache-control"] and img.content[8:12] == b"WEBP"
        assert (await c.get(cover["variants"][0]["url"].replace("s100", "s999"))).status_code == 404

        # a new cover replaces the old one: the old address answers nothing; removing it leaves none
        r = await c.post(url, files={"file": ("c.jpg", buf.getvalue(), "image/jpeg")}, headers=h)
        assert (await c.get(cover["variants"][0]["url"])).status_code == 404
        r = await c.delete(url, headers=h)
        assert r.status_code == 200 and r.json()["cover"] is None
