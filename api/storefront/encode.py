"""A seller's values encoded for the CSS they land in (OWASP's rule for CSS contexts: validate against the
grammar, else escape everything but letters and digits). Jinja's autoescape makes a value safe in HTML text and
quoted attributes; it does not make it safe inside a `style` attribute or a `<style>` element, where an HTML
entity is decoded before CSS reads the value. So a colour is a colour or nothing, a length a number, and a font
name or a URL a quoted CSS string whose every other character is a hex escape (which is also plain text to HTML:
the result is safe in an attribute and in a `<style>` element alike)."""

from __future__ import annotations

import re

from markupsafe import Markup

from domain.builder.style import COLOR

_COLOR = re.compile(COLOR)
_NAME_CHAR = re.compile(r"[A-Za-z0-9 _-]")
# a URL's characters that mean nothing to CSS or HTML (no quote, backslash, bracket, ampersand or angle bracket)
_URL_CHAR = re.compile(r"[A-Za-z0-9_\-./:?=%#~+,@]")


def _escaped(value: str, keep: re.Pattern[str]) -> str:
    # six hex digits end the escape without a space after it (CSS Syntax §4.3.7)
    return "".join(ch if keep.fullmatch(ch) else f"\\{ord(ch):06x}" for ch in value)


def css_string(value: str) -> Markup:
    """A font family name as a quoted CSS string."""
    return Markup(f"'{_escaped(value, _NAME_CHAR)}'")


def css_url(value: str) -> Markup:
    """A picture's or font's address as `url('…')`."""
    return Markup(f"url('{_escaped(value, _URL_CHAR)}')")


def css_color(value: str, default: str = "#000000") -> Markup:
    """A hex colour, or the default where the value is none."""
    return Markup(value if isinstance(value, str) and _COLOR.fullmatch(value) else default)


def css_int(value: object, default: int = 0) -> int:
    """A number of pixels, percent or a weight: an integer, else the default."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default
