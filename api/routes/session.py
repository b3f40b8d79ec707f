"""`/v1/app`: sign-up, confirmation, sign-in, token renewal, magic link, password reset, the user, a change of
e-mail address (services/email_change.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, BackgroundTasks, Form, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from api.deps import DB, CurrentUser, Temporal
from api.errors import error_response
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
    SellerInfo,
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
from domain.accounts.accounts import (
    ProfileType,
    email_error,
    locale_of,
    normalised_email,
    password_error,
    username_error,
)
from domain.errors import DomainError, ErrorCode, invalid
from domain.keys import user_mail_key
from domain.mail import MailTemplate, OutgoingMail
from domain.notifications import Notice
from handles.checkout import send_mail
from services.email_change import email_change_accepted, email_change_asked
from store.accounts.actions import (
    auth_token_issued,
    auth_token_used,
    payer_user_ensured,
    profile_added,
    refresh_token_issued,
    refresh_token_revoked,
    refresh_token_spent,
    user_created,
)
from store.accounts.models import User
from store.accounts.passwords import hash_password, password_matches
from store.accounts.queries import profile_types, seller_of, user_by_email, user_by_username
from store.courses.queries import has_bought_from, seller_by_username

router = APIRouter(prefix="/v1/app", tags=["session"])

# Sign-in throttle: at most 10 failed attempts per minute per client and email (api.throttle).


async def user_out(s: DB, user: User) -> UserOut:
    seller = await seller_of(s, user.id)
    return UserOut(
        id=user.id,
        email=user.email,
        username=user.username,
        first_name=user.first_name,
        last_name=user.last_name,
        confirmed=user.confirmed_at is not None,
        locale=locale_of(user.locale),
        profile_types=await profile_types(s, user.id),
        seller=None
        if seller is None
        else SellerInfo(
            username=user.username,
            can_sell=seller.can_sell,
            payment_account_done=seller.payment_account_done,
            power_seller=seller.power_seller,
        ),
    )


async def issue_tokens(s: DB, user_id: int, fingerprint: str, family: str | None = None) -> Tokens:
    access, expires = access_token(user_id)
    refresh, refresh_expires = await refresh_token_issued(
        s, user_id, fingerprint, get_settings().refresh_token_ttl_s, family
    )
    return Tokens(
        access_token=access, refresh_token=refresh, expires_at=expires, refresh_expires_at=refresh_expires
    )


def _link(path: str) -> str:
    return f"{get_settings().public_url}{path}"


def _mail(user: User, key: str, template: MailTemplate, link: str) -> OutgoingMail:
    return OutgoingMail(key=key, to=user.email, template=template, locale=user.locale, context={"link": link})


def _confirmation_mail(user: User, token: str) -> OutgoingMail:
    return _mail(
        user,
        user_mail_key(user.id, "confirmation", token),
        MailTemplate.account_confirmation,
        f"{_link('/users/confirmation')}?confirmation_token={token}",
    )


@router.post("/user", status_code=201, response_model=UserOut)
async def sign_up(body: SignUp, s: DB, tasks: BackgroundTasks, client: Temporal) -> UserOut:
    errors = {
        k: v
        for k, v in {
            "password": password_error(body.password),
            "username": username_error(body.username) if body.username else None,
        }.items()
        if v
    }
    if errors:
        raise invalid(**errors)
    user = await user_created(
        s,
        email=body.email,
        password=body.password,
        username=body.username,
        first_name=body.first_name,
        last_name=body.last_name,
        locale=body.locale,
        profile_type=ProfileType(body.profile_type),
    )
    if body.profile_type == ProfileType.network_publisher:  # an affiliate network promotes like any publisher
        await profile_added(s, user, ProfileType.publisher)
    token = await auth_token_issued(s, user, "confirmation")
    tasks.add_task(
        send_mail,
        client,
        _confirmation_mail(user, token),
    )
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
    user = await auth_token_used(s, body.confirmation_token, "confirmation")
    user.confirmed_at = user.confirmed_at or datetime.now(UTC)
    return await issue_tokens(s, user.id, body.fingerprint)


@router.post("/user/confirmation/new", status_code=204)
async def resend_confirmation(body: EmailIn, s: DB, tasks: BackgroundTasks, client: Temporal) -> Response:
    user = await user_by_email(s, body.email)
    if user and user.confirmed_at is None:
        token = await auth_token_issued(s, user, "confirmation")
        tasks.add_task(
            send_mail,
            client,
            _confirmation_mail(user, token),
        )
    return Response(status_code=204)


@router.post("/session", response_model=Tokens)
async def sign_in(body: SignIn, s: DB, request: Request) -> Tokens:
    account = normalised_email(body.email)
    sign_in_throttled(request, account, body.fingerprint)
    user = await user_by_email(s, body.email)
    if not password_matches(user, body.password):
        sign_in_failed(request, account, body.fingerprint)
        raise DomainError(ErrorCode.INVALID_CREDENTIALS)
    assert user is not None
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
        await _payer_magic_link(
            s,
            tasks,
            client,
            body.email,
            body.seller,
            locale_of(request.headers.get("accept-language", "")[:2].lower()),
        )
        return Response(status_code=204)
    user = await user_by_email(s, body.email)
    if user is not None:
        await _link_mailed(s, tasks, client, user, MailTemplate.magic_link, "/users/magic_link?token=")
    return Response(status_code=204)


async def _link_mailed(
    s: DB, tasks: BackgroundTasks, client: Temporal, user: User, template: MailTemplate, link: str
) -> None:
    """A one-time link (`link` + its token) mailed to the user: a magic link or a password reset."""
    kind, key = {MailTemplate.magic_link: ("magic_link", "magic"), MailTemplate.reset_password: ("reset_password", "reset")}[template]  # fmt: skip
    token = await auth_token_issued(s, user, kind)
    tasks.add_task(
        send_mail, client, _mail(user, user_mail_key(user.id, key, token), template, f"{_link(link)}{token}")
    )


async def _payer_magic_link(
    s: DB, tasks: BackgroundTasks, client: Temporal, email: str, seller: str, locale: str
) -> None:
    """A payer signs in for one seller (`/s/{seller}/sign_in`): a link goes only to an address that bought from
    that seller, which becomes a payer user when it is not one yet. The answer never tells whether it went."""
    if email_error(email) is not None:
        raise invalid(email="invalid")
    try:
        found = await seller_by_username(s, seller)
    except DomainError:
        return
    if not await has_bought_from(s, email, found.id):
        return
    user = await payer_user_ensured(s, email, locale)
    await _link_mailed(s, tasks, client, user, MailTemplate.magic_link, f"/s/{quote(seller)}/sign_in?token=")


@router.post("/session/magic_link", response_model=Tokens)
async def magic_sign_in(body: MagicIn, s: DB) -> Tokens:
    user = await auth_token_used(s, body.token, "magic_link")
    user.confirmed_at = user.confirmed_at or datetime.now(UTC)
    return await issue_tokens(s, user.id, body.fingerprint)


@router.post("/user/password", status_code=204)
async def request_password_reset(
    body: EmailIn, s: DB, tasks: BackgroundTasks, request: Request, client: Temporal
) -> Response:
    throttle(request, f"reset:{normalised_email(body.email)}")
    user = await user_by_email(s, body.email)
    if user is not None:
        await _link_mailed(
            s, tasks, client, user, MailTemplate.reset_password, "/users/password/edit?reset_password_token="
        )
    return Response(status_code=204)


@router.put("/user/password", status_code=204)
async def reset_password(body: ResetIn, s: DB) -> Response:
    if err := password_error(body.password):
        raise invalid(password=err)
    user = await auth_token_used(s, body.reset_password_token, "reset_password")
    user.password_hash = hash_password(body.password)
    return Response(status_code=204)


@router.post("/user/change_email", status_code=202)
async def change_email(
    body: ChangeEmailIn, user: CurrentUser, s: DB, tasks: BackgroundTasks, request: Request, client: Temporal
) -> Response:
    """A link to the new address (core §2 `accept_change_email`); nothing changes until it is followed."""
    throttle(request, f"change-email:{user.id}")
    mail = await email_change_asked(s, user, body.email, body.password, _link("/users/change_email"))
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
    if body.username is not None and body.username != user.username:
        if err := username_error(body.username):
            raise invalid(username=err)
        if await user_by_username(s, body.username):
            raise DomainError(ErrorCode.CONFLICT, "This username is taken.", {"username": "exists"})
        user.username = body.username
    for field in ("first_name", "last_name", "locale"):
        if (value := getattr(body, field)) is not None:
            setattr(user, field, value)
    return await user_out(s, user)


class NoticesOut(BaseModel):
    muted: list[Notice]  # the notices turned off; every other one is on


class NoticesIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    muted: Annotated[list[Notice], Field(max_length=len(Notice))]


@router.get("/user/notices", response_model=NoticesOut)
async def my_notices(user: CurrentUser) -> NoticesOut:
    """The notices (mails one may turn off) the signed-in user turned off."""
    return NoticesOut(muted=[Notice(x) for x in user.muted_notices if x in Notice.__members__])


@router.put("/user/notices", response_model=NoticesOut)
async def save_my_notices(body: NoticesIn, user: CurrentUser) -> NoticesOut:
    user.muted_notices = sorted({n.value for n in body.muted})
    return NoticesOut(muted=[Notice(x) for x in user.muted_notices])
