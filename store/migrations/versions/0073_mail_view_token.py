"""A mail can be read in a browser (core §2 `/email_logs/{token}`): the token its link carries

Revision ID: 0073
Revises: 0072
"""

import sqlalchemy as sa
from alembic import op

revision = "0073"
down_revision = "0072"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("mails", sa.Column("view_token", sa.String(32), nullable=True))
    op.create_index("ix_mails_view_token", "mails", ["view_token"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_mails_view_token", table_name="mails")
    op.drop_column("mails", "view_token")
