"""the payer's account of an incoming bank transfer: a bank wire's refund is sent back to it

Revision ID: 0040
Revises: 0039
"""

import sqlalchemy as sa
from alembic import op

revision = "0040"
down_revision = "0039"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("bank_incoming", sa.Column("payer_iban", sa.String(34)))


def downgrade() -> None:
    op.drop_column("bank_incoming", "payer_iban")
