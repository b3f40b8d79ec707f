"""The generic list API over orders and products: paging, per, filters, search, sort, counts, errors."""

from __future__ import annotations

import re

import pytest

from tests.integration.helpers import client, published_product, start_checkout

pytestmark = pytest.mark.integration


async def test_orders_list_paging_filters_and_sort(stack, seller):
    async with client(stack) as c:
        s = seller
        cheap = await published_product(c, s, price=500, name="Cheap")
        dear = await published_product(c, s, price=9000, name="Dear")
        for i in range(7):
            await start_checkout(
                c, s.username, cheap if i % 2 else dear, email=f"list{i}@example.com", last_name=f"Zed{i}"
            )
        h = s.headers
        page = (await c.get("/v1/cabinet/orders", params={"per": 5, "page": 1}, headers=h)).json()
        assert page["total_count"] == 7 and len(page["list"]) == 5 and page["total_count_max"] == 10000
        last = (await c.get("/v1/cabinet/orders", params={"per": 5, "page": 2}, headers=h)).json()
        assert len(last["list"]) == 2
        beyond = (await c.get("/v1/cabinet/orders", params={"per": 5, "page": 9}, headers=h)).json()
        assert beyond["list"] == [] and beyond["total_count"] == 7  # the client corrects to the last page
        asc = (
            await c.get(
                "/v1/cabinet/orders", params={"sort_key": "total", "sort_dir": "asc", "per": 10}, headers=h
            )
        ).json()["list"]
        desc = (
            await c.get(
                "/v1/cabinet/orders", params={"sort_key": "total", "sort_dir": "desc", "per": 10}, headers=h
            )
        ).json()["list"]
        assert [o["total"] for o in asc] == sorted(o["total"] for o in asc)
        assert [o["total"] for o in desc] == sorted((o["total"] for o in desc), reverse=True)
        assert asc[0]["total"] == 500 and desc[0]["total"] == 9000
        waiting = (
            await c.get(
                "/v1/cabinet/orders", params={"filters[payment_state][]": ["payment_waiting"]}, headers=h
            )
        ).json()
        assert waiting["total_count"] == 7
        paid = (
            await c.get("/v1/cabinet/orders", params={"filters[payment_state][]": "paid"}, headers=h)
        ).json()
        assert paid["total_count"] == 0
        by_product = (
            await c.get("/v1/cabinet/orders", params={"filters[product_id]": cheap["id"]}, headers=h)
        ).json()
        assert by_product["total_count"] == 3
        found = (await c.get("/v1/cabinet/orders", params={"query": "list3@"}, headers=h)).json()
        assert [o["payer_email"] for o in found["list"]] == ["list3@example.com"]
        # the search box promises "token, payer, product": each, whatever the case
        token = found["list"][0]["token"]
        for query, count in (
            (token, 1),
            ("zed3", 1),
            ("ZED", 7),
            ("bea zed5", 1),
            ("Bea", 7),
            ("dear", 4),
            ("CHEAP", 3),
            ("nobody", 0),
            ("%", 0),
        ):
            got = (await c.get("/v1/cabinet/orders", params={"query": query}, headers=h)).json()
            assert got["total_count"] == count, (query, got)


async def test_list_rejects_bad_input_with_field_messages(stack, seller):
    async with client(stack) as c:
        s = seller
        h = s.headers
        for params, field in (
            ({"per": 7}, "per"),
            ({"sort_key": "password"}, "sort_key"),
            ({"filters[payment_state][]": "hacked"}, "filters"),
            ({"page": 0}, "page"),
            ({"filters[nope]": "1"}, "filters"),
        ):
            r = await c.get("/v1/cabinet/orders", params=params, headers=h)
            assert r.status_code == 400, (params, r.text)
            assert r.json()["error"] == "INVALID_INPUT" and field in r.json()["fields"], r.json()


