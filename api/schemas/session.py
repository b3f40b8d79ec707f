"""Accounts and sessions: sign-up, sign-in, tokens, the user."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from api.schemas.fields import Email, EmailText, Fingerprint, Password, PersonName, Token, UsernameText
from domain.accounts.accounts import Locale, ProfileType


class SignUp(BaseModel):
    email: Email
    password: Password
    # a publisher signs up to promote others' products (core §1: the publishers' own sign-up)
    # `network_publisher`: an affiliate network's own sign-up (core §1), a publisher as well
    profile_type: Literal["seller", "payer", "publisher", "network_publisher", "team_member"] = "seller"
    username: UsernameText | None = None
    first_name: PersonName | None = None
    last_name: PersonName | None = None
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
    email: EmailText


class Availability(BaseModel):
    available: bool
    message: str | None = None


class UsernameIn(BaseModel):
    username: UsernameText | None = None


class ConfirmIn(BaseModel):
    confirmation_token: Token
    fingerprint: Fingerprint


class SignIn(BaseModel):
    email: EmailText
    password: Password
    fingerprint: Fingerprint


class SignOut(BaseModel):
    refresh_token: Token | None = None


class MagicLinkIn(BaseModel):
    email: EmailText
    profile_type: ProfileType = ProfileType.seller
    seller: UsernameText | None = None


class MagicIn(BaseModel):
    token: Token
    fingerprint: Fingerprint


class ResetIn(BaseModel):
    reset_password_token: Token
    password: Password


class ProfileIn(BaseModel):
    profile_type: Literal["seller", "payer"]


class UserPatch(BaseModel):
    username: UsernameText | None = None
    first_name: PersonName | None = None
    last_name: PersonName | None = None
    locale: Locale | None = None


class ChangeEmailIn(BaseModel):
    """The address to sign in with from now on; the account's password where it has one."""

    email: EmailText
    password: Password | None = None


class AcceptChangeEmailIn(BaseModel):
    token: Token
    fingerprint: Fingerprint
