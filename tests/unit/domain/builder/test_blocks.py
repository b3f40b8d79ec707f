"""The builder's rules (editor §2, §3): which blocks each page type takes, every block's defaults, strict settings,
and every block type round-tripping through its JSON form unchanged."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from domain.builder.blocks import Block, BlockType, ContactFormBlock, FieldKey
from domain.builder.catalogue import catalogue
from domain.builder.pages import (
    ALLOWED,
    PageContent,
    PageType,
    content_errors,
    default_content,
    path_error,
)
from tests.unit.domain.builder.strategies import BLOCK_TYPES, block_of, content_for

BLOCK = TypeAdapter(Block)


def test_every_block_type_has_its_model_and_every_page_type_its_blocks():
    assert {c.model_fields["type"].default for c in BLOCK_TYPES} == {t.value for t in BlockType}
    assert ALLOWED[PageType.shop] - ALLOWED[PageType.membership] == {
        BlockType.seller_products,
        BlockType.contact_form,
        BlockType.conversion_tools,
    }
    assert (
        BlockType.product in ALLOWED[PageType.shop_product]
        and BlockType.membership_products not in ALLOWED[PageType.shop_product]
    )
    assert ALLOWED[PageType.funnel] == {BlockType.funnel, BlockType.funnel_product, BlockType.seller_products}
    assert ALLOWED[PageType.affiliate] == {
        BlockType.affiliate,
        BlockType.header,
        BlockType.footer,
        BlockType.seller_products,
    }
    course = ALLOWED[PageType.course]
    assert not course & {
        BlockType.header,
        BlockType.footer,
        BlockType.seller_products,
        BlockType.product,
        BlockType.funnel,
    }
    assert {BlockType.thank_you_page, BlockType.seller_products} <= ALLOWED[PageType.thank_you]


@pytest.mark.parametrize("page_type", list(PageType))
def test_a_new_page_starts_with_blocks_its_type_takes(page_type):
    content = default_content(page_type, "Sam's shop")
    assert content.blocks and content_errors(page_type, content) == []


def test_defaults_of_editor_three():
    form = ContactFormBlock(id="c")
    assert [(f.key, f.required) for f in form.fields] == [
        (FieldKey.first_name, True),
        (FieldKey.last_name, False),
        (FieldKey.email, False),
    ]
    b = BLOCK.validate_python({"id": "x", "type": "button"})
    assert b.style.button_animation.value == "transparency" and b.style.button_style.value == "filled"
    sp = BLOCK.validate_python({"id": "x", "type": "seller_products"})
    assert (sp.view.value, sp.category_view.value, sp.show_all_products) == ("grid", "tabs", True)
    ct = BLOCK.validate_python({"id": "x", "type": "conversion_tools"})
    assert ct.progress_bar_style.value == "loading" and ct.counting_direction.value == "down"


@pytest.mark.parametrize(
    "bad",
    [
        {"id": "g", "type": "gap", "height": "40"},
        {"id": "g", "type": "gap", "height": 40.0},
        {"id": "g", "type": "gap", "height": True},
        {"id": "h", "type": "header", "sticky_header": "yes"},
        {"id": "t", "type": "text", "style": {"transparency": -1}},
        {"id": "t", "type": "text", "style": {"padding_units": "em"}},
        {"id": "b", "type": "button", "url": "javascript:alert(1)"},
        {"id": "p", "type": "picture", "src": "http://insecure.example/a.png"},
        {"id": "p", "type": "picture", "src": "data:image/png;base64,AAAA"},
        {"id": "c", "type": "contact_form", "fields": [{"key": "first_name"}]},  # no email to answer to
        {"id": "c", "type": "contact_form", "fields": [{"key": "email"}, {"key": "email"}]},
        {"id": "x", "type": "conversion_tools", "progress_bar_style": "spiral"},
        {"id": "bad id", "type": "text"},
    ],
)
def test_bad_settings_are_refused(bad):
    with pytest.raises(ValidationError):
        BLOCK.validate_python(bad)


def test_a_page_type_refuses_blocks_it_does_not_take_and_a_second_header():
    content = PageContent.model_validate(
        {"blocks": [{"id": "a", "type": "header"}, {"id": "b", "type": "header"}]}
    )
    assert content_errors(PageType.shop, content) == ["one header block at most"]
    assert content_errors(PageType.course, content)  # a course page has no header
    with pytest.raises(ValidationError):
        PageContent.model_validate({"blocks": [{"id": "a", "type": "text"}, {"id": "a", "type": "gap"}]})


@pytest.mark.parametrize("path", ["", "About", "sign_in", "a--b", "-a", "a-", "ü", "x" * 81])
def test_bad_paths(path):
    assert path_error(path)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.sampled_from(BLOCK_TYPES).flatmap(lambda cls: block_of(cls, "b1")))
def test_every_block_round_trips_through_its_json(block):
    data = BLOCK.dump_python(block, mode="json")
    assert BLOCK.validate_json(BLOCK.dump_json(block)) == block
    assert BLOCK.validate_python(data) == block


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.sampled_from(list(PageType)).flatmap(lambda t: st.tuples(st.just(t), content_for(t))))
def test_generated_pages_fit_their_type(drawn):
    page_type, content = drawn
    assert content_errors(page_type, content) == []
    assert PageContent.model_validate(content.model_dump(mode="json")) == content


def test_a_page_reads_in_the_buyers_language_where_the_seller_worded_it():
    content = PageContent.model_validate(
        {
            "seo_title": "Guides",
            "blocks": [
                {"id": "b1", "type": "banner", "title_text": "Welcome", "button_text": "Shop"},
                {"id": "t1", "type": "text", "title": "About", "text": "We write guides."},
            ],
            "translations": [
                {
                    "lang": "fr",
                    "seo_title": "Guides (fr)",
                    "texts": [
                        {"block_id": "b1", "field": "title_text", "text": "Bienvenue"},
                        {"block_id": "b1", "field": "button_text", "text": " "},
                    ],
                },
                {
                    "lang": "pt_br",
                    "texts": [{"block_id": "t1", "field": "text", "text": "Escrevemos guias."}],
                },
            ],
        }
    )
    fr = content.read_in("fr")
    assert fr.seo_title == "Guides (fr)"
    assert [fr.blocks[0].title_text, fr.blocks[0].button_text, fr.blocks[1].title] == [
        "Bienvenue",
        "Shop",
        "About",
    ]
    assert content.read_in("pt_br").blocks[1].text == "Escrevemos guias."
    assert content.read_in("de") is content  # nothing worded in German: the page's own words
    assert content.blocks[0].title_text == "Welcome"  # the page itself is unchanged


@pytest.mark.parametrize(
    "translations",
    [
        [{"lang": "xx"}],  # not a language of core §9
        [{"lang": "fr"}, {"lang": "fr"}],  # a language twice
        [{"lang": "fr", "texts": [{"block_id": "nope", "field": "title", "text": "x"}]}],  # no such block
        [{"lang": "fr", "texts": [{"block_id": "b1", "field": "button_link", "text": "https://e.example"}]}],
        [{"lang": "fr", "texts": [{"block_id": "b1", "field": "style", "text": "x"}]}],
        [{"lang": "fr", "texts": [{"block_id": "b1", "field": "button_text", "text": "x" * 81}]}],  # too long
        [{"lang": "fr", "texts": [{"block_id": "b1", "field": "title_text", "text": 5}]}],
        [{"lang": "fr", "texts": [{"block_id": "b1", "field": "title_text", "text": "a"}] * 2}],
        [{"lang": "fr", "seo_title": "x" * 71}],
        [{"lang": "fr", "other": 1}],
        {"fr": {}},
    ],
)
def test_words_in_another_language_are_checked_like_the_page(translations):
    with pytest.raises(ValidationError):
        PageContent.model_validate({"blocks": [{"id": "b1", "type": "banner"}], "translations": translations})


def test_the_catalogue_names_each_blocks_texts():
    spec = {b["type"]: b for b in catalogue()["blocks"]}
    assert spec["banner"]["translatable"] == ["title_text", "additional_text", "button_text"]
    assert spec["gap"]["translatable"] == []
