"""Demo data for the local stack: a seller with published products, a buyer and a manager. Idempotent."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select

from domain.accounts import ProfileType
from domain.products import Publication
from providers.storage.local import storage
from store.accounts.actions import profile_added, user_created
from store.accounts.queries import seller_of, user_by_email
from store.catalog.actions import plan_added, product_created, slugify
from store.catalog.models import File, Product
from store.db import session


@dataclass(frozen=True)
class Demo:
    password: str = "sellflow-demo"
    seller_email: str = "seller@sellflow.local"
    seller_username: str = "demo-seller"
    buyer_email: str = "buyer@sellflow.local"
    manager_email: str = "manager@sellflow.local"
    product_slug: str = "the-sellflow-handbook"

    def accounts(self) -> dict[str, str]:
        return {
            "Seller (cabinet)": self.seller_email,
            "Buyer (payer)": self.buyer_email,
            "Manager (admin)": self.manager_email,
        }


DEMO = Demo()

PRODUCTS = [
    (
        "The Sellflow Handbook",
        "A practical guide to selling digital products.",
        1990,
        "handbook.pdf",
        b"%PDF-1.4\n% Sellflow demo handbook\n",
    ),
    (
        "Course Templates Pack",
        "Twelve editable templates for online courses.",
        4900,
        "templates.zip",
        b"PK\x05\x06" + b"\x00" * 18,
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
        await profile_added(s, seller_user, ProfileType.seller, registration_done=True)
        seller = await seller_of(s, seller_user.id)
        assert seller is not None
        seller.registration_done = True
        await _user(s, DEMO.buyer_email, ProfileType.payer, "demo-buyer", "Ben", "Buyer")
        manager = await _user(s, DEMO.manager_email, ProfileType.manager, "ops-manager", "Mia", "Manager")
        await profile_added(s, manager, ProfileType.manager)
        for name, description, price, file_name, data in PRODUCTS:
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
            await plan_added(
                s, view, name="One-time payment", payment_type="one_time", price=price, currency="eur"
            )
            view.product.publication = Publication.published
    print(f"seeded: {DEMO.seller_email}, {DEMO.buyer_email}, {DEMO.manager_email}")
