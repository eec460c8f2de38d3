# nbgrader configuration for the course, read by every `nbgrader ...` command run from the
# repository root (see the README, "Labs and grading: for instructors").
#
#   solutions/labNN/   nbgrader's "source"  (instructor version, committed)
#   labs/labNN/        nbgrader's "release" (student version, generated, committed)
#   .grading/          everything produced while grading (git-ignored): submitted/,
#                      autograded/, feedback/, exports and the gradebook database
import json
import os

c = get_config()  # noqa: F821 - provided by traitlets when it runs this file

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
    "WALKTHROUGH.md", "wrong.py", "*.pct.py",
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

# Autograde's pipeline is nbgrader's own plus CapOutputs: LimitOutput counts lines, so a
# single 10 MB line would pass it into the graded notebook and the feedback.
c.Autograde.autograde_preprocessors = [
    "nbgrader.preprocessors.Execute",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "agentcourse.grading.CapOutputs",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]

# Feedback must never show hidden tests: nbgrader's feedback is the autograded notebook,
# hidden tests included. This preprocessor removes them (and their tracebacks' source lines).
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    "agentcourse.grading.HideHiddenTests",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]
# `nbgrader export` writes here instead of a grades.csv in the repository root.
c.ExportPlugin.to = os.path.join(GRADING, "grades.csv")

c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
