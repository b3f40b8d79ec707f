"""Writes of a course: the seller's tree (chapters, lessons, their content, quiz and drip) and the payer's marks
in it (views, finishes, quiz attempts, comments, the day's session). Every call is scoped by the caller."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.courses import (
    COURSE_ITEMS_MAX,
    QUIZ_ATTEMPTS_MAX,
    ItemKind,
    Question,
    Rating,
    positions,
    rate,
    tree_problem,
)
from domain.errors import DomainError, ErrorCode, invalid
from domain.notifications import EXCERPT_MAX, NotificationType
from store.catalog.models import File, Product
from store.courses.models import CourseItem, CourseSession, LessonComment, LessonProgress, QuizAttempt
from store.notifications.actions import noticed
from store.orders.models import Order


async def course_items(s: AsyncSession, product_id: int) -> list[CourseItem]:
    """The course's items, chapters before their lessons, each level by position."""
    rows = (
        await s.execute(
            select(CourseItem)
            .where(CourseItem.product_id == product_id)
            .order_by(CourseItem.position, CourseItem.id)
        )
    ).scalars()
    items = list(rows)
    top = [x for x in items if x.parent_id is None]
    out: list[CourseItem] = []
    for x in top:
        out.append(x)
        out.extend(c for c in items if c.parent_id == x.id)
    return out


async def item_of(s: AsyncSession, product: Product, item_id: int) -> CourseItem:
    item = await s.get(CourseItem, item_id)
    if item is None or item.product_id != product.id:
        raise DomainError(ErrorCode.NOT_FOUND, "This lesson does not exist.")
    return item


async def item_added(
    s: AsyncSession, product: Product, kind: ItemKind, title: str, parent_id: int | None
) -> CourseItem:
    """A chapter (always at the top) or a lesson (at the top or in a chapter), placed last."""
    await s.execute(select(Product.id).where(Product.id == product.id).with_for_update())  # one add at a time
    count = (
        await s.execute(
            select(func.count()).select_from(CourseItem).where(CourseItem.product_id == product.id)
        )
    ).scalar_one()
    if count >= COURSE_ITEMS_MAX:
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            f"A course holds at most {COURSE_ITEMS_MAX} lessons and chapters.",
            {"items": "too_many"},
        )
    if parent_id is not None:
        parent = await item_of(s, product, parent_id)
        if kind == ItemKind.chapter or parent.kind != ItemKind.chapter:
            raise DomainError(
                ErrorCode.INVALID_INPUT, "Only a chapter holds lessons.", {"parent_id": "lesson_parent"}
            )
    last = (
        await s.execute(
            select(func.coalesce(func.max(CourseItem.position), 0)).where(
                CourseItem.product_id == product.id,
                CourseItem.parent_id.is_(None) if parent_id is None else CourseItem.parent_id == parent_id,
            )
        )
    ).scalar_one()
    item = CourseItem(
        seller_id=product.seller_id,
        product_id=product.id,
        parent_id=parent_id,
        kind=kind,
        position=last + 1,
        title=title,
        blocks=[],
    )
    s.add(item)
    await s.flush()
    return item


async def item_changed(s: AsyncSession, item: CourseItem, changes: dict[str, Any]) -> None:
    """A lesson's title, blocks, quiz, drip or flags (checked by the contract); a chapter keeps no content."""
    if item.kind == ItemKind.chapter and any(
        k in changes for k in ("blocks", "quiz", "drip_days", "drip_date", "comments_enabled")
    ):
        raise DomainError(
            ErrorCode.INVALID_INPUT, "A chapter holds lessons, not content.", {"kind": "chapter"}
        )
    if changes.get("drip_days") and changes.get("drip_date"):
        raise DomainError(
            ErrorCode.INVALID_INPUT,
            "A lesson opens either some days after the purchase or on a date, not both.",
            {"drip_date": "drip_both"},
        )
    if changes.get("drip_days"):
        item.drip_date = None
    if changes.get("drip_date"):
        item.drip_days = None
    for k, v in changes.items():
        setattr(item, k, v)
    item.updated_at = datetime.now(UTC)
    await s.flush()


