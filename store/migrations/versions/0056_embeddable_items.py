"""A publisher's embeddable items

Revision ID: 0056
Revises: 0055
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0056"
down_revision = "0055"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "embeddable_items",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "publisher_user_id",
            sa.BigInteger(),
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "program_id",
            sa.BigInteger(),
            sa.ForeignKey("affiliate_programs.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("token", sa.String(32), nullable=False, unique=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("form", JSONB(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
    )
    op.create_index("ix_embeddable_items_publisher_user_id", "embeddable_items", ["publisher_user_id"])
    op.create_index("ix_embeddable_items_program_id", "embeddable_items", ["program_id"])


def downgrade() -> None:
    op.drop_table("embeddable_items")
