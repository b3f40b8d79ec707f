"""A seller's words reach a shop page only as text: every block type and theme field, with the OWASP XSS
filter-evasion strings in every setting a block takes them in, renders with no executable context (no script but
the page's own nonced ones, no event handler, no script URL, no frame or object of the seller's, no CSS that leaves
its value), and the custom font's name, which lands in CSS, is a CSS string whatever it holds."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from api.headers import page_policy
from api.storefront.render import Card, FontFace, PageView, page_response, render_page
from domain.builder.blocks import ContactFormBlock, ConversionToolsBlock, PageTextBlock
from domain.builder.pages import PageContent, Theme
from domain.builder.style import Style
from tests.unit.domain.builder.strategies import BLOCK_TYPES, block_of

# OWASP's XSS filter evasion cheat sheet, and the breakouts of each context a value can land in
PAYLOADS = [
    "<script>alert(1)</script>",
    "</style><script>alert(1)</script>",
    "'><script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "<img src=x onerror=alert(1)//",
    "<svg/onload=alert(1)>",
    "<iframe src=javascript:alert(1)>",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "x');}body{background:url(javascript:alert(1))}x{a:('",
    "x';}body{background:red}/*",
    "x\\';background:url(//evil.example/x)}",
    "expression(alert(1))",
    "x\n}</style><script>alert(1)</script>",
    "<body onload=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "<<SCRIPT>alert(1);//<</SCRIPT>",
    "<IMG SRC=`javascript:alert(1)`>",
    "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "{{7*7}}{% raw %}",
    "@import url(//evil.example/x.css);",
]
FONT_PAYLOADS = [p for p in PAYLOADS if p.strip()] + ["Fine Font", "x' ; color:red", "a\\27 b"]
SCRIPT_SCHEME = re.compile(r"^\s*(javascript|vbscript|data):", re.IGNORECASE)
FOREIGN = ("object", "embed", "applet", "base", "svg", "math", "meta", "link", "img", "iframe", "form")
# a quoted CSS string as api/storefront/encode.py writes it, or a plain one of the page's own
CSS_STRING = re.compile(r"'(?:[A-Za-z0-9 _\-./:?=%#~+,@]|\\[0-9a-f]{6})*'")


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.css: list[str] = []
        self.style_attributes: list[str] = []
        self.scripts: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.elements.append((tag, a))
        if a.get("style"):
            self.css.append(a["style"] or "")
            self.style_attributes.append(a["style"] or "")
        self._in = tag if tag in ("style", "script") else None

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.css.append(data)
        elif self._in == "script":
            self.scripts.append(data)

    def handle_endtag(self, tag: str) -> None:
        self._in = None


def assert_inert(html: str, nonce: str) -> None:
    page = _Page()
    page.feed(html)
    for tag, attrs in page.elements:
        handlers = [k for k in attrs if k.startswith("on")]
        assert not handlers, (tag, attrs)
        if tag == "script":
            assert attrs.get("nonce") == nonce, attrs  # only the page's own scripts
            assert attrs.get("src") in (None, "https://consent.cookiebot.com/uc.js"), attrs
        for k in ("href", "src", "action", "formaction", "background", "poster", "srcset", "data"):
            assert not SCRIPT_SCHEME.match(attrs.get(k) or ""), (tag, k, attrs[k])
        if tag == "iframe":
            assert (attrs.get("src") or "").startswith("https://player.vimeo.com/video/"), attrs
        elif tag == "object":
            assert attrs.get("type") == "application/pdf", attrs  # a PDF block's file
        elif tag in FOREIGN and tag not in ("img", "form", "meta", "link"):
            raise AssertionError(f"a seller's {tag} element: {attrs}")
    for script in page.scripts:
        assert "alert(" not in script and "evil.example" not in script, script
    for css in page.css:
        bare = CSS_STRING.sub("''", css).lower()  # what CSS reads outside the values' strings
        for bad in (
            "javascript",
            "expression",
            "@import",
            "evil.example",
            "background:red",
            "color:red",
            "alert(",
        ):
            assert bad not in bare, (bad, css)
        assert "url(" not in bare.replace("url('')", ""), css
    for css in page.style_attributes:
        bare = CSS_STRING.sub("''", css)
        assert not set('<>"\\{}') & set(bare), css


def _view(content: PageContent, **extra) -> PageView:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    card = Card(1, PAYLOADS[0], "p-1", PAYLOADS[3], PAYLOADS[1], "€1", False, True, None, None, None, None, now, 0, 0, None)  # fmt: skip
    return PageView(
        shop_name=PAYLOADS[2],
        username="shop",
        base="/s/shop",
        origin="https://sellflow.example",
        path="",
        name=PAYLOADS[4],
        content=content,
        cards=[card],
        product=card,
        **extra,
    )


def _leaves(node: object, path: tuple = ()) -> list[tuple]:
    """The paths of a dumped block's text settings (and unset ones), nested lists and models included."""
    if isinstance(node, dict):
        return [p for k, v in node.items() if k not in ("id", "type") for p in _leaves(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))]
    return [path] if node is None or isinstance(node, str) else []


