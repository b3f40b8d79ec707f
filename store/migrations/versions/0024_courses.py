"""courses: the tree of chapters and lessons (blocks, quiz, drip), and each order's progress, quiz attempts,
comments and daily sessions

Revision ID: 0024
Revises: 0023
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def _ref(name: str, table: str, nullable: bool = False) -> sa.Column:
    return sa.Column(
        name, sa.BigInteger(), sa.ForeignKey(f"{table}.id", ondelete="CASCADE"), nullable=nullable
    )


def _now(name: str) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "course_items",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _ref("seller_id", "sellers"),
        _ref("product_id", "products"),
        _ref("parent_id", "course_items", nullable=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(300), nullable=False),
        sa.Column("blocks", JSONB(), server_default="[]", nullable=False),
        sa.Column("quiz", JSONB()),
        sa.Column("drip_days", sa.Integer()),
        sa.Column("drip_date", sa.Date()),
        sa.Column("hidden", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("comments_enabled", sa.Boolean(), server_default="true", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_course_items_tree", "course_items", ["product_id", "parent_id", "position"])
    op.create_table(
        "lesson_progress",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _ref("seller_id", "sellers"),
        _ref("order_id", "orders"),
        _ref("item_id", "course_items"),
        _now("viewed_at"),
        sa.Column("finished_at", sa.DateTime(timezone=True)),
        sa.UniqueConstraint("order_id", "item_id"),
    )
    op.create_index("ix_lesson_progress_seller_id", "lesson_progress", ["seller_id"])
    op.create_index("ix_lesson_progress_item_id", "lesson_progress", ["item_id"])
    op.create_table(
        "quiz_attempts",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _ref("seller_id", "sellers"),
        _ref("order_id", "orders"),
        _ref("item_id", "course_items"),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("answers", JSONB(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("max_score", sa.Integer(), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=False),
        _now("created_at"),
        sa.UniqueConstraint("order_id", "item_id", "number"),
    )
    op.create_index("ix_quiz_attempts_seller_id", "quiz_attempts", ["seller_id"])
    op.create_index("ix_quiz_attempts_item_id", "quiz_attempts", ["item_id"])
    op.create_table(
        "lesson_comments",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _ref("seller_id", "sellers"),
        _ref("order_id", "orders"),
        _ref("item_id", "course_items"),
        sa.Column("author", sa.String(201), nullable=False),
        sa.Column("body", sa.String(5000), nullable=False),
        _now("created_at"),
    )
    op.create_index("ix_lesson_comments_seller_id", "lesson_comments", ["seller_id"])
    op.create_index("ix_lesson_comments_item_id", "lesson_comments", ["item_id"])
    op.create_table(
        "course_sessions",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _ref("seller_id", "sellers"),
        _ref("order_id", "orders"),
        _ref("product_id", "products"),
        sa.Column("day", sa.Date(), nullable=False),
        _now("started_at"),
        _now("last_seen_at"),
        sa.Column("views", sa.Integer(), server_default="1", nullable=False),
        sa.UniqueConstraint("order_id", "day"),
    )
    op.create_index("ix_course_sessions_seller_id", "course_sessions", ["seller_id"])


def downgrade() -> None:
    for table in ("course_sessions", "lesson_comments", "quiz_attempts", "lesson_progress", "course_items"):
        op.drop_table(table)