async def item_removed(s: AsyncSession, item: CourseItem) -> None:
    await s.delete(item)  # a chapter's lessons go with it (ON DELETE CASCADE)
    await s.flush()


async def tree_reordered(s: AsyncSession, product: Product, order: list[tuple[int, int | None]]) -> None:
    """The seller's drag-and-drop: every item with its parent, in their new order."""
    kinds = {
        i: k
        for i, k in (
            await s.execute(
                select(CourseItem.id, CourseItem.kind)
                .where(CourseItem.product_id == product.id)
                .with_for_update()
            )
        ).all()
    }
    problem = tree_problem(kinds, order)
    if problem is not None:
        raise DomainError(
            ErrorCode.INVALID_INPUT, "This order does not fit the course.", {"order": problem.value}
        )
    for node in positions(order):
        await s.execute(
            update(CourseItem)
            .where(CourseItem.id == node.id)
            .values(parent_id=node.parent_id, position=node.position, updated_at=datetime.now(UTC))
        )


async def lesson_viewed(s: AsyncSession, order: Order, item: CourseItem) -> None:
    await s.execute(
        insert(LessonProgress)
        .values(seller_id=order.seller_id, order_id=order.id, item_id=item.id)
        .on_conflict_do_nothing(index_elements=["order_id", "item_id"])
    )


async def lesson_finished(s: AsyncSession, order: Order, item: CourseItem) -> None:
    await lesson_viewed(s, order, item)
    await s.execute(
        update(LessonProgress)
        .where(
            LessonProgress.order_id == order.id,
            LessonProgress.item_id == item.id,
            LessonProgress.finished_at.is_(None),
        )
        .values(finished_at=datetime.now(UTC))
    )


def questions_of(quiz: dict) -> list[Question]:
    return [
        Question(q["text"], tuple(q["options"]), frozenset(q["correct"])) for q in quiz.get("questions", [])
    ]


async def quiz_attempted(
    s: AsyncSession, order: Order, item: CourseItem, answers: list[list[int]]
) -> tuple[QuizAttempt, Rating]:
    """An attempt, rated at once; a passed quiz finishes its lesson. At most QUIZ_ATTEMPTS_MAX attempts, and none
    after a pass (409): the row lock on the order keeps two tabs from both taking the last attempt."""
    if not item.quiz or not item.quiz.get("questions"):
        raise DomainError(ErrorCode.NOT_FOUND, "This lesson has no quiz.")
    questions = questions_of(item.quiz)
    if len(answers) != len(questions) or any(
        any(a >= len(q.options) for a in ans) for ans, q in zip(answers, questions, strict=False)
    ):
        raise invalid(answers="mismatch")
    await s.execute(select(Order.id).where(Order.id == order.id).with_for_update())
    done = (
        await s.execute(
            select(QuizAttempt.number, QuizAttempt.passed).where(
                QuizAttempt.order_id == order.id, QuizAttempt.item_id == item.id
            )
        )
    ).all()
    if any(p for _, p in done):
        raise DomainError(ErrorCode.CONFLICT, "This quiz is already passed.", reason="quiz_passed")
    if len(done) >= QUIZ_ATTEMPTS_MAX:
        raise DomainError(ErrorCode.CONFLICT, "No attempts are left for this quiz.", reason="no_attempts")
    rating = rate(questions, answers, int(item.quiz.get("pass_percent", 100)))
    attempt = QuizAttempt(
        seller_id=order.seller_id,
        order_id=order.id,
        item_id=item.id,
        number=len(done) + 1,
        answers=[sorted(set(a)) for a in answers],
        score=rating.score,
        max_score=rating.max_score,
        passed=rating.passed,
    )
    s.add(attempt)
    await s.flush()
    if rating.passed:
        await lesson_finished(s, order, item)
    percent = rating.score * 100 // rating.max_score if rating.max_score else 0
    await noticed(
        s,
        order.seller_id,
        NotificationType.quiz_attempt,
        f"{order.token}:{item.id}:{attempt.number}",
        _lesson_data(order, item, passed=rating.passed, score=percent, attempt=attempt.number),
    )
    return attempt, rating


