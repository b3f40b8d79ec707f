"""Courses (core §4 'Products and courses', §9; editor §3 Tree items): the lesson tree, content blocks, quizzes
with automatic rating, drip-in, lesson statuses and the payer's course access state. Pure rules, no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum


class ItemKind(StrEnum):
    chapter = "chapter"  # groups lessons; holds no content
    lesson = "lesson"


class BlockType(StrEnum):
    text = "text"
    video = "video"
    audio = "audio"
    file = "file"
    pdf = "pdf"


class LessonStatus(StrEnum):
    """core §4: what a lesson is to one payer (and `not_for_publish`, a lesson the seller keeps hidden)."""

    not_for_publish = "not_for_publish"
    pending = "pending"  # drips in later
    published = "published"  # open, not opened yet
    viewed = "viewed"
    finished = "finished"


class CourseAccess(StrEnum):
    """core §4 'Course access publish': the payer's access to the course, derived from the order."""

    publish_pending = "publish_pending"  # not paid yet
    published = "published"
    publish_paused = "publish_paused"  # a rate in debt
    publish_canceled = "publish_canceled"  # a refund, a chargeback or an ended subscription
    publishing = "publishing"  # paid, access being granted


class PaymentCourseState(StrEnum):
    """core §4 'Payment-related course states': why access is closed."""

    payment_refunded = "payment_refunded"
    payment_paused = "payment_paused"
    payment_canceled = "payment_canceled"


# core §9 'Course limits 300, 5000, 5' (their meaning is not shown; docs/DECISIONS.md): lessons and chapters per
# course, characters per comment, attempts per quiz.
COURSE_ITEMS_MAX = 300
COMMENT_MAX = 5000
QUIZ_ATTEMPTS_MAX = 5
TITLE_MAX = 300
TITLE_MIN = 2  # core §9 text-field minimum
BLOCKS_MAX = 50
BLOCK_TEXT_MAX = 100_000
QUESTIONS_MAX = 50
OPTIONS_MAX = 10
OPTION_MAX = 300
QUESTION_MAX = 1000
DRIP_DAYS_MAX = 3650
TREE_DEPTH_MAX = 2  # a chapter holds lessons; lessons hold nothing
PASS_PERCENT_DEFAULT = 100

# A block's media link: https only, a host, no spaces (a video or audio file, or a player page).
MEDIA_SHAPE = r"^https://[^\s/?#@]+([/?#]\S*)?$"


@dataclass(frozen=True)
class Question:
    text: str
    options: tuple[str, ...]
    correct: frozenset[int]  # the indices of the right options (one or more)


@dataclass(frozen=True)
class Rating:
    score: int
    max_score: int
    passed: bool
    correct: tuple[bool, ...]  # per question


def rate(questions: list[Question], answers: list[list[int]], pass_percent: int) -> Rating:
    """Automatic quiz rating: a question counts when the chosen options are exactly its right ones; the quiz is
    passed at `pass_percent` of the questions or more. A missing answer is a wrong one."""
    correct = tuple(
        frozenset(answers[i] if i < len(answers) else ()) == q.correct for i, q in enumerate(questions)
    )
    score = sum(correct)
    max_score = len(questions)
    return Rating(score, max_score, score * 100 >= pass_percent * max_score, correct)


def opens_at(access_from: datetime, drip_days: int | None, drip_date: date | None) -> datetime | None:
    """When a dripped lesson opens for a payer whose access began at `access_from` (None: open from the start).
    Days count from the purchase; a date opens at the start of that day (UTC)."""
    if drip_days:
        return access_from + timedelta(days=drip_days)
    if drip_date is not None:
        return datetime(drip_date.year, drip_date.month, drip_date.day, tzinfo=access_from.tzinfo)
    return None


def lesson_status(
    *, hidden: bool, opens: datetime | None, now: datetime, viewed: bool, finished: bool
) -> LessonStatus:
    if hidden:
        return LessonStatus.not_for_publish
    if opens is not None and now < opens:
        return LessonStatus.pending
    if finished:
        return LessonStatus.finished
    if viewed:
        return LessonStatus.viewed
    return LessonStatus.published


def course_access(
    *, paid: bool, granted: bool, revoked: bool, suspended: bool, refunded: bool
) -> tuple[CourseAccess, PaymentCourseState | None]:
    """The payer's course access and, when closed, why (core §4)."""
    if revoked:
        return CourseAccess.publish_canceled, (
            PaymentCourseState.payment_refunded if refunded else PaymentCourseState.payment_canceled
        )
    if suspended:
        return CourseAccess.publish_paused, PaymentCourseState.payment_paused
    if not paid:
        return CourseAccess.publish_pending, None
    if not granted:
        return CourseAccess.publishing, None
    return CourseAccess.published, None


class TreeProblem(StrEnum):
    unknown_item = "unknown_item"
    missing_item = "missing_item"
    lesson_parent = "lesson_parent"  # only a chapter holds items
    chapter_in_chapter = "chapter_in_chapter"
    duplicate_item = "duplicate_item"


@dataclass(frozen=True)
class TreeNode:
    id: int
    parent_id: int | None
    position: int


def tree_problem(kinds: dict[int, ItemKind], order: list[tuple[int, int | None]]) -> TreeProblem | None:
    """Whether a new order (each item with its parent, in their order) is a valid course tree: every item of the
    course exactly once, chapters only at the top, and only chapters holding lessons."""
    seen: set[int] = set()
    for item_id, parent_id in order:
        if item_id not in kinds:
            return TreeProblem.unknown_item
        if item_id in seen:
            return TreeProblem.duplicate_item
        seen.add(item_id)
        if parent_id is not None:
            if parent_id not in kinds:
                return TreeProblem.unknown_item
            if kinds[parent_id] != ItemKind.chapter:
                return TreeProblem.lesson_parent
            if kinds[item_id] == ItemKind.chapter:
                return TreeProblem.chapter_in_chapter
    if seen != set(kinds):
        return TreeProblem.missing_item
    return None


def positions(order: list[tuple[int, int | None]]) -> list[TreeNode]:
    """Positions counted within each parent, in the order given."""
    counters: dict[int | None, int] = {}
    out = []
    for item_id, parent_id in order:
        counters[parent_id] = counters.get(parent_id, 0) + 1
        out.append(TreeNode(item_id, parent_id, counters[parent_id]))
    return out


def progress_percent(finished: int, lessons: int) -> int:
    return 0 if lessons == 0 else finished * 100 // lessons
