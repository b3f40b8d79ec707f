"""A change of e-mail address waits for the new address's confirmation: its token keeps the address asked for

Revision ID: 0072
Revises: 0071
"""

import sqlalchemy as sa
from alembic import op

revision = "0072"
down_revision = "0071"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("auth_tokens", sa.Column("new_email", sa.String(320), nullable=True))


def downgrade() -> None:
    op.drop_column("auth_tokens", "new_email")
