"""Mails queued with their fact (a renewal's receipt) wait for the outbox round: an index of those not sent yet

Revision ID: 0065
Revises: 0064
"""

import sqlalchemy as sa
from alembic import op

revision = "0065"
down_revision = "0064"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_mails_unsent", "mails", ["id"], postgresql_where=sa.text("sent_at IS NULL"))


def downgrade() -> None:
    op.drop_index("ix_mails_unsent", table_name="mails")
