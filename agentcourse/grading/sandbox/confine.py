"""ConfinedExecute: nbgrader's Execute preprocessor with every kernel started in the
bubblewrap sandbox (bwrap.py, kernel_manager.py) and every test cell run in the judge
(agentcourse/grading/judge/); and GRADED, what the grader saw while grading.

Only a judged lab is graded (`"judge": true` in its source's metadata): a lab without it
stops with LabNotJudged before any kernel starts.

First in nbgrader_config.py's autograde pipeline, so `nbgrader autograde` and
`agentcourse grade` confine alike; the grading worker (worker.py) reads GRADED in its own
process for each student's status.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbclient.util import run_sync
from nbgrader.preprocessors import Execute
from traitlets import Bool, Int, List, Unicode

from agentcourse.course.props import ENV_EXAMPLES, ENV_SEED
from agentcourse.errors import LabNotJudged
from agentcourse.grading.sandbox.bwrap import (
    SandboxLimits,
    can_limit_memory,
    limit_memory,
    require_confinement,
)
from agentcourse.grading.sandbox.fairtime import FairCellTime
from agentcourse.grading.sandbox.kernel_manager import ConfinedKernelManager, socket_parent
from agentcourse.paths import REPO_ROOT

# ---------------------------------------------------------------- what the grader saw

# What the grader itself saw while grading each notebook, by (lab, student): the cells
# nbclient timed out, a kernel that died, the review findings. agentcourse.grading.worker
# reads it in the same process, instead of guessing from nbgrader's log (which holds text
# the student's code chose).
GRADED: dict[tuple[str, str], dict] = {}


def graded_facts(resources: dict | None) -> dict:
    """GRADED's entry for the notebook nbgrader is processing (from its resources): the
    cells timed out, a dead kernel, the review findings; preprocessors add to it."""
    info = (resources or {}).get("nbgrader", {})
    key = (str(info.get("assignment", "")), str(info.get("student", "")))
    return GRADED.setdefault(key, {"timeouts": [], "dead": "", "review": []})


STOP_SECONDS = 10  # what a kernel client's channels get to stop before the grader moves on
SEND_SECONDS = 30  # how long a request to the kernel may wait to be sent


def _bounded(stop, seconds: float):
    """`stop` run in a thread of its own, waited for at most `seconds` (it may hang on a
    kernel that broke its protocol; the thread is a daemon and dies with the worker)."""
    import threading

    def bounded() -> None:
        thread = threading.Thread(target=stop, daemon=True)
        thread.start()
        thread.join(seconds)

    return bounded


def _restore(saved: dict[str, str | None]) -> None:
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def _set_property_seed(resources: dict, secret: str, examples: int = 0) -> None:
    """The lab's graded property seed and example count, for every kernel this process
    starts (an unconfined kernel inherits the environment; a confined one is given these
    variables by bwrap.sandbox_argv)."""
    from agentcourse.grading import seeds

    lab = resources.get("nbgrader", {}).get("assignment") or "lab"
    os.environ.update(seeds.kernel_environment(secret or seeds.grading_secret(Path(os.getcwd())), lab, examples))


# ---------------------------------------------------------------- nbgrader's Execute, confined


class ConfinedExecute(FairCellTime, Execute):
    """nbgrader's Execute preprocessor with every kernel started in the sandbox, and each cell's
    timeout counted on the fair clock (fairtime.py).

    In nbgrader_config.py's autograde pipeline, so `nbgrader autograde` and
    `agentcourse grade` confine alike. Refuses to run when confinement is unavailable
    unless `unconfined` is set (`agentcourse grade --unconfined`)."""

    unconfined = Bool(False, help="run kernels without confinement (you accept the risk)").tag(config=True)
    memory_mb = Int(SandboxLimits.memory_mb).tag(config=True)
    processes = Int(SandboxLimits.processes).tag(config=True)
    file_mb = Int(SandboxLimits.file_mb).tag(config=True)
    property_examples = Int(0, help="examples per property; 0 = agentcourse.course.props.GRADED_EXAMPLES").tag(config=True)
    checkpoints = List(default_value=None, allow_none=True, help="the checkpoints a kernel may load; None = the "
                       "`checkpoints` of the lab's source notebook's metadata").tag(config=True)
    property_secret = Unicode("", help="the grading secret of the lab's property seeds; "
                              "'' = agentcourse.grading.seeds.grading_secret").tag(config=True)
    judged = List(default_value=None, allow_none=True, help="the names the lab's answer cells define (its "
                  "test cells run in the judge); None = read the lab's source notebook").tag(config=True)
    graded_seed = Bool(True, help="give kernels the graded property seed and example count (False: the public "
                       "ones, as `lab check` runs)").tag(config=True)
    why_not_started = Bool(False, help="add bwrap's own line to the error of a kernel that never started "
                           "(`lab check`, for the student who runs it; grading reports stay an allowlist)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.unconfined:
            require_confinement()
            self.kernel_manager_class = ConfinedKernelManager

    def preprocess(self, nb, resources=None, km=None):
        """Execute, test cells in the judge; the structure check's findings
        (agentcourse.course.tamper) go to the log (`REVIEW: ...`), to GRADED and to
        FlagForReview, later in the pipeline, whatever happened to the kernel. A lab that is
        not judged stops here (LabNotJudged), before any kernel starts."""
        from agentcourse.course.tamper import structure_findings
        from agentcourse.grading.integrity import tamper

        resources = resources if resources is not None else {}
        self._judged = self.judged if self.judged is not None else self._judged_names(resources)
        if self._judged is None:
            raise LabNotJudged(str(resources.get("nbgrader", {}).get("assignment") or "this lab"))
        # The seed is this notebook's: the grader's own environment gets its values back
        # afterwards (nbgrader's API may run in a process that runs labs in-process too).
        saved = {key: os.environ.get(key) for key in (ENV_SEED, ENV_EXAMPLES)}
        if self.graded_seed:
            _set_property_seed(resources, self.property_secret, self.property_examples)
        self._checkpoints = self.checkpoints if self.checkpoints is not None else self._lab_checkpoints(resources)
        for cell in nb.cells:  # the grader's own marks (a judged cell, ...): never the student's
            cell.get("metadata", {}).pop("agentcourse", None)
        self._judge = None
        seen = graded_facts(resources)
        cells, locked_order = tamper.cell_infos(nb, resources)
        # The verdicts are the judge's: what the student's code does in its kernel decides no
        # grade, so only the notebook's structure can be a finding.
        findings = structure_findings(cells, locked_order)
        self._timed_out: list[str] = []
        try:
            nb, resources = super().preprocess(nb, resources, km=km)
        except DeadKernelError:
            seen["dead"] = "the kernel died while a cell ran"
            raise
        except CellTimeoutError:
            self._timed_out.append("a cell whose output never finished")
            raise
        except RuntimeError as err:
            better = self._why_not_started(err)
            if better is err:
                raise
            raise better from err
        finally:
            self._close_judge()
            self._remove_kernel_folder(km)
            _restore(saved)
            seen["timeouts"] += self._timed_out
            findings = list(dict.fromkeys(findings))
            seen["review"] = list(findings)
            tamper.record(resources, findings, self.log)
        return nb, resources

    def _lab_source(self, resources: dict):
        """The lab's source notebook (never the submission, whose metadata the student wrote)."""
        from nbgrader.coursedir import CourseDirectory

        from agentcourse.course import nbfile

        lab = resources.get("nbgrader", {}).get("assignment")
        course = CourseDirectory(config=self.config)
        path = Path(course.root) / course.source_directory / str(lab) / f"{lab}.ipynb"
        return nbfile.read_notebook(path) if lab and path.is_file() else None

    def _lab_checkpoints(self, resources: dict) -> list[str]:
        """What the lab's source lets its kernels load."""
        from agentcourse.course import nbfile

        source = self._lab_source(resources)
        return [str(name) for name in nbfile.lab_meta(source).get("checkpoints", [])] if source else []

    def _judged_names(self, resources: dict) -> list[str] | None:
        """The answer cells' names, for a lab whose test cells run in the judge; else None
        (no source notebook, or one without `"judge": true`)."""
        from agentcourse.course import nbfile
        from agentcourse.course.nbfile import answer_names

        source = self._lab_source(resources)
        if source is None or not nbfile.lab_meta(source).get("judge"):
            return None
        return answer_names(source)

    # ------------------------------------------------------------ the judge (judge/execute.py)

    def _start_judge(self, folder: Path, uid: int | None = None, sandbox=None, memory_mb: int | None = None) -> None:
        """The judge, told the kernel's memory limit (`memory_mb`) when the kernel has one."""
        from agentcourse.grading.judge.execute import JudgeRun, kernel_environment

        self._saved_env = {k: os.environ.get(k) for k in kernel_environment(folder)}
        os.environ.update(kernel_environment(folder))  # the kernel's, set before it starts
        self._judge = JudgeRun(folder, self._judged or [], uid, sandbox, memory_mb)

    def _judge_sandbox(self, private: Path, limits: dict):
        """How the judge's own sandbox is made (bwrap.judge_argv), for JudgeRun."""
        from agentcourse.grading.sandbox.bwrap import SandboxLimits, judge_argv

        folder = private.parent / "run" / "judge"
        return lambda env: judge_argv(folder, private, SandboxLimits(**limits), self.km._uid, env,
                                      getattr(self, "_checkpoints", []))

    def _close_judge(self) -> None:
        if getattr(self, "_judge", None) is not None:
            self._judge.close()
            self._judge = None
            _restore(self._saved_env)
        root = getattr(self, "_judge_root", None)
        if root is not None:  # an unconfined judge's folder: its sockets and scratch projects
            import shutil

            shutil.rmtree(root, ignore_errors=True)
            self._judge_root = None

    def _why_not_started(self, err: RuntimeError) -> RuntimeError:
        """A kernel that died before it answered ran no student code: what bwrap said of it
        (its own lines only) is added to the error, so the one line names the cause."""
        km = getattr(self, "_confined_km", None)  # nbclient forgets its km once the start failed
        if not self.why_not_started or km is None or "before replying to kernel_info" not in str(err):
            return err
        said = [line for line in km.kernel_log().splitlines() if line.startswith("bwrap: ")]
        return RuntimeError(f"{err} ({said[-1][:200]})") if said else err

    def _remove_kernel_folder(self, given) -> None:
        """The kernel's folder, once the run is over: its kernel manager removes it when the
        kernel is cleaned up, which a kernel that never started (bwrap refused) never is."""
        km = getattr(self, "_confined_km", None)
        if given is None and km is not None:
            km.remove_folder()
        self._confined_km = None

    def preprocess_cell(self, cell, resources, index):
        """In a judged lab: a test cell runs in the judge; a locked course cell in both."""
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if self._judge is None or cell.cell_type != "code" or meta.get("solution"):
            return super().preprocess_cell(cell, resources, index)
        if meta.get("grade"):
            return self._judged_cell(cell, resources, index)
        if meta.get("locked"):
            answer = self._judge.course(cell.source)
            if answer.get("error"):
                self.log.warning("the judge's copy of cell %s failed: %s", index, answer["error"].get("evalue"))
        return super().preprocess_cell(cell, resources, index)

    def _judged_cell(self, cell, resources, index):
        from nbformat import from_dict
        from nbformat.v4 import new_code_cell

        from agentcourse.grading.judge.execute import cell_outputs, timed_out

        def serve(code: str) -> list:
            helper = new_code_cell(code)
            try:
                super(ConfinedExecute, self).preprocess_cell(helper, resources, index)
            finally:
                self.nb.cells[index] = cell  # nbclient puts the cell it ran in the notebook
            return [dict(o) for o in helper.outputs]

        before = len(self._timed_out)
        answers, shown = self._judge.test(cell.source, float(self.timeout or 60), serve)
        # The cell's time ran out in the judge or in the kernel's side of it: a timeout of this
        # cell (the class report says regrade), never a silent loss.
        if timed_out(answers) or len(self._timed_out) > before:
            del self._timed_out[before:]
            self._timed_out.append(cell.metadata.get("nbgrader", {}).get("grade_id") or f"cell {index}")
        cell.outputs = [from_dict(o) for o in cell_outputs(answers, shown)]
        cell.execution_count = index
        cell.metadata.setdefault("agentcourse", {})["judged"] = True
        return cell, resources

    def _update_display_id(self, display_id, msg):
        """nbclient rewrites every earlier output with this display id. In a judged lab it
        never does: what the student's code shows later (while a hidden check calls it, say)
        never reaches an earlier cell's output (its answer cell's, where it would carry a
        hidden case's inputs to the page); a display only adds to the cell that runs."""
        if getattr(self, "_judge", None) is not None:
            return None
        return super()._update_display_id(display_id, msg)

    def output(self, outs, msg, display_id, cell_index):
        """nbclient turns an output message into a notebook output; one the kernel malformed
        (an error without a traceback, say) fails that cell, never the grading of the class."""
        try:
            return super().output(outs, msg, display_id, cell_index)
        except (KeyError, TypeError, ValueError):
            from nbformat.v4 import new_output

            outs.append(new_output("stream", name="stderr", text="[the kernel sent a malformed output: dropped]\n"))
            return None

    async def async_start_new_kernel_client(self):
        """nbclient's kernel client, whose requests to the kernel wait at most SEND_SECONDS to be
        sent: a kernel whose code floods or blocks its own sockets fails its cell, never holds
        the grader (a send to a peer that reads nothing would otherwise wait for ever)."""
        import zmq

        kc = await super().async_start_new_kernel_client()
        for channel in (kc.shell_channel, kc.control_channel, kc.stdin_channel):
            socket = getattr(channel, "socket", None)
            if socket is not None:
                socket.setsockopt(zmq.SNDTIMEO, SEND_SECONDS * 1000)
        return kc

    @contextlib.contextmanager
    def setup_kernel(self, **kwargs):
        """nbclient's kernel, started; an unconfined kernel of a judged lab gets the sandbox's
        memory limit before any cell runs (the judge was told it), or is not graded."""
        with super().setup_kernel(**kwargs):
            limit = getattr(self, "_unconfined_mb", None)
            if self.unconfined and limit and getattr(self, "_judge", None) is not None:
                try:
                    limit_memory(self.km.provisioner.process.pid, limit)
                except (AttributeError, OSError, ValueError) as err:
                    raise RuntimeError(f"the kernel's memory could not be limited to {limit} MB: {err}") from err
            yield

    async def _async_cleanup_kernel(self):
        """nbclient's cleanup, with the client's channels given STOP_SECONDS to stop: a kernel
        whose code broke its own protocol (json or zmq patched) can leave the heartbeat
        thread waiting for ever, and the grader with it."""
        kc = getattr(self, "kc", None)
        if kc is not None:
            kc.stop_channels = _bounded(kc.stop_channels, STOP_SECONDS)
        return await super()._async_cleanup_kernel()

    # nbclient's synchronous setup_kernel calls wrappers made from its own coroutines: remade
    # from these two, or neither would run when nbgrader grades.
    start_new_kernel_client = run_sync(async_start_new_kernel_client)
    _cleanup_kernel = run_sync(_async_cleanup_kernel)

    async def _async_handle_timeout(self, timeout, cell=None):
        """nbclient found no reply within the cell's timeout: unless it comes in the cell's fair
        time (fairtime.py: the machine was busy), a timeout, the grader's own knowledge."""
        if await self.reply_came_in_fair_time():
            return None
        gid = (cell or {}).get("metadata", {}).get("nbgrader", {}).get("grade_id") if cell else None
        index = next((i for i, c in enumerate(self.nb.cells) if c is cell), None)
        self._timed_out.append(gid or (f"cell {index}" if index is not None else "a cell"))
        return await super()._async_handle_timeout(timeout, cell)

    def create_kernel_manager(self):
        if self.unconfined:
            import tempfile

            km = super().create_kernel_manager()
            if self._judging():
                # The kernel gets the sandbox's memory limit once it starts (setup_kernel),
                # where the system can set one: only then is the judge told it.
                self._unconfined_mb = self.memory_mb if can_limit_memory() else None
                # A folder of its own, removed with the judge (_close_judge): a confined
                # judge's lives in the kernel's folder, which the kernel manager removes.
                self._judge_root = Path(tempfile.mkdtemp(prefix="judge-", dir=socket_parent()))
                self._start_judge(self._judge_root / "judge", memory_mb=self._unconfined_mb)
            return km
        name = self.kernel_name or self.nb.metadata.get("kernelspec", {}).get("name") or "python3"
        limits = {"memory_mb": self.memory_mb, "processes": self.processes, "file_mb": self.file_mb}
        # Nothing the kernel reads may contain the repository or the course folder.
        secret = [str(REPO_ROOT), os.getcwd()]  # nbgrader runs converters from the course root
        self.km = ConfinedKernelManager(kernel_name=name, config=self.config, limits=limits,
                                        secret_paths=secret, checkpoints=getattr(self, "_checkpoints", []))
        self._confined_km = self.km
        if self._judging():
            private = self.km.kernel_dir / "judge-identity"
            private.mkdir()
            self._start_judge(self.km.kernel_dir / "run" / "judge", self.km._uid,
                              self._judge_sandbox(private, limits), self.memory_mb)
        return self.km

    def _judging(self) -> bool:
        """Within preprocess, which refuses a lab that is not judged; a kernel manager made
        outside it (by a test of the sandbox) gets no judge."""
        return getattr(self, "_judged", None) is not None
