"""`/v1/app`: sign-up, confirmation, sign-in, token renewal, magic link, password reset, the user, a change of
e-mail address (services/email_change.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Form, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from api.deps import DB, CurrentUser, Temporal
from api.errors import error_response
from api.presenters.accounts import user_out
from api.schemas.session import (
    AcceptChangeEmailIn,
    Availability,
    ChangeEmailIn,
    ConfirmIn,
    EmailIn,
    MagicIn,
    MagicLinkIn,
    ProfileIn,
    ResetIn,
    SignIn,
    SignOut,
    SignUp,
    UsernameIn,
    UserOut,
    UserPatch,
)
from api.security import Tokens, access_token
from api.throttle import sign_in_failed, sign_in_throttled, throttle
from core.settings import get_settings
from domain.accounts.accounts import ProfileType, email_error, locale_of, normalised_email, username_error
from domain.errors import DomainError, ErrorCode
from domain.mail import MailTemplate, OutgoingMail
from domain.notifications import Notice
from handles.checkout import send_mail
from services import accounts
from services.email_change import email_change_accepted, email_change_asked
from store.accounts.actions import (
    profile_added,
    refresh_token_issued,
    refresh_token_revoked,
    refresh_token_spent,
)
from store.accounts.queries import user_by_email, user_by_username

router = APIRouter(prefix="/v1/app", tags=["session"])

# Sign-in throttle: at most 10 failed attempts per minute per client and email (api.throttle).


async def issue_tokens(s: DB, user_id: int, fingerprint: str, family: str | None = None) -> Tokens:
    access, expires = access_token(user_id)
    refresh, refresh_expires = await refresh_token_issued(
        s, user_id, fingerprint, get_settings().refresh_token_ttl_s, family
    )
    return Tokens(
        access_token=access, refresh_token=refresh, expires_at=expires, refresh_expires_at=refresh_expires
    )


def _mailed(tasks: BackgroundTasks, client: Temporal, mail: OutgoingMail | None) -> None:
    if mail is not None:
        tasks.add_task(send_mail, client, mail)  # after the commit: the mail's token is stored


@router.post("/user", status_code=201, response_model=UserOut)
async def sign_up(body: SignUp, s: DB, tasks: BackgroundTasks, client: Temporal) -> UserOut:
    sent = body.model_dump(exclude={"profile_type"})
    user, mail = await accounts.signed_up(s, sent, ProfileType(body.profile_type))
    _mailed(tasks, client, mail)
    return await user_out(s, user)


@router.post("/user/check_email", response_model=Availability)
async def check_email(body: EmailIn, s: DB) -> Availability:
    if err := email_error(body.email):
        return Availability(available=False, message=err)
    return Availability(available=await user_by_email(s, body.email) is None)


@router.post("/user/check_username", response_model=Availability)
async def check_username(body: UsernameIn, s: DB) -> Availability:
    if err := username_error(body.username):
        return Availability(available=False, message=err)
    taken = await user_by_username(s, body.username or "")
    return Availability(available=taken is None, message="exists" if taken else None)


@router.post("/user/confirmation", response_model=Tokens)
async def confirm(body: ConfirmIn, s: DB) -> Tokens:
    user = await accounts.link_followed(s, body.confirmation_token, "confirmation")
    return await issue_tokens(s, user.id, body.fingerprint)


@router.post("/user/confirmation/new", status_code=204)
async def resend_confirmation(body: EmailIn, s: DB, tasks: BackgroundTasks, client: Temporal) -> Response:
    _mailed(tasks, client, await accounts.confirmation_resent(s, body.email))
    return Response(status_code=204)


@router.post("/session", response_model=Tokens)
async def sign_in(body: SignIn, s: DB, request: Request) -> Tokens:
    account = normalised_email(body.email)
    sign_in_throttled(request, account, body.fingerprint)
    user = await accounts.password_user(s, body.email, body.password)
    if user is None:
        sign_in_failed(request, account, body.fingerprint)
        raise DomainError(ErrorCode.INVALID_CREDENTIALS)
    return await issue_tokens(s, user.id, body.fingerprint)


@router.post("/session/renew_token", response_model=Tokens, responses={401: {"description": "A token error"}})
async def renew_token(
    s: DB,
    refresh_token: Annotated[str | None, Form()] = None,
    fingerprint: Annotated[str | None, Form()] = None,
) -> Tokens | JSONResponse:
    spent = await refresh_token_spent(s, refresh_token, fingerprint)
    if spent.reused:
        # answered, not raised: the family's revocation must commit with this request
        return error_response(DomainError(ErrorCode.invalid_refresh_token))
    return await issue_tokens(s, spent.user_id, fingerprint or "", spent.family)


@router.delete("/session", status_code=204)
async def sign_out(body: SignOut, s: DB) -> Response:
    if body.refresh_token:
        await refresh_token_revoked(s, body.refresh_token)
    return Response(status_code=204)


@router.post("/user/send_magic_link", status_code=204)
async def send_magic_link(
    body: MagicLinkIn, s: DB, tasks: BackgroundTasks, request: Request, client: Temporal
) -> Response:
    throttle(request, f"magic:{normalised_email(body.email)}")
    if body.profile_type == ProfileType.payer and body.seller:
        locale = locale_of(request.headers.get("accept-language", "")[:2].lower())
        mail = await accounts.payer_link(s, body.email, body.seller, locale)
    else:
        mail = await accounts.mailed_link(s, body.email, MailTemplate.magic_link, "/users/magic_link?token=")
    _mailed(tasks, client, mail)
    return Response(status_code=204)


@router.post("/session/magic_link", response_model=Tokens)
async def magic_sign_in(body: MagicIn, s: DB) -> Tokens:
    user = await accounts.link_followed(s, body.token, "magic_link")
    return await issue_tokens(s, user.id, body.fingerprint)


@router.post("/user/password", status_code=204)
async def request_password_reset(
    body: EmailIn, s: DB, tasks: BackgroundTasks, request: Request, client: Temporal
) -> Response:
    throttle(request, f"reset:{normalised_email(body.email)}")
    path = "/users/password/edit?reset_password_token="
    _mailed(tasks, client, await accounts.mailed_link(s, body.email, MailTemplate.reset_password, path))
    return Response(status_code=204)


@router.put("/user/password", status_code=204)
async def reset_password(body: ResetIn, s: DB) -> Response:
    await accounts.password_reset(s, body.reset_password_token, body.password)
    return Response(status_code=204)


@router.post("/user/change_email", status_code=202)
async def change_email(
    body: ChangeEmailIn, user: CurrentUser, s: DB, tasks: BackgroundTasks, request: Request, client: Temporal
) -> Response:
    """A link to the new address (core §2 `accept_change_email`); nothing changes until it is followed."""
    throttle(request, f"change-email:{user.id}")
    mail = await email_change_asked(s, user, body.email, body.password, accounts.link("/users/change_email"))
    tasks.add_task(send_mail, client, mail)
    return Response(status_code=202)


@router.post("/user/accept_change_email", response_model=Tokens)
async def accept_change_email(
    body: AcceptChangeEmailIn, s: DB, tasks: BackgroundTasks, client: Temporal
) -> Tokens:
    """The change made by the link's token: every session ends, this browser is signed in anew, the old address
    is told."""
    user, notice = await email_change_accepted(s, body.token)
    tasks.add_task(send_mail, client, notice)
    return await issue_tokens(s, user.id, body.fingerprint)


@router.get("/user", response_model=UserOut)
async def get_me(user: CurrentUser, s: DB) -> UserOut:
    return await user_out(s, user)


@router.post("/user/profiles", response_model=UserOut, status_code=201)
async def add_profile(body: ProfileIn, user: CurrentUser, s: DB) -> UserOut:
    """A user can hold several profile types: a buyer becomes a seller (or the other way) without a second
    account. Manager profiles are granted by operations, never self-assigned."""
    await profile_added(s, user, ProfileType(body.profile_type))
    return await user_out(s, user)


@router.patch("/user", response_model=UserOut)
async def update_me(body: UserPatch, user: CurrentUser, s: DB) -> UserOut:
    await accounts.details_changed(s, user, body.model_dump())
    return await user_out(s, user)


class NoticesOut(BaseModel):
    muted: list[Notice]  # the notices turned off; every other one is on


class NoticesIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    muted: Annotated[list[Notice], Field(max_length=len(Notice))]


@router.get("/user/notices", response_model=NoticesOut)
async def my_notices(user: CurrentUser) -> NoticesOut:
    """The notices (mails one may turn off) the signed-in user turned off."""
    return NoticesOut(muted=accounts.muted_notices(user))


@router.put("/user/notices", response_model=NoticesOut)
async def save_my_notices(body: NoticesIn, user: CurrentUser) -> NoticesOut:
    return NoticesOut(muted=accounts.notices_muted(user, body.muted))
