"""custom domains: DNS records, verification and certificates

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa  # noqa: F401
from alembic import op  # noqa: F401

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
