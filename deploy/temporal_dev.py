"""The flags with which the local stack and the workflow tests start Temporal's dev server (`temporal server
start-dev`): the search attributes, the message kinds Sellflow uses, and the queue poll rates of a one-shard server.
"""

from __future__ import annotations

from core.search import dev_server_args

# The dev server keeps every workflow in one history shard. A shard's queues look for new tasks at most
# `history.*ProcessorMaxPollRPS` times a second (default 20), a limit sized for a cluster's hundreds of shards:
# on one shard, once its small burst was spent, every task dispatch (a workflow task, an activity task for
# another process, a fired timer) waited up to 50 ms for the next look. Measured on this stack: five
# activities in a row took 300 ms at the default and 60 ms at 1,000. A cluster keeps its defaults.
QUEUE_POLL_RPS = 1000
DYNAMIC_CONFIG = {
    "frontend.enableUpdateWorkflowExecution": "true",
    "frontend.enableExecuteMultiOperation": "true",  # update-with-start
    **{
        f"history.{queue}ProcessorMaxPollRPS": str(QUEUE_POLL_RPS)
        for queue in ("transfer", "timer", "visibility", "outbound")
    },
}


def dev_server_flags() -> list[str]:
    """The dynamic configuration and the search attributes, as `temporal server start-dev` flags."""
    args: list[str] = []
    for key, value in DYNAMIC_CONFIG.items():
        args += ["--dynamic-config-value", f"{key}={value}"]
    return args + dev_server_args()
