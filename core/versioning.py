"""Worker versioning (Temporal worker deployments; issue 24 item 2).

A worker started with `SELLFLOW_WORKER_BUILD_ID` polls as that version of the deployment `SELLFLOW_WORKER_DEPLOYMENT`.
Making a version current (`python -m sellflow.cli rollout <build id>`) sends every new workflow to it. What a running
workflow does then is its versioning behaviour:

- PINNED (the workflows that end within minutes: a mail, a refund, an export, a month's invoices, a day's summaries,
  a past-due rate's payment): it finishes on the version it started on, so the old version's workers keep running
  until the deployment reports that version drained, and only then go.
- AUTO_UPGRADE (every workflow that lives days to years: checkouts waiting for a transfer, subscriptions, claims,
  payouts, domains, legitimations, the long-lived clocks and dispatchers): its next task runs on the current
  version, whose code replays its history; such a change goes behind `workflow.patched`, and the replay corpus
  (tests/replay) proves it before it ships.

Unversioned (no build id: the local stack, the tests, the benches) everything runs as before."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from temporalio.api.enums.v1 import VersionDrainageStatus, WorkerDeploymentVersionStatus
from temporalio.api.workflowservice.v1 import (
    DescribeWorkerDeploymentRequest,
    SetWorkerDeploymentCurrentVersionRequest,
)
from temporalio.client import Client
from temporalio.common import VersioningBehavior, WorkerDeploymentVersion
from temporalio.service import RPCError
from temporalio.worker import WorkerDeploymentConfig

from core.settings import Settings


def deployment_config(s: Settings) -> WorkerDeploymentConfig | None:
    """The worker's deployment version, or None when no build id is set (unversioned)."""
    if not s.worker_build_id:
        return None
    return WorkerDeploymentConfig(
        version=WorkerDeploymentVersion(s.worker_deployment, s.worker_build_id),
        use_worker_versioning=True,
        # a workflow that does not say otherwise lives long and moves to the current version (patched changes)
        default_versioning_behavior=VersioningBehavior.AUTO_UPGRADE,
    )


async def current_version_set(
    client: Client,
    deployment: str,
    build_id: str,
    *,
    identity: str = "sellflow-rollout",
    wait_s: float = 60.0,
) -> None:
    """Makes `build_id` the deployment's current version. Its workers must be polling already: until the server has
    seen them the call is refused, so it is asked again for up to `wait_s` seconds."""
    request = SetWorkerDeploymentCurrentVersionRequest(
        namespace=client.namespace, deployment_name=deployment, build_id=build_id, identity=identity
    )
    deadline = asyncio.get_running_loop().time() + wait_s
    while True:
        try:
            await client.workflow_service.set_worker_deployment_current_version(request)
            return
        except RPCError:
            if asyncio.get_running_loop().time() >= deadline:
                raise
            await asyncio.sleep(0.5)


@dataclass(frozen=True)
class VersionState:
    build_id: str
    status: str  # current, ramping, draining, drained, inactive, created
    drained: bool  # no pinned workflow runs on it any more: its workers may go


async def versions_of(client: Client, deployment: str) -> list[VersionState]:
    """The deployment's versions as the server sees them (their drainage is refreshed every few minutes)."""
    answer = await client.workflow_service.describe_worker_deployment(
        DescribeWorkerDeploymentRequest(namespace=client.namespace, deployment_name=deployment)
    )
    prefix = "WORKER_DEPLOYMENT_VERSION_STATUS_"
    return [
        VersionState(
            build_id=v.deployment_version.build_id,
            status=WorkerDeploymentVersionStatus.Name(v.status).removeprefix(prefix).lower(),
            drained=v.drainage_status == VersionDrainageStatus.VERSION_DRAINAGE_STATUS_DRAINED,
        )
        for v in answer.worker_deployment_info.version_summaries
    ]
