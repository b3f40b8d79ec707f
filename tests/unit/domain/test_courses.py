"""Course rules: automatic quiz rating, the tree's shape, drip-in and the lesson statuses a payer sees."""

from datetime import UTC, date, datetime, timedelta

from domain.courses import (
    CourseAccess,
    ItemKind,
    LessonStatus,
    PaymentCourseState,
    Question,
    TreeProblem,
    course_access,
    lesson_status,
    opens_at,
    positions,
    progress_percent,
    rate,
    tree_problem,
)

QUESTIONS = [Question("a", ("x", "y"), frozenset({1})), Question("b", ("p", "q", "r"), frozenset({0, 2}))]


def test_a_question_counts_only_with_exactly_its_right_options():
    assert rate(QUESTIONS, [[1], [0, 2]], 100).passed
    half = rate(QUESTIONS, [[1], [0]], 100)
    assert (half.score, half.max_score, half.passed, half.correct) == (1, 2, False, (True, False))
    assert rate(QUESTIONS, [[1], [0]], 50).passed  # half is enough at 50 %
    assert not rate(QUESTIONS, [[0, 1], [0, 1, 2]], 1).passed  # ticking everything is wrong
    assert rate(QUESTIONS, [], 100).score == 0  # unanswered is wrong


def test_the_tree_has_chapters_at_the_top_and_every_item_once():
    kinds = {1: ItemKind.chapter, 2: ItemKind.lesson, 3: ItemKind.chapter, 4: ItemKind.lesson}
    assert tree_problem(kinds, [(1, None), (2, 1), (3, None), (4, 3)]) is None
    assert tree_problem(kinds, [(1, None), (2, 1), (3, None)]) == TreeProblem.missing_item
    assert tree_problem(kinds, [(1, None), (2, 1), (2, 1), (3, None), (4, 3)]) == TreeProblem.duplicate_item
    assert tree_problem(kinds, [(1, None), (3, 1), (2, None), (4, None)]) == TreeProblem.chapter_in_chapter
    assert tree_problem(kinds, [(1, None), (2, None), (3, None), (4, 2)]) == TreeProblem.lesson_parent
    assert tree_problem(kinds, [(1, None), (2, 9), (3, None), (4, None)]) == TreeProblem.unknown_item
    assert [(n.id, n.position) for n in positions([(1, None), (2, 1), (4, 1), (3, None)])] == [
        (1, 1), (2, 1), (4, 2), (3, 2)
    ]  # fmt: skip


def test_drip_opens_days_after_the_purchase_or_on_a_date():
    bought = datetime(2026, 3, 1, 15, 0, tzinfo=UTC)
    assert opens_at(bought, None, None) is None and opens_at(bought, 0, None) is None
    assert opens_at(bought, 7, None) == bought + timedelta(days=7)
    assert opens_at(bought, None, date(2026, 4, 1)) == datetime(2026, 4, 1, tzinfo=UTC)
    week = opens_at(bought, 7, None)
    assert (
        lesson_status(hidden=False, opens=week, now=bought, viewed=False, finished=False)
        == LessonStatus.pending
    )
    after = bought + timedelta(days=8)
    assert (
        lesson_status(hidden=False, opens=week, now=after, viewed=True, finished=False) == LessonStatus.viewed
    )
    assert (
        lesson_status(hidden=False, opens=None, now=after, viewed=True, finished=True)
        == LessonStatus.finished
    )
    assert lesson_status(hidden=True, opens=None, now=after, viewed=True, finished=True) == (
        LessonStatus.not_for_publish
    )


def test_course_access_follows_the_order():
    base = {"paid": True, "granted": True, "revoked": False, "suspended": False, "refunded": False}
    assert course_access(**base) == (CourseAccess.published, None)
    assert course_access(**{**base, "granted": False}) == (CourseAccess.publishing, None)
    assert course_access(**{**base, "paid": False, "granted": False}) == (CourseAccess.publish_pending, None)
    assert course_access(**{**base, "suspended": True}) == (
        CourseAccess.publish_paused, PaymentCourseState.payment_paused
    )  # fmt: skip
    assert (
        course_access(**{**base, "revoked": True, "refunded": True})[1] == PaymentCourseState.payment_refunded
    )
    assert course_access(**{**base, "revoked": True})[1] == PaymentCourseState.payment_canceled
    assert progress_percent(1, 3) == 33 and progress_percent(0, 0) == 0
