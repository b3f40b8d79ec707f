"""Certificates issued to buyers: once per order (a unique constraint), when the product's rule is met (its order
paid, or its holder's course finished as well), found by number; revoked with a refund or chargeback."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.certificates import CertificateRule, CertificateState, course_finished, new_number
from domain.catalog.products import ProductForm
from domain.courses import ItemKind
from domain.errors import DomainError, ErrorCode
from domain.orders.orders import PAID_STATES, REFUNDED_STATES
from store.accounts.models import Seller, User
from store.catalog.bundles import parents_including
from store.catalog.models import Certificate, Product
from store.courses.models import CourseItem, LessonProgress
from store.orders.models import Order


async def course_finished_by(s: AsyncSession, email: str, seller_id: int, course_id: int) -> bool:
    """Whether the payer (by email) has finished every visible lesson of the course, in any order that grants it."""
    lessons = set(
        (
            await s.execute(
                select(CourseItem.id).where(
                    CourseItem.product_id == course_id,
                    CourseItem.kind == ItemKind.lesson,
                    CourseItem.hidden.is_(False),
                )
            )
        ).scalars()
    )
    finished = set(
        (
            await s.execute(
                select(LessonProgress.item_id)
                .join(Order, Order.id == LessonProgress.order_id)
                .where(
                    Order.seller_id == seller_id,
                    func.lower(Order.payer_email) == email.lower(),
                    or_(Order.product_id == course_id, Order.product_id.in_(parents_including(course_id))),
                    LessonProgress.finished_at.is_not(None),
                )
            )
        ).scalars()
    )
    return course_finished(lessons, finished)


async def certificate_issued(s: AsyncSession, order: Order) -> Certificate | None:
    """The order's certificate, issued now if its rule is met and none exists yet (never twice: the order is
    unique). None for other forms, an unpaid order, or a course not finished yet."""
    product = await s.get(Product, order.product_id)
    if product is None or product.form != ProductForm.certificate or order.payment_state not in PAID_STATES:
        return None
    settings = product.certificate or {}
    course_name = None
    if settings.get("rule") == CertificateRule.course_finished:
        course_id = settings.get("course_id")
        course = await s.get(Product, course_id) if course_id else None
        if course is None or not await course_finished_by(s, order.payer_email, order.seller_id, course.id):
            return None
        course_name = course.name
    await s.execute(
        insert(Certificate)
        .values(
            seller_id=order.seller_id,
            product_id=product.id,
            order_id=order.id,
            number=new_number(),
            holder_name=order.payer_name or order.payer_email,
            course_name=course_name,
        )
        .on_conflict_do_nothing(index_elements=["order_id"])
    )
    return await certificate_of_order(s, order.id)


async def certificates_due_for_course(s: AsyncSession, email: str, seller_id: int, course_id: int) -> None:
    """After a lesson is finished: the payer's paid certificate orders that wait for this course are issued."""
    orders = (
        await s.execute(
            select(Order)
            .join(Product, Product.id == Order.product_id)
            .where(
                Order.seller_id == seller_id,
                func.lower(Order.payer_email) == email.lower(),
                Order.payment_state.in_(PAID_STATES),
                Product.form == ProductForm.certificate,
                Product.certificate["course_id"].as_integer() == course_id,
            )
        )
    ).scalars()
    for order in list(orders):
        await certificate_issued(s, order)


async def certificate_of_order(s: AsyncSession, order_id: int) -> Certificate | None:
    return (await s.execute(select(Certificate).where(Certificate.order_id == order_id))).scalar_one_or_none()


@dataclass
class IssuedCertificate:
    certificate: Certificate
    product: Product
    order: Order

    @property
    def state(self) -> CertificateState:
        return (
            CertificateState.revoked
            if self.order.payment_state in REFUNDED_STATES
            else CertificateState.valid
        )


async def certificate_by_number(s: AsyncSession, username: str, number: str) -> IssuedCertificate:
    row = (
        await s.execute(
            select(Certificate, Product, Order)
            .join(Product, Product.id == Certificate.product_id)
            .join(Order, Order.id == Certificate.order_id)
            .join(Seller, Seller.id == Certificate.seller_id)
            .join(User, User.id == Seller.user_id)
            .where(Certificate.number == number, User.username == username)
        )
    ).first()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No certificate has this number.")
    return IssuedCertificate(*row)
