"""idempotent requests: a POST's answer kept under the caller's Idempotency-Key, so a repeated request (a double
click, a retry after a timeout) gets the first one's answer and changes nothing

Revision ID: 0017
Revises: 0016
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "idempotent_requests",
        sa.Column(
            "scope", sa.String(64), primary_key=True
        ),  # sha256 of the caller's credentials and the path
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),  # sha256 of the request body
        sa.Column("status", sa.Integer),  # none while the first request runs
        sa.Column("body", postgresql.BYTEA),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    op.create_index("ix_idempotent_requests_created_at", "idempotent_requests", ["created_at"])


def downgrade() -> None:
    op.drop_table("idempotent_requests")
