"""seller profile, bank accounts, KYC documents, legitimation projection and audit

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _stamps() -> list[sa.Column]:
    return [
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    ]


def _seller() -> sa.Column:
    return sa.Column(
        "seller_id", sa.BigInteger(), sa.ForeignKey("sellers.id", ondelete="CASCADE"), nullable=False
    )


def upgrade() -> None:
    op.add_column("sellers", sa.Column("account_limit", sa.String(30), nullable=True))
    op.add_column(
        "sellers", sa.Column("verification_required", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.create_table(
        "seller_profiles",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column("business_type", sa.String(20)),
        sa.Column("salutation", sa.String(20)),
        sa.Column("first_name", sa.String(100)),
        sa.Column("last_name", sa.String(100)),
        sa.Column("phone", sa.String(30)),
        sa.Column("birthday", sa.Date()),
        sa.Column("nationality", sa.String(2)),
        sa.Column("street", sa.String(300)),
        sa.Column("street_number", sa.String(20)),
        sa.Column("zip", sa.String(20)),
        sa.Column("city", sa.String(300)),
        sa.Column("country_code", sa.String(2)),
        sa.Column("region", sa.String(300)),
        sa.Column("company", sa.String(300)),
        sa.Column("registration_location", sa.String(300)),
        sa.Column("position", sa.String(30)),
        sa.Column("employee_size", sa.String(10)),
        sa.Column("vat_payer", sa.Boolean()),
        sa.Column("vat_id", sa.String(20)),
        sa.Column("vat_exempt_reason", sa.String(30)),
        sa.Column("tax_no_type", sa.String(20)),
        sa.Column("tax_no", sa.String(40)),
        sa.Column("tax_ident_no", sa.String(40)),
        sa.Column("issuance_country_code", sa.String(2)),
        sa.Column("beneficial_owners", JSONB(), nullable=False, server_default="[]"),
        sa.Column("wizard_step", sa.String(30)),
        *_stamps(),
        sa.UniqueConstraint("seller_id", name="uq_seller_profiles_seller_id"),
    )
    op.create_table(
        "bank_accounts",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("holder", sa.String(200), nullable=False),
        sa.Column("iban", sa.String(42), nullable=False),
        sa.Column("bic", sa.String(11), nullable=False),
        sa.Column("state", sa.String(30), nullable=False),
        *_stamps(),
        sa.UniqueConstraint("seller_id", "kind", "iban", name="uq_bank_accounts_seller_id"),
    )
    op.create_index("ix_bank_accounts_seller_id", "bank_accounts", ["seller_id"])
    op.create_index("ix_bank_accounts_state", "bank_accounts", ["state"])
    op.create_table(
        "kyc_documents",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("state", sa.String(30), nullable=False),
        sa.Column("storage_key", sa.String(200), nullable=False),
        sa.Column("file_name", sa.String(255), nullable=False),
        sa.Column("content_type", sa.String(100), nullable=False),
        sa.Column("size", sa.BigInteger(), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        *_stamps(),
        sa.UniqueConstraint("storage_key", name="uq_kyc_documents_storage_key"),
    )
    op.create_index("ix_kyc_documents_seller_id", "kyc_documents", ["seller_id"])
    op.create_table(
        "legitimations",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("step", sa.String(30), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("reviewing_status", sa.String(20), nullable=False),
        sa.Column("verification_level", sa.String(20)),
        sa.Column("data_mismatch", sa.String(20)),
        sa.Column("account_limit", sa.String(30)),
        sa.Column("reason", sa.String(1000)),
        sa.Column("reference", sa.String(100)),
        sa.Column("submitted_at", sa.DateTime(timezone=True)),
        *_stamps(),
        sa.UniqueConstraint("seller_id", name="uq_legitimations_seller_id"),
    )
    op.create_index("ix_legitimations_step", "legitimations", ["step"])
    op.create_index("ix_legitimations_reviewing_status", "legitimations", ["reviewing_status"])
    op.create_table(
        "legitimation_events",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _seller(),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(60), nullable=False),
        sa.Column("action", sa.String(60), nullable=False),
        sa.Column("step", sa.String(30), nullable=False),
        sa.Column("reason", sa.String(1000)),
        sa.UniqueConstraint("seller_id", "seq", name="uq_legitimation_events_seller_id"),
    )
    op.create_index("ix_legitimation_events_seller_id", "legitimation_events", ["seller_id"])


def downgrade() -> None:
    for t in ("legitimation_events", "legitimations", "kyc_documents", "bank_accounts", "seller_profiles"):
        op.drop_table(t)
    op.drop_column("sellers", "verification_required")
    op.drop_column("sellers", "account_limit")
