"""A course's tree of chapters and lessons, and what each payer did in it (views, finishes, quiz attempts,
comments, sessions). Progress rows belong to an order: access to a course is access through one order."""

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.courses import COMMENT_MAX, TITLE_MAX, ItemKind
from domain.limits import PERSON_NAME_MAX
from store.base import Base, StrEnumText, Timestamps


class CourseItem(Timestamps, Base):
    """A chapter or a lesson (editor §3 Tree items: id, parentId, position). A lesson holds content blocks and
    at most one quiz; `drip_days`/`drip_date` open it later; `hidden` keeps it from payers (not_for_publish)."""

    __tablename__ = "course_items"
    __table_args__ = (Index("ix_course_items_tree", "product_id", "parent_id", "position"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("course_items.id", ondelete="CASCADE"))
    kind: Mapped[ItemKind] = mapped_column(StrEnumText(ItemKind, 10))
    position: Mapped[int] = mapped_column(Integer)
    title: Mapped[str] = mapped_column(String(TITLE_MAX))
    blocks: Mapped[list] = mapped_column(JSONB, default=list, server_default="[]")
    quiz: Mapped[dict | None] = mapped_column(JSONB)
    drip_days: Mapped[int | None] = mapped_column(Integer)
    drip_date: Mapped[date | None] = mapped_column(Date)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    comments_enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")


class LessonProgress(Base):
    """One payer's (one order's) state of one lesson: viewed, then finished. One row per order and lesson."""

    __tablename__ = "lesson_progress"
    __table_args__ = (UniqueConstraint("order_id", "item_id"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    item_id: Mapped[int] = mapped_column(ForeignKey("course_items.id", ondelete="CASCADE"), index=True)
    viewed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class QuizAttempt(Base):
    """An attempt at a lesson's quiz, rated automatically; append-only, numbered per order and lesson."""

    __tablename__ = "quiz_attempts"
    __table_args__ = (UniqueConstraint("order_id", "item_id", "number"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    item_id: Mapped[int] = mapped_column(ForeignKey("course_items.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    answers: Mapped[list] = mapped_column(JSONB)
    score: Mapped[int] = mapped_column(Integer)
    max_score: Mapped[int] = mapped_column(Integer)
    passed: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class LessonComment(Base):
    __tablename__ = "lesson_comments"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    item_id: Mapped[int] = mapped_column(ForeignKey("course_items.id", ondelete="CASCADE"), index=True)
    author: Mapped[str] = mapped_column(String(PERSON_NAME_MAX * 2 + 1))
    body: Mapped[str] = mapped_column(String(COMMENT_MAX))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class CourseSession(Base):
    """A payer's day in a course: one row per order and day, with the last moment seen and the lessons opened."""

    __tablename__ = "course_sessions"
    __table_args__ = (UniqueConstraint("order_id", "day"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    day: Mapped[date] = mapped_column(Date)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    views: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
