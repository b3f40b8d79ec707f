"""The checkout's PaymentIntent made when the page opens (paying is then one confirm), and whether the order's
first rate is deferred, decided once at that moment

Revision ID: 0045
Revises: 0044
"""

import sqlalchemy as sa
from alembic import op

revision = "0045"
down_revision = "0044"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("prepared_intent_id", sa.String(100)))
    op.add_column("orders", sa.Column("defers_first_rate", sa.Boolean()))


def downgrade() -> None:
    op.drop_column("orders", "defers_first_rate")
    op.drop_column("orders", "prepared_intent_id")
