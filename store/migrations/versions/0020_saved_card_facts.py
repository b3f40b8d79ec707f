"""the saved card as the payer recognises it: brand and last four digits (beside its expiry), for the manage page

Revision ID: 0020
Revises: 0019
"""

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("renewal_card_brand", sa.String(20)))
    op.add_column("orders", sa.Column("renewal_card_last4", sa.String(4)))


def downgrade() -> None:
    op.drop_column("orders", "renewal_card_last4")
    op.drop_column("orders", "renewal_card_brand")
