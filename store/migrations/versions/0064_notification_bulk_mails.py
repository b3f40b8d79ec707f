"""The managers' messages to every seller are mailed after the sellers' own notifications

Revision ID: 0064
Revises: 0063
"""

import sqlalchemy as sa
from alembic import op

revision = "0064"
down_revision = "0063"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_notifications_mail_bulk", "notifications", ["id"], postgresql_where=sa.text("mail_state = 'bulk'")
    )


def downgrade() -> None:
    op.drop_index("ix_notifications_mail_bulk", table_name="notifications")
