"""custom domains: DNS records, verification and certificates

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "domains",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "seller_id",
            sa.BigInteger(),
            sa.ForeignKey("sellers.id", ondelete="CASCADE", name="fk_domains_seller_id_sellers"),
            nullable=False,
        ),
        sa.Column("hostname", sa.String(253), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("ttl", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("record_state", sa.String(20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("message", sa.String(500)),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("certificate_not_after", sa.DateTime(timezone=True)),
        sa.Column("deleted_at", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_domains"),
    )
    op.create_index("ix_domains_seller_id", "domains", ["seller_id"])
    op.create_index(
        "uq_domains_hostname_live",
        "domains",
        ["hostname"],
        unique=True,
        postgresql_where=sa.text("deleted_at IS NULL"),
    )
    op.create_table(
        "domain_events",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "domain_id",
            sa.BigInteger(),
            sa.ForeignKey("domains.id", ondelete="CASCADE", name="fk_domain_events_domain_id_domains"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("message", sa.String(500)),
        sa.PrimaryKeyConstraint("id", name="pk_domain_events"),
        sa.UniqueConstraint("domain_id", "seq", name="uq_domain_events_domain_id"),
    )
    op.create_table(
        "domain_certificates",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        sa.Column(
            "domain_id",
            sa.BigInteger(),
            sa.ForeignKey("domains.id", ondelete="CASCADE", name="fk_domain_certificates_domain_id_domains"),
            nullable=False,
        ),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("fullchain_pem", sa.Text(), nullable=False),
        sa.Column("key_pem", sa.Text(), nullable=False),
        sa.Column("not_before", sa.DateTime(timezone=True), nullable=False),
        sa.Column("not_after", sa.DateTime(timezone=True), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_domain_certificates"),
        sa.UniqueConstraint("domain_id", "n", name="uq_domain_certificates_domain_id"),
    )


def downgrade() -> None:
    op.drop_table("domain_certificates")
    op.drop_table("domain_events")
    op.drop_index("uq_domains_hostname_live", "domains")
    op.drop_index("ix_domains_seller_id", "domains")
    op.drop_table("domains")