async def test_products_list_page_size_30_and_warnings(stack, seller):
    async with client(stack) as c:
        s = seller
        h = s.headers
        draft = (await c.post("/v1/cabinet/products", json={"name": "Draft"}, headers=h)).json()
        assert set(draft["warnings"]) == {"no_pricing_plans", "no_digitals"}
        r = await c.post(f"/v1/cabinet/products/{draft['id']}/publish", headers=h)
        assert r.status_code == 422 and r.json()["error"] == "NOT_SELLABLE"
        assert set(r.json()["fields"]["reasons"]) == {"no_pricing_plans", "no_digitals"}
        listed = (await c.get("/v1/cabinet/products", headers=h)).json()
        assert listed["total_count"] == 1 and listed["list"][0]["warnings"]
        ok = await published_product(c, s)
        dup = (await c.post(f"/v1/cabinet/products/{ok['id']}/duplicate", headers=h)).json()
        assert dup["is_published"] is False and dup["warnings"] == [] and dup["slug"] != ok["slug"]
        archived = (await c.post(f"/v1/cabinet/products/{ok['id']}/archive", headers=h)).json()
        assert archived["is_archived"] and "is_archived" in archived["warnings"]
        assert (await c.get("/v1/cabinet/products", params={"filters[state]": "archived"}, headers=h)).json()[
            "total_count"
        ] == 1
        assert (await c.get(f"/v1/shop/{s.username}/products/{ok['slug']}")).status_code == 404
        bad = await c.post(
            f"/v1/cabinet/products/{dup['id']}/pricing_plans",
            json={"name": "x", "price": 5, "currency": "eur"},
            headers=h,
        )
        assert bad.status_code == 400 and "price" in bad.json()["fields"]


async def test_the_product_list_exports_as_csv_with_its_filter_and_only_the_sellers_own(stack, seller):
    """The product list as CSV: every product of the filter, one row each with price, plans, sales and
    warnings; a name that looks like a formula is written as text; another seller's products never appear."""
    import csv
    import io

    from tests.integration.helpers import new_seller

    async with client(stack) as c:
        s = seller
        await published_product(c, s, price=1990, name="=cmd|' /C calc'!A0")
        draft = (await c.post("/v1/cabinet/products", json={"name": "Draft guide"}, headers=s.headers)).json()
        other = await new_seller(stack, c, "csv-other", legitimate=False)
        await c.post("/v1/cabinet/products", json={"name": "Not yours"}, headers=other.headers)

        r = await c.get("/v1/cabinet/products/csv", headers=s.headers)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        assert re.search(r'filename="products-\d{4}-\d{2}-\d{2}\.csv"', r.headers["content-disposition"])
        rows = list(csv.DictReader(io.StringIO(r.text), delimiter=";"))
        names = [x["name"] for x in rows]
        assert "'=cmd|' /C calc'!A0" in names and "Draft guide" in names and "Not yours" not in names
        sold = next(x for x in rows if x["name"].startswith("'="))
        assert (sold["price"], sold["currency"], sold["plans"], sold["published"], sold["sell"]) == (
            "19.90",
            "EUR",
            "1",
            "published",
            "yes",
        )
        unpublished = next(x for x in rows if x["id"] == str(draft["id"]))
        assert unpublished["published"] == "unpublished" and "no_pricing_plans" in unpublished["warnings"]

        r = await c.get("/v1/cabinet/products/csv", params={"filters[state]": "published"}, headers=s.headers)
        assert [x["published"] for x in csv.DictReader(io.StringIO(r.text), delimiter=";")] == [
            "published"
        ] * (len([x for x in rows if x["published"] == "published"]))
        assert (await c.get("/v1/cabinet/products/csv")).status_code == 401


