"""Custom fonts a seller uploads for their pages

Revision ID: 0049
Revises: 0048
"""

import sqlalchemy as sa
from alembic import op

revision = "0049"
down_revision = "0048"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "custom_fonts",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("font_name", sa.String(60), nullable=False),
        sa.Column("fallback_font", sa.String(40), nullable=False),
        sa.Column("font_weight", sa.Integer(), nullable=False),
        sa.Column("font_style", sa.String(10), nullable=False),
        sa.Column("font_display", sa.String(10), nullable=False),
        sa.Column("font_format", sa.String(10), nullable=False),
        sa.Column("file_id", sa.BigInteger(), sa.ForeignKey("files.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint(
            "seller_id", "font_name", "font_weight", "font_style", name="uq_custom_fonts_face"
        ),
    )
    op.create_index("ix_custom_fonts_seller_id", "custom_fonts", ["seller_id"])


def downgrade() -> None:
    op.drop_table("custom_fonts")
