"""Product covers: a picture becomes its size variants as WebP, upright, never wider than itself; what is not a
picture, or a picture too large to decode safely, is refused."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from domain.catalog.products import COVER_SIZES
from providers.images import covers
from providers.images.covers import NotAnImage, cover_variants


def _png(width: int, height: int, mode: str = "RGB") -> bytes:
    buf = io.BytesIO()
    Image.new(mode, (width, height), (200, 40, 40) if mode == "RGB" else 128).save(buf, format="PNG")
    return buf.getvalue()


def test_a_picture_becomes_each_variant_keeping_its_shape():
    width, height, variants = cover_variants(_png(1600, 900), COVER_SIZES)
    assert (width, height) == (1600, 900)
    assert [(v.size, v.width, v.height) for v in variants] == [
        ("s100", 100, 56),
        ("s300", 300, 169),
        ("s600", 600, 338),
        ("s1200", 1200, 675),
    ]
    with Image.open(io.BytesIO(variants[0].data)) as small:
        assert small.format == "WEBP" and small.size == (100, 56)


def test_a_small_picture_is_never_blown_up():
    _, _, variants = cover_variants(_png(250, 250, "L"), COVER_SIZES)
    assert [v.width for v in variants] == [100, 250, 250, 250]


def test_a_photo_is_turned_upright_by_its_exif():
    buf = io.BytesIO()
    exif = Image.Exif()
    exif[0x0112] = 6  # rotated 90°: stored landscape, shown portrait
    Image.new("RGB", (400, 200)).save(buf, format="JPEG", exif=exif)
    width, height, _ = cover_variants(buf.getvalue(), {"s100": 100})
    assert (width, height) == (200, 400)


@pytest.mark.parametrize("data", [b"", b"%PDF-1.7 not a picture", b"\x89PNG\r\n\x1a\n broken", b"GIF89a"])
def test_what_is_not_a_picture_is_refused(data):
    with pytest.raises(NotAnImage):
        cover_variants(data, COVER_SIZES)


def test_a_picture_too_large_to_decode_safely_is_refused(monkeypatch):
    monkeypatch.setattr(covers, "MAX_PIXELS", 100 * 100)
    with pytest.raises(NotAnImage):
        cover_variants(_png(101, 100), COVER_SIZES)
