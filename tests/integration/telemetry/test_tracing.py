"""One checkout is one trace: the checkout request that opens it starts its workflow, and the workflow and its
activities share that trace id across processes; the buyer's pay request is linked from the workflow's handler of
its update. The worker's log lines carry the order token and the workflow id."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    pay,
    start_checkout,
    wait_fulfilled,
)

pytestmark = pytest.mark.integration


def spans(stack, service: str) -> list[dict]:
    """The spans `service` wrote; "worker": those of both its processes (workflows, activities)."""
    paths = sorted(stack.data_dir.glob(f"traces-{service}*.jsonl"))
    assert paths, f"no spans of {service}"
    return [json.loads(line) for path in paths for line in path.read_text().splitlines()]


async def test_pay_request_traces_into_workflow_and_activities(stack, seller, product):
    async with client(stack) as c:
        co = await start_checkout(c, seller.username, product)
        token = co["order_token"]
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        r = await pay(c, seller.username, token, pm)
        request_id = r.headers["x-request-id"]
        await wait_fulfilled(c, seller.username, token)
    await asyncio.sleep(1.0)  # the last activity's span is written when it ends
    api = spans(stack, "api")
    api_pay = [s for s in api if s["name"].endswith(f"/orders/{token}/pay")]
    assert len(api_pay) == 1, "the pay request has one server span"
    pay_trace = api_pay[0]["trace_id"]
    # the order's workflow is one trace, and a checkout request of this product (other tests open some too) began it
    ours = [
        s for s in spans(stack, "worker") if s["attributes"].get("temporalWorkflowID") == f"checkout-{token}"
    ]
    assert len({s["trace_id"] for s in ours}) == 1, ours
    trace_id = ours[0]["trace_id"]
    opened = [s for s in api if s["trace_id"] == trace_id and s["parent_id"] is None]
    assert [s["name"] for s in opened] == [
        f"POST /v1/shop/{seller.username}/products/{product['slug']}/checkout"
    ]
    worker = [s for s in spans(stack, "worker") if s["trace_id"] == trace_id]
    in_worker = {s["name"] for s in worker}
    assert "RunWorkflow:Checkout" in in_worker, in_worker
    assert "RunActivity:ensure_payment_intent" in in_worker, in_worker
    assert "RunActivity:send_order_mails" in in_worker, in_worker
    # the pay step (a local activity) runs beside the workflow; fulfilment in the activities' process
    if "worker-activities" in stack.procs:  # the worker as two processes (SELLFLOW_STACK_WORKER_PROCESSES=2)
        by_process = {
            role: {s["name"] for s in spans(stack, f"worker-{role}") if s["trace_id"] == trace_id}
            for role in ("workflows", "activities")
        }
        assert {"HandleUpdate:pay", "RunActivity:ensure_payment_intent"} <= by_process["workflows"], (
            by_process
        )
        assert "RunActivity:send_order_mails" in by_process["activities"], by_process
        assert "RunActivity:send_order_mails" not in by_process["workflows"], by_process
    update = [s for s in worker if s["name"] == "HandleUpdate:pay"]
    assert update and all(pay_trace in s["links"] for s in update), update
    # structured logs: JSON lines with the order token, the workflow id and the API's request id
    worker_log = [  # the worker's log (both of its processes' when it runs two)
        json.loads(x)
        for path in stack.data_dir.glob("worker*.log")
        for x in path.read_text().splitlines()
        if x.startswith("{")
    ]
    mine = [x for x in worker_log if x.get("order_token") == token]
    assert {"payment_step_done", "order_paid_recorded", "invoice_issued", "order_mails_sent"} <= {
        x["msg"] for x in mine
    }
    assert {x.get("workflow_id") for x in mine} == {f"checkout-{token}"}
    api_log = [
        json.loads(x) for x in (stack.data_dir / "api.log").read_text().splitlines() if x.startswith("{")
    ]
    assert any(x.get("request_id") == request_id and x.get("order_token") == token for x in api_log)
