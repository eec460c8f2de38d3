"""A cell's timeout on the fair clock (agentcourse/clock.py), for nbclient's notebook client.

nbclient waits `timeout` wall seconds for a cell's reply, then interrupts the kernel. On a
busy grading machine (a class graded two at a time beside other work) an honest cell that
takes 10 s alone can take 25 s, and a wall-clock limit marks it `timeout`: the class is
graded again for nothing. With this mixin the limit is counted on the fair clock instead:
when the wall seconds are up, the grader waits on while the cell's fair seconds last (at
most clock.MAX_SLOWDOWN times the limit), and takes the reply if it comes meanwhile.

    class ConfinedExecute(FairCellTime, Execute):
        async def _async_handle_timeout(self, timeout, cell=None):
            if await self.reply_came_in_fair_time():
                return None  # nbclient reads the reply that is waiting
            ...

On an idle machine the two clocks agree, and a cell that hangs is stopped at its limit.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import Any

from nbclient.util import ensure_async

from agentcourse.clock import FairDeadline, load_besides, slowdown

POLL_SECONDS = 0.5  # how often the wait past the wall limit looks for the reply


class FairCellTime:
    """Mixin for nbclient.NotebookClient (before it in the bases): each cell's clock starts
    when its request is sent and is read each second while it runs (nbclient's liveness
    check), so it follows the load the cell met."""

    _cell_clock: FairDeadline | None = None
    _iopub_base: int | None = None  # nbclient's iopub_timeout as configured

    async def _async_poll_for_reply(self, msg_id: str, cell: Any, timeout: int | None, *tasks: Any) -> Any:
        clock = FairDeadline(float(timeout or 0), self._kernel_load())
        self._cell_clock = clock if timeout else None
        # The wait for the cell's last output once its reply came (nbclient's iopub_timeout,
        # a `timeout` too when it runs out) cannot read the clock while it lasts: it is
        # stretched by the load as the cell starts.
        if self._iopub_base is None:
            self._iopub_base = int(self.iopub_timeout)  # type: ignore[attr-defined]
        self.iopub_timeout = math.ceil(self._iopub_base * clock.slowdown())
        return await super()._async_poll_for_reply(msg_id, cell, timeout, *tasks)  # type: ignore[misc]

    def _kernel_load(self) -> Callable[[], float]:
        """The load the machine puts on this cell: every runnable task but the kernel's own
        (its sandbox's tree), which must not stretch its own limit (agentcourse/clock.py)."""
        process = getattr(getattr(getattr(self, "km", None), "provisioner", None), "process", None)
        pid = getattr(process, "pid", None)
        return load_besides(pid) if isinstance(pid, int) else slowdown

    async def _async_check_alive(self) -> None:
        if self._cell_clock is not None:
            self._cell_clock.left()  # a reading: the wall time since the last, at the load now
        await super()._async_check_alive()  # type: ignore[misc]

    async def reply_came_in_fair_time(self) -> bool:
        """The cell's wall seconds are up: wait while its fair seconds last. True when its
        reply (or any shell message, which nbclient sorts out) is waiting; a kernel that
        died meanwhile raises nbclient's DeadKernelError, as it would have at the limit."""
        clock, channel = self._cell_clock, self.kc.shell_channel  # type: ignore[attr-defined]
        if clock is None:
            return False
        while not await ensure_async(channel.msg_ready()):
            left = clock.left()
            if left <= 0:
                return False
            await self._async_check_alive()
            await asyncio.sleep(min(left, POLL_SECONDS))
        return True
