"""The builder's catalogue for the editor: every block type's starting settings and a description of each field
(its kind, options and bounds), read from the block models, so the cabinet's forms follow the models."""

from __future__ import annotations

import types
import typing
from datetime import datetime
from enum import Enum
from typing import Any

import annotated_types
from pydantic import BaseModel

from domain.builder.blocks import Block
from domain.builder.pages import ALLOWED, TRANSLATABLE, Theme
from domain.builder.style import Style

LONG_TEXT = 500  # a text field longer than this is edited over several lines
BLOCK_CLASSES: tuple[type[BaseModel], ...] = typing.get_args(typing.get_args(Block)[0])


def _meta(meta: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for m in meta:
        if isinstance(m, annotated_types.Ge):
            out["min"] = m.ge
        elif isinstance(m, annotated_types.Le):
            out["max"] = m.le
        elif isinstance(m, annotated_types.MaxLen):
            out["max_length"] = m.max_length
        for name, key in (("pattern", "pattern"), ("max_length", "max_length")):
            v = getattr(m, name, None)
            if v is not None and not isinstance(m, annotated_types.MaxLen):
                out[key] = v
    return out


def describe(name: str, tp: Any, meta: list[Any]) -> dict[str, Any]:
    """One field: `kind` is bool, int, text, long_text, color, link, media, datetime, enum (with `options`),
    object (with `fields`), list (with `item`), product or products; `nullable` when it may be empty."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        base, *extra = typing.get_args(tp)
        return describe(name, base, [*meta, *extra])
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return {**describe(name, args[0], meta), "nullable": True}
    m = _meta(meta)
    field: dict[str, Any] = {"name": name, "nullable": False}
    if name in ("product_id",):
        return {**field, "kind": "product"}
    if name == "product_ids":
        return {**field, "kind": "products", **m}
    if origin is typing.Literal:
        return {**field, "kind": "enum", "options": [getattr(a, "value", a) for a in typing.get_args(tp)]}
    if origin is list:
        (item,) = typing.get_args(tp)
        return {**field, "kind": "list", "item": describe(name, item, []), **m}
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return {**field, "kind": "object", "fields": fields_of(tp)}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return {**field, "kind": "enum", "options": [e.value for e in tp]}
    if tp is bool:
        return {**field, "kind": "bool"}
    if tp is int:
        return {**field, "kind": "int", **m}
    if tp is datetime:
        return {**field, "kind": "datetime"}
    pattern = str(m.get("pattern", ""))
    kind = "text"
    if pattern.startswith("^#("):
        kind = "color"
    elif pattern.startswith("^(https://"):
        kind = "media"
    elif pattern.startswith("^(https?://"):
        kind = "link"
    elif m.get("max_length", 0) > LONG_TEXT:
        kind = "long_text"
    return {**field, "kind": kind, **{k: v for k, v in m.items() if k == "max_length"}}


def fields_of(cls: type[BaseModel], skip: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    return [describe(n, f.annotation, list(f.metadata)) for n, f in cls.model_fields.items() if n not in skip]


def catalogue() -> dict[str, Any]:
    blocks = []
    for cls in BLOCK_CLASSES:
        block_type = cls.model_fields["type"].default
        blocks.append(
            {
                "type": block_type,
                "defaults": cls.model_validate({"id": "new"}).model_dump(mode="json"),
                "fields": fields_of(cls, frozenset({"id", "type", "style"})),
                "translatable": list(TRANSLATABLE[block_type]),  # in the order the form shows them
            }
        )
    return {
        "blocks": blocks,
        "style_fields": fields_of(Style),
        "theme_fields": fields_of(Theme, frozenset({"kind"})),
        "allowed": {page_type.value: sorted(b.value for b in types) for page_type, types in ALLOWED.items()},
    }
