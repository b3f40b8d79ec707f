"""`/v1/payer/s/{seller}`: the payer area (what the signed-in payer bought from one seller) and the course player.
Scoped to the signed-in user's email: a payer sees only orders placed with that address."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse

from api.deps import DB, CurrentUser
from api.files import stored_file
from api.presenters.courses import quiz_out
from api.schemas.courses import (
    AnswersIn,
    AttemptOut,
    CommentIn,
    CommentOut,
    CourseOut,
    LessonOut,
    LessonRow,
    PayerArea,
    PayerShops,
    PurchaseOut,
)
from api.schemas.fields import Id
from api.schemas.shop import IncludedDelivery
from core.settings import get_settings
from domain.catalog.bundles import PARENT_FORMS
from domain.catalog.products import ProductForm
from domain.courses import (
    QUIZ_ATTEMPTS_MAX,
    ItemKind,
    LessonStatus,
    lesson_status,
    opens_at,
    progress_percent,
)
from domain.errors import DomainError, ErrorCode
from domain.limits import USERNAME_MAX
from providers.storage.local import storage
from store.catalog.certificates import certificates_due_for_course
from store.courses.actions import (
    comment_added,
    course_items,
    lesson_finished,
    lesson_viewed,
    quiz_attempted,
    seller_files,
    session_touched,
)
from store.courses.models import CourseItem
from store.courses.queries import (
    Marks,
    Purchase,
    comments_of,
    course_purchase,
    marks_of,
    purchases_of,
    seller_by_username,
    sellers_bought_from,
)
from store.orders.delivery import delivered_of

router = APIRouter(prefix="/v1/payer", tags=["payer"])
Seller = Annotated[str, Path(min_length=1, max_length=USERNAME_MAX)]


def _status(item: CourseItem, p: Purchase, marks: Marks, now: datetime) -> LessonStatus:
    return lesson_status(
        hidden=item.hidden,
        opens=opens_at(p.access_from, item.drip_days, item.drip_date),
        now=now,
        viewed=item.id in marks.viewed,
        finished=item.id in marks.finished,
    )


def _lessons(items: list[CourseItem]) -> list[CourseItem]:
    """The lessons a payer can see, in course order."""
    return [x for x in items if x.kind == ItemKind.lesson and not x.hidden]


@router.get("/sellers", response_model=PayerShops)
async def payer_shops(user: CurrentUser, s: DB) -> PayerShops:
    """The shops the signed-in payer bought from: each has its own payer area."""
    return PayerShops(usernames=await sellers_bought_from(s, user.email))


@router.get("/s/{seller}", response_model=PayerArea)
async def payer_area(seller: Seller, user: CurrentUser, s: DB) -> PayerArea:
    found = await seller_by_username(s, seller)
    purchases = await purchases_of(s, user.email, found.id)
    base = get_settings().public_url
    out = []
    for p in purchases:
        access, why = p.access_state
        progress = None
        if p.product.form == ProductForm.course:
            items = _lessons(await course_items(s, p.product.id))
            marks = await marks_of(s, p.order.id)
            progress = progress_percent(sum(1 for x in items if x.id in marks.finished), len(items))
        included: list[IncludedDelivery] = []
        delivered = (
            await delivered_of(s, p.order)
            if p.is_open and p.product.form in (*PARENT_FORMS, ProductForm.event, ProductForm.certificate)
            else None
        )
        if p.product.form in PARENT_FORMS and p.is_open:
            included = [
                IncludedDelivery(
                    product_id=x.product_id,
                    name=x.name,
                    form=x.form,
                    download_url=f"{base}{x.download_path}" if x.download_path else None,
                    delivery_link=x.link,
                    delivery_text=x.text,
                    course_url=x.course_path,
                )
                for x in (delivered.items if delivered else ())
            ]
        out.append(
            PurchaseOut(
                order_token=p.order.token,
                product_id=p.product.id,
                product_name=p.order.product_name,
                form=p.product.form,
                bought_at=p.order.paid_at or p.order.created_at,
                payment_state=p.order.payment_state,
                access=access,
                closed_because=why,
                progress_percent=progress,
                download_url=(
                    f"{base}/v1/shop/downloads/{p.access.token}"
                    if p.is_open and p.access is not None and p.access.file_id
                    else None
                ),
                thank_you_url=f"/s/{seller}/{p.product.slug}/thank_you/{p.order.token}",
                items=included,
                ticket_url=delivered.ticket_path if delivered else None,
                certificate_url=delivered.certificate_path if delivered else None,
                certificate_pending=bool(delivered and delivered.certificate_pending),
            )
        )
    return PayerArea(seller_username=seller, email=user.email, purchases=out)


async def _open_course(s: DB, seller: str, user_email: str, course_id: int) -> Purchase:
    found = await seller_by_username(s, seller)
    p = await course_purchase(s, user_email, found.id, course_id)
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


@router.get("/s/{seller}/courses/{course_id}", response_model=CourseOut)
async def payer_course(seller: Seller, course_id: Id, user: CurrentUser, s: DB) -> CourseOut:
    """The course outline: every lesson with its status for this payer, drip dates and progress. A closed
    access still shows the outline, with why it is closed."""
    p = await _open_course(s, seller, user.email, course_id)
    items = [x for x in await course_items(s, course_id) if not x.hidden]
    marks = await marks_of(s, p.order.id)
    now = datetime.now(UTC)
    lessons = [x for x in items if x.kind == ItemKind.lesson]
    finished = sum(1 for x in lessons if x.id in marks.finished)
    access, why = p.access_state
    return CourseOut(
        product_id=p.product.id,
        name=p.product.name,
        description=p.product.description,
        access=access,
        closed_because=why,
        progress_percent=progress_percent(finished, len(lessons)),
        lessons_count=len(lessons),
        finished_count=finished,
        items=[
            LessonRow(
                id=x.id,
                parent_id=x.parent_id,
                kind=x.kind,
                title=x.title,
                status=_status(x, p, marks, now) if x.kind == ItemKind.lesson else None,
                opens_at=opens_at(p.access_from, x.drip_days, x.drip_date)
                if x.kind == ItemKind.lesson
                else None,
                has_quiz=bool(x.quiz),
            )
            for x in items
        ],
    )


async def _lesson(
    s: DB, seller: str, email: str, course_id: int, lesson_id: int
) -> tuple[Purchase, CourseItem, list]:
    """The lesson, if the payer's access is open and the lesson is open to them (not hidden, dripped in)."""
    p = await _open_course(s, seller, email, course_id)
    if not p.is_open:
        raise _closed(p)
    lessons = _lessons(await course_items(s, course_id))
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
    return p, item, lessons


