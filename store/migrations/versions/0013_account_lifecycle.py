"""account lifecycle: the deletion and deactivation wizard, its questionnaire and blocking checks

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa  # noqa: F401
from alembic import op  # noqa: F401

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
