"""`/v1/cabinet/products/{id}/course` and `/v1/cabinet/courses/*`: a course's content (chapters and lessons as a
tree, their blocks, quiz and drip) and the seller's course tabs. Scoped to the caller's seller."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Query, Response, UploadFile

from api.deps import DB, CurrentSeller
from api.presenters.courses import item_out, tree_out
from api.schemas.catalog import MAX_UPLOAD_BYTES
from api.schemas.courses import (
    CourseFileOut,
    CourseOverview,
    CourseStatsOut,
    CourseTree,
    ItemIn,
    ItemOut,
    ItemPatch,
    LessonStatusList,
    LessonStatusOut,
    QuizAttemptList,
    QuizAttemptOut,
    SessionList,
    SessionOut,
    TreeIn,
)
from api.schemas.fields import Id
from domain.courses import LessonStatus, progress_percent
from services import courses
from store.courses.actions import (
    item_added,
    item_of,
    item_removed,
    tree_reordered,
)
from store.courses.queries import (
    course_overview,
    lesson_statuses_listed,
    quiz_attempts_listed,
    sessions_listed,
)

router = APIRouter()
Page = Annotated[int, Query(ge=1, le=100_000)]
Per = Annotated[int, Query(ge=1, le=200)]


@router.get("/products/{product_id}/course", response_model=CourseTree)
async def get_course(product_id: Id, seller: CurrentSeller, s: DB) -> CourseTree:
    return await tree_out(s, await courses.seller_course(s, seller.id, product_id))


@router.post("/products/{product_id}/course/items", response_model=ItemOut, status_code=201)
async def add_item(product_id: Id, body: ItemIn, seller: CurrentSeller, s: DB) -> ItemOut:
    product = await courses.seller_course(s, seller.id, product_id)
    return item_out(await item_added(s, product, body.kind, body.title.strip(), body.parent_id))


@router.patch("/products/{product_id}/course/items/{item_id}", response_model=ItemOut)
async def change_item(product_id: Id, item_id: Id, body: ItemPatch, seller: CurrentSeller, s: DB) -> ItemOut:
    changes = body.model_dump(exclude_unset=True, mode="json")
    if "drip_date" in changes:
        changes["drip_date"] = body.drip_date  # a date, not its JSON text
    return item_out(await courses.item_edited(s, seller.id, product_id, item_id, changes))


@router.delete("/products/{product_id}/course/items/{item_id}", status_code=204)
async def remove_item(product_id: Id, item_id: Id, seller: CurrentSeller, s: DB) -> Response:
    product = await courses.seller_course(s, seller.id, product_id)
    await item_removed(s, await item_of(s, product, item_id))
    return Response(status_code=204)


@router.put("/products/{product_id}/course/tree", response_model=CourseTree)
async def reorder_course(product_id: Id, body: TreeIn, seller: CurrentSeller, s: DB) -> CourseTree:
    """Drag-and-drop: every item with its parent, in the new order. Items of another course are refused."""
    product = await courses.seller_course(s, seller.id, product_id)
    await tree_reordered(s, product, [(n.id, n.parent_id) for n in body.items])
    return await tree_out(s, product)


@router.post("/products/{product_id}/course/files", response_model=CourseFileOut, status_code=201)
async def upload_course_file(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> CourseFileOut:
    data = await file.read(MAX_UPLOAD_BYTES + 1)
    row = await courses.course_file_uploaded(
        s, seller.id, product_id, data, file.filename, file.content_type, MAX_UPLOAD_BYTES
    )
    return CourseFileOut(id=row.id, file_name=row.file_name, content_type=row.content_type, size=row.size)


@router.get("/courses/overview", response_model=CourseOverview)
async def courses_overview(seller: CurrentSeller, s: DB) -> CourseOverview:
    return CourseOverview(
        courses=[
            CourseStatsOut(
                product_id=c.product_id,
                name=c.name,
                lessons=c.lessons,
                students=c.students,
                finished_lessons=c.finished_lessons,
                average_progress_percent=progress_percent(c.finished_lessons, c.lessons * c.students),
                quiz_attempts=c.quiz_attempts,
                passed_attempts=c.passed_attempts,
            )
            for c in await course_overview(s, seller.id)
        ]
    )


@router.get("/courses/sessions", response_model=SessionList)
async def course_sessions(seller: CurrentSeller, s: DB, page: Page = 1, per: Per = 50) -> SessionList:
    rows, total = await sessions_listed(s, seller.id, page, per)
    return SessionList(
        list=[
            SessionOut(
                id=x.id,
                payer_email=email,
                course=name,
                day=x.day,
                started_at=x.started_at,
                last_seen_at=x.last_seen_at,
                views=x.views,
            )
            for x, email, name in rows
        ],
        total_count=total,
    )


@router.get("/courses/lesson_statuses", response_model=LessonStatusList)
async def lesson_statuses(seller: CurrentSeller, s: DB, page: Page = 1, per: Per = 50) -> LessonStatusList:
    rows, total = await lesson_statuses_listed(s, seller.id, page, per)
    return LessonStatusList(
        list=[
            LessonStatusOut(
                id=x.id,
                payer_email=email,
                course=name,
                lesson=title,
                status=LessonStatus.finished if x.finished_at else LessonStatus.viewed,
                viewed_at=x.viewed_at,
                finished_at=x.finished_at,
            )
            for x, email, name, title in rows
        ],
        total_count=total,
    )


@router.get("/courses/quiz_attempts", response_model=QuizAttemptList)
async def quiz_attempts(seller: CurrentSeller, s: DB, page: Page = 1, per: Per = 50) -> QuizAttemptList:
    rows, total = await quiz_attempts_listed(s, seller.id, page, per)
    return QuizAttemptList(
        list=[
            QuizAttemptOut(
                id=x.id,
                payer_email=email,
                course=name,
                lesson=title,
                number=x.number,
                score=x.score,
                max_score=x.max_score,
                passed=x.passed,
                created_at=x.created_at,
            )
            for x, email, name, title in rows
        ],
        total_count=total,
    )