async def test_every_list_takes_its_time_window_and_ranges_and_exports_what_it_shows(stack, seller):
    """A date window (a day counts whole; an ISO time with its offset counts to the moment), amount and count
    ranges, and the CSV of the same filter on orders, invoices, claims and transfers; bad bounds are 400s."""
    from datetime import UTC, datetime, timedelta

    async with client(stack) as c:
        h = seller.headers
        cheap = await published_product(c, seller, price=700, name="Window cheap")
        dear = await published_product(c, seller, price=8100, name="Window dear")
        await start_checkout(c, seller.username, cheap, email="window1@example.com")
        await start_checkout(c, seller.username, dear, email="window2@example.com")
        today = datetime.now(UTC).date()
        tomorrow = (today + timedelta(days=1)).isoformat()

        async def orders(**filters) -> list[int]:
            params = {f"filters[{k}]": v for k, v in filters.items()} | {"per": 100}
            r = await c.get("/v1/cabinet/orders", params=params, headers=h)
            assert r.status_code == 200, r.text
            return sorted(o["total"] for o in r.json()["list"] if o["total"] in (700, 8100))

        assert await orders(created_from=today.isoformat(), created_to=today.isoformat()) == [700, 8100]
        assert await orders(created_from=tomorrow) == []
        assert await orders(created_to=(datetime.now(UTC) - timedelta(hours=1)).isoformat()) == []
        assert await orders(total_min="1000") == [8100]
        assert await orders(total_max="1000", created_from=today.isoformat()) == [700]
        for bad in ({"created_from": "yesterday"}, {"total_min": "-5"}, {"total_max": "1.5"}):
            r = await c.get(
                "/v1/cabinet/orders", params={f"filters[{k}]": v for k, v in bad.items()}, headers=h
            )
            assert r.status_code == 400 and "filters" in r.json()["fields"], r.text

        csv_text = (
            await c.get("/v1/cabinet/orders/csv", params={"filters[total_min]": "1000"}, headers=h)
        ).text
        header, *rows = csv_text.splitlines()
        assert header.startswith("token;product_id;product_name;created_at;payment_state")
        assert any(";Window dear;" in r and ";81.00;" in r for r in rows)
        assert not any(";Window cheap;" in r for r in rows)
        for path, first in (
            ("/v1/cabinet/invoices/csv", "id;number;form;state;total"),
            ("/v1/cabinet/claims/csv", "id;rate;amount;collected"),
            ("/v1/cabinet/transfers/csv", "id;kind;amount;currency"),
        ):
            r = await c.get(path, headers=h)
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv"), (path, r.text)
            assert r.text.startswith(first), (path, r.text[:80])
        r = await c.get("/v1/cabinet/invoices", params={"filters[issued_from]": "not a day"}, headers=h)
        assert r.status_code == 400


async def test_saved_views_are_a_sellers_own_named_and_replaced_by_name(stack, seller):
    from tests.integration.helpers import new_seller

    async with client(stack) as c:
        h = seller.headers
        body = {
            "list": "orders",
            "name": "Paid this month",
            "query": "filters[payment_state][]=paid&sortKey=total",
        }
        first = await c.post("/v1/cabinet/saved_views", json=body, headers=h)
        assert first.status_code == 200, first.text
        again = await c.post("/v1/cabinet/saved_views", json={**body, "query": "per=50"}, headers=h)
        assert again.json()["id"] == first.json()["id"] and again.json()["query"] == "per=50"
        views = (await c.get("/v1/cabinet/saved_views", params={"list": "orders"}, headers=h)).json()["list"]
        assert [(v["name"], v["query"]) for v in views] == [("Paid this month", "per=50")]
        assert (await c.get("/v1/cabinet/saved_views", params={"list": "coupons"}, headers=h)).json()[
            "list"
        ] == []
        for bad in (
            {"name": " "},
            {"query": "a b"},
            {"query": "<script>"},
            {"list": "everything"},
            {"extra": 1},
        ):
            r = await c.post("/v1/cabinet/saved_views", json={**body, **bad}, headers=h)
            assert r.status_code == 400, (bad, r.text)

        other = await new_seller(stack, c, "views-other", legitimate=False)
        theirs = await c.get("/v1/cabinet/saved_views", params={"list": "orders"}, headers=other.headers)
        assert theirs.json()["list"] == []
        gone = await c.delete(f"/v1/cabinet/saved_views/{first.json()['id']}", headers=other.headers)
        assert gone.status_code == 404  # another seller's view cannot be touched
        assert (await c.delete(f"/v1/cabinet/saved_views/{first.json()['id']}", headers=h)).status_code == 204
        views = (await c.get("/v1/cabinet/saved_views", params={"list": "orders"}, headers=h)).json()["list"]
        assert views == []
