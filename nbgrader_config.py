# nbgrader configuration for the course, read by every `nbgrader ...` command run from the
# repository root (see docs/INSTRUCTORS.md).
#
#   solutions/labNN/   nbgrader's "source"  (instructor version, committed)
#   labs/labNN/        nbgrader's "release" (student version, generated, committed)
#   .grading/          everything produced while grading (git-ignored): submitted/,
#                      autograded/, feedback/, exports and the gradebook database
import json
import os
import sys

c = get_config()  # noqa: F821 - provided by traitlets when it runs this file

# nbgrader runs the `alembic` program installed beside this interpreter: find it even when
# the virtual environment is not activated (`.venv/bin/nbgrader ...`).
_bin = os.path.dirname(sys.executable)
if _bin not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _bin + os.pathsep + os.environ.get("PATH", "")

# nbgrader asks a subprocess (`alembic heads`) for the schema revision of every new gradebook;
# the course reads the same revision in-process (agentcourse/grading/nbgrader_io.py).
try:
    from agentcourse.grading.nbgrader_io import read_alembic_head_in_process
except ImportError:  # nbgrader run from an environment without the course's package
    pass
else:
    read_alembic_head_in_process()

ROOT = os.path.dirname(os.path.abspath(__file__))
GRADING = os.path.join(ROOT, ".grading")

c.CourseDirectory.root = ROOT
c.CourseDirectory.course_id = "agentcourse"
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = "labs"
c.CourseDirectory.submitted_directory = os.path.join(".grading", "submitted")
c.CourseDirectory.autograded_directory = os.path.join(".grading", "autograded")
c.CourseDirectory.feedback_directory = os.path.join(".grading", "feedback")
c.CourseDirectory.solution_directory = os.path.join(".grading", "solution")
c.CourseDirectory.source_with_tests_directory = os.path.join(".grading", "source_with_tests")
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(GRADING, "gradebook.db")
os.makedirs(GRADING, exist_ok=True)  # sqlite creates the file, not the folder

# Kept with the source, never released or copied into a submission: the worked solution,
# the known-wrong implementations and the notebook's authoring text.
c.CourseDirectory.ignore = [
    ".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback",
    "WALKTHROUGH.md", "wrong.py", "blind.py", "*.pct.py",
]

# Every cell gets at most this many seconds; a student's endless loop scores 0 on that cell
# instead of stalling the class. `agentcourse grade` also reports it as a timeout, not a zero.
c.ExecutePreprocessor.timeout = 60
c.Execute.timeout = 60

# Autograde copies every non-notebook file of the source over the submission. A lab whose
# student edits a .py names it in its metadata (`student_files`); those are kept.
exclude = {}
solutions = os.path.join(ROOT, "solutions")
for lab in sorted(os.listdir(solutions)) if os.path.isdir(solutions) else []:
    notebook = os.path.join(solutions, lab, lab + ".ipynb")
    if os.path.isfile(notebook):
        with open(notebook, encoding="utf-8") as f:
            meta = json.load(f).get("metadata", {}).get("agentcourse", {})
        if meta.get("student_files"):
            exclude[lab] = list(meta["student_files"])
c.Autograde.exclude_overwriting = exclude

# Autograde's pipeline is nbgrader's own with three changes:
#  - ConfinedExecute runs every kernel in a bubblewrap sandbox (agentcourse/grading/sandbox/:
#    confine.py, the command line in bwrap.py): it reads the Python environment and its own
#    copy of the submission, writes only its scratch folder and /tmp, has a private loopback
#    and a process limit. It refuses to run where no sandbox can be made, unless
#    --ConfinedExecute.unconfined=True.
#    Every test cell runs in the judge (agentcourse/grading/judge/), a process of its own that
#    calls the student's functions through a narrow channel: only a lab whose source says
#    "judge": true is graded (any other stops with LabNotJudged before a kernel starts). It
#    also reports locked cells deleted, doubled or moved (agentcourse/grading/integrity/tamper.py);
#  - CapOutputs (agentcourse/grading/outputs.py): LimitOutput counts lines, so one 10 MB line
#    would pass it; it keeps every output nbgrader scores a cell by, so cutting never
#    changes a grade;
#  - FlagForReview marks a submission with structure findings for manual grading.
c.Autograde.autograde_preprocessors = [
    "agentcourse.grading.sandbox.confine.ConfinedExecute",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "agentcourse.grading.outputs.CapOutputs",
    "agentcourse.grading.textonly.TextOnlyOutputs",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
    "agentcourse.grading.integrity.tamper.FlagForReview",
]
# A deleted test cell is put back (and graded) rather than scoring nothing silently.
c.OverwriteCells.add_missing_cells = True

# Feedback is an allowlist (agentcourse/grading/release.py), so a page shows only what it may:
# HideHiddenTests (agentcourse/grading/integrity/leaks.py) removes the hidden tests and the
# grader's notes to the instructor; AllowlistOutputs rebuilds every cell: a test cell shows
# passed or failed, its points and its docstring from the source notebook (and a judged
# failure's error line), the student's own cells their source and text outputs as escaped
# text, capped (HTML, JavaScript, SVG and widgets become a line naming their type).
# FeedbackExporter writes each page with a Content-Security-Policy that lets no script run,
# and none for a student whose recorded status is review, withheld or error (the post-convert
# hook removes their folder), so --force cannot bring such a page back. `agentcourse grade`
# records those statuses; it also searches each graded notebook for secret text the student
# did not write (leaks.py) and records a student whose notebook shows some as withheld.
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    "agentcourse.grading.integrity.leaks.HideHiddenTests",
    "agentcourse.grading.release.AllowlistOutputs",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]
c.GenerateFeedback.exporter_class = "agentcourse.grading.release.FeedbackExporter"
c.GenerateFeedback.post_convert_hook = "agentcourse.grading.release.drop_held_pages"
# `nbgrader export` writes here instead of a grades.csv in the repository root.
c.ExportPlugin.to = os.path.join(GRADING, "grades.csv")

c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}

# Course-local settings (the exchange root, the late policy, anything of your term's) go in
# local/nbgrader_config.py, which git ignores: copy local/nbgrader_config.example.py there.
# This file stays as committed, so pulling the course's next version never conflicts.
_local = os.path.join(ROOT, "local", "nbgrader_config.py")
if os.path.isfile(_local):
    load_subconfig(_local)  # noqa: F821 - provided by traitlets, like get_config
