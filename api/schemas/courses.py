"""Courses: the seller's tree of chapters and lessons with their blocks and quiz; the payer's course player."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, model_validator

from api.schemas.shop import IncludedDelivery
from domain.catalog.products import ProductForm
from domain.courses import (
    BLOCK_TEXT_MAX,
    BLOCKS_MAX,
    COMMENT_MAX,
    COURSE_ITEMS_MAX,
    DRIP_DAYS_MAX,
    MEDIA_SHAPE,
    OPTION_MAX,
    OPTIONS_MAX,
    QUESTION_MAX,
    QUESTIONS_MAX,
    TITLE_MAX,
    TITLE_MIN,
    CourseAccess,
    ItemKind,
    LessonStatus,
    PaymentCourseState,
)
from domain.limits import ID_MAX, URL_MAX
from domain.listing import ListAnswer

ItemId = Annotated[int, Strict(), Field(ge=1, le=ID_MAX)]
Title = Annotated[str, Field(min_length=TITLE_MIN, max_length=TITLE_MAX)]


class TextBlock(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["text"]
    text: str = Field(max_length=BLOCK_TEXT_MAX)


class MediaBlock(BaseModel):
    """A video or an audio by its https link (a file the browser plays, or a player page)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["video", "audio"]
    url: str = Field(max_length=URL_MAX, pattern=MEDIA_SHAPE)
    title: str = Field("", max_length=TITLE_MAX)


class FileBlock(BaseModel):
    """A file or a PDF uploaded to the course (`POST …/course/files`), downloaded by payers with access."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["file", "pdf"]
    file_id: ItemId
    title: str = Field("", max_length=TITLE_MAX)


Block = Annotated[TextBlock | MediaBlock | FileBlock, Field(discriminator="type")]


class QuestionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=QUESTION_MAX)
    options: list[Annotated[str, Field(min_length=1, max_length=OPTION_MAX)]] = Field(
        min_length=2, max_length=OPTIONS_MAX
    )
    correct: list[Annotated[int, Strict(), Field(ge=0, le=OPTIONS_MAX - 1)]] = Field(
        min_length=1, max_length=OPTIONS_MAX, description="the indices of the right options"
    )

    @model_validator(mode="after")
    def _correct_in_options(self) -> QuestionIn:
        if any(i >= len(self.options) for i in self.correct) or len(set(self.correct)) != len(self.correct):
            raise ValueError("every right answer must be one of the options, once")
        return self


class QuizIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    questions: list[QuestionIn] = Field(min_length=1, max_length=QUESTIONS_MAX)
    pass_percent: Annotated[int, Strict(), Field(ge=1, le=100)] = 100


class ItemIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: ItemKind
    title: Title
    parent_id: ItemId | None = None


class ItemPatch(BaseModel):
    """A lesson's content (a chapter takes only a title and `hidden`). `quiz: null` removes the quiz; a drip of
    days or a date opens the lesson later (0 or null: open at once)."""

    model_config = ConfigDict(extra="forbid")
    title: Title | None = None
    blocks: list[Block] | None = Field(None, max_length=BLOCKS_MAX)
    quiz: QuizIn | None = None
    drip_days: Annotated[int, Strict(), Field(ge=0, le=DRIP_DAYS_MAX)] | None = None
    drip_date: date | None = None
    hidden: bool | None = None
    comments_enabled: bool | None = None


class TreeNodeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: ItemId
    parent_id: ItemId | None = None


class TreeIn(BaseModel):
    """Every item of the course with its parent, in the new order (editor §3 Tree items)."""

    model_config = ConfigDict(extra="forbid")
    items: list[TreeNodeIn] = Field(max_length=COURSE_ITEMS_MAX)


class QuestionOut(BaseModel):
    text: str
    options: list[str]
    correct: list[int] | None = None  # the seller sees the right answers; a payer never does


class QuizOut(BaseModel):
    questions: list[QuestionOut]
    pass_percent: int


class ItemOut(BaseModel):
    id: int
    parent_id: int | None
    kind: ItemKind
    position: int
    title: str
    blocks: list[Block]
    quiz: QuizOut | None
    drip_days: int | None
    drip_date: date | None
    hidden: bool
    comments_enabled: bool


class CourseTree(BaseModel):
    items: list[ItemOut]
    lessons_count: int
    items_max: int = COURSE_ITEMS_MAX


class CourseFileOut(BaseModel):
    id: int
    file_name: str
    content_type: str
    size: int


# The payer's side.


class PurchaseOut(BaseModel):
    order_token: str
    product_id: int
    product_name: str
    form: ProductForm
    bought_at: datetime
    payment_state: str
    access: CourseAccess
    closed_because: PaymentCourseState | None
    progress_percent: int | None  # a course's finished share of lessons
    download_url: str | None
    thank_you_url: str
    items: list[IncludedDelivery] = []  # a membership or bundle: each included product, while open
    ticket_url: str | None = None  # an event: the payment ticket's page
    certificate_url: str | None = None  # a certificate, once issued
    certificate_pending: bool = False  # a certificate waiting for its course to be finished


class PayerShops(BaseModel):
    usernames: list[str]


class PayerArea(BaseModel):
    seller_username: str
    email: str
    purchases: list[PurchaseOut]


class LessonRow(BaseModel):
    id: int
    parent_id: int | None
    kind: ItemKind
    title: str
    status: LessonStatus | None  # None for a chapter
    opens_at: datetime | None
    has_quiz: bool


class CourseOut(BaseModel):
    product_id: int
    name: str
    description: str
    access: CourseAccess
    closed_because: PaymentCourseState | None
    progress_percent: int
    lessons_count: int
    finished_count: int
    items: list[LessonRow]


class AttemptOut(BaseModel):
    number: int
    score: int
    max_score: int
    passed: bool
    correct: list[bool] | None = None
    created_at: datetime


class CommentOut(BaseModel):
    id: int
    author: str
    body: str
    created_at: datetime


class LessonOut(BaseModel):
    id: int
    title: str
    status: LessonStatus
    blocks: list[Block]
    quiz: QuizOut | None
    attempts: list[AttemptOut]
    attempts_left: int
    comments_enabled: bool
    comments: list[CommentOut]
    previous_id: int | None
    next_id: int | None


class AnswersIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answers: list[
        Annotated[
            list[Annotated[int, Strict(), Field(ge=0, le=OPTIONS_MAX - 1)]], Field(max_length=OPTIONS_MAX)
        ]
    ] = Field(max_length=QUESTIONS_MAX)


class CommentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    body: str = Field(min_length=1, max_length=COMMENT_MAX)


# The seller's course tabs.


class CourseStatsOut(BaseModel):
    product_id: int
    name: str
    lessons: int
    students: int
    finished_lessons: int
    average_progress_percent: int
    quiz_attempts: int
    passed_attempts: int


class CourseOverview(BaseModel):
    courses: list[CourseStatsOut]


class SessionOut(BaseModel):
    id: int
    payer_email: str
    course: str
    day: date
    started_at: datetime
    last_seen_at: datetime
    views: int


class LessonStatusOut(BaseModel):
    id: int
    payer_email: str
    course: str
    lesson: str
    status: LessonStatus
    viewed_at: datetime
    finished_at: datetime | None


class QuizAttemptOut(BaseModel):
    id: int
    payer_email: str
    course: str
    lesson: str
    number: int
    score: int
    max_score: int
    passed: bool
    created_at: datetime


class SessionList(ListAnswer[SessionOut]):
    pass


class LessonStatusList(ListAnswer[LessonStatusOut]):
    pass


class QuizAttemptList(ListAnswer[QuizAttemptOut]):
    pass
