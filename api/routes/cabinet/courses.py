"""`/v1/cabinet/products/{id}/course` and `/v1/cabinet/courses/*`: a course's content (chapters and lessons as a
tree, their blocks, quiz and drip) and the seller's course tabs. Scoped to the caller's seller."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Query, Response, UploadFile

from api.deps import DB, CurrentSeller
from api.presenters.courses import quiz_out
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
from domain.catalog.products import ProductForm
from domain.courses import ItemKind, LessonStatus, progress_percent
from domain.errors import DomainError, ErrorCode
from domain.limits import CONTENT_TYPE_MAX, FILE_NAME_MAX
from providers.storage.local import storage
from store.catalog.models import Product
from store.catalog.queries import product_of
from store.courses.actions import (
    course_file_stored,
    course_items,
    item_added,
    item_changed,
    item_of,
    item_removed,
    seller_files,
    tree_reordered,
)
from store.courses.models import CourseItem
from store.courses.queries import (
    course_overview,
    lesson_statuses_listed,
    quiz_attempts_listed,
    sessions_listed,
)

router = APIRouter()
Page = Annotated[int, Query(ge=1, le=100_000)]
Per = Annotated[int, Query(ge=1, le=200)]


async def course_of(s: DB, seller_id: int, product_id: int) -> Product:
    product = (await product_of(s, seller_id, product_id)).product
    if product.form != ProductForm.course:
        raise DomainError(ErrorCode.NOT_FOUND, "This product is not a course.")
    return product


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


@router.get("/products/{product_id}/course", response_model=CourseTree)
async def get_course(product_id: Id, seller: CurrentSeller, s: DB) -> CourseTree:
    return await tree_out(s, await course_of(s, seller.id, product_id))


@router.post("/products/{product_id}/course/items", response_model=ItemOut, status_code=201)
async def add_item(product_id: Id, body: ItemIn, seller: CurrentSeller, s: DB) -> ItemOut:
    product = await course_of(s, seller.id, product_id)
    return item_out(await item_added(s, product, body.kind, body.title.strip(), body.parent_id))


@router.patch("/products/{product_id}/course/items/{item_id}", response_model=ItemOut)
async def change_item(product_id: Id, item_id: Id, body: ItemPatch, seller: CurrentSeller, s: DB) -> ItemOut:
    product = await course_of(s, seller.id, product_id)
    item = await item_of(s, product, item_id)
    changes = body.model_dump(exclude_unset=True, mode="json")
    for key in ("title", "hidden", "comments_enabled", "blocks"):
        if key in changes and changes[key] is None:
            del changes[key]  # null leaves these as they are; `quiz` and the drip clear with null
    if "title" in changes:
        changes["title"] = changes["title"].strip()
    if "drip_date" in changes:
        changes["drip_date"] = body.drip_date
    if changes.get("blocks"):
        wanted = {b["file_id"] for b in changes["blocks"] if b["type"] in ("file", "pdf")}
        if wanted - set(await seller_files(s, seller.id, wanted)):
            raise DomainError(
                ErrorCode.INVALID_INPUT, "This file does not exist.", {"blocks": "unknown_file"}
            )
    await item_changed(s, item, changes)
    return item_out(item)


@router.delete("/products/{product_id}/course/items/{item_id}", status_code=204)
async def remove_item(product_id: Id, item_id: Id, seller: CurrentSeller, s: DB) -> Response:
    product = await course_of(s, seller.id, product_id)
    await item_removed(s, await item_of(s, product, item_id))
    return Response(status_code=204)


@router.put("/products/{product_id}/course/tree", response_model=CourseTree)
async def reorder_course(product_id: Id, body: TreeIn, seller: CurrentSeller, s: DB) -> CourseTree:
    """Drag-and-drop: every item with its parent, in the new order. Items of another course are refused."""
    product = await course_of(s, seller.id, product_id)
    await tree_reordered(s, product, [(n.id, n.parent_id) for n in body.items])
    return await tree_out(s, product)


@router.post("/products/{product_id}/course/files", response_model=CourseFileOut, status_code=201)
async def upload_course_file(
    product_id: Id, seller: CurrentSeller, s: DB, file: Annotated[UploadFile, File()]
) -> CourseFileOut:
    product = await course_of(s, seller.id, product_id)
    data = await file.read(MAX_UPLOAD_BYTES + 1)
    if not data:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"file": "required"})
    if len(data) > MAX_UPLOAD_BYTES:
        raise DomainError(ErrorCode.INVALID_INPUT, fields={"file": "too big"})
    name = (file.filename or "").rsplit("/", 1)[-1].replace("\x00", "")[:FILE_NAME_MAX] or "file"
    ctype = (file.content_type or "application/octet-stream")[:CONTENT_TYPE_MAX]
    if "/" not in ctype or any(c in ctype for c in "\r\n"):
        ctype = "application/octet-stream"
    key, sha = storage().put(data)
    row = await course_file_stored(
        s, product, storage_key=key, file_name=name, content_type=ctype, size=len(data), sha256=sha
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
