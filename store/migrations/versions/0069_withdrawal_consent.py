"""The buyer's consent to begin the delivery before the withdrawal period ends, kept on the order with the words
they ticked and when (domain/orders/consent.py)

Revision ID: 0069
Revises: 0068
"""

import sqlalchemy as sa
from alembic import op

revision = "0069"
down_revision = "0068"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("withdrawal_consent_text", sa.Text(), nullable=True))
    op.add_column("orders", sa.Column("withdrawal_consent_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("orders", "withdrawal_consent_at")
    op.drop_column("orders", "withdrawal_consent_text")
