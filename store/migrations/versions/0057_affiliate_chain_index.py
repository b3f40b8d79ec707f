"""The orders a publisher earns on at any stage, found by an index of the attribution's chain

Revision ID: 0057
Revises: 0056
"""

from alembic import op

revision = "0057"
down_revision = "0056"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("CREATE INDEX ix_orders_affiliate_chain ON orders USING gin ((affiliate -> 'chain'))")


def downgrade() -> None:
    op.execute("DROP INDEX ix_orders_affiliate_chain")
