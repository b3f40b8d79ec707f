"""A course as the seller's editor and the payer's player show it: its items, the tree, a quiz with or without its
answers."""

from __future__ import annotations

from datetime import UTC, datetime

from api.deps import DB
from api.schemas.courses import (
    AttemptOut,
    CommentOut,
    CourseTree,
    ItemOut,
    LessonOut,
    QuestionOut,
    QuizOut,
)
from domain.courses import QUIZ_ATTEMPTS_MAX, ItemKind
from services.course_player import OpenLesson, status_of
from store.catalog.models import Product
from store.courses.actions import course_items
from store.courses.models import CourseItem
from store.courses.queries import comments_of, marks_of


def quiz_out(quiz: dict | None, *, with_answers: bool) -> QuizOut | None:
    if not quiz:
        return None
    return QuizOut(
        questions=[
            QuestionOut(text=q["text"], options=q["options"], correct=q["correct"] if with_answers else None)
            for q in quiz["questions"]
        ],
        pass_percent=quiz.get("pass_percent", 100),
    )


def item_out(x: CourseItem) -> ItemOut:
    return ItemOut(
        id=x.id,
        parent_id=x.parent_id,
        kind=x.kind,
        position=x.position,
        title=x.title,
        blocks=x.blocks,
        quiz=quiz_out(x.quiz, with_answers=True),
        drip_days=x.drip_days,
        drip_date=x.drip_date,
        hidden=x.hidden,
        comments_enabled=x.comments_enabled,
    )


async def tree_out(s: DB, product: Product) -> CourseTree:
    items = await course_items(s, product.id)
    return CourseTree(
        items=[item_out(x) for x in items], lessons_count=sum(1 for x in items if x.kind == ItemKind.lesson)
    )


async def lesson_out(s: DB, lesson: OpenLesson) -> LessonOut:
    p, item, lessons = lesson.purchase, lesson.item, lesson.lessons
    marks = await marks_of(s, p.order.id)
    attempts = marks.attempts.get(item.id, [])
    at = lessons.index(item)
    passed = any(a.passed for a in attempts)
    return LessonOut(
        id=item.id,
        title=item.title,
        status=status_of(item, p, marks, datetime.now(UTC)),
        blocks=item.blocks,
        quiz=quiz_out(item.quiz, with_answers=False),
        attempts=[
            AttemptOut(
                number=a.number,
                score=a.score,
                max_score=a.max_score,
                passed=a.passed,
                created_at=a.created_at,
            )
            for a in attempts
        ],
        attempts_left=0 if passed else max(0, QUIZ_ATTEMPTS_MAX - len(attempts)),
        comments_enabled=item.comments_enabled,
        comments=[
            CommentOut(id=c.id, author=c.author, body=c.body, created_at=c.created_at)
            for c in await comments_of(s, item.id)
        ],
        previous_id=lessons[at - 1].id if at > 0 else None,
        next_id=lessons[at + 1].id if at + 1 < len(lessons) else None,
    )
