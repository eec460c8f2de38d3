"""What one run of `agentcourse grade` is asked and what it finds: the settings
(GradeConfig), one student's Result, the run's GradeReport, and the statuses a submission
can end with.

Every module of the grading pipeline reads these: the class loop fills them in
(pipeline.py), the grade record writes them into the gradebook (records.py, flags.py),
the summary prints them and writes the CSV (summary.py), and `grades export` reads a
status back from the gradebook by these same words (grades.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from agentcourse.course.props import GRADED_EXAMPLES
from agentcourse.errors import UsageError
from agentcourse.paths import REPO_ROOT

STATUSES = ("ok", "review", "withheld", "timeout", "out of memory", "kernel died", "error",
            "missing", "skipped", "interrupted")


@dataclass
class GradeConfig:
    """How `agentcourse grade` runs nbgrader."""

    jobs: int = 2  # worker processes, each grading one student at a time
    cell_timeout: int | None = None  # seconds per cell; None = nbgrader_config.py's value
    memory_mb: int = 2048  # address-space limit of each kernel (a memory bomb: MemoryError)
    processes: int = 64  # processes a kernel may run at once (a fork bomb stops here)
    worker_memory_mb: int = 4096  # address-space limit of a worker (nbgrader itself)
    output_chars: int = 20_000  # characters kept of one cell's outputs in the graded notebook
    feedback: bool = True  # run generate_feedback (hidden tests removed, leaks withheld)
    unconfined: bool = False  # grade without a sandbox where none can be made (a risk)
    course_root: Path = REPO_ROOT  # the folder holding nbgrader_config.py (tests use a copy)
    students: tuple[str, ...] = ()  # grade only these folders (--student); () = all of them
    property_examples: int = GRADED_EXAMPLES  # examples per property (a property's `most` may cap it)
    scheduler: str | None = None  # a Dask scheduler's address (--scheduler tcp://HOST:PORT); None = local workers
    regrade: bool = False  # grade every student again, even one whose submission and lab are unchanged

    def check(self) -> None:
        """UsageError for a value no run can use (no worker, a timeout or memory too small)."""
        if self.jobs < 1:
            raise UsageError(f"--jobs must be at least 1 (got {self.jobs})")
        if self.cell_timeout is not None and self.cell_timeout < 1:
            raise UsageError(f"--timeout must be at least 1 second (got {self.cell_timeout})")
        if self.memory_mb < 256:
            raise UsageError(f"--memory must be at least 256 MB (got {self.memory_mb})")
        if self.property_examples < 1:
            raise UsageError(f"--examples must be at least 1 (got {self.property_examples})")


@dataclass
class Result:
    """One student's submission after grading."""

    student: str
    status: str = "ok"  # one of STATUSES
    detail: str = ""  # what went wrong, for the table and the CSV
    points: dict[str, float] = field(default_factory=dict)  # test cell grade_id -> points
    review: list[str] = field(default_factory=list)  # structure findings, for a person
    seconds: float = 0.0  # how long its grading took in its worker
    sha256: str | None = None  # of the notebook graded, to tell a changed submission
    kept_clear: frozenset[str] = frozenset()  # cells a person cleared on this same notebook
    late: float = 0.0  # seconds past the due date, as nbgrader counts them (extensions included)
    penalty: float = 0.0  # nbgrader's late penalty in points (the course's late policy)
    submitted: bool = True  # False: no folder for the lab, so nothing recorded in the gradebook
    hand_graded: bool = False  # a person cleared every cell flagged on it, and they stayed clear

    @property
    def total(self) -> float:
        """The points after the late penalty, never below 0 (as nbgrader's own export)."""
        return max(0.0, sum(self.points.values()) - self.penalty)


@dataclass
class GradeReport:
    """One run over a class: every student's Result, the lab's test cells and their points."""

    lab: str
    results: list[Result]
    max_points: dict[str, float]  # test cell grade_id -> its points
    csv_path: Path | None = None
    seconds: float = 0.0
    confinement: str = "bubblewrap"  # or "NONE (--unconfined)"
    property_seed: int = 0  # the seed the lab's properties were graded with (agentcourse.grading.seeds)
    skipped: dict[str, str] = field(default_factory=dict)  # folder name -> why it was not graded
