"""Event tickets: the ticket step's rules (an IANA time zone, a start unless without dates, an end after it), a
plan per ticket, the last seat to exactly one of two buyers, the payment ticket's code in the mail and on its page
with a QR code, check-in by a typed code once (a second time refused, another seller's door refused), the guest
list as CSV, and a refund that turns the ticket away at the door."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from PIL import Image
from pypdf import PdfReader

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    db_count,
    new_seller,
    pay,
    start_checkout,
    stripe_succeeded_charges,
    until,
    wait_mail,
)
from tests.integration.shop.test_product_forms import ONCE, _bought, _product, _publish

pytestmark = pytest.mark.integration


def _at(days: float) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat()


async def _ticket(c: httpx.AsyncClient, h: dict, pid: int, **fields) -> httpx.Response:
    body = {
        "name": "Standing",
        "starts_at": _at(10),
        "time_zone": "Europe/Vienna",
        "location": "Arena",
        **fields,
    }
    return await c.post(f"/v1/cabinet/products/{pid}/tickets", json=body, headers=h)


async def _ticket_plan(c: httpx.AsyncClient, h: dict, pid: int, ticket_id: int | None) -> httpx.Response:
    return await c.post(
        f"/v1/cabinet/products/{pid}/pricing_plans", json={**ONCE, "ticket_id": ticket_id}, headers=h
    )


async def test_an_event_sells_its_last_seat_once_and_lets_each_ticket_in_once(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "event")
        other = await new_seller(stack, c, "event-other")
        h = seller.headers
        e = await _product(c, h, "event", "Summer concert")
        pid = e["id"]
        assert "no_active_events" in e["warnings"]
        for fields, field in [
            ({"time_zone": "Mars/Olympus"}, "time_zone"),
            ({"starts_at": None}, "starts_at"),
            ({"ends_at": _at(9)}, "starts_at"),  # ends before it starts
            ({"limit": 0}, "limit"),
            ({"name": "x"}, "name"),
        ]:
            r = await _ticket(c, h, pid, **fields)
            assert r.status_code == 400 and field in str(r.json()["fields"]), (fields, r.text)
        seat = (await _ticket(c, h, pid, name="Front row", limit=1, ends_at=_at(10.2))).json()
        floor = (await _ticket(c, h, pid, name="Floor", online=False)).json()
        voucher = (await _ticket(c, h, pid, name="Any-day pass", without_dates=True, starts_at=None)).json()
        assert voucher["starts_at"] is None and voucher["over"] is False
        # an event's plan sells one of its tickets; a ticket of another event is not found
        assert (await _ticket_plan(c, h, pid, None)).status_code == 400
        other_event = await _product(c, h, "event", "Other event")
        foreign = (await _ticket(c, h, other_event["id"])).json()
        assert (await _ticket_plan(c, h, pid, foreign["id"])).status_code == 404
        for t in (seat, floor):
            assert (await _ticket_plan(c, h, pid, t["id"])).status_code == 201
        event = await _publish(c, h, pid)
        shown = (await c.get(f"/v1/shop/{seller.username}/products/{event['slug']}")).json()
        assert [t["name"] for t in shown["tickets"]] == ["Front row", "Floor", "Any-day pass"]
        front_plan = next(p for p in shown["pricing_plans"] if p["ticket_id"] == seat["id"])
        floor_plan = 1 if shown["pricing_plans"][0]["ticket_id"] == seat["id"] else 0

        # the last front-row seat: two buyers at once, one ticket, one charge
        product = {**event, "pricing_plans": [front_plan]}
        a = await start_checkout(c, seller.username, product, email="fan-a@example.com")
        b = await start_checkout(c, seller.username, product, email="fan-b@example.com")
        pm_a, pm_b = await asyncio.gather(
            card_payment_method(stack, a["setup_intent_client_secret"], CARD_OK),
            card_payment_method(stack, b["setup_intent_client_secret"], CARD_OK),
        )
        ra, rb = await asyncio.gather(
            pay(c, seller.username, a["order_token"], pm_a), pay(c, seller.username, b["order_token"], pm_b)
        )
        assert sorted([ra.json()["outcome"], rb.json()["outcome"]]) == ["failed", "succeeded"], (
            ra.text,
            rb.text,
        )
        winner, loser = (a, b) if ra.json()["outcome"] == "succeeded" else (b, a)
        assert (
            await db_count(
                "select count(*) from payment_intents pi join orders o on o.id = pi.order_id where o.token = :t",
                t=loser["order_token"],
            )
            == 0
        )
        status = await until(
            c,
            f"/v1/shop/{seller.username}/orders/{winner['order_token']}",
            None,
            lambda x: x["ticket_code"],
            30,
        )
        code = status["ticket_code"]
        assert len(code) == 11 and code[5] == "-"
        mail = await wait_mail(
            stack, "fan-a@example.com" if winner is a else "fan-b@example.com", "Your order"
        )
        assert code in mail["body"] and f"/s/{seller.username}/tickets/" in mail["body"]
        listed = (await c.get(f"/v1/cabinet/products/{pid}/tickets", headers=h)).json()["list"]
        assert next(t for t in listed if t["id"] == seat["id"])["sold_out"] is True

        # the ticket's page: its code as a QR code
        page = await c.get(
            f"/v1/shop/{seller.username}{httpx.URL(status['ticket_url']).path[len('/s/' + seller.username) :]}"
        )
        assert page.status_code == 200, page.text
        assert page.json()["state"] == "unused" and page.json()["qr_svg"].startswith("data:image/svg+xml")
        assert (await c.get(f"/v1/shop/{other.username}/tickets/{code}")).status_code == 404

        # check-in: typed in any case with spaces; once; never at another seller's door
        typed = code.lower().replace("-", " ")
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": typed}, headers=other.headers)
        assert r.status_code == 404
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": typed}, headers=h)
        assert r.status_code == 200 and r.json()["ticket_name"] == "Front row"
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": code}, headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "ticket_used" and r.json()["fields"]["used_at"]
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": "ZZZZZ-ZZZZZ"}, headers=h)
        assert r.status_code == 404
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": "<script>"}, headers=h)
        assert r.status_code == 400

        # a refunded ticket is turned away
        token = await _bought(
            stack,
            c,
            seller.username,
            {**event, "pricing_plans": shown["pricing_plans"]},
            "floor@example.com",
            plan=floor_plan,
        )
        floor_status = await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda x: x["ticket_code"], 30
        )
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1900, "reason": "Ill"}, headers=h
        )
        assert r.status_code in (200, 201, 202), r.text
        await until(
            c,
            f"/v1/shop/{seller.username}/orders/{token}",
            None,
            lambda x: x["payment_state"] == "payment_refunded",
            30,
        )
        r = await c.post(
            "/v1/cabinet/tickets/check_in", json={"code": floor_status["ticket_code"]}, headers=h
        )
        assert r.status_code == 409 and r.json()["reason"] == "ticket_refunded"

        # the guest list
        tickets = (await c.get(f"/v1/cabinet/products/{pid}/payment_tickets", headers=h)).json()
        assert {(t["ticket_name"], t["state"]) for t in tickets["list"]} == {
            ("Front row", "used"),
            ("Floor", "refunded"),
        }
        csv = await c.get(f"/v1/cabinet/products/{pid}/payment_tickets/csv", headers=h)
        assert csv.status_code == 200 and code in csv.text and "checked_in_at" in csv.text.splitlines()[0]
        assert (
            await c.get(f"/v1/cabinet/products/{pid}/payment_tickets", headers=other.headers)
        ).status_code == 404
        # a sold ticket stays; an unsold one can go
        r = await c.delete(f"/v1/cabinet/products/{pid}/tickets/{seat['id']}", headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "ticket_sold"
        assert (
            await c.delete(f"/v1/cabinet/products/{pid}/tickets/{voucher['id']}", headers=h)
        ).status_code == 204


async def test_opt_in_questions_are_answered_at_checkout_and_land_on_the_guest_list(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "optin")
        h = seller.headers
        e = await _product(c, h, "event", "Workshop")
        pid = e["id"]
        ticket = (await _ticket(c, h, pid, name="Seat")).json()
        assert (await _ticket_plan(c, h, pid, ticket["id"])).status_code == 201
        url = f"/v1/cabinet/products/{pid}/opt_ins"
        for bad in [
            [{"type": "select_box", "label": "Size", "options": ["M"]}],  # one option is no choice
            [{"type": "checkbox", "label": "Rules", "options": ["yes"]}],  # only a select box has options
            [{"type": "radio", "label": "Size"}],
            [{"type": "checkbox", "label": "x"}],
        ]:
            r = await c.put(url, json={"questions": bad}, headers=h)
            assert r.status_code == 400, (bad, r.text)
        r = await c.put(
            url,
            json={
                "questions": [
                    {"type": "checkbox", "label": "I accept the house rules", "required": True},
                    {"type": "open_question", "label": "Dietary wishes"},
                    {
                        "type": "select_box",
                        "label": "T-shirt size",
                        "options": ["S", "M", "L"],
                        "required": True,
                    },
                    {"type": "service", "label": "Parking place"},
                ]
            },
            headers=h,
        )
        assert r.status_code == 200, r.text
        rules, diet, size, parking = (q["id"] for q in r.json()["questions"])
        event = await _publish(c, h, pid)
        shown = (await c.get(f"/v1/shop/{seller.username}/products/{event['slug']}")).json()
        assert [q["label"] for q in shown["opt_ins"]] == [
            "I accept the house rules", "Dietary wishes", "T-shirt size", "Parking place"
        ]  # fmt: skip
        checkout = f"/v1/shop/{seller.username}/products/{event['slug']}/checkout"
        payer = {"email": "guest@example.com", "first_name": "Gus", "last_name": "Guest"}
        plan_id = shown["pricing_plans"][0]["id"]
        for answers, field in [
            ({size: "M"}, rules),  # the required tick is missing
            ({rules: True, size: "XXL"}, size),  # not one of the options
            ({rules: True, size: "M", "nope": "x"}, "nope"),  # no such question
            ({rules: "yes", size: "M"}, rules),  # a tick is true, not a text
        ]:
            r = await c.post(
                checkout, json={"pricing_plan_id": plan_id, "payer": payer, "opt_in_answers": answers}
            )
            assert r.status_code == 400 and f"opt_in_answers.{field}" in r.json()["fields"], (answers, r.text)
        answers = {rules: True, diet: "  Vegetarian ", size: "L", parking: True}
        token = await _bought_with(stack, c, seller.username, event, "guest@example.com", answers)
        await until(c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda x: x["ticket_code"], 30)
        guests = (await c.get(f"/v1/cabinet/products/{pid}/payment_tickets", headers=h)).json()["list"]
        assert guests[0]["answers"] == {
            "I accept the house rules": True, "Dietary wishes": "Vegetarian", "T-shirt size": "L", "Parking place": True
        }  # fmt: skip
        csv = (await c.get(f"/v1/cabinet/products/{pid}/payment_tickets/csv", headers=h)).text
        assert csv.splitlines()[0].endswith(
            "I accept the house rules,Dietary wishes,T-shirt size,Parking place"
        )
        assert csv.splitlines()[1].endswith("yes,Vegetarian,L,yes")


async def _bought_with(
    stack, c: httpx.AsyncClient, username: str, product: dict, email: str, answers: dict
) -> str:
    co = await start_checkout(c, username, product, email=email, extra={"opt_in_answers": answers})
    pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
    r = await pay(c, username, co["order_token"], pm)
    assert r.json()["outcome"] == "succeeded", r.text
    return co["order_token"]


def _picture(width: int, height: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (200, 40, 90)).save(buf, format="PNG")
    return buf.getvalue()


async def _designed(c: httpx.AsyncClient, h: dict, pid: int, other: dict) -> None:
    """The design step: a colour in editor §5's hex shape, a note within its length, a logo that is a picture of
    a size that prints; each refusal names its field and changes nothing; another seller finds no event."""
    url = f"/v1/cabinet/products/{pid}/ticket_design"
    r = await c.get(url, headers=h)
    assert r.json() == {"accent_color": "#285a5a", "note": None, "show_seller": True, "has_logo": False}
    for body, field in [
        ({"accent_color": "red"}, "accent_color"),
        ({"accent_color": "#12345"}, "accent_color"),
        ({"note": "x" * 301}, "note"),
        ({"show_seller": "yes"}, "show_seller"),
    ]:
        r = await c.put(url, json=body, headers=h)
        assert r.status_code == 400 and field in r.json()["fields"], (body, r.text)
    r = await c.put(
        url, json={"accent_color": "#A36", "note": "  Doors open at 19:00, bring this ticket. "}, headers=h
    )
    assert r.status_code == 200 and r.json()["accent_color"] == "#a36"
    r = await c.put(
        url, json={"accent_color": "#AA3366", "note": "Doors open at 19:00, bring this ticket."}, headers=h
    )
    assert r.json() == {
        "accent_color": "#aa3366", "note": "Doors open at 19:00, bring this ticket.", "show_seller": True,
        "has_logo": False,
    }  # fmt: skip
    for data, why in [(b"<svg/>", "PNG or JPEG"), (_picture(40, 200), "too small")]:
        r = await c.post(f"{url}/logo", files={"file": ("logo.png", data, "image/png")}, headers=h)
        assert r.status_code == 400 and why in r.json()["fields"]["file"], r.text
    r = await c.post(f"{url}/logo", files={"file": ("logo.png", _picture(300, 120), "image/png")}, headers=h)
    assert r.status_code == 200 and r.json()["has_logo"] is True
    assert (await c.get(f"{url}/logo", headers=h)).content.startswith(b"\x89PNG")
    sample = await c.get(f"{url}/preview", params={"lang": "de"}, headers=h)
    text = PdfReader(io.BytesIO(sample.content)).pages[0].extract_text()
    assert "Doors open at 19:00" in text and "Alex Example" in text and "Balcony" in text
    for call in (
        c.get(url, headers=other),
        c.put(url, json={}, headers=other),
        c.get(f"{url}/preview", headers=other),
    ):
        assert (await call).status_code == 404
    assert (await c.get(url, headers=h)).json()["accent_color"] == "#aa3366"


async def test_every_events_tickets_overview_details_csv_and_invalidating_one(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "tickets")
        other = await new_seller(stack, c, "tickets-other", legitimate=False)
        h = seller.headers
        e = await _product(c, h, "event", "Jazz night")
        ticket = (await _ticket(c, h, e["id"], name="Balcony", limit=10)).json()
        assert (await _ticket_plan(c, h, e["id"], ticket["id"])).status_code == 201
        await _designed(c, h, e["id"], other.headers)
        event = await _publish(c, h, e["id"])
        shown = (await c.get(f"/v1/shop/{seller.username}/products/{event['slug']}")).json()
        codes = []
        for email in ("jazz-a@example.com", "jazz-b@example.com"):
            token = await _bought(
                stack, c, seller.username, {**event, "pricing_plans": shown["pricing_plans"]}, email
            )
            status = await until(
                c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda x: x["ticket_code"], 30
            )
            codes.append(status["ticket_code"])
        # the ticket as PDF, linked from the mail: its code as a QR code; another seller's address finds nothing
        mail = await wait_mail(stack, "jazz-b@example.com", "Your order")
        pdf_url = next(w for w in mail["body"].split() if "/pdf" in w)
        assert f"/v1/shop/{seller.username}/tickets/{codes[1].replace('-', '')}/pdf" in pdf_url
        r = await c.get(f"/v1/shop/{seller.username}/tickets/{codes[1]}/pdf", params={"lang": "de"})
        assert r.status_code == 200 and r.content.startswith(b"%PDF")
        assert r.headers["content-type"] == "application/pdf"
        # in the event's design: its note under the code, its colour on the ticket's page
        assert "Doors open at 19:00" in PdfReader(io.BytesIO(r.content)).pages[0].extract_text()
        page = (await c.get(f"/v1/shop/{seller.username}/tickets/{codes[1]}")).json()
        assert page["accent_color"] == "#aa3366" and page["note"] == "Doors open at 19:00, bring this ticket."
        assert (await c.get(f"/v1/shop/{other.username}/tickets/{codes[1]}/pdf")).status_code == 404
        r = await c.get(f"/v1/shop/{seller.username}/tickets/{codes[1]}/pdf", params={"lang": "xx"})
        assert r.status_code == 400

        # the first buyer gives the ticket to a friend: the door greets the friend
        url = f"/v1/shop/{seller.username}/tickets/{codes[0]}/attendee"
        for bad in (
            {"first_name": "", "last_name": "X", "email": "a@example.com"},
            {"first_name": "A", "last_name": "B", "email": "nope"},
            {"first_name": "A", "last_name": "B", "email": "a@example.com", "country": "XX"},
        ):
            assert (await c.put(url, json={"attendee": bad})).status_code == 400, bad
        friend = {"first_name": "Fay", "last_name": "Friend", "email": "fay@example.com", "country": "AT"}
        r = await c.put(url, json={"attendee": friend})
        assert r.status_code == 200 and r.json()["attendee"]["first_name"] == "Fay"
        elsewhere = f"/v1/shop/{other.username}/tickets/{codes[0]}/attendee"
        assert (await c.put(elsewhere, json={"attendee": friend})).status_code == 404
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": codes[0]}, headers=h)
        assert r.status_code == 200 and r.json()["payer_name"] == "Fay Friend"
        assert (await c.put(url, json={"attendee": None})).status_code == 409  # used: it stays with Fay

        # the details list: every event's tickets; found by code; by state
        listed = (await c.get("/v1/cabinet/payment_tickets", headers=h)).json()
        assert listed["total_count"] == 2 and {t["product_name"] for t in listed["list"]} == {"Jazz night"}
        second = next(t for t in listed["list"] if t["code"] == codes[1])
        assert second["price"] == 1900 and second["location"] == "Arena" and second["state"] == "unused"
        found = (
            await c.get("/v1/cabinet/payment_tickets", params={"query": codes[1].lower()}, headers=h)
        ).json()
        assert [t["code"] for t in found["list"]] == [codes[1]]
        used = (await c.get("/v1/cabinet/payment_tickets", params={"state": "used"}, headers=h)).json()
        assert [t["code"] for t in used["list"]] == [codes[0]]
        assert (
            await c.get("/v1/cabinet/payment_tickets", params={"state": "gone"}, headers=h)
        ).status_code == 400

        # invalidating: once, never a used one, never another seller's; an invalidated ticket lets no one in
        url = f"/v1/cabinet/payment_tickets/{second['id']}/invalidate"
        assert (await c.post(url, headers=other.headers)).status_code == 404
        r = await c.post(url, headers=h)
        assert r.status_code == 200 and r.json()["state"] == "invalidated"
        assert (await c.post(url, headers=h)).status_code == 409
        first = next(t for t in listed["list"] if t["code"] == codes[0])
        r = await c.post(f"/v1/cabinet/payment_tickets/{first['id']}/invalidate", headers=h)
        assert r.status_code == 409 and r.json()["fields"]["state"] == "used"
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": codes[1]}, headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "ticket_invalidated"
        r = await c.get(f"/v1/shop/{seller.username}/tickets/{codes[1]}/pdf")
        assert r.status_code == 409 and r.json()["reason"] == "ticket_invalidated"

        # the overview: per ticket, by state
        overview = (await c.get("/v1/cabinet/payment_tickets/overview", headers=h)).json()["tickets"]
        balcony = next(t for t in overview if t["ticket_id"] == ticket["id"])
        assert (balcony["sold"], balcony["used"], balcony["invalidated"], balcony["unused"]) == (2, 1, 1, 0)
        assert balcony["limit"] == 10

        # core §3's CSV: exactly its columns
        r = await c.get("/v1/cabinet/payment_tickets/csv", headers=h)
        lines = r.text.splitlines()
        assert lines[0] == (
            "id;event_date;qr_code_url;code;state;date;product_name;ticket_name;location;transfer_id;price;"
            "phone_number;order_id"
        )
        row = next(line.split(";") for line in lines[1:] if codes[1] in line)
        assert row[2].endswith(f"/s/{seller.username}/tickets/{codes[1]}") and row[4] == "invalidated"
        assert row[10] == "19.00" and row[9]  # the sale's transfer

        # another seller sees none of it
        theirs = (await c.get("/v1/cabinet/payment_tickets", headers=other.headers)).json()
        assert theirs["total_count"] == 0
        assert (await c.get("/v1/cabinet/payment_tickets/overview", headers=other.headers)).json()[
            "tickets"
        ] == []


async def test_a_ticket_upgraded_for_the_difference_once_and_given_back_by_a_refund(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "upgrade")
        h = seller.headers
        e = await _product(c, h, "event", "Opera gala")
        floor = (await _ticket(c, h, e["id"], name="Floor", limit=1)).json()
        box = (await _ticket(c, h, e["id"], name="Box", limit=5)).json()
        assert (await _ticket_plan(c, h, e["id"], floor["id"])).status_code == 201
        r = await c.post(
            f"/v1/cabinet/products/{e['id']}/pricing_plans",
            json={**ONCE, "name": "Box seat", "price": 4900, "ticket_id": box["id"]},
            headers=h,
        )
        assert r.status_code == 201
        event = await _publish(c, h, e["id"])
        shown = (await c.get(f"/v1/shop/{seller.username}/products/{event['slug']}")).json()
        floor_plan = next(i for i, p in enumerate(shown["pricing_plans"]) if p["ticket_id"] == floor["id"])
        token = await _bought(
            stack,
            c,
            seller.username,
            {**event, "pricing_plans": shown["pricing_plans"]},
            "gala@example.com",
            floor_plan,
        )
        old = (
            await until(c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda x: x["ticket_code"], 30)
        )["ticket_code"]
        base = f"/v1/shop/{seller.username}/tickets/{old}"
        options = (await c.get(f"{base}/upgrades")).json()["options"]
        assert [(o["ticket_name"], o["price"]) for o in options] == [("Box", 3000)]  # 49.00 - 19.00
        box_plan = options[0]["pricing_plan_id"]

        # two upgrades of one ticket at once: one is paid, the other declined uncharged
        a = (await c.post(f"{base}/upgrade", json={"pricing_plan_id": box_plan})).json()
        b = (await c.post(f"{base}/upgrade", json={"pricing_plan_id": box_plan})).json()
        assert a["amount"] == 3000
        pm_a, pm_b = await asyncio.gather(
            card_payment_method(stack, a["setup_intent_client_secret"], CARD_OK),
            card_payment_method(stack, b["setup_intent_client_secret"], CARD_OK),
        )
        ra, rb = await asyncio.gather(
            pay(c, seller.username, a["order_token"], pm_a), pay(c, seller.username, b["order_token"], pm_b)
        )
        assert sorted([ra.json()["outcome"], rb.json()["outcome"]]) == ["failed", "succeeded"], (
            ra.text,
            rb.text,
        )
        won = a if ra.json()["outcome"] == "succeeded" else b
        lost = b if won is a else a
        assert await stripe_succeeded_charges(stack, lost["order_token"]) == 0
        assert await stripe_succeeded_charges(stack, won["order_token"]) == 1
        new = (
            await until(
                c,
                f"/v1/shop/{seller.username}/orders/{won['order_token']}",
                None,
                lambda x: x["ticket_code"],
                30,
            )
        )["ticket_code"]
        assert new != old

        # the old ticket lets no one in and says where the new one is; its seat is free again
        page = (await c.get(base)).json()
        assert page["state"] == "invalidated" and page["upgraded_to"] == new
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": old}, headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "ticket_upgraded"
        assert (await c.get(f"{base}/upgrades")).json()["options"] == []
        assert (await c.post(f"{base}/upgrade", json={"pricing_plan_id": box_plan})).status_code == 409
        tickets = (await c.get(f"/v1/cabinet/products/{e['id']}/tickets", headers=h)).json()["list"]
        assert next(t for t in tickets if t["id"] == floor["id"])["sold_out"] is False
        overview = (await c.get("/v1/cabinet/payment_tickets/overview", headers=h)).json()["tickets"]
        assert next(t for t in overview if t["ticket_id"] == box["id"])["unused"] == 1

        # the seller's order list names the upgrade and finds it by type
        r = await c.get("/v1/cabinet/orders", params={"filters[order_type][]": "ticket_upgrade"}, headers=h)
        assert r.status_code == 200 and won["order_token"] in [o["token"] for o in r.json()["list"]]
        assert {o["order_type"] for o in r.json()["list"]} == {"upgrade"}
        r = await c.get("/v1/cabinet/orders", params={"filters[order_type][]": "sideways"}, headers=h)
        assert r.status_code == 400

        # a refund of the upgrade gives the old ticket back
        r = await c.post(
            f"/v1/cabinet/orders/{won['order_token']}/refunds",
            json={"amount": 3000, "reason": "Changed mind"},
            headers=h,
        )
        assert r.status_code in (200, 201, 202), r.text
        await until(
            c,
            f"/v1/shop/{seller.username}/orders/{won['order_token']}",
            None,
            lambda x: x["payment_state"] == "payment_refunded",
            30,
        )
        page = (await c.get(base)).json()
        assert page["state"] == "unused" and page["upgraded_to"] is None
        r = await c.post("/v1/cabinet/tickets/check_in", json={"code": old}, headers=h)
        assert r.status_code == 200
