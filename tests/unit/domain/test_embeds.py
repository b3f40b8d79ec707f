"""Embeddable items (issue 23; editor §3): what a publisher may choose, where each purpose leads with their link,
and the script they paste: small, and reading nothing of the page it is pasted into."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from domain.affiliates.embeds import SCRIPT_MAX_GZIP, EmbedForm, EmbedPurpose, ItemForm, snippet, target_path

SCRIPT = Path(__file__).resolve().parents[3] / "api" / "embed" / "embed.js"


def item(**kw) -> ItemForm:
    return ItemForm.model_validate({"name": "Side bar", "affiliate_program_id": 3, **kw})


def test_each_purpose_leads_into_the_shop_with_the_publishers_link():
    at = {"shop": "dana", "product_slug": "bread-course", "publisher_id": 42}
    assert target_path(item(), **at) == "/s/dana?epid=42"
    assert target_path(item(purpose="product", product_id=7), **at) == "/s/dana/bread-course?epid=42"
    assert target_path(item(purpose="course_lesson", product_id=7), **at) == "/s/dana/bread-course?epid=42"
    assert target_path(item(purpose="login_page"), **at) == "/s/dana/sign_in?epid=42"
    assert (
        target_path(item(purpose="custom_link", custom_path="/spring-sale"), **at)
        == "/s/dana/spring-sale?epid=42"
    )
    paying = item(form="embed_payment_page", purpose="product", product_id=7)
    assert target_path(paying, **at) == "/s/dana/bread-course/checkout?epid=42"
    assert item().form == EmbedForm.button and item().purpose == EmbedPurpose.shop


@pytest.mark.parametrize(
    "bad",
    [
        {"purpose": "product"},  # which product
        {"product_id": 7},  # a shop item names none
        {"purpose": "custom_link"},  # which page
        {"custom_path": "/x"},  # only a custom link
        {"purpose": "custom_link", "custom_path": "/../admin"},
        {"purpose": "custom_link", "custom_path": "https://evil.example"},
        {"purpose": "custom_link", "custom_path": "/a/b"},  # one page of the shop
        {"form": "embed_payment_page"},  # a payment page is a product's
        {"form": "popup"},
        {"color": "red; background:url(x)"},
        {"affiliate_program_id": "3"},
        {"text": "x" * 81},
        {"unknown": 1},
    ],
)
def test_an_item_that_does_not_fit_is_refused(bad):
    with pytest.raises(ValidationError):
        item(**bad)


def test_the_script_is_small_and_reads_nothing_of_the_host_page():
    code = SCRIPT.read_text()
    assert len(gzip.compress(code.encode(), 9)) < SCRIPT_MAX_GZIP
    for reads in (
        "document.cookie",
        "localStorage",
        "sessionStorage",
        "querySelector",
        "document.body",
        "location",
    ):
        assert reads not in code.replace("root.querySelectorAll", ""), reads
    assert "mode: 'closed'" in code  # its own shadow root
    assert "credentials: 'omit'" in code  # asks for the item without anybody's cookies


def test_the_snippet_names_the_script_and_the_item():
    code = snippet("https://sellflow.example", "Zq3abc_-")
    assert re.fullmatch(
        r'<script src="https://sellflow\.example/embed\.js" data-sellflow-item="Zq3abc_-" async></script>',
        code,
    )
