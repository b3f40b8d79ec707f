"""A stored file as an answer: 404 (never a 500) when the file is gone, e.g. removed by an account's deletion."""

from __future__ import annotations

from pathlib import Path

from fastapi.responses import FileResponse

from domain.errors import DomainError, ErrorCode


def stored_file(path: Path, filename: str, media_type: str) -> FileResponse:
    if not path.is_file():
        raise DomainError(ErrorCode.NOT_FOUND, "This file is no longer available.")
    return FileResponse(path, filename=filename, media_type=media_type)
