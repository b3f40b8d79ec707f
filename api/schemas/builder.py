"""Builder pages in the cabinet (editor §2 Page builder): what the builder sends and gets back."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, StringConstraints

from domain.builder.pages import PAGE_NAME_MAX, PATH_MAX, PageContent, PageType, Theme, ThemeKind, path_error
from domain.builder.style import FontDisplay, FontFormat, FontStyle
from domain.languages import LANGUAGE_PATTERN
from domain.limits import ID_MAX


def _name(v: str) -> str:
    v = v.strip()
    if not v or any(not c.isprintable() for c in v):
        raise ValueError("a name of printable characters")
    return v


def _path(v: str) -> str:
    if err := path_error(v):
        raise ValueError(err)
    return v


Version = Annotated[int, Strict(), Field(ge=1, le=2**31 - 1)]
PageName = Annotated[str, StringConstraints(min_length=1, max_length=PAGE_NAME_MAX), AfterValidator(_name)]
PagePath = Annotated[str, StringConstraints(max_length=PATH_MAX), AfterValidator(_path)]


class PageCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    page_type: PageType
    name: PageName
    path: PagePath | None = None  # a shop page's address below /s/{username}/ (none: the home page)
    product_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)] | None = (
        None  # none: every product's template
    )
    content: PageContent | None = None  # none: the type's starting blocks


class PageSave(BaseModel):
    """The draft saved over the one at `version` (409 `stale_draft` when it moved on)."""

    model_config = ConfigDict(extra="forbid")
    version: Version
    name: PageName
    path: PagePath | None = None
    content: PageContent


class PagePublish(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: Version  # the draft the seller looked at


class PagePreview(BaseModel):
    model_config = ConfigDict(extra="forbid")
    content: PageContent
    lang: Annotated[str, StringConstraints(pattern=LANGUAGE_PATTERN)] = "en"


class PageSummary(BaseModel):
    id: int
    page_type: PageType
    name: str
    path: str | None
    product_id: int | None
    draft_version: int
    published_version: int | None
    published_at: datetime | None
    updated_at: datetime
    url: str | None  # where buyers open it (none: a template, or a page the storefront does not serve yet)


class PageOut(PageSummary):
    content: PageContent


class PageList(BaseModel):
    list: list[PageSummary]
    total_count: int


class FieldSpec(BaseModel):
    """One setting as the editor draws it (domain/builder/catalogue.py)."""

    name: str
    kind: (
        str  # bool, int, text, long_text, color, link, media, datetime, enum, object, list, product, products
    )
    nullable: bool
    options: list[str] | None = None
    min: int | None = None
    max: int | None = None
    max_length: int | None = None
    fields: list[FieldSpec] | None = None  # an object's
    item: FieldSpec | None = None  # a list's


class BlockSpec(BaseModel):
    type: str
    defaults: dict[str, Any]  # a new block of this type (its id to be replaced)
    fields: list[FieldSpec]
    translatable: list[str]  # the settings worded per language (PageContent.translations)


class BuilderCatalogue(BaseModel):
    blocks: list[BlockSpec]
    style_fields: list[FieldSpec]
    theme_fields: list[FieldSpec]
    allowed: dict[str, list[str]]  # the blocks each page type takes


class SharedThemeOut(BaseModel):
    token: str
    shared_theme_type: ThemeKind
    name: str
    theme: Theme
    url: str  # the link to give: it opens the cabinet with the theme to apply


class AppliedOut(BaseModel):
    shared_theme_type: ThemeKind
    pages: int  # the drafts that took the theme


class FontOut(BaseModel):
    id: int
    font_name: str
    fallback_font: str
    font_weight: int
    font_style: FontStyle
    font_display: FontDisplay
    font_format: FontFormat
    url: str


class FontList(BaseModel):
    list: list[FontOut]


class MediaOut(BaseModel):
    id: int
    url: str  # the address to put in a picture, banner, logo or avatar setting
