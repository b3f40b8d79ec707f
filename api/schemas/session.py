"""Accounts and sessions: sign-up, sign-in, tokens, the user."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, StringConstraints

from api.schemas.fields import Email
from domain.accounts import Locale, ProfileType

# Every call that issues tokens needs the browser's fingerprint: the refresh token renews only with it.
Fingerprint = Annotated[str, StringConstraints(min_length=1, max_length=200)]


class SignUp(BaseModel):
    email: Email
    password: str
    profile_type: Literal["seller", "payer"] = "seller"
    username: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    locale: Locale = "en"


class SellerInfo(BaseModel):
    username: str | None
    can_sell: bool
    payment_account_done: bool
    power_seller: bool


class UserOut(BaseModel):
    id: int
    email: str
    username: str | None
    first_name: str | None
    last_name: str | None
    confirmed: bool
    locale: Locale
    profile_types: list[ProfileType]
    seller: SellerInfo | None


class EmailIn(BaseModel):
    email: str


class Availability(BaseModel):
    available: bool
    message: str | None = None


class UsernameIn(BaseModel):
    username: str | None = None


class ConfirmIn(BaseModel):
    confirmation_token: str
    fingerprint: Fingerprint


class SignIn(BaseModel):
    email: str
    password: str
    fingerprint: Fingerprint


class SignOut(BaseModel):
    refresh_token: str | None = None


class MagicLinkIn(BaseModel):
    email: str
    profile_type: str = "seller"
    seller: str | None = None


class MagicIn(BaseModel):
    token: str
    fingerprint: Fingerprint


class ResetIn(BaseModel):
    reset_password_token: str
    password: str


class ProfileIn(BaseModel):
    profile_type: Literal["seller", "payer"]


class UserPatch(BaseModel):
    username: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    locale: Locale | None = None
