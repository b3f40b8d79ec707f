"""`/v1/cabinet/affiliate_programs` and `/v1/cabinet/affiliate_nodes` (issue 23; editor §3 Affiliate program,
core §4 affiliate node): a seller's programs with every field of the form, and the publishers who asked to join,
accepted, rejected or canceled by the seller. Every program and node is its seller's own (404 otherwise)."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, BackgroundTasks, Query, Response
from pydantic import BaseModel

from api.deps import DB, CurrentSeller, Temporal
from api.presenters.affiliates import program_out, program_summary
from api.schemas.affiliates import ProgramList, ProgramOut
from api.schemas.fields import Id
from domain.affiliates.affiliates import NodeState, ProgramForm
from handles.checkout import send_mail
from services.affiliates import affiliate_mail
from store.affiliates.programs import (
    NodeRow,
    clicks_of,
    node_decided,
    node_parties,
    nodes_of,
    program_created,
    program_deleted,
    program_of,
    program_saved,
    programs_of,
)
from store.affiliates.statistics import DAYS_MAX, statistics

router = APIRouter()


@router.get("/affiliate_programs", response_model=ProgramList)
async def list_affiliate_programs(seller: CurrentSeller, s: DB) -> ProgramList:
    rows = await programs_of(s, seller.id)
    return ProgramList(list=[program_summary(p, a, r) for p, a, r in rows], total_count=len(rows))


@router.post("/affiliate_programs", response_model=ProgramOut, status_code=201)
async def create_affiliate_program(body: ProgramForm, seller: CurrentSeller, s: DB) -> ProgramOut:
    return await program_out(s, await program_created(s, seller.id, body))


@router.get("/affiliate_programs/{program_id}", response_model=ProgramOut)
async def get_affiliate_program(program_id: Id, seller: CurrentSeller, s: DB) -> ProgramOut:
    return await program_out(s, await program_of(s, seller.id, program_id))


@router.put("/affiliate_programs/{program_id}", response_model=ProgramOut)
async def save_affiliate_program(
    program_id: Id, body: ProgramForm, seller: CurrentSeller, s: DB
) -> ProgramOut:
    return await program_out(s, await program_saved(s, seller.id, program_id, body))


@router.delete("/affiliate_programs/{program_id}", status_code=204)
async def delete_affiliate_program(program_id: Id, seller: CurrentSeller, s: DB) -> Response:
    await program_deleted(s, seller.id, program_id)
    return Response(status_code=204)


class NodeOut(BaseModel):
    """A publisher in a program (editor §3's node columns)."""

    id: int
    affiliate_program_id: int
    affiliate_program: str
    created_at: datetime
    state: NodeState
    from_landing_page: bool
    publisher_id: int
    name: str
    email: str
    clicks: int


class NodeList(BaseModel):
    list: list[NodeOut]
    total_count: int


def _node(r: NodeRow, clicks: dict[tuple[int, int], int]) -> NodeOut:
    n = r.node
    return NodeOut(
        id=n.id,
        affiliate_program_id=n.program_id,
        affiliate_program=r.program,
        created_at=n.created_at,
        state=n.state,
        from_landing_page=n.from_landing_page,
        publisher_id=n.publisher_user_id,
        name=r.name,
        email=r.email,
        clicks=clicks.get((n.publisher_user_id, n.program_id), 0),
    )


@router.get("/affiliate_nodes", response_model=NodeList)
async def list_affiliate_nodes(
    seller: CurrentSeller, s: DB, state: Annotated[NodeState | None, Query()] = None
) -> NodeList:
    rows = await nodes_of(s, seller.id, state)
    clicks = await clicks_of(s, seller.id)
    return NodeList(list=[_node(r, clicks) for r in rows], total_count=len(rows))


DECISIONS: dict[str, NodeState] = {
    "accept": NodeState.accepted,
    "reject": NodeState.rejected,
    "cancel": NodeState.canceled,
}


@router.post("/affiliate_nodes/{node_id}/{decision}", response_model=NodeOut)
async def decide_affiliate_node(
    node_id: Id,
    decision: Literal["accept", "reject", "cancel"],
    seller: CurrentSeller,
    s: DB,
    client: Temporal,
    tasks: BackgroundTasks,
) -> NodeOut:
    """The seller's decision on a publisher, mailed to them; 409 `node_state` when it does not apply to the node's
    state."""
    node = await node_decided(s, seller.id, node_id, DECISIONS[decision])
    parties = await node_parties(s, node.id)
    if parties is not None and (mail := affiliate_mail(parties)) is not None:
        tasks.add_task(send_mail, client, mail)
    (row,) = await nodes_of(s, seller.id, node_id=node.id)
    return _node(row, await clicks_of(s, seller.id))


class Figures(BaseModel):
    clicks: int
    orders: int
    revenue: int  # what the referred orders' buyers paid (minor units)
    commission: int  # what those payments cost in commissions, net of what was given back


class ProgramFigures(BaseModel):
    id: int
    name: str
    publishers: int
    figures: Figures


class PublisherFigures(BaseModel):
    publisher_id: int
    name: str
    email: str
    figures: Figures


class DayFigures(BaseModel):
    day: date
    figures: Figures


class AffiliateStatistics(BaseModel):
    days: int
    total: Figures
    programs: list[ProgramFigures]
    publishers: list[PublisherFigures]
    series: list[DayFigures]


@router.get("/affiliate_statistics", response_model=AffiliateStatistics)
async def affiliate_statistics(
    seller: CurrentSeller, s: DB, days: Annotated[int, Query(ge=7, le=DAYS_MAX)] = 30
) -> AffiliateStatistics:
    """The seller's affiliate figures of the last `days` days: by program, by publisher and by day (editor §2
    tabs programs, publishers, statistic)."""
    st = await statistics(s, seller.id, days)
    return AffiliateStatistics.model_validate(
        {
            "days": days,
            "total": asdict(st.total),
            "programs": [asdict(p) for p in st.programs],
            "publishers": [asdict(p) for p in st.publishers],
            "series": [asdict(d) for d in st.days],
        }
    )
