"""A publisher's link names its program (`prid`): a click is the program's, so a publisher in two programs of one
shop chooses, the sale goes to the program clicked, and a click counts once

Revision ID: 0067
Revises: 0066
"""

import sqlalchemy as sa
from alembic import op

revision = "0067"
down_revision = "0066"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "affiliate_clicks",
        sa.Column(
            "program_id",
            sa.BigInteger(),
            sa.ForeignKey("affiliate_programs.id", ondelete="SET NULL"),
            nullable=True,
        ),
    )
    op.create_index("ix_affiliate_clicks_program", "affiliate_clicks", ["program_id"])


def downgrade() -> None:
    op.drop_index("ix_affiliate_clicks_program", table_name="affiliate_clicks")
    op.drop_column("affiliate_clicks", "program_id")
