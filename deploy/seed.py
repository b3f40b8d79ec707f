"""Demo data for the local stack: a seller with published products, a buyer and a manager. Idempotent."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

from sqlalchemy import select

from domain.accounts.accounts import ProfileType
from domain.affiliates.affiliates import Duration, NodeState, ProgramForm
from domain.billing.billing_calendar import PlanTerms, parse_period
from domain.catalog.products import Publication
from domain.legitimation.legitimation import Missing
from domain.orders.orders import PaymentType
from domain.teams import TeamRole, TeamState
from providers.storage.local import storage
from store.accounts.actions import profile_added, registration_recorded, user_created
from store.accounts.queries import seller_of, user_by_email
from store.affiliates.programs import node_decided, node_requested, program_created, programs_of
from store.catalog.actions import plan_added, product_created, slugify
from store.catalog.models import File, Product
from store.db import session
from store.teams.actions import invite_answered, member_invited


@dataclass(frozen=True)
class Demo:
    password: str = "sellflow-demo"
    seller_email: str = "seller@sellflow.local"
    seller_username: str = "demo-seller"
    buyer_email: str = "buyer@sellflow.local"
    manager_email: str = "manager@sellflow.local"
    publisher_email: str = "publisher@sellflow.local"
    team_email: str = "team@sellflow.local"
    program_name: str = "Sellflow partners"
    product_slug: str = "the-sellflow-handbook"

    def accounts(self) -> dict[str, str]:
        return {
            "Seller (cabinet)": self.seller_email,
            "Buyer (payer)": self.buyer_email,
            "Manager (admin)": self.manager_email,
            "Publisher (publish area)": self.publisher_email,
            "Team member (team area)": self.team_email,
        }


DEMO = Demo()

ONE_TIME = PlanTerms(PaymentType.one_time, "eur", 0, 0)
PRODUCTS = [
    (
        "The Sellflow Handbook",
        "A practical guide to selling digital products.",
        replace(ONE_TIME, first_amount=1990, next_amount=1990),
        "handbook.pdf",
        b"%PDF-1.4\n% Sellflow demo handbook\n",
    ),
    (
        "Course Templates Pack",
        "Twelve editable templates for online courses.",
        replace(ONE_TIME, first_amount=4900, next_amount=4900),
        "templates.zip",
        b"PK\x05\x06" + b"\x00" * 18,
    ),
    (
        "Sellflow Insider",
        "A monthly letter and template drop for people who sell online.",
        PlanTerms(PaymentType.subscription, "eur", 900, 900, period=parse_period("1m")),
        "insider.pdf",
        b"%PDF-1.4\n% Sellflow Insider, issue 1\n",
    ),
]


async def _user(s, email: str, ptype: ProfileType, username: str | None, first: str, last: str):
    user = await user_by_email(s, email)
    if user is None:
        user = await user_created(
            s,
            email=email,
            password=DEMO.password,
            username=username,
            first_name=first,
            last_name=last,
            locale="en",
            profile_type=ptype,
            confirmed=True,
        )
    return user


async def seed() -> None:
    async with session() as s:
        seller_user = await _user(
            s, DEMO.seller_email, ProfileType.seller, DEMO.seller_username, "Dana", "Demo"
        )
        await profile_added(s, seller_user, ProfileType.seller)
        seller = await seller_of(s, seller_user.id)
        assert seller is not None
        await _user(s, DEMO.buyer_email, ProfileType.payer, "demo-buyer", "Ben", "Buyer")
        manager = await _user(s, DEMO.manager_email, ProfileType.manager, "ops-manager", "Mia", "Manager")
        await profile_added(s, manager, ProfileType.manager)
        for name, description, terms, file_name, data in PRODUCTS:
            slug = slugify(name)
            if (
                await s.execute(
                    select(Product.id).where(Product.seller_id == seller.id, Product.slug == slug)
                )
            ).first():
                continue
            view = await product_created(s, seller.id, name=name, description=description, form="download")
            key, sha = storage().put(data)
            f = File(
                seller_id=seller.id,
                storage_key=key,
                file_name=file_name,
                content_type="application/octet-stream",
                size=len(data),
                sha256=sha,
                created_at=datetime.now(UTC),
            )
            s.add(f)
            await s.flush()
            view.product.file_id = f.id
            plan_name = "One-time payment" if not terms.recurring else "Monthly"
            await plan_added(s, view, name=plan_name, terms=terms)
            view.product.publication = Publication.published
        await _demo_program(s, seller.id)
        await _demo_team(s, seller)
    print(
        f"seeded: {DEMO.seller_email}, {DEMO.buyer_email}, {DEMO.manager_email}, {DEMO.publisher_email}, "
        f"{DEMO.team_email}"
    )


async def _demo_team(s, seller) -> None:
    """The demo seller's team member, who works in the demo seller's cabinet."""
    member = await _user(s, DEMO.team_email, ProfileType.team_member, "demo-team", "Tia", "Team")
    invite, _ = await member_invited(s, seller, email=DEMO.team_email, role=TeamRole.team_member, fee_bp=0)
    if invite.state == TeamState.invited:
        await invite_answered(s, member, invite.id, accept=True)


async def _demo_program(s, seller_id: int) -> None:
    """The demo seller's affiliate program, listed in the marketplace, with the demo publisher active in it."""
    if any(p.name == DEMO.program_name for p, _, _ in await programs_of(s, seller_id)):
        return
    program = await program_created(
        s,
        seller_id,
        ProgramForm(
            name=DEMO.program_name,
            commission_bp=2000,
            lifetime=Duration.lifetime,
            affiliate_marketplace_product=True,
        ),
    )
    publisher = await _user(
        s, DEMO.publisher_email, ProfileType.publisher, "demo-publisher", "Pia", "Publisher"
    )
    node = await node_requested(s, program, publisher, from_landing_page=False, referrer_user_id=None)
    await node_decided(s, seller_id, node.id, NodeState.accepted)


