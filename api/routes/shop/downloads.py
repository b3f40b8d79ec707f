"""`/v1/shop/downloads/{access_token}`: a paid order's file."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from api.deps import DB
from api.files import stored_file
from api.schemas.fields import Id
from providers.storage.local import storage
from store.orders.actions import download_counted
from store.orders.delivery import included_file_of
from store.orders.queries import download_of

router = APIRouter()


@router.get("/downloads/{access_token}")
async def download_file(access_token: str, s: DB) -> FileResponse:
    access, f = await download_of(s, access_token)
    download_counted(access)
    return stored_file(storage().path(f.storage_key), f.file_name, f.content_type)


@router.get("/downloads/{access_token}/items/{product_id}")
async def download_included_file(access_token: str, product_id: Id, s: DB) -> FileResponse:
    """A file a membership or bundle includes, by the parent order's download link."""
    f = await included_file_of(s, access_token, product_id)
    return stored_file(storage().path(f.storage_key), f.file_name, f.content_type)
