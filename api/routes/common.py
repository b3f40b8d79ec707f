"""`/v1/common` and health."""

from __future__ import annotations

from typing import Annotated, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, BackgroundTasks
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from api.deps import DB, CurrentUser, IdempotencyKey, Temporal
from api.schemas.common import AppConfig, Health, Readiness
from api.schemas.fields import Id
from core.settings import get_settings
from core.temporal import temporal_answers
from domain.affiliates.affiliates import CommissionMode, Duration, NodeState, ProgramForm, landing_text
from domain.builder.tracking import ConsentCategory
from domain.keys import support_mail_key
from domain.limits import ID_MAX
from domain.mail import MailTemplate, OutgoingMail
from handles.checkout import send_mail
from services.affiliates import program_joined
from store.accounts.queries import display_name
from store.affiliates.programs import public_program
from store.db import database_answers

router = APIRouter(tags=["common"])


@router.get("/v1/common/config", response_model=AppConfig)
async def get_config() -> AppConfig:
    s = get_settings()
    return AppConfig(
        stripe_publishable_key=s.stripe_publishable_key,
        stripe_js_url=s.stripe_js_url,
        temporal_ui_url=s.temporal_ui_url,
        mail_ui_url=s.mail_ui_url,
        languages=["en", "de"],
        app_hosts=app_hosts(s.public_url, s.app_hosts),
    )


def app_hosts(public_url: str, extra: str) -> list[str]:
    """The public URL's hostname, then the extra ones (lower case, no port, no duplicates)."""
    hosts = [urlsplit(public_url).hostname or "", *extra.split(",")]
    out: list[str] = []
    for h in (x.strip().lower().rstrip(".") for x in hosts):
        if h and h not in out:
            out.append(h)
    return out


class ConsentCategories(BaseModel):
    list: list[ConsentCategory]


@router.get("/v1/common/cookies_consent_categories", response_model=ConsentCategories)
async def cookies_consent_categories() -> ConsentCategories:
    """The cookie consent categories a shop's banner offers (core §7); `necessary` is always on."""
    return ConsentCategories(list=list(ConsentCategory))


@router.get("/v1/health", response_model=Health)
async def get_health() -> Health:
    """Liveness: the process answers (the orchestrator restarts it when this stops)."""
    return Health(ok=True)


@router.get("/v1/health/ready", response_model=Readiness, responses={503: {"model": Readiness}})
async def get_readiness(client: Temporal) -> JSONResponse:
    """Readiness: PostgreSQL and Temporal answer, so this replica may take requests (503 otherwise: the load
    balancer sends them to another replica meanwhile)."""
    database, temporal = await database_answers(), await temporal_answers(client)
    ready = Readiness(ok=database and temporal, database=database, temporal=temporal)
    return JSONResponse(ready.model_dump(), status_code=200 if ready.ok else 503)


class PublicProgram(BaseModel):
    """A program as a publisher sees it before joining (core §7 `GET /common/affiliate_programs/{id}`)."""

    id: int
    name: str
    shop: str  # the seller's username
    cookies_expire: int
    type: CommissionMode
    commission_bp: int
    lifetime: Duration
    lifetime_duration: int
    bonus: int
    landing: str | None  # the landing text with its placeholders filled (none: the seller turned it off)
    marketplace: bool


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    from_landing_page: Annotated[bool, Strict()] = False
    referrer_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)] | None = None  # the publisher who invited


class Joined(BaseModel):
    node_id: int
    affiliate_program_id: int
    state: NodeState


@router.get("/v1/common/affiliate_programs/{program_id}", response_model=PublicProgram)
async def get_public_affiliate_program(program_id: Id, s: DB) -> PublicProgram:
    p, shop = await public_program(s, program_id)
    form = ProgramForm.model_validate(p.form)
    rate = form.headline_bp
    percent = f"{rate / 100:g} %"
    landing = None
    if not form.disable_landing_page:
        landing = landing_text(
            form.landing_body, program=form.name, commission=percent, cookies=form.cookies_expire, buttons=""
        ).strip()
    return PublicProgram(
        id=p.id,
        name=p.name,
        shop=shop or "",
        cookies_expire=form.cookies_expire,
        type=form.form,
        commission_bp=rate,
        lifetime=form.lifetime,
        lifetime_duration=form.lifetime_duration,
        bonus=form.bonus,
        landing=landing,
        marketplace=form.affiliate_marketplace_product,
    )


@router.post("/v1/common/affiliate_programs/{program_id}/accept", response_model=Joined)
async def join_affiliate_program(
    program_id: Id, body: JoinBody, user: CurrentUser, s: DB, client: Temporal, tasks: BackgroundTasks
) -> Joined:
    """The signed-in user asks to join the program as a publisher (core §7 `POST …/accept`); the seller decides
    and is told by mail. Asking again changes nothing; a seller cannot join their own program."""
    node, mail = await program_joined(s, program_id, user, body.from_landing_page, body.referrer_id)
    if mail is not None:
        tasks.add_task(send_mail, client, mail)
    return Joined(node_id=node.id, affiliate_program_id=node.program_id, state=node.state)


class SupportIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    area: Literal["cabinet", "publish", "team_member", "payer"]
    subject: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
    message: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=5000)]


class SupportSent(BaseModel):
    sent: bool


@router.post("/v1/common/support_messages", response_model=SupportSent, status_code=202)
async def write_to_support(
    body: SupportIn,
    idempotency_key: IdempotencyKey,
    user: CurrentUser,
    client: Temporal,
    tasks: BackgroundTasks,
) -> SupportSent:
    """A signed-in user's question to the platform's support (core §2 `/publish/support`, `/team_member/support`),
    mailed once per action with their address to answer to."""
    mail = OutgoingMail(
        key=support_mail_key(user.id, idempotency_key),
        to=get_settings().support_email,
        template=MailTemplate.support_message,
        locale="en",
        context={
            "area": body.area,
            "subject": " ".join(body.subject.split()),
            "message": body.message,
            "name": display_name(user) or user.username or "",
            "reply_to": user.email,
            "user_id": str(user.id),
        },
    )
    tasks.add_task(send_mail, client, mail)
    return SupportSent(sent=True)
