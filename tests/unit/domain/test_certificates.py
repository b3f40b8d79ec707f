"""Certificate rules: a number as typed reads back, and a course is finished only when every lesson is."""

from domain.catalog.certificates import course_finished, new_number, typed_number


def test_a_number_reads_back_however_it_is_typed():
    n = new_number()
    assert n.startswith("C-") and len(n) == 13
    assert typed_number(n) == n and typed_number(n.replace("-", "").lower()) == n
    for bad in ("", "C-", "X-ABCDE-23456", "C-ABCDE-2345O", "C-ABCDE-234567"):
        assert typed_number(bad) is None, bad


def test_a_course_is_finished_when_every_visible_lesson_is():
    assert course_finished({1, 2}, {1, 2, 3})
    assert not course_finished({1, 2}, {1})
    assert not course_finished(set(), {1})  # a course without lessons is never finished