def _set(node: object, path: tuple, value: str) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, list):
        return [_set(v, rest, value) if i == head else v for i, v in enumerate(node)]
    assert isinstance(node, dict)
    return {**node, head: _set(node[head], rest, value)}


def _hostile(block: BaseModel, payload: str) -> BaseModel:
    """The block with `payload` in every setting that takes it, one by one: what a seller can store."""
    cls = type(block)
    kept = block.model_dump(mode="json")
    for path in _leaves(kept):
        trial = _set(kept, path, payload)
        try:
            cls.model_validate(trial)
        except ValidationError:
            continue
        kept = trial  # type: ignore[assignment]
    return cls.model_validate(kept)


@pytest.mark.parametrize("payload", PAYLOADS)
@settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)
@given(data=st.data())
def test_every_block_type_with_hostile_words_renders_no_executable_context(payload, data):
    blocks = [_hostile(data.draw(block_of(cls, f"b{i}")), payload) for i, cls in enumerate(BLOCK_TYPES)]
    theme = Theme.model_validate({"custom_font": None})
    content = PageContent.model_construct(
        theme=theme, seo_title=payload, seo_description=payload, og_image=None, blocks=blocks, translations=[]
    )
    html = render_page(_view(content, nonce="n0nce"))
    assert_inert(html, "n0nce")
    assert "<script>alert(1)</script>" not in html


@pytest.mark.parametrize("name", FONT_PAYLOADS)
def test_a_custom_font_name_lands_in_css_as_a_string_in_the_page_and_its_faces(name):
    """Refused when written (a font's name is letters, digits, space, _ and -), and encoded when rendered anyway
    (a value stored before the rule, or one the rule missed)."""
    fine = re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,59}", name) is not None
    for model in (Style, Theme):
        try:
            model.model_validate({"custom_font": name})
            assert fine, name
        except ValidationError:
            assert not fine, name
    style = Style.model_construct(**{**Style().model_dump(), "custom_font": name})
    theme = Theme.model_construct(**{**Theme().model_dump(), "custom_font": name})
    text = PageTextBlock.model_construct(id="t", type="text", title="T", text="x", style=style)
    content = PageContent.model_construct(
        theme=theme, seo_title="", seo_description="", og_image=None, blocks=[text], translations=[]
    )
    face = FontFace(name, f"/v1/shop/x/fonts/1?{name}", 400, "normal", "swap", "woff2", name)
    html = render_page(_view(content, nonce="n0nce", fonts=[face]))
    assert_inert(html, "n0nce")


def test_the_contact_forms_send_button_is_a_button_and_its_words_are_text():
    block = ContactFormBlock.model_validate({"id": "c", "button_text": "<b>Send</b> it"})
    content = PageContent.model_construct(
        theme=Theme(), seo_title="", seo_description="", og_image=None, blocks=[block], translations=[]
    )
    html = render_page(_view(content))
    assert '<button type="submit"' in html and "&lt;b&gt;Send&lt;/b&gt; it</button>" in html
    assert "&lt;button" not in html and "&lt;a " not in html


def test_a_shop_page_names_its_policy_with_its_nonce_on_its_own_scripts():
    block = ConversionToolsBlock.model_validate({"id": "c"})
    content = PageContent.model_construct(
        theme=Theme(), seo_title="", seo_description="", og_image=None, blocks=[block], translations=[]
    )
    r = page_response(_view(content))
    policy = r.headers["content-security-policy"]
    nonce = re.search(r"'nonce-([^']+)'", policy)[1]
    body = r.body.decode()
    assert f'<script nonce="{nonce}">' in body
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert page_response(_view(content)).headers["content-security-policy"] != policy  # a nonce per response
    assert "googletagmanager" in page_policy("x", {"google_analytics_4"})
    assert "googletagmanager" not in page_policy("x", set())