async def _lesson_out(s: DB, p: Purchase, item: CourseItem, lessons: list[CourseItem]) -> LessonOut:
    marks = await marks_of(s, p.order.id)
    attempts = marks.attempts.get(item.id, [])
    at = lessons.index(item)
    passed = any(a.passed for a in attempts)
    return LessonOut(
        id=item.id,
        title=item.title,
        status=_status(item, p, marks, datetime.now(UTC)),
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


@router.get("/s/{seller}/courses/{course_id}/lessons/{lesson_id}", response_model=LessonOut)
async def payer_lesson(seller: Seller, course_id: Id, lesson_id: Id, user: CurrentUser, s: DB) -> LessonOut:
    """A lesson's content; opening it marks it viewed and counts in the day's session."""
    p, item, lessons = await _lesson(s, seller, user.email, course_id, lesson_id)
    await lesson_viewed(s, p.order, item)
    await session_touched(s, p.order)
    return await _lesson_out(s, p, item, lessons)


@router.post("/s/{seller}/courses/{course_id}/lessons/{lesson_id}/finish", response_model=LessonOut)
async def finish_lesson(seller: Seller, course_id: Id, lesson_id: Id, user: CurrentUser, s: DB) -> LessonOut:
    """Marks a lesson finished; a lesson with a quiz finishes when its quiz is passed (409 before)."""
    p, item, lessons = await _lesson(s, seller, user.email, course_id, lesson_id)
    if item.quiz:
        raise DomainError(ErrorCode.CONFLICT, "Pass this lesson's quiz to finish it.", reason="quiz_required")
    await lesson_finished(s, p.order, item)
    await certificates_due_for_course(s, user.email, p.order.seller_id, course_id)
    return await _lesson_out(s, p, item, lessons)


@router.post(
    "/s/{seller}/courses/{course_id}/lessons/{lesson_id}/quiz_attempts",
    response_model=AttemptOut,
    status_code=201,
)
async def attempt_quiz(
    seller: Seller, course_id: Id, lesson_id: Id, body: AnswersIn, user: CurrentUser, s: DB
) -> AttemptOut:
    """An attempt at the lesson's quiz, rated at once (automatic rating): which questions were right, and whether
    it passed. A pass finishes the lesson; no attempt after a pass or past the last one (409)."""
    p, item, _ = await _lesson(s, seller, user.email, course_id, lesson_id)
    attempt, rating = await quiz_attempted(s, p.order, item, body.answers)
    if rating.passed:
        await certificates_due_for_course(s, user.email, p.order.seller_id, course_id)
    return AttemptOut(
        number=attempt.number,
        score=attempt.score,
        max_score=attempt.max_score,
        passed=attempt.passed,
        correct=list(rating.correct),
        created_at=attempt.created_at,
    )


@router.post(
    "/s/{seller}/courses/{course_id}/lessons/{lesson_id}/comments", response_model=CommentOut, status_code=201
)
async def add_lesson_comment(
    seller: Seller, course_id: Id, lesson_id: Id, body: CommentIn, user: CurrentUser, s: DB
) -> CommentOut:
    p, item, _ = await _lesson(s, seller, user.email, course_id, lesson_id)
    text = body.body.strip()
    if not text:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"body": "required"})
    c = await comment_added(s, p.order, item, text)
    return CommentOut(id=c.id, author=c.author, body=c.body, created_at=c.created_at)


@router.get("/s/{seller}/courses/{course_id}/lessons/{lesson_id}/files/{file_id}")
async def lesson_file(
    seller: Seller, course_id: Id, lesson_id: Id, file_id: Id, user: CurrentUser, s: DB
) -> FileResponse:
    """A file or PDF of an open lesson's blocks."""
    p, item, _ = await _lesson(s, seller, user.email, course_id, lesson_id)
    named = {b["file_id"] for b in item.blocks if b.get("type") in ("file", "pdf")}
    files = await seller_files(s, p.order.seller_id, named & {file_id})
    f = files.get(file_id)
    if f is None:
        raise DomainError(ErrorCode.NOT_FOUND, "This file is not part of this lesson.")
    return stored_file(storage().path(f.storage_key), f.file_name, f.content_type)
