"""account lifecycle: the deletion and deactivation wizard, its questionnaire and blocking checks

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "sellers", sa.Column("account_type", sa.String(20), nullable=False, server_default="active")
    )
    op.add_column(
        "sellers", sa.Column("account_data_state", sa.String(20), nullable=False, server_default="empty")
    )
    op.add_column("sellers", sa.Column("retention_until", sa.Date()))
    op.create_table(
        "account_deletions",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id",
            sa.BigInteger(),
            sa.ForeignKey("sellers.id", ondelete="RESTRICT", name="fk_account_deletions_seller_id_sellers"),
            nullable=False,
        ),
        sa.Column("flow_kind", sa.String(20), nullable=False),
        sa.Column("reasons", JSONB(), nullable=False),
        sa.Column("reason_text", sa.String(1000)),
        sa.Column("subscriptions", sa.String(30), nullable=False),
        sa.Column("ending_tokens", JSONB(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True)),
        sa.Column("canceled_at", sa.DateTime(timezone=True)),
        sa.Column("completed_at", sa.DateTime(timezone=True)),
        sa.Column("previous_plan_id", sa.BigInteger()),
        sa.Column("retention_until", sa.Date()),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        # the business key of `account-deletion-{seller id}`: one request row per seller
        sa.UniqueConstraint("seller_id", name="uq_account_deletions_seller_id"),
    )


def downgrade() -> None:
    op.drop_table("account_deletions")
    op.drop_column("sellers", "retention_until")
    op.drop_column("sellers", "account_data_state")
    op.drop_column("sellers", "account_type")
