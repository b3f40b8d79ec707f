"""opt-in questions: what a product asks at checkout, and each order's answers

Revision ID: 0029
Revises: 0028
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("products", sa.Column("opt_ins", JSONB()))
    op.add_column("orders", sa.Column("opt_in_answers", JSONB()))


def downgrade() -> None:
    op.drop_column("orders", "opt_in_answers")
    op.drop_column("products", "opt_ins")
