"""A course, end to end: the seller builds its tree (chapters, lessons, blocks, a quiz, a dripped lesson), reorders
it, publishes and sells it (one-time and monthly); the buyer signs in for that seller by magic link, finds it in
their payer area, opens lessons, fails and passes the quiz, comments; the seller's course tabs show it all; a
refund (or an ended subscription) closes the course, and another seller or payer sees nothing of it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.integration.helpers import client, db_execute, new_seller, payer_headers, until, wait_mail
from tests.integration.shop.test_product_forms import MONTHLY, ONCE, _bought, _plan, _product, _publish

pytestmark = pytest.mark.integration

QUIZ = {
    "questions": [
        {"text": "2 + 2?", "options": ["3", "4"], "correct": [1]},
        {"text": "Pick the primes", "options": ["2", "4", "5"], "correct": [0, 2]},
    ],
    "pass_percent": 100,
}


async def _item(
    c: httpx.AsyncClient, h: dict, pid: int, kind: str, title: str, parent: int | None = None
) -> dict:
    r = await c.post(
        f"/v1/cabinet/products/{pid}/course/items",
        json={"kind": kind, "title": title, "parent_id": parent},
        headers=h,
    )
    assert r.status_code == 201, r.text
    return r.json()


async def _patch(c: httpx.AsyncClient, h: dict, pid: int, item: int, body: dict) -> httpx.Response:
    return await c.patch(f"/v1/cabinet/products/{pid}/course/items/{item}", json=body, headers=h)


async def test_a_course_is_built_sold_taken_to_its_end_and_closed_by_a_refund(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "course")
        other = await new_seller(stack, c, "course-other")
        h = seller.headers
        p = await _product(c, h, "course", "Bread baking", description="From starter to loaf.")
        pid = p["id"]
        await _plan(c, h, pid, ONCE)
        await _plan(c, h, pid, MONTHLY)
        # no lesson yet: nothing to deliver
        r = await c.post(f"/v1/cabinet/products/{pid}/publish", headers=h)
        assert r.status_code == 422 and "no_digitals" in r.text
        ch1 = await _item(c, h, pid, "chapter", "Basics")
        ch2 = await _item(c, h, pid, "chapter", "Advanced")
        intro = await _item(c, h, pid, "lesson", "Welcome", ch1["id"])
        quiz_lesson = await _item(c, h, pid, "lesson", "Starter quiz", ch1["id"])
        later = await _item(c, h, pid, "lesson", "Sourdough", ch2["id"])
        draft = await _item(c, h, pid, "lesson", "Draft", ch2["id"])
        # a chapter holds no chapter, a lesson holds nothing, a title has two letters at least
        r = await c.post(
            f"/v1/cabinet/products/{pid}/course/items",
            json={"kind": "lesson", "title": "Inside a lesson", "parent_id": intro["id"]},
            headers=h,
        )
        assert r.status_code == 400 and r.json()["fields"] == {"parent_id": "lesson_parent"}
        r = await c.post(
            f"/v1/cabinet/products/{pid}/course/items", json={"kind": "lesson", "title": "x"}, headers=h
        )
        assert r.status_code == 400
        # content: text and media blocks; a bad link and another seller's file are refused
        r = await _patch(
            c, h, pid, intro["id"], {"blocks": [{"type": "video", "url": "javascript:alert(1)"}]}
        )
        assert r.status_code == 400
        up = await c.post(
            f"/v1/cabinet/products/{pid}/course/files",
            files={"file": ("recipe.pdf", b"%PDF-1.4 recipe", "application/pdf")},
            headers=h,
        )
        assert up.status_code == 201, up.text
        pdf = up.json()
        r = await _patch(
            c,
            h,
            pid,
            intro["id"],
            {
                "blocks": [
                    {"type": "text", "text": "Welcome to the course."},
                    {"type": "video", "url": "https://media.example.com/welcome.mp4", "title": "Hello"},
                    {"type": "pdf", "file_id": pdf["id"], "title": "Recipe"},
                ]
            },
        )
        assert r.status_code == 200, r.text
        r = await c.patch(
            f"/v1/cabinet/products/{pid}/course/items/{intro['id']}",
            json={"blocks": [{"type": "pdf", "file_id": pdf["id"]}]},
            headers=other.headers,
        )
        assert r.status_code == 404  # another seller cannot touch the course
        # a quiz: a right answer must be one of the options
        bad = {"questions": [{"text": "?", "options": ["a", "b"], "correct": [2]}]}
        assert (await _patch(c, h, pid, quiz_lesson["id"], {"quiz": bad})).status_code == 400
        assert (await _patch(c, h, pid, quiz_lesson["id"], {"quiz": QUIZ})).status_code == 200
        # drip: days after purchase or a date, not both; a hidden lesson is not for payers
        r = await _patch(c, h, pid, later["id"], {"drip_days": 7, "drip_date": "2030-01-01"})
        assert r.status_code == 400 and r.json()["fields"] == {"drip_date": "drip_both"}
        assert (await _patch(c, h, pid, later["id"], {"drip_days": 7})).status_code == 200
        assert (await _patch(c, h, pid, draft["id"], {"hidden": True})).status_code == 200
        assert (
            await _patch(c, h, pid, ch1["id"], {"quiz": QUIZ})
        ).status_code == 400  # a chapter has no quiz
        # drag and drop: the quiz lesson moves first; an order missing an item or nesting a chapter is refused
        order = [
            {"id": ch1["id"]},
            {"id": quiz_lesson["id"], "parent_id": ch1["id"]},
            {"id": intro["id"], "parent_id": ch1["id"]},
            {"id": ch2["id"]},
            {"id": later["id"], "parent_id": ch2["id"]},
            {"id": draft["id"], "parent_id": ch2["id"]},
        ]
        r = await c.put(f"/v1/cabinet/products/{pid}/course/tree", json={"items": order[:-1]}, headers=h)
        assert r.status_code == 400 and r.json()["fields"] == {"order": "missing_item"}
        nested = [*order[:3], {"id": ch2["id"], "parent_id": ch1["id"]}, *order[4:]]
        r = await c.put(f"/v1/cabinet/products/{pid}/course/tree", json={"items": nested}, headers=h)
        assert r.status_code == 400 and r.json()["fields"] == {"order": "chapter_in_chapter"}
        r = await c.put(f"/v1/cabinet/products/{pid}/course/tree", json={"items": order}, headers=h)
        assert r.status_code == 200, r.text
        tree = r.json()
        assert [x["title"] for x in tree["items"]] == [
            "Basics", "Starter quiz", "Welcome", "Advanced", "Sourdough", "Draft"
        ]  # fmt: skip
        assert tree["lessons_count"] == 4
        assert tree["items"][1]["quiz"]["questions"][1]["correct"] == [0, 2]  # the seller sees the answers
        course = await _publish(c, h, pid)
        copy = (await c.post(f"/v1/cabinet/products/{pid}/duplicate", headers=h)).json()
        copied = (await c.get(f"/v1/cabinet/products/{copy['id']}/course", headers=h)).json()
        assert [x["title"] for x in copied["items"]] == [x["title"] for x in tree["items"]]

        # a buyer pays once; the magic link is mailed only to an address that bought from this seller
        token = await _bought(stack, c, seller.username, course, "baker@example.com")
        status = await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["course_url"] is not None, 30
        )
        assert status["course_url"] == f"/payer/s/{seller.username}/courses/{pid}"
        mail = await wait_mail(stack, "baker@example.com", "Your order")
        assert f"/payer/s/{seller.username}/courses/{pid}" in mail["body"]
        r = await c.post(
            "/v1/app/user/send_magic_link",
            json={"email": "stranger@example.com", "profile_type": "payer", "seller": seller.username},
        )
        assert r.status_code == 204
        ph = await payer_headers(stack, c, seller.username, "baker@example.com")
        base = f"/v1/payer/s/{seller.username}/courses/{pid}"
        await until(c, base, ph, lambda b: b["access"] == "published", 30)  # once access is granted
        area = (await c.get(f"/v1/payer/s/{seller.username}", headers=ph)).json()
        assert [(x["product_name"], x["access"], x["progress_percent"]) for x in area["purchases"]] == [
            ("Bread baking", "published", 0)
        ]
        assert (await c.get(f"/v1/payer/s/{other.username}", headers=ph)).json()["purchases"] == []
        assert (await c.get("/v1/payer/sellers", headers=ph)).json()["usernames"] == [seller.username]
        outline = (await c.get(base, headers=ph)).json()
        statuses = {x["title"]: x["status"] for x in outline["items"]}
        assert statuses == {
            "Basics": None, "Starter quiz": "published", "Welcome": "published", "Advanced": None, "Sourdough": "pending"
        }  # fmt: skip
        assert outline["lessons_count"] == 3
        # a lesson: content, the payer never sees the right answers, the next lesson is linked
        r = await c.get(f"{base}/lessons/{quiz_lesson['id']}", headers=ph)
        assert r.status_code == 200, r.text
        lesson = r.json()
        assert lesson["status"] == "viewed" and lesson["next_id"] == intro["id"]
        assert all(q["correct"] is None for q in lesson["quiz"]["questions"])
        assert lesson["attempts_left"] == 5
        # a lesson with a quiz is finished by passing it: a wrong attempt first, then the right one
        r = await c.post(f"{base}/lessons/{quiz_lesson['id']}/finish", headers=ph)
        assert r.status_code == 409 and r.json()["reason"] == "quiz_required"
        r = await c.post(
            f"{base}/lessons/{quiz_lesson['id']}/quiz_attempts", json={"answers": [[1], [0]]}, headers=ph
        )
        assert r.status_code == 201 and r.json()["passed"] is False and r.json()["correct"] == [True, False]
        r = await c.post(
            f"{base}/lessons/{quiz_lesson['id']}/quiz_attempts", json={"answers": [[1]]}, headers=ph
        )
        assert r.status_code == 400  # an answer per question
        r = await c.post(
            f"{base}/lessons/{quiz_lesson['id']}/quiz_attempts", json={"answers": [[1], [2, 0]]}, headers=ph
        )
        assert r.json()["passed"] is True and r.json()["number"] == 2
        r = await c.post(
            f"{base}/lessons/{quiz_lesson['id']}/quiz_attempts", json={"answers": [[1], [2, 0]]}, headers=ph
        )
        assert r.status_code == 409 and r.json()["reason"] == "quiz_passed"
        # the other lesson: its PDF, a comment, finished
        r = await c.get(f"{base}/lessons/{intro['id']}/files/{pdf['id']}", headers=ph)
        assert r.status_code == 200 and r.content == b"%PDF-1.4 recipe"
        r = await c.post(f"{base}/lessons/{intro['id']}/comments", json={"body": "Lovely!"}, headers=ph)
        assert r.status_code == 201
        r = await c.post(f"{base}/lessons/{intro['id']}/finish", headers=ph)
        assert r.status_code == 200 and r.json()["status"] == "finished"
        assert r.json()["comments"][0]["body"] == "Lovely!"
        # the dripped lesson opens a week after the purchase; hidden lessons do not exist for payers
        r = await c.get(f"{base}/lessons/{later['id']}", headers=ph)
        assert r.status_code == 403 and r.json()["reason"] == "lesson_pending"
        assert (await c.get(f"{base}/lessons/{draft['id']}", headers=ph)).status_code == 404
        await db_execute(
            "UPDATE accesses SET created_at = :t WHERE order_id = (SELECT id FROM orders WHERE token = :tok)",
            t=datetime.now(UTC) - timedelta(days=8),
            tok=token,
        )
        r = await c.post(f"{base}/lessons/{later['id']}/finish", headers=ph)
        assert r.status_code == 200
        outline = (await c.get(base, headers=ph)).json()
        assert outline["progress_percent"] == 100 and outline["finished_count"] == 3

        # the seller's tabs
        overview = (await c.get("/v1/cabinet/courses/overview", headers=h)).json()["courses"]
        mine = next(x for x in overview if x["product_id"] == pid)
        assert (mine["students"], mine["lessons"], mine["finished_lessons"]) == (1, 4, 3)
        assert (mine["quiz_attempts"], mine["passed_attempts"]) == (2, 1)
        attempts = (await c.get("/v1/cabinet/courses/quiz_attempts", headers=h)).json()
        assert [(x["number"], x["passed"]) for x in attempts["list"]] == [(2, True), (1, False)]
        statuses = (await c.get("/v1/cabinet/courses/lesson_statuses", headers=h)).json()
        assert {x["lesson"]: x["status"] for x in statuses["list"]} == {
            "Starter quiz": "finished", "Welcome": "finished", "Sourdough": "finished"
        }  # fmt: skip
        sessions = (await c.get("/v1/cabinet/courses/sessions", headers=h)).json()
        assert sessions["total_count"] == 1 and sessions["list"][0]["payer_email"] == "baker@example.com"
        for tab in ("sessions", "lesson_statuses", "quiz_attempts"):
            assert (await c.get(f"/v1/cabinet/courses/{tab}", headers=other.headers)).json()[
                "total_count"
            ] == 0

        # a refund closes the course: the outline says why, lessons are refused
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1900, "reason": "Changed mind"}, headers=h
        )
        assert r.status_code in (200, 201, 202), r.text
        closed = await until(c, base, ph, lambda b: b["access"] == "publish_canceled", 30)
        assert closed["closed_because"] == "payment_refunded"
        r = await c.get(f"{base}/lessons/{intro['id']}", headers=ph)
        assert r.status_code == 403 and r.json()["reason"] == "access_closed"


async def test_a_subscribed_course_closes_when_the_subscription_ends(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "course-sub")
        h = seller.headers
        p = await _product(c, h, "course", "Monthly yoga")
        await _plan(c, h, p["id"], MONTHLY)
        lesson = await _item(c, h, p["id"], "lesson", "Sun salutation")
        course = await _publish(c, h, p["id"])
        token = await _bought(stack, c, seller.username, course, "yogi@example.com")
        await until(
            c,
            f"/v1/shop/{seller.username}/orders/{token}",
            None,
            lambda b: b["payment_state"] == "paying",
            30,
        )
        ph = await payer_headers(stack, c, seller.username, "yogi@example.com")
        base = f"/v1/payer/s/{seller.username}/courses/{p['id']}"
        await until(c, base, ph, lambda b: b["access"] == "published", 30)
        assert (await c.get(f"{base}/lessons/{lesson['id']}", headers=ph)).status_code == 200
        r = await c.post(f"/v1/cabinet/orders/{token}/subscription", json={"action": "cancel_now"}, headers=h)
        assert r.status_code == 202, r.text
        closed = await until(c, base, ph, lambda b: b["access"] == "publish_canceled", 30)
        assert closed["closed_because"] == "payment_canceled"
        assert (await c.get(f"{base}/lessons/{lesson['id']}", headers=ph)).status_code == 403
