"""a recurring order whose first rate falls due later (test period, custom start day): the day its schedule
counts from, set when the checkout saved the card without charging

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("started_on", sa.Date()))


def downgrade() -> None:
    op.drop_column("orders", "started_on")
