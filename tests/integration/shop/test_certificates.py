"""Certificates: the key details (a course rule names one of the seller's own courses), the design (a background
checked by its bytes, fields placed), a sample PDF; issued on purchase, or only once the holder has finished the
course; checked by number (valid, then revoked by a refund) with its PDF."""

from __future__ import annotations

import io
import struct
import zlib

import httpx
import pytest
from PIL import Image

from tests.integration.helpers import client, new_seller, payer_headers, until
from tests.integration.shop.test_courses import _item
from tests.integration.shop.test_product_forms import ONCE, _bought, _plan, _product, _publish

pytestmark = pytest.mark.integration


def _a4_png() -> bytes:
    """A background big enough for A4 at 96 dpi, upright (the long side may be either way)."""
    buf = io.BytesIO()
    Image.new("RGB", (800, 1130), (240, 232, 216)).save(buf, format="PNG")
    return buf.getvalue()


def _png() -> bytes:
    """A real 2x2 PNG (what a seller uploads), built by hand."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\xf0\xe8\xd8" * 2 for _ in range(2))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


async def _settings(c: httpx.AsyncClient, h: dict, pid: int, **body) -> httpx.Response:
    return await c.put(
        f"/v1/cabinet/products/{pid}/certificate", json={"title": "Certified baker", **body}, headers=h
    )


async def test_a_course_certificate_is_issued_when_the_course_is_finished_and_revoked_by_a_refund(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "cert")
        other = await new_seller(stack, c, "cert-other")
        h = seller.headers
        course = await _product(c, h, "course", "Baking basics")
        lesson = await _item(c, h, course["id"], "lesson", "Kneading")
        await _plan(c, h, course["id"], ONCE)
        course = await _publish(c, h, course["id"])
        foreign = await _product(c, other.headers, "course", "Not yours")

        cert = await _product(c, h, "certificate", "Baker certificate")
        pid = cert["id"]
        assert "no_digitals" in cert["warnings"]  # nothing to issue yet
        assert (await _settings(c, h, pid, rule="course_finished")).status_code == 400  # which course?
        r = await _settings(c, h, pid, rule="course_finished", course_id=foreign["id"])
        assert r.status_code == 400 and "course_id" in r.json()["fields"]
        r = await _settings(
            c, h, pid, fields=[{"field": "title", "x": 50, "y": 20}, {"field": "title", "x": 1, "y": 1}]
        )
        assert r.status_code == 400  # a field sits once
        r = await _settings(c, h, pid, fields=[{"field": "title", "x": 150, "y": 20}])
        assert r.status_code == 400  # within the page
        r = await _settings(
            c,
            h,
            pid,
            rule="course_finished",
            course_id=course["id"],
            issuer="Bread School",
            orientation="portrait",
        )
        assert r.status_code == 200 and r.json()["course_name"] == "Baking basics"
        r = await c.post(
            f"/v1/cabinet/products/{pid}/certificate/background",
            files={"file": ("bg.png", b"<svg>not an image</svg>", "image/png")},
            headers=h,
        )
        assert r.status_code == 400  # checked by its bytes, not its name
        r = await c.post(
            f"/v1/cabinet/products/{pid}/certificate/background",
            files={"file": ("bg.png", _png(), "image/png")},
            headers=h,
        )
        assert r.status_code == 400 and "at least 1123 × 794" in r.json()["fields"]["file"]  # prints blurred
        r = await c.post(
            f"/v1/cabinet/products/{pid}/certificate/background",
            files={"file": ("bg.png", _a4_png(), "image/png")},
            headers=h,
        )
        assert r.status_code == 200 and r.json()["has_background"] is True
        preview = await c.get(f"/v1/cabinet/products/{pid}/certificate/preview", headers=h)
        assert preview.status_code == 200 and preview.content.startswith(b"%PDF")
        assert (
            await c.get(f"/v1/cabinet/products/{pid}/certificate", headers=other.headers)
        ).status_code == 404
        await _plan(c, h, pid, ONCE)
        certificate = await _publish(c, h, pid)

        # bought with the course: pending until the course is finished
        await _bought(stack, c, seller.username, course, "learner@example.com")
        token = await _bought(stack, c, seller.username, certificate, "learner@example.com")
        status = await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["certificate_pending"], 30
        )
        assert status["certificate_number"] is None
        ph = await payer_headers(stack, c, seller.username, "learner@example.com")
        base = f"/v1/payer/s/{seller.username}/courses/{course['id']}"
        await until(c, base, ph, lambda b: b["access"] == "published", 30)
        r = await c.post(f"{base}/lessons/{lesson['id']}/finish", headers=ph)
        assert r.status_code == 200, r.text
        status = (await c.get(f"/v1/shop/{seller.username}/orders/{token}")).json()
        number = status["certificate_number"]
        assert number and number.startswith("C-") and status["certificate_pending"] is False
        assert status["certificate_url"] == f"/s/{seller.username}/certificates/{number}"
        area = (await c.get(f"/v1/payer/s/{seller.username}", headers=ph)).json()["purchases"]
        assert (
            next(x for x in area if x["form"] == "certificate")["certificate_url"]
            == status["certificate_url"]
        )

        # anyone checks it by its number (typed without dashes, in lower case), and gets its PDF
        check = await c.get(f"/v1/shop/{seller.username}/certificates/{number.replace('-', '').lower()}")
        assert check.status_code == 200, check.text
        body = check.json()
        assert (body["state"], body["holder_name"], body["course_name"], body["issuer"]) == (
            "valid", "Bea Buyer", "Baking basics", "Bread School"
        )  # fmt: skip
        pdf = await c.get(f"/v1/shop/{seller.username}/certificates/{number}/pdf")
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        assert (await c.get(f"/v1/shop/{other.username}/certificates/{number}")).status_code == 404
        assert (await c.get(f"/v1/shop/{seller.username}/certificates/C-ZZZZZ-ZZZZZ")).status_code == 404

        # a refund revokes it
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 1900, "reason": "No"}, headers=h
        )
        assert r.status_code in (200, 201, 202), r.text
        await until(
            c,
            f"/v1/shop/{seller.username}/certificates/{number}",
            None,
            lambda b: b["state"] == "revoked",
            30,
        )
        assert (await c.get(f"/v1/shop/{seller.username}/certificates/{number}/pdf")).status_code == 404


async def test_a_purchase_certificate_is_issued_at_once(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "cert-now")
        h = seller.headers
        cert = await _product(c, h, "certificate", "Gift certificate")
        assert (await _settings(c, h, cert["id"], title="Voucher of appreciation")).status_code == 200
        await _plan(c, h, cert["id"], ONCE)
        certificate = await _publish(c, h, cert["id"])
        token = await _bought(stack, c, seller.username, certificate, "gift@example.com")
        status = await until(
            c, f"/v1/shop/{seller.username}/orders/{token}", None, lambda b: b["certificate_number"], 30
        )
        check = (
            await c.get(f"/v1/shop/{seller.username}/certificates/{status['certificate_number']}")
        ).json()
        assert check["title"] == "Voucher of appreciation" and check["state"] == "valid"
