"""Every named error the course's command line can end with, and its exit status.

The command line catches CourseError, prints its message (no stack trace) and
exits with `exit_status`. Library code raises these; it never calls sys.exit.
"""


class CourseError(Exception):
    """Base class: a clear one-line message for a person, and an exit status."""

    exit_status = 1


class UsageError(CourseError):
    """The command was given something it cannot use (bad name, bad option)."""

    exit_status = 2


class UnknownCheckpoint(UsageError):
    """No checkpoint matches the name or number given; the message lists the valid ones."""


class UnknownLab(UsageError):
    """No lab matches the name or number given; the message lists the valid ones."""


class PortInUse(CourseError):
    """The tutor model could not bind its port."""

    exit_status = 3


class SampleProjectMissing(CourseError):
    """The sample project the checkpoints run in could not be found."""

    exit_status = 4


class NoApiKey(CourseError):
    """A live run was asked for and ANTHROPIC_API_KEY is not set."""

    exit_status = 5


class GradingIncomplete(CourseError):
    """At least one submission could not be graded (dead kernel, timeout, missing notebook)."""

    exit_status = 6


class TraceError(CourseError):
    """A trace file is missing or not a JSONL trace."""

    exit_status = 7


class ConfinementUnavailable(CourseError):
    """Students' kernels cannot be confined here (no bubblewrap, no namespaces) and the
    instructor did not pass --unconfined."""

    exit_status = 8


class LabNotJudged(UsageError):
    """Grading was asked for a lab whose source notebook does not say `"judge": true`: only a
    lab whose test cells run in the judge is graded. Nobody was graded or recorded."""

    def __init__(self, lab: str):
        super().__init__(
            f"{lab} is not judged, so it cannot be graded: add \"judge\": true to the \"agentcourse\" "
            f"metadata of its source notebook (solutions/{lab}/{lab}.ipynb; see solutions/CONVENTIONS.md), "
            "check that `agentcourse lab check` passes its tests in the judge, and grade again. "
            "Nobody was graded.")
        self.lab = lab


class GradingInterrupted(CourseError):
    """Ctrl-C during `agentcourse grade`: workers and kernels were stopped; the students
    merged so far are in the gradebook, and a re-run grades the class again."""

    exit_status = 130


class NotGraded(CourseError):
    """`agentcourse grades export` or `report` found nothing to read: no gradebook, or a
    gradebook that does not know the lab or has no submission of it."""

    exit_status = 9


class BadRoster(UsageError):
    """The roster file given to `agentcourse grades export --roster` cannot be used
    (missing, unreadable, without the columns it needs, or naming a student twice)."""


class MergeRefused(CourseError):
    """`agentcourse grades merge` cannot take the other machine's `.grading/` folder: no
    gradebook, not the lab, other test cells, or a student submitted at another time here
    (without --replace). Nothing is merged."""

    exit_status = 10


class BadEntrant(UsageError):
    """An arena entrant cannot be run: a missing folder, no agent.py, an agent.py without
    run_turn, or an empty --command."""


class UnknownFamily(UsageError):
    """`agentcourse arena --families` names a task family the registry does not hold."""
