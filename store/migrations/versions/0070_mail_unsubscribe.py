"""A mail the recipient may stop keeps the address that stops its kind (RFC 8058 List-Unsubscribe)

Revision ID: 0070
Revises: 0069
"""

import sqlalchemy as sa
from alembic import op

revision = "0070"
down_revision = "0069"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("mails", sa.Column("unsubscribe_url", sa.String(500), nullable=True))


def downgrade() -> None:
    op.drop_column("mails", "unsubscribe_url")
