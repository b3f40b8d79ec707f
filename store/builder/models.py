"""Builder pages (editor §2 Page builder): a seller's page with the draft they edit and the copy buyers see."""

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.builder.pages import PAGE_NAME_MAX, PATH_MAX, PageType
from store.base import Base, StrEnumText, Timestamps


class BuilderPage(Timestamps, Base):
    """One page. `draft` is what the builder saves (its `draft_version` rises with each save, so two tabs cannot
    overwrite each other unseen); `published` is the draft's copy taken at publishing, the only one buyers see,
    so a published page never shows a half-edited draft. A shop page without a path is the shop's home page; a
    product page or thank-you page without a product is the seller's template for every product."""

    __tablename__ = "builder_pages"
    __table_args__ = (
        Index(
            "uq_builder_pages_path",
            "seller_id",
            "path",
            unique=True,
            postgresql_where=text("path IS NOT NULL"),
        ),
        Index(
            "uq_builder_pages_home",
            "seller_id",
            unique=True,
            postgresql_where=text("page_type = 'shop' AND path IS NULL"),
        ),
        Index(
            "uq_builder_pages_product",
            "seller_id",
            "page_type",
            text("coalesce(product_id, 0)"),
            unique=True,
            postgresql_where=text("page_type IN ('shop_product', 'thank_you', 'membership', 'funnel')"),
        ),
        Index("ix_builder_pages_seller", "seller_id", text("id DESC")),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    page_type: Mapped[PageType] = mapped_column(StrEnumText(PageType, 20))
    name: Mapped[str] = mapped_column(String(PAGE_NAME_MAX))
    path: Mapped[str | None] = mapped_column(String(PATH_MAX))
    product_id: Mapped[int | None] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    draft: Mapped[dict] = mapped_column(JSONB)
    draft_version: Mapped[int] = mapped_column(Integer, default=1)
    # none_as_null: an unpublished page has no copy (SQL NULL, which `published IS NOT NULL` tells apart)
    published: Mapped[dict | None] = mapped_column(JSONB(none_as_null=True))
    published_version: Mapped[int | None] = mapped_column(Integer)
    published_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ShopSettings(Base):
    """A shop's settings beyond its pages: its tracking codes and cookie consent (domain/builder/tracking.py)."""

    __tablename__ = "shop_settings"
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), primary_key=True)
    tracking: Mapped[dict] = mapped_column(JSONB, server_default="{}")
    legal: Mapped[dict] = mapped_column(JSONB, server_default="{}")  # domain/builder/legal.py
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class CustomFont(Base):
    """A font a seller uploaded for their pages (editor §3 Custom font): its name as pages use it, the fallback,
    weight, style, `font-display` and format, and its file."""

    __tablename__ = "custom_fonts"
    __table_args__ = (
        UniqueConstraint("seller_id", "font_name", "font_weight", "font_style", name="uq_custom_fonts_face"),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    font_name: Mapped[str] = mapped_column(String(60))
    fallback_font: Mapped[str] = mapped_column(String(40))
    font_weight: Mapped[int] = mapped_column(Integer)
    font_style: Mapped[str] = mapped_column(String(10))
    font_display: Mapped[str] = mapped_column(String(10))
    font_format: Mapped[str] = mapped_column(String(10))
    file_id: Mapped[int] = mapped_column(ForeignKey("files.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class SharedTheme(Base):
    """A page's theme a seller shared by a link (`shared_theme_token`, `shared_theme_type`): anyone with the link
    can apply it to their own pages of that kind."""

    __tablename__ = "shared_themes"
    token: Mapped[str] = mapped_column(String(40), primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    theme_kind: Mapped[str] = mapped_column(String(20))
    theme: Mapped[dict] = mapped_column(JSONB)
    name: Mapped[str] = mapped_column(String(PAGE_NAME_MAX))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class PageMedia(Base):
    """A picture a seller uploaded for their pages: public by its address, unlike the seller's other files."""

    __tablename__ = "page_media"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    file_id: Mapped[int] = mapped_column(ForeignKey("files.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
