"""What every block's look is made of (editor §3 Builder block settings: colours, fonts, sizes, transparency,
paddings with their units, width, radius, alignment, button fields) and the small value types blocks share."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints
from pydantic import Strict as PStrict

COLOR = r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"  # editor §5 hex colour
# a link a buyer may follow: an absolute http(s) URL, a path on the shop's own host, a mail or phone link, or an
# anchor; never `javascript:` or `data:`
U = r"[^\s<>\x22\x27]"  # a URL's character: no space, angle bracket or quote (control characters: `_printable`)
LINK = rf"^(https?://{U}+|/{U}*|mailto:{U}+|tel:\+?[0-9 ()-]+|#[A-Za-z0-9_-]*)$"
MEDIA = rf"^(https://{U}+|/{U}*)$"  # a picture, video, audio or file: https or the shop's own host
LINK_MAX = 2000
TITLE_MAX = 200
TEXT_MAX = 5000
LABEL_MAX = 80

Color = Annotated[str, StringConstraints(pattern=COLOR)]


def _printable(v: str) -> str:
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in v):
        raise ValueError("no control characters")
    return v


Link = Annotated[str, StringConstraints(pattern=LINK, max_length=LINK_MAX), AfterValidator(_printable)]
Media = Annotated[str, StringConstraints(pattern=MEDIA, max_length=LINK_MAX), AfterValidator(_printable)]
Title = Annotated[str, StringConstraints(max_length=TITLE_MAX)]
Text = Annotated[str, StringConstraints(max_length=TEXT_MAX)]
Label = Annotated[str, StringConstraints(max_length=LABEL_MAX)]
Percent = Annotated[int, PStrict(), Field(ge=0, le=100)]
Flag = Annotated[bool, PStrict()]
FONT_NAME = r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,59}$"  # a custom font's name: letters, digits, space, _ and -
FontName = Annotated[str, StringConstraints(pattern=FONT_NAME)]


class Closed(BaseModel):
    """Settings are closed: an unknown field is refused; numbers and flags are strict (`Num`, `Flag`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class PaddingUnit(StrEnum):
    px = "px"
    percent = "%"


class HAlign(StrEnum):
    left = "left"
    middle = "center"
    right = "right"


class VAlign(StrEnum):
    top = "top"
    middle = "center"
    bottom = "bottom"


class Font(StrEnum):
    """The builder's fonts: Montserrat's variants (editor §3), then the system's, then a seller's own fonts by name
    (a custom font's `font_name`, kept in `custom_font`)."""

    montserrat = "Montserrat"
    montserrat_alternates = "Montserrat Alternates"
    system = "system-ui"
    serif = "Georgia"
    mono = "monospace"


class ButtonStyle(StrEnum):
    filled = "filled"
    outlined = "outlined"


class ButtonAnimation(StrEnum):
    shadow = "shadow"
    transparency = "transparency"  # the default
    stretching = "stretching"
    bordering = "bordering"
    increasing = "increasing"
    swing = "swing"
    fill_outline_switch = "fillOutlineSwitch"
    colored_shadow = "coloredShadow"
    no_animation = "noAnimation"


class Style(Closed):
    """A block's look (editor §3 'Every block has default styling'). Paddings are in `padding_units`; `width` is a
    percentage of the page, `max_width` pixels (0: no limit); `transparency` is the background's (0 opaque)."""

    background_color: Color = "#ffffff"
    text_color: Color = "#1d1d1f"
    font: Font = Font.montserrat
    custom_font: FontName | None = None
    font_size: Annotated[int, PStrict(), Field(ge=8, le=96)] = 16
    transparency: Percent = 0
    padding_top: Annotated[int, PStrict(), Field(ge=0, le=400)] = 40
    padding_bottom: Annotated[int, PStrict(), Field(ge=0, le=400)] = 40
    padding_left: Annotated[int, PStrict(), Field(ge=0, le=400)] = 20
    padding_right: Annotated[int, PStrict(), Field(ge=0, le=400)] = 20
    padding_units: PaddingUnit = PaddingUnit.px
    width: Annotated[int, PStrict(), Field(ge=10, le=100)] = 100
    max_width: Annotated[int, PStrict(), Field(ge=0, le=3000)] = 1140
    radius: Annotated[int, PStrict(), Field(ge=0, le=100)] = 0
    horizontal_alignment: HAlign = HAlign.left
    vertical_alignment: VAlign = VAlign.top
    button_style: ButtonStyle = ButtonStyle.filled
    button_animation: ButtonAnimation = ButtonAnimation.transparency
    button_color: Color = "#1976d2"
    button_text_color: Color = "#ffffff"
    button_radius: Annotated[int, PStrict(), Field(ge=0, le=100)] = 22


CENTERED = Style(horizontal_alignment=HAlign.middle)


class FontStyle(StrEnum):
    normal = "normal"
    italic = "italic"


class FontDisplay(StrEnum):
    """How a custom font shows while it loads (CSS `font-display`, editor §3 Custom font; default swap)."""

    auto = "auto"
    block = "block"
    swap = "swap"
    fallback = "fallback"
    optional = "optional"


class FontFormat(StrEnum):
    woff2 = "woff2"
    woff = "woff"
    truetype = "truetype"
    opentype = "opentype"


FONT_MEDIA_TYPES = {
    FontFormat.woff2: "font/woff2",
    FontFormat.woff: "font/woff",
    FontFormat.truetype: "font/ttf",
    FontFormat.opentype: "font/otf",
}
FONT_MAX_BYTES = 2 * 1024 * 1024
FONTS_MAX = 20  # custom fonts per seller


def font_format(data: bytes) -> FontFormat | None:
    """A font file's format by its first bytes (its name and type header are the uploader's say)."""
    head = data[:4]
    if head == b"wOF2":
        return FontFormat.woff2
    if head == b"wOFF":
        return FontFormat.woff
    if head in (b"\x00\x01\x00\x00", b"true"):
        return FontFormat.truetype
    if head == b"OTTO":
        return FontFormat.opentype
    return None
