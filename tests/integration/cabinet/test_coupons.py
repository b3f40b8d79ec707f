"""Coupons in the cabinet (editor §3 Coupon, §5): a single code and a generated bulk, each rule refused with its
field, switched off and limited, listed, found, exported; another seller sees and touches none of them."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests.integration.helpers import client, new_seller, published_product

pytestmark = pytest.mark.integration

TEN_PERCENT = {"value_form": "percents", "value": 10}


async def test_single_codes_and_bulks_with_every_rule(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "coupons")
        other = await new_seller(stack, c, "coupons-other", legitimate=False)
        h = seller.headers
        p = await published_product(c, seller, name="Couponed guide")

        r = await c.post("/v1/cabinet/coupons", json={"code": " spring-10 ", **TEN_PERCENT}, headers=h)
        assert r.status_code == 201, r.text
        spring = r.json()["list"][0]
        assert (spring["code"], spring["usable"], spring["currency"]) == ("SPRING-10", True, None)
        # the same code in another case is the same code
        r = await c.post("/v1/cabinet/coupons", json={"code": "Spring-10", **TEN_PERCENT}, headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "code_taken"
        # but another seller may have it
        r = await c.post(
            "/v1/cabinet/coupons", json={"code": "SPRING-10", **TEN_PERCENT}, headers=other.headers
        )
        assert r.status_code == 201

        for body, field in [
            ({"code": "X1", **TEN_PERCENT}, "code"),  # too short
            ({"code": "has space", **TEN_PERCENT}, "code"),
            ({"code": "BIG", "value_form": "percents", "value": 101}, "value"),
            ({"code": "ZERO", "value_form": "percents", "value": 0}, "value"),
            ({"code": "TRUE", "value_form": "percents", "value": True}, "value"),
            ({"code": "FIVE", "value_form": "currency", "value": 500}, "currency"),  # no currency
            # above the highest price of core §9 (1,000,000.00)
            (
                {"code": "HUGE", "value_form": "currency", "value": 1_000_000_000_000, "currency": "eur"},
                "value",
            ),
            ({"code": "HUGE", "value_form": "currency", "value": 100_000_001, "currency": "eur"}, "value"),
            ({"code": "FIVE", "value_form": "currency", "value": 500, "currency": "xyz"}, "currency"),
            ({"code": "ONE", **TEN_PERCENT, "scope": "single_product", "product_ids": []}, "product_ids"),
            (
                {"code": "ALL", **TEN_PERCENT, "scope": "all_products", "product_ids": [p["id"]]},
                "product_ids",
            ),
            ({"mode": "single", **TEN_PERCENT}, "code"),
            ({"code": "LIM", **TEN_PERCENT, "limit": 0}, "limit"),
        ]:
            r = await c.post("/v1/cabinet/coupons", json=body, headers=h)
            assert r.status_code == 400 and field in str(r.json().get("fields")), (body, r.text)
        # a product of another seller is not in reach
        other_product = (
            await c.post("/v1/cabinet/products", json={"name": "Theirs"}, headers=other.headers)
        ).json()
        body = {
            "code": "THEIRS",
            **TEN_PERCENT,
            "scope": "single_product",
            "product_ids": [other_product["id"]],
        }
        assert (await c.post("/v1/cabinet/coupons", json=body, headers=h)).status_code == 400

        r = await c.post(
            "/v1/cabinet/coupons",
            json={
                "code": "FIVE-OFF",
                "value_form": "currency",
                "value": 500,
                "currency": "EUR",
                "scope": "single_product",
                "product_ids": [p["id"]],
                "limit": 3,
            },
            headers=h,
        )
        assert r.status_code == 201 and r.json()["list"][0]["currency"] == "eur"
        five = r.json()["list"][0]

        # a bulk: 50 different numeric codes after a prefix, all with the same terms
        r = await c.post(
            "/v1/cabinet/coupons",
            json={"mode": "bulk", "count": 50, "code_format": "numeric", "code_length": 8, "prefix": "vip",
                  "batch": "VIP launch", **TEN_PERCENT, "limit": 1},
            headers=h,
        )  # fmt: skip
        assert r.status_code == 201, r.text
        codes = [x["code"] for x in r.json()["list"]]
        assert len(set(codes)) == 50 and all(re.match(r"^VIP[2-9]{8}$", x) for x in codes)
        r = await c.post(
            "/v1/cabinet/coupons",
            json={"mode": "bulk", "count": 1000, "code_format": "numeric", "code_length": 6, **TEN_PERCENT},
            headers=h,
        )
        assert r.status_code == 400 and "code_length" in r.json()["fields"]  # 8^6 codes: guessable among 1000

        # the list: search by code or batch, filter by form; switched off and limited
        r = await c.get("/v1/cabinet/coupons", params={"query": "vip launch", "per": 100}, headers=h)
        assert r.json()["total_count"] == 50
        r = await c.get("/v1/cabinet/coupons", params={"filters[value_form][]": "currency"}, headers=h)
        assert [x["code"] for x in r.json()["list"]] == ["FIVE-OFF"]
        r = await c.patch(
            f"/v1/cabinet/coupons/{spring['id']}", json={"active": False, "limit": 5}, headers=h
        )
        assert r.status_code == 200 and (r.json()["active"], r.json()["limit"], r.json()["usable"]) == (
            False,
            5,
            False,
        )
        r = await c.patch(f"/v1/cabinet/coupons/{spring['id']}", json={"no_limit": True}, headers=h)
        assert r.json()["limit"] is None
        r = await c.get("/v1/cabinet/coupons", params={"filters[active]": "false"}, headers=h)
        assert [x["code"] for x in r.json()["list"]] == ["SPRING-10"]

        # the CSV: what the list shows
        r = await c.get("/v1/cabinet/coupons/csv", params={"filters[value_form][]": "currency"}, headers=h)
        rows = list(csv.DictReader(io.StringIO(r.text), delimiter=";"))
        assert [(x["code"], x["value"], x["currency"], x["limit"]) for x in rows] == [
            ("FIVE-OFF", "5.00", "EUR", "3")
        ]

        # another seller: none of it
        assert (
            await c.patch(f"/v1/cabinet/coupons/{five['id']}", json={"active": False}, headers=other.headers)
        ).status_code == 404
        theirs_list = (await c.get("/v1/cabinet/coupons", headers=other.headers)).json()
        assert [x["code"] for x in theirs_list["list"]] == ["SPRING-10"]
