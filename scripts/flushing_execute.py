"""nbconvert's ExecutePreprocessor, ending each cell only once the kernel has published all of its output.

Deno's Jupyter kernel (2.9.x, written in JS since denoland/deno#34083) does not publish a cell's output before it
reports the cell done. `Deno.jupyter.display` only queues a message for the kernel (`op_jupyter_broadcast` sends it
into a channel and returns); a separate loop of the kernel (`iopubDrainer` in cli/js/jupyter_kernel.js) takes
messages off that channel one at a time and publishes them with the parent header of the request being handled
*when it publishes*. `handleExecute` sends `execute_reply` and `status: idle` as soon as the evaluation returns,
without waiting for that channel to empty. nbclient ends a cell at `idle`, so whatever is still queued is either
dropped or, once the next cell has started, published as the next cell's output.

The fix here does not guess how long to wait: after a cell's `idle` it sends one more request, whose code queues a
marker display through the same channel. The channel is first in, first out and its one reader publishes in order,
so once the marker is published every message the cell queued has been published too. Until then this keeps the
messages of the cell and of the marker request (a late message takes the parent header current when it is
published, which may already be the marker request's) as the cell's outputs. The marker request does not store
history or count executions. docs/notebooks.md explains it; scripts/execute-notebook.sh runs it.
"""
import uuid

from nbclient.util import ensure_async
from nbconvert.preprocessors import ExecutePreprocessor
from traitlets import Bool, Integer

MARKER_MIME = "application/vnd.swe-future.flushed+json"
# The marker goes through Deno.jupyter.broadcast, the same channel as every display; `void` keeps the request
# without a result (a result would be one more message).
MARKER_CODE = (
    'void Deno.jupyter.broadcast("display_data", '
    '{ data: { "%s": "%s" }, metadata: {}, transient: {} });'
)
# What the marker request itself publishes besides the marker: not outputs of the cell.
REQUEST_MESSAGES = {"status", "execute_input", "execute_reply"}


class FlushingExecutePreprocessor(ExecutePreprocessor):
    enabled = Bool(True).tag(config=True)
    # The wait for the marker counts against nbclient's wait for a cell's output after its reply (4 s by default,
    # then a warning and the output is lost); here a longer wait, and a failure, not a loss, when it runs out.
    iopub_timeout = Integer(120).tag(config=True)
    raise_on_iopub_timeout = Bool(True).tag(config=True)

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        await super()._async_poll_output_msg(parent_msg_id, cell, cell_index)
        await self._async_collect_until_flushed(parent_msg_id, cell, cell_index)

    async def _async_collect_until_flushed(self, parent_msg_id, cell, cell_index):
        token = uuid.uuid4().hex
        marker_id = await ensure_async(self.kc.execute(MARKER_CODE % (MARKER_MIME, token), store_history=False, allow_stdin=False))
        parents = {parent_msg_id, marker_id}
        late = 0
        while True:
            msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=None))
            if msg["parent_header"].get("msg_id") not in parents:
                continue
            if msg["msg_type"] == "display_data" and msg["content"].get("data", {}).get(MARKER_MIME) == token:
                break
            if msg["msg_type"] in REQUEST_MESSAGES:
                continue
            late += 1
            self.process_message(msg, cell, cell_index)
        if late:
            self.log.info("Cell %d: %d output(s) published after the cell was reported done, kept", cell_index, late)
