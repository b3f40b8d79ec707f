"""a domain's note: what the last check or issuance saw, as a code and facts the web app words (en, de), instead of
an English sentence; `message` stays for the rows written before

Revision ID: 0018
Revises: 0017
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("domains", sa.Column("note", postgresql.JSONB))
    op.add_column("domain_events", sa.Column("note", postgresql.JSONB))


def downgrade() -> None:
    op.drop_column("domain_events", "note")
    op.drop_column("domains", "note")
