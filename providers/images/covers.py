"""Product covers (editor §3 covers with size variants such as s100): an uploaded picture checked to be one, turned
upright by its EXIF, and scaled to each variant's width as WebP. Pillow does the work."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

FORMATS = frozenset({"JPEG", "PNG", "WEBP", "GIF"})
MAX_PIXELS = 40_000_000  # a larger picture is refused before it is decoded (no decompression bomb)


class NotAnImage(ValueError):
    """The bytes are not a JPEG, PNG, WebP or GIF picture Pillow can read, or the picture is too large."""


@dataclass(frozen=True)
class Variant:
    size: str
    width: int
    height: int
    data: bytes


def cover_variants(data: bytes, widths: dict[str, int]) -> tuple[int, int, list[Variant]]:
    """(width, height, variants): the picture's own size and one WebP per variant, never wider than the picture."""
    try:
        with Image.open(io.BytesIO(data)) as probe:
            if probe.format not in FORMATS:
                raise NotAnImage("not a JPEG, PNG, WebP or GIF picture")
            if probe.width * probe.height > MAX_PIXELS:
                raise NotAnImage("the picture is too large")
            probe.seek(0)
            picture = ImageOps.exif_transpose(probe)
            picture.load()
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, EOFError, SyntaxError) as e:
        raise NotAnImage("not a picture") from e
    try:
        picture = picture.convert("RGBA" if picture.mode in ("RGBA", "LA", "P", "PA") else "RGB")
        width, height = picture.size
        out = []
        for size, target in sorted(widths.items(), key=lambda kv: kv[1]):
            w = min(target, width)
            h = max(1, round(height * w / width))
            scaled = picture if w == width else picture.resize((w, h), Image.Resampling.LANCZOS)
            buf = io.BytesIO()
            scaled.save(buf, format="WEBP", quality=82, method=4)
            out.append(Variant(size, w, h, buf.getvalue()))
    except (ValueError, OSError) as e:  # a mode or a size Pillow cannot turn into WebP
        raise NotAnImage("not a picture this can show") from e
    return width, height, out


def picture_size(data: bytes, formats: frozenset[str] = FORMATS) -> tuple[str, int, int]:
    """(format, width, height) of a picture, read from its header without decoding it; NotAnImage when the bytes
    are not a picture of one of `formats` or it is too large."""
    try:
        with Image.open(io.BytesIO(data)) as probe:
            fmt, (width, height) = probe.format or "", probe.size
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, EOFError, SyntaxError) as e:
        raise NotAnImage("not a picture") from e
    if fmt not in formats:
        raise NotAnImage("not a picture of an accepted kind")
    if width * height > MAX_PIXELS:
        raise NotAnImage("the picture is too large")
    return fmt, width, height
