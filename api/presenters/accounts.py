"""Account things as the apps and the manager see them: the signed-in user, saved views, reseller requests."""

from __future__ import annotations

from api.deps import DB
from api.schemas.resellers import AdminResellerRequest
from api.schemas.saved_views import SavedViewOut
from api.schemas.session import SellerInfo, UserOut
from domain.accounts.accounts import locale_of
from store.accounts.models import ResellerRequest, SavedView, User
from store.accounts.queries import profile_types, seller_of


def saved_view_out(v: SavedView) -> SavedViewOut:
    return SavedViewOut(id=v.id, list=v.list_key, name=v.name, query=v.query, created_at=v.created_at)


def reseller_request_out(r: ResellerRequest, username: str, email: str) -> AdminResellerRequest:
    return AdminResellerRequest(
        id=r.id,
        seller_id=r.seller_id,
        username=username,
        email=email,
        state=r.state,
        message=r.message,
        reason=r.reason,
        created_at=r.created_at,
        decided_at=r.decided_at,
    )


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
