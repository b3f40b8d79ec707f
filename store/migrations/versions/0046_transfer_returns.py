"""The part of a matched bank transfer that pays nothing and is owed back to its payer: what a transfer paid above
the order's amount, a transfer in another currency, or one that arrived after its order was paid

Revision ID: 0046
Revises: 0045
"""

import sqlalchemy as sa
from alembic import op

revision = "0046"
down_revision = "0045"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "bank_incoming", sa.Column("returned_amount", sa.BigInteger(), nullable=False, server_default="0")
    )


def downgrade() -> None:
    op.drop_column("bank_incoming", "returned_amount")