# A 1×1 PNG stands in for the demo seller's identity document scans.
_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002"
    "000154a24f5d0000000049454e44ae426082"
)
DEMO_PROFILE = dict(
    business_type="natural",
    salutation="none",
    first_name="Dana",
    last_name="Demo",
    phone="+49 301 234 5678",
    birthday=date(1988, 4, 12),
    nationality="DE",
    street="Torstraße",
    street_number="1",
    zip="10119",
    city="Berlin",
    country_code="DE",
    vat_payer=False,
    vat_exempt_reason="small_business",
    tax_no_type="tax_no",
    tax_no="21/815/08150",
    issuance_country_code="DE",
)
DEMO_IBAN, DEMO_BIC = "DE89370400440532013000", "COBADEFFXXX"


async def legitimate_demo(timeout: float = 120.0) -> str:
    """The demo seller is legitimated through the same Legitimation workflow as everyone: profile, bank account
    and documents saved, submitted, answered by the KYC provider, approved by the demo manager. Needs the
    worker, the API (the KYC callback) and the KYC provider running. Idempotent."""
    import asyncio
    import time

    from core.temporal import connect
    from domain.legitimation.legitimation import (
        BankAccountType,
        Decision,
        DocumentType,
        LegitimationStep,
        ManagerDecision,
    )
    from domain.legitimation.seller_profile import SellerProfile
    from handles import legitimation as flow
    from store.legitimation.actions import bank_account_added, document_added, profile_saved
    from store.legitimation.queries import (
        bank_accounts_of,
        documents_of,
        legitimation_of,
        profile_data,
        profile_facts,
        profile_row_of,
    )

    client = await connect()
    async with session() as s:
        seller_user = await user_by_email(s, DEMO.seller_email)
        manager = await user_by_email(s, DEMO.manager_email)
        assert seller_user is not None and manager is not None
        seller = await seller_of(s, seller_user.id)
        assert seller is not None
        leg = await legitimation_of(s, seller.id)
        if leg is not None and leg.step == LegitimationStep.legitimated:
            return leg.step.value
        if await profile_row_of(s, seller.id) is None:
            await profile_saved(s, seller.id, SellerProfile(**DEMO_PROFILE), "summary")  # type: ignore[arg-type]
        if not await bank_accounts_of(s, seller.id):
            await bank_account_added(s, seller.id, BankAccountType.lemonway, "Dana Demo", DEMO_IBAN, DEMO_BIC)
        if not await documents_of(s, seller.id):
            for t in (DocumentType.id_from_front, DocumentType.id_from_back):
                key, sha = storage().put(_PNG, ".png")
                await document_added(
                    s,
                    seller.id,
                    t,
                    storage_key=key,
                    file_name=f"{t.value}.png",
                    content_type="image/png",
                    size=len(_PNG),
                    sha256=sha,
                )
        facts, missing, _ = await profile_facts(s, seller, profile_data(await profile_row_of(s, seller.id)))
        registration_recorded(seller, Missing.profile not in missing)
        seller_id, manager_id = seller.id, manager.id
    assert not missing, missing
    await flow.profile_saved(client, seller_id, facts)
    deadline = time.monotonic() + timeout
    decided = submitted = False
    while time.monotonic() < deadline:
        async with session() as s:
            leg = await legitimation_of(s, seller_id)
        step = leg.step if leg else None
        if step == LegitimationStep.legitimated:
            from handles.payouts import payouts_running

            await payouts_running(client, seller_id)
            return step.value
        if step in (LegitimationStep.documents, LegitimationStep.change) and not submitted:
            await flow.submitted(client, seller_id)
            submitted = True
        if step == LegitimationStep.registered and not decided:
            await flow.decided(client, seller_id, ManagerDecision(Decision.approve, manager_id, "Demo data"))
            decided = True
        await asyncio.sleep(0.3)
    raise RuntimeError(f"the demo seller was not legitimated within {timeout:.0f}s")
