"""a payment ticket's attendee (core §3 attendee fields): who comes, when it is not the buyer

Revision ID: 0032
Revises: 0031
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0032"
down_revision = "0031"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("payment_tickets", sa.Column("attendee", JSONB()))


def downgrade() -> None:
    op.drop_column("payment_tickets", "attendee")
