"""Certificates: the key details (title, issuer, rule) and the design (orientation, background, fields and their
places) of a certificate product; an issued certificate as its verify page shows it."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, Strict

from domain.catalog.certificates import (
    CERTIFICATE_FIELDS,
    FIELD_SIZE_MAX,
    FIELD_SIZE_MIN,
    ISSUER_MAX,
    TITLE_MAX,
    Align,
    CertificateField,
    CertificateRule,
    CertificateState,
    Orientation,
)
from domain.limits import ID_MAX

Percent = Annotated[int, Strict(), Field(ge=0, le=100)]


class FieldPlace(BaseModel):
    model_config = ConfigDict(extra="forbid")
    field: CertificateField
    x: Percent
    y: Percent
    size: Annotated[int, Strict(), Field(ge=FIELD_SIZE_MIN, le=FIELD_SIZE_MAX)] = 12
    align: Align = "center"


class CertificateSettingsIn(BaseModel):
    """What the certificate says and when it is issued: on purchase, or once the holder finished `course_id`
    (one of the seller's courses). The design: orientation and each field's place (each field at most once)."""

    model_config = ConfigDict(extra="forbid")
    title: str = Field(min_length=2, max_length=TITLE_MAX)
    issuer: str = Field("", max_length=ISSUER_MAX)
    rule: CertificateRule = CertificateRule.purchase
    course_id: Annotated[int, Strict(), Field(ge=1, le=ID_MAX)] | None = None
    orientation: Orientation = Orientation.landscape
    fields: list[FieldPlace] | None = Field(None, max_length=len(CERTIFICATE_FIELDS))


class CertificateSettingsOut(BaseModel):
    title: str
    issuer: str
    rule: CertificateRule
    course_id: int | None
    course_name: str | None
    orientation: Orientation
    has_background: bool
    fields: list[FieldPlace]


class CertificateCheck(BaseModel):
    """A certificate by its number, as anyone checking it sees it."""

    number: str
    state: CertificateState
    title: str
    holder_name: str
    course_name: str | None
    issuer: str
    issued_at: datetime
    seller_name: str
