"""A course's answers shared by the seller's editor and the payer's player: a quiz with or without its answers."""

from __future__ import annotations

from api.schemas.courses import (
    QuestionOut,
    QuizOut,
)


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
