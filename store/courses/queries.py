"""Reads of courses: what a payer bought from one seller and where they stand in a course; the seller's course
tabs (overview, sessions, lesson statuses, quiz attempts). Payer reads are scoped by the signed-in email."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.courses import CourseAccess, ItemKind, PaymentCourseState, course_access
from domain.errors import DomainError, ErrorCode
from domain.orders.orders import PAID_STATES, REFUNDED_STATES, PaymentState
from store.accounts.models import Seller, User
from store.catalog.bundles import parents_including
from store.catalog.license_keys import access_open
from store.catalog.models import Product
from store.courses.models import CourseItem, CourseSession, LessonComment, LessonProgress, QuizAttempt
from store.orders.models import Access, Order

# Orders a payer sees in their area: paid once, or closed after being paid (refunded, canceled, in debt).
SHOWN_STATES = (
    *PAID_STATES,
    PaymentState.payment_paused,
    PaymentState.payment_canceled,
    PaymentState.payment_refunded,
    PaymentState.payment_chargebacked,
)


@dataclass
class Purchase:
    order: Order
    product: Product
    access: Access | None

    @property
    def is_open(self) -> bool:
        return access_open(self.order.payment_state, self.access)

    @property
    def access_state(self) -> tuple[CourseAccess, PaymentCourseState | None]:
        o, a = self.order, self.access
        return course_access(
            paid=o.paid_at is not None,
            granted=a is not None,
            revoked=(a is not None and a.revoked_at is not None)
            or o.payment_state in (*REFUNDED_STATES, PaymentState.payment_canceled),
            suspended=(a is not None and a.suspended_at is not None)
            or o.payment_state == PaymentState.payment_paused,
            refunded=o.payment_state in REFUNDED_STATES,
        )

    @property
    def access_from(self) -> datetime:
        return self.access.created_at if self.access else (self.order.paid_at or self.order.created_at)


async def seller_by_username(s: AsyncSession, username: str) -> Seller:
    row = (
        await s.execute(select(Seller).join(User, User.id == Seller.user_id).where(User.username == username))
    ).scalar_one_or_none()
    if row is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This seller does not exist.")
    return row


async def has_bought_from(s: AsyncSession, email: str, seller_id: int) -> bool:
    return (
        await s.execute(
            select(Order.id)
            .where(Order.seller_id == seller_id, func.lower(Order.payer_email) == email.lower())
            .where(Order.payment_state.in_(SHOWN_STATES))
            .limit(1)
        )
    ).first() is not None


def _purchases(email: str, seller_id: int) -> Select[Order, Product, Access]:
    return (
        select(Order, Product, Access)
        .join(Product, Product.id == Order.product_id)
        .outerjoin(Access, Access.order_id == Order.id)
        .where(Order.seller_id == seller_id, func.lower(Order.payer_email) == email.lower())
        .where(Order.payment_state.in_(SHOWN_STATES))
        .order_by(Order.id.desc())
    )


async def purchases_of(s: AsyncSession, email: str, seller_id: int) -> list[Purchase]:
    """Everything the payer bought from the seller, newest first."""
    return [Purchase(o, p, a) for o, p, a in (await s.execute(_purchases(email, seller_id).limit(200))).all()]


async def course_purchase(s: AsyncSession, email: str, seller_id: int, product_id: int) -> Purchase:
    """The payer's purchase of a course (itself, or a membership or bundle that includes it): an open one if any,
    else the latest (which says why it is closed)."""
    course = await s.get(Product, product_id)
    bought = or_(Order.product_id == product_id, Order.product_id.in_(parents_including(product_id)))
    rows = [
        Purchase(
            o, course, a
        )  # the course, bought itself or within a membership or bundle (that order's access)
        for o, _, a in (await s.execute(_purchases(email, seller_id).where(bought))).all()
        if course is not None
    ]
    if not rows:
        raise DomainError(ErrorCode.NOT_FOUND, "You have not bought this course.")
    return next((x for x in rows if x.is_open), rows[0])


@dataclass(frozen=True)
class Marks:
    viewed: set[int]
    finished: set[int]
    attempts: dict[int, list[QuizAttempt]]


async def marks_of(s: AsyncSession, order_id: int) -> Marks:
    rows = (
        await s.execute(
            select(LessonProgress.item_id, LessonProgress.finished_at).where(
                LessonProgress.order_id == order_id
            )
        )
    ).all()
    attempts: dict[int, list[QuizAttempt]] = {}
    for a in (
        await s.execute(
            select(QuizAttempt).where(QuizAttempt.order_id == order_id).order_by(QuizAttempt.number)
        )
    ).scalars():
        attempts.setdefault(a.item_id, []).append(a)
    return Marks({i for i, _ in rows}, {i for i, f in rows if f is not None}, attempts)


@dataclass(frozen=True)
class CourseStats:
    product_id: int
    name: str
    lessons: int
    students: int
    finished_lessons: int
    quiz_attempts: int
    passed_attempts: int


async def course_overview(s: AsyncSession, seller_id: int) -> list[CourseStats]:
    """Per course of the seller: its lessons, its paying students and how far they got."""
    products = list(
        (
            await s.execute(
                select(Product)
                .where(Product.seller_id == seller_id, Product.form == "course")
                .order_by(Product.id.desc())
            )
        ).scalars()
    )
    if not products:
        return []
    ids = [p.id for p in products]
    lessons = dict(
        (
            await s.execute(
                select(CourseItem.product_id, func.count())
                .where(CourseItem.product_id.in_(ids), CourseItem.kind == ItemKind.lesson)
                .group_by(CourseItem.product_id)
            )
        ).all()
    )
    students = dict(
        (
            await s.execute(
                select(Order.product_id, func.count(func.distinct(func.lower(Order.payer_email))))
                .where(Order.product_id.in_(ids), Order.payment_state.in_(PAID_STATES))
                .group_by(Order.product_id)
            )
        ).all()
    )
    finished = dict(
        (
            await s.execute(
                select(CourseItem.product_id, func.count())
                .join(LessonProgress, LessonProgress.item_id == CourseItem.id)
                .where(CourseItem.product_id.in_(ids), LessonProgress.finished_at.is_not(None))
                .group_by(CourseItem.product_id)
            )
        ).all()
    )
    quiz = {
        pid: (n, passed)
        for pid, n, passed in (
            await s.execute(
                select(
                    CourseItem.product_id,
                    func.count(),
                    func.count().filter(QuizAttempt.passed),
                )
                .join(QuizAttempt, QuizAttempt.item_id == CourseItem.id)
                .where(CourseItem.product_id.in_(ids))
                .group_by(CourseItem.product_id)
            )
        ).all()
    }
    return [
        CourseStats(
            p.id,
            p.name,
            lessons.get(p.id, 0),
            students.get(p.id, 0),
            finished.get(p.id, 0),
            *quiz.get(p.id, (0, 0)),
        )
        for p in products
    ]


async def _paged(s: AsyncSession, q: Select, page: int, per: int) -> tuple[list, int]:
    total = (await s.execute(select(func.count()).select_from(q.order_by(None).subquery()))).scalar_one()
    rows = (await s.execute(q.limit(per).offset((page - 1) * per))).all()
    return list(rows), total


async def sessions_listed(s: AsyncSession, seller_id: int, page: int, per: int) -> tuple[list, int]:
    q = (
        select(CourseSession, Order.payer_email, Product.name)
        .join(Order, Order.id == CourseSession.order_id)
        .join(Product, Product.id == CourseSession.product_id)
        .where(CourseSession.seller_id == seller_id)
        .order_by(CourseSession.last_seen_at.desc(), CourseSession.id.desc())
    )
    return await _paged(s, q, page, per)


async def lesson_statuses_listed(s: AsyncSession, seller_id: int, page: int, per: int) -> tuple[list, int]:
    q = (
        select(LessonProgress, Order.payer_email, Product.name, CourseItem.title)
        .join(Order, Order.id == LessonProgress.order_id)
        .join(CourseItem, CourseItem.id == LessonProgress.item_id)
        .join(Product, Product.id == CourseItem.product_id)
        .where(LessonProgress.seller_id == seller_id)
        .order_by(LessonProgress.viewed_at.desc(), LessonProgress.id.desc())
    )
    return await _paged(s, q, page, per)


async def quiz_attempts_listed(s: AsyncSession, seller_id: int, page: int, per: int) -> tuple[list, int]:
    q = (
        select(QuizAttempt, Order.payer_email, Product.name, CourseItem.title)
        .join(Order, Order.id == QuizAttempt.order_id)
        .join(CourseItem, CourseItem.id == QuizAttempt.item_id)
        .join(Product, Product.id == CourseItem.product_id)
        .where(QuizAttempt.seller_id == seller_id)
        .order_by(QuizAttempt.created_at.desc(), QuizAttempt.id.desc())
    )
    return await _paged(s, q, page, per)


async def comments_of(s: AsyncSession, item_id: int) -> list[LessonComment]:
    """A lesson's comments, oldest first (the latest 200)."""
    rows = list(
        (
            await s.execute(
                select(LessonComment)
                .where(LessonComment.item_id == item_id)
                .order_by(LessonComment.id.desc())
                .limit(200)
            )
        ).scalars()
    )
    return rows[::-1]


async def sellers_bought_from(s: AsyncSession, email: str) -> list[str]:
    """The usernames of the sellers the payer (by email) bought from, by name."""
    rows = await s.execute(
        select(User.username)
        .join(Seller, Seller.user_id == User.id)
        .join(Order, Order.seller_id == Seller.id)
        .where(func.lower(Order.payer_email) == email.lower(), Order.payment_state.in_(SHOWN_STATES))
        .where(User.username.is_not(None))
        .distinct()
        .order_by(User.username)
    )
    return [u for u in rows.scalars() if u]
