"""An event's ticket design (editor §2 event tickets, step "design"): colour, note, the seller's name, logo

Revision ID: 0042
Revises: 0041
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0042"
down_revision = "0041"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("products", sa.Column("ticket_design", postgresql.JSONB(), nullable=True))


def downgrade() -> None:
    op.drop_column("products", "ticket_design")
