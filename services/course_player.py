"""The payer's course player: a course they bought from a shop (by the address they sign in with), its lessons
open to them (not hidden, dripped in, their access open), viewed, finished, quizzed and commented on. A finished
course's certificate is due once its rule is met."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.products import ProductForm
from domain.courses import ItemKind, LessonStatus, Rating, lesson_status, opens_at
from domain.errors import DomainError, ErrorCode
from store.catalog.certificates import certificates_due_for_course
from store.catalog.models import File
from store.courses.actions import (
    comment_added,
    course_items,
    lesson_finished,
    lesson_viewed,
    quiz_attempted,
    seller_files,
    session_touched,
)
from store.courses.models import CourseItem, LessonComment, QuizAttempt
from store.courses.queries import Marks, Purchase, course_purchase, seller_by_username


@dataclass(frozen=True)
class OpenLesson:
    purchase: Purchase
    item: CourseItem
    lessons: list[CourseItem]  # every lesson the payer can see, in course order


def visible_lessons(items: list[CourseItem]) -> list[CourseItem]:
    """The lessons a payer can see, in course order."""
    return [x for x in items if x.kind == ItemKind.lesson and not x.hidden]


def status_of(item: CourseItem, p: Purchase, marks: Marks, now: datetime) -> LessonStatus:
    return lesson_status(
        hidden=item.hidden,
        opens=opens_at(p.access_from, item.drip_days, item.drip_date),
        now=now,
        viewed=item.id in marks.viewed,
        finished=item.id in marks.finished,
    )


async def bought_course(s: AsyncSession, seller: str, email: str, course_id: int) -> Purchase:
    """The payer's purchase of the shop's course (404 for no purchase or a product of another form)."""
    found = await seller_by_username(s, seller)
    p = await course_purchase(s, email, found.id, course_id)
    if p.product.form != ProductForm.course:
        raise DomainError(ErrorCode.NOT_FOUND, "This product is not a course.")
    return p


def _closed(p: Purchase) -> DomainError:
    access, why = p.access_state
    return DomainError(
        ErrorCode.FORBIDDEN,
        "Your access to this course is closed.",
        {"access": access.value, "closed_because": why.value if why else None},
        reason="access_closed",
    )


async def open_lesson(s: AsyncSession, seller: str, email: str, course_id: int, lesson_id: int) -> OpenLesson:
    """The lesson, if the payer's access is open and the lesson is open to them (not hidden, dripped in): 403
    `access_closed` or `lesson_pending` (with when it opens), 404 for no such lesson."""
    p = await bought_course(s, seller, email, course_id)
    if not p.is_open:
        raise _closed(p)
    lessons = visible_lessons(await course_items(s, course_id))
    item = next((x for x in lessons if x.id == lesson_id), None)
    if item is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This lesson does not exist.")
    when = opens_at(p.access_from, item.drip_days, item.drip_date)
    if when is not None and datetime.now(UTC) < when:
        raise DomainError(
            ErrorCode.FORBIDDEN,
            "This lesson opens later.",
            {"opens_at": when.isoformat()},
            reason="lesson_pending",
        )
    return OpenLesson(p, item, lessons)


async def lesson_seen(s: AsyncSession, seller: str, email: str, course_id: int, lesson_id: int) -> OpenLesson:
    """Opening a lesson marks it viewed and counts in the day's session."""
    lesson = await open_lesson(s, seller, email, course_id, lesson_id)
    await lesson_viewed(s, lesson.purchase.order, lesson.item)
    await session_touched(s, lesson.purchase.order)
    return lesson


async def lesson_done(s: AsyncSession, seller: str, email: str, course_id: int, lesson_id: int) -> OpenLesson:
    """A lesson finished; one with a quiz finishes when its quiz is passed (409 `quiz_required` before)."""
    lesson = await open_lesson(s, seller, email, course_id, lesson_id)
    if lesson.item.quiz:
        raise DomainError(ErrorCode.CONFLICT, "Pass this lesson's quiz to finish it.", reason="quiz_required")
    await lesson_finished(s, lesson.purchase.order, lesson.item)
    await certificates_due_for_course(s, email, lesson.purchase.order.seller_id, course_id)
    return lesson


async def quiz_tried(
    s: AsyncSession, seller: str, email: str, course_id: int, lesson_id: int, answers: list[list[int]]
) -> tuple[QuizAttempt, Rating]:
    """An attempt rated at once; a pass finishes the lesson (no attempt after a pass or past the last one: 409)."""
    lesson = await open_lesson(s, seller, email, course_id, lesson_id)
    attempt, rating = await quiz_attempted(s, lesson.purchase.order, lesson.item, answers)
    if rating.passed:
        await certificates_due_for_course(s, email, lesson.purchase.order.seller_id, course_id)
    return attempt, rating


async def comment_left(
    s: AsyncSession, seller: str, email: str, course_id: int, lesson_id: int, body: str
) -> LessonComment:
    lesson = await open_lesson(s, seller, email, course_id, lesson_id)
    text = body.strip()
    if not text:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"body": "required"})
    return await comment_added(s, lesson.purchase.order, lesson.item, text)


async def lesson_file(
    s: AsyncSession, seller: str, email: str, course_id: int, lesson_id: int, file_id: int
) -> File:
    """A file or PDF of an open lesson's blocks (404 for one the lesson does not show)."""
    lesson = await open_lesson(s, seller, email, course_id, lesson_id)
    named = {b["file_id"] for b in lesson.item.blocks if b.get("type") in ("file", "pdf")}
    files = await seller_files(s, lesson.purchase.order.seller_id, named & {file_id})
    f = files.get(file_id)
    if f is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This file is not part of this lesson.")
    return f
