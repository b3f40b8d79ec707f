"""Hypothesis strategies for the builder's models, read from the models themselves (their types, bounds, patterns
and enums), so a new block or setting is generated without a change here."""

from __future__ import annotations

import types
import typing
from datetime import UTC, datetime
from enum import Enum

import annotated_types
from hypothesis import strategies as st
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from domain.builder.blocks import Block
from domain.builder.pages import (
    ALLOWED,
    SINGLE,
    THEME_OF,
    TRANSLATABLE,
    BlockWords,
    PageContent,
    PageTexts,
    PageType,
    Theme,
)
from domain.languages import BUYER_LANGUAGES

# what a JSON body can carry to the API (no NUL, which PostgreSQL cannot store, no lone surrogates)
CHARS = st.characters(exclude_categories=("Cs",), exclude_characters="\x00")


def _bounds(meta: list) -> dict:
    out: dict = {}
    for m in meta:
        for name in ("ge", "le", "min_length", "max_length", "pattern"):
            v = getattr(m, name, None)
            if v is not None:
                out[name] = v
        if isinstance(m, annotated_types.Ge):
            out["ge"] = m.ge
        if isinstance(m, annotated_types.Le):
            out["le"] = m.le
        if isinstance(m, annotated_types.MaxLen):
            out["max_length"] = m.max_length
        if isinstance(m, annotated_types.MinLen):
            out["min_length"] = m.min_length
    return out


def for_type(tp: typing.Any, meta: list) -> st.SearchStrategy:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        base, *extra = typing.get_args(tp)
        return for_type(base, [*meta, *extra])
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(for_type(a, meta) for a in typing.get_args(tp)))
    if tp is type(None):
        return st.none()
    if origin is typing.Literal:
        return st.sampled_from(typing.get_args(tp))
    b = _bounds(meta)
    if origin is list:
        (item,) = typing.get_args(tp)
        return st.lists(
            for_type(item, []), min_size=b.get("min_length", 0), max_size=min(b.get("max_length", 4), 4)
        )
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return model(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return st.sampled_from(list(tp))
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(min_value=b.get("ge", -(2**31)), max_value=b.get("le", 2**31))
    if tp is datetime:
        return st.datetimes(
            min_value=datetime(2020, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
        )
    if tp is str:
        if "pattern" in b:
            s = st.from_regex(b["pattern"], fullmatch=True)
            return s.filter(lambda x: len(x) <= b.get("max_length", 10_000))
        size = {"min_size": b.get("min_length", 0), "max_size": min(b.get("max_length", 40), 40)}
        return st.text(CHARS, **size).filter(lambda x: len(x.strip()) >= b.get("min_length", 0))
    raise TypeError(f"no strategy for {tp!r}")


def _field(f: FieldInfo) -> st.SearchStrategy:
    return for_type(f.annotation, list(f.metadata))


def model(cls: type[BaseModel], **fixed: st.SearchStrategy) -> st.SearchStrategy:
    """Any valid instance: each field left at its default or drawn, as JSON-shaped data through validation."""
    fields = {}
    for name, f in cls.model_fields.items():
        if name in fixed:
            fields[name] = fixed[name]
        elif f.is_required():
            fields[name] = _field(f)
        else:
            fields[name] = st.one_of(st.just(f.get_default(call_default_factory=True)), _field(f))

    def build(values: dict) -> BaseModel | None:
        try:
            return cls.model_validate(values)
        except ValueError:
            return None  # a cross-field rule (a contact form's fields) refused the draw

    return st.fixed_dictionaries(fields).map(build).filter(lambda x: x is not None)


BLOCK_TYPES = typing.get_args(typing.get_args(Block)[0])


def block_of(cls: type[BaseModel], block_id: str) -> st.SearchStrategy:
    return model(cls, id=st.just(block_id))


def content_for(page_type: PageType) -> st.SearchStrategy:
    """A page's content its type takes: allowed blocks, the single ones once, unique ids."""
    allowed = [
        c for c in BLOCK_TYPES if c.model_fields["type"].default in {t.value for t in ALLOWED[page_type]}
    ]
    picks = st.lists(st.sampled_from(allowed), max_size=6)

    def blocks(classes: list) -> st.SearchStrategy:
        seen: set = set()
        kept = []
        for cls in classes:
            t = cls.model_fields["type"].default
            if t in {s.value for s in SINGLE} and t in seen:
                continue
            seen.add(t)
            kept.append(cls)
        return st.tuples(*(block_of(c, f"b{i}") for i, c in enumerate(kept))).map(list)

    def worded(bl: list) -> st.SearchStrategy:
        """The seller's words for some of the blocks' texts in some languages of core §9."""
        texts = [(b.id, name, size) for b in bl for name, size in TRANSLATABLE[b.type].items()]
        if not texts:
            return st.just([])
        words = st.lists(st.sampled_from(texts), max_size=4, unique=True).flatmap(
            lambda picked: st.tuples(
                *(
                    st.builds(
                        BlockWords,
                        block_id=st.just(i),
                        field=st.just(n),
                        text=st.text(CHARS, max_size=min(z, 40)),
                    )
                    for i, n, z in picked
                )
            ).map(list)
        )
        page_texts = st.tuples(st.sampled_from(BUYER_LANGUAGES), words).map(
            lambda x: PageTexts(lang=x[0], texts=x[1])
        )
        return st.lists(page_texts, max_size=3, unique_by=lambda t: t.lang)

    return st.builds(
        lambda theme, bl_tr: PageContent(theme=theme, blocks=bl_tr[0], translations=bl_tr[1]),
        model(Theme, kind=st.just(THEME_OF[page_type])),
        picks.flatmap(blocks).flatmap(lambda bl: st.tuples(st.just(bl), worded(bl))),
    )
