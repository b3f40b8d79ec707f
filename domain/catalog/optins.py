"""Opt-in questions (editor "Other vocabularies": checkbox, open question, service, select box): what a seller asks
a buyer at checkout, and whether the answers fit. Pure rules."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any


class OptInType(StrEnum):
    checkbox = "checkbox"  # a yes the buyer ticks (consent, a newsletter)
    open_question = "open_question"  # a free text
    service = "service"  # an extra the buyer chooses (e.g. a parking place): a tick, named as a service
    select_box = "select_box"  # one of the seller's options


QUESTIONS_MAX = 10  # per product (not shown; docs/DECISIONS.md)
LABEL_MAX = 300
ANSWER_MAX = 1000
OPTIONS_MAX = 20
OPTION_MAX = 100


def answer_problem(question: Mapping[str, Any], answer: object) -> str | None:
    """Why an answer does not fit its question (None: it does). A missing answer to a required question is
    `required`; a required checkbox must be ticked."""
    kind = question["type"]
    required = bool(question.get("required"))
    if answer is None or answer == "" or answer is False:
        return "required" if required else None
    if kind in (OptInType.checkbox, OptInType.service):
        return None if answer is True else "invalid"
    if not isinstance(answer, str):
        return "invalid"
    if kind == OptInType.open_question:
        return "too_long" if len(answer) > ANSWER_MAX else None
    return None if answer in question.get("options", []) else "invalid"


def answers_problems(questions: list[Mapping[str, Any]], answers: Mapping[str, object]) -> dict[str, str]:
    """Every question's problem, by its id; an answer to no question is refused too."""
    known = {q["id"] for q in questions}
    problems = {k: "unknown_question" for k in answers if k not in known}
    for q in questions:
        if problem := answer_problem(q, answers.get(q["id"])):
            problems[q["id"]] = problem
    return problems