async def comment_added(s: AsyncSession, order: Order, item: CourseItem, body: str) -> LessonComment:
    if not item.comments_enabled:
        raise DomainError(
            ErrorCode.CONFLICT, "Comments are closed for this lesson.", reason="comments_closed"
        )
    author = order.payer_name or order.payer_email.split("@")[0]
    row = LessonComment(
        seller_id=order.seller_id, order_id=order.id, item_id=item.id, author=author, body=body
    )
    s.add(row)
    await s.flush()
    excerpt = body if len(body) <= EXCERPT_MAX else body[: EXCERPT_MAX - 1] + "…"
    await noticed(
        s, order.seller_id, NotificationType.comment, str(row.id), _lesson_data(order, item, excerpt=excerpt)
    )
    return row


def _lesson_data(order: Order, item: CourseItem, **more: object) -> dict[str, object]:
    """What a course notification says: the course, the lesson and who (the payer's name, else their address)."""
    return {
        "order": order.token,
        "product_id": order.product_id,
        "product_name": order.product_name,
        "item_id": item.id,
        "lesson": item.title,
        "author": order.payer_name or order.payer_email,
        **more,
    }


async def session_touched(s: AsyncSession, order: Order) -> None:
    """Counts a view in the payer's session of the day (one row per order and day)."""
    now = datetime.now(UTC)
    stmt = insert(CourseSession).values(
        seller_id=order.seller_id,
        order_id=order.id,
        product_id=order.product_id,
        day=now.date(),
        started_at=now,
        last_seen_at=now,
        views=1,
    )
    await s.execute(
        stmt.on_conflict_do_update(
            index_elements=["order_id", "day"],
            set_={"last_seen_at": now, "views": CourseSession.views + 1},
        )
    )


async def course_file_stored(
    s: AsyncSession,
    product: Product,
    *,
    storage_key: str,
    file_name: str,
    content_type: str,
    size: int,
    sha256: str,
) -> File:
    """A file or PDF for a course's blocks, owned by the seller (a block names it by id)."""
    row = File(
        seller_id=product.seller_id,
        storage_key=storage_key,
        file_name=file_name,
        content_type=content_type,
        size=size,
        sha256=sha256,
    )
    s.add(row)
    await s.flush()
    return row


async def seller_files(s: AsyncSession, seller_id: int, ids: set[int]) -> dict[int, File]:
    """The seller's files among `ids` (a block may name only its own seller's files)."""
    if not ids:
        return {}
    rows = (await s.execute(select(File).where(File.id.in_(ids), File.seller_id == seller_id))).scalars()
    return {f.id: f for f in rows}


async def course_copied(s: AsyncSession, source_id: int, copy: Product) -> None:
    """A duplicated course keeps its tree: chapters, lessons, blocks, quizzes and drip (not the payers' marks)."""
    ids: dict[int, int] = {}
    for x in await course_items(s, source_id):  # chapters come before their lessons
        row = CourseItem(
            seller_id=copy.seller_id,
            product_id=copy.id,
            parent_id=ids.get(x.parent_id) if x.parent_id else None,
            kind=x.kind,
            position=x.position,
            title=x.title,
            blocks=x.blocks,
            quiz=x.quiz,
            drip_days=x.drip_days,
            drip_date=x.drip_date,
            hidden=x.hidden,
            comments_enabled=x.comments_enabled,
        )
        s.add(row)
        await s.flush()
        ids[x.id] = row.id
