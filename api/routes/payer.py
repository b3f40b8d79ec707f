"""`/v1/payer/s/{seller}`: the payer area (what the signed-in payer bought from one seller) and the course player.
Scoped to the signed-in user's email: a payer sees only orders placed with that address."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse

from api.deps import DB, CurrentUser
from api.files import stored_file
from api.presenters.courses import lesson_out
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
    ItemKind,
    opens_at,
    progress_percent,
)
from domain.limits import USERNAME_MAX
from providers.storage.local import storage
from services import course_player
from services.course_player import status_of, visible_lessons
from store.courses.actions import (
    course_items,
)
from store.courses.queries import (
    marks_of,
    purchases_of,
    seller_by_username,
    sellers_bought_from,
)
from store.orders.delivery import delivered_of

router = APIRouter(prefix="/v1/payer", tags=["payer"])
Seller = Annotated[str, Path(min_length=1, max_length=USERNAME_MAX)]


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
            items = visible_lessons(await course_items(s, p.product.id))
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


@router.get("/s/{seller}/courses/{course_id}", response_model=CourseOut)
async def payer_course(seller: Seller, course_id: Id, user: CurrentUser, s: DB) -> CourseOut:
    """The course outline: every lesson with its status for this payer, drip dates and progress. A closed
    access still shows the outline, with why it is closed."""
    p = await course_player.bought_course(s, seller, user.email, course_id)
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
                status=status_of(x, p, marks, now) if x.kind == ItemKind.lesson else None,
                opens_at=opens_at(p.access_from, x.drip_days, x.drip_date)
                if x.kind == ItemKind.lesson
                else None,
                has_quiz=bool(x.quiz),
            )
            for x in items
        ],
    )


@router.get("/s/{seller}/courses/{course_id}/lessons/{lesson_id}", response_model=LessonOut)
async def payer_lesson(seller: Seller, course_id: Id, lesson_id: Id, user: CurrentUser, s: DB) -> LessonOut:
    """A lesson's content; opening it marks it viewed and counts in the day's session."""
    return await lesson_out(s, await course_player.lesson_seen(s, seller, user.email, course_id, lesson_id))


@router.post("/s/{seller}/courses/{course_id}/lessons/{lesson_id}/finish", response_model=LessonOut)
async def finish_lesson(seller: Seller, course_id: Id, lesson_id: Id, user: CurrentUser, s: DB) -> LessonOut:
    """Marks a lesson finished; a lesson with a quiz finishes when its quiz is passed (409 before)."""
    return await lesson_out(s, await course_player.lesson_done(s, seller, user.email, course_id, lesson_id))


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
    attempt, rating = await course_player.quiz_tried(
        s, seller, user.email, course_id, lesson_id, body.answers
    )
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
    c = await course_player.comment_left(s, seller, user.email, course_id, lesson_id, body.body)
    return CommentOut(id=c.id, author=c.author, body=c.body, created_at=c.created_at)


@router.get("/s/{seller}/courses/{course_id}/lessons/{lesson_id}/files/{file_id}")
async def lesson_file(
    seller: Seller, course_id: Id, lesson_id: Id, file_id: Id, user: CurrentUser, s: DB
) -> FileResponse:
    """A file or PDF of an open lesson's blocks."""
    f = await course_player.lesson_file(s, seller, user.email, course_id, lesson_id, file_id)
    return stored_file(storage().path(f.storage_key), f.file_name, f.content_type)
