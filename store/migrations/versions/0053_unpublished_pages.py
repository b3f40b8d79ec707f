"""An unpublished page's copy is SQL NULL, not JSON null (the storefront found those and failed on them)

Revision ID: 0053
Revises: 0052
"""

from alembic import op

revision = "0053"
down_revision = "0052"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE builder_pages SET published = NULL WHERE published = 'null'::jsonb")


def downgrade() -> None:
    pass  # SQL NULL reads as no published copy either way
