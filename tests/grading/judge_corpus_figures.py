"""Grade a lab's cases of the blind judge corpus (tests/grading/judge_corpus.py) as one class,
with feedback pages, and print what each case got against what it may get:

    .venv/bin/python tests/grading/judge_corpus_figures.py lab02 [lab05 lab08]

An attack gets through when it scores more than its `most`, gets a status it may not, or a
released page shows a hidden line, one of its `page_absent` texts, or one of its `inert` texts
verbatim, or a file it names in `outside_absent` exists; an honest case is punished unless it is
`ok` with full marks. The figures are printed, never asserted: a figure of first contact is what
the code did before anything was fixed for it.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import judge_corpus as corpus  # noqa: E402

from agentcourse.course import nbfile  # noqa: E402
from agentcourse.grading import pipeline, results  # noqa: E402
from agentcourse.paths import REPO_ROOT  # noqa: E402


def problems(case: corpus.Case, result, pages: dict[str, str], hidden: list[str]) -> list[str]:
    """What went wrong for one case (empty: it was held or graded as it must be)."""
    out = []
    if result.status not in case.statuses:
        out.append(f"status {result.status} ({result.detail[:80]})")
    if not case.least <= result.total <= case.most:
        out.append(f"{result.total:g} points, allowed {case.least:g} to {case.most:g}")
    page = pages.get(case.student, "")
    out += [f"page shows hidden line {line[:50]!r}" for line in hidden if line in page][:2]
    out += [f"page shows {text[:40]!r}" for text in (*case.page_absent, *case.inert) if text in page][:2]
    out += [f"{name} exists outside" for name in case.outside_absent
            if any(Path(root, name).exists() for root in ("/tmp", os.path.expanduser("~"), str(REPO_ROOT)))]
    return out


def grade_lab(lab: str) -> tuple[int, int, int, int]:
    cases = corpus.cases(lab)
    tmp = Path(tempfile.mkdtemp(prefix=f"judge-corpus-{lab}-"))
    course, subs = tmp / "course", tmp / "submissions"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    for case in cases:
        (subs / case.student).mkdir(parents=True)
        nbfile.write_notebook(corpus.submission(case), subs / case.student / f"{lab}.ipynb")
    report = pipeline.grade(lab, subs, results.GradeConfig(jobs=2, cell_timeout=30, course_root=course))
    pages = {p.parent.parent.name: p.read_text(encoding="utf-8", errors="replace")
             for p in (course / ".grading" / "feedback").rglob("*.html")}
    by = {r.student: r for r in report.results}
    hidden = corpus.hidden_lines(lab)
    through = punished = 0
    for case in cases:
        found = problems(case, by[case.student], pages, hidden)
        if found:
            through += not case.honest
            punished += case.honest
        print(f"{lab} {case.student:28s} {by[case.student].status:10s} {by[case.student].total:5g}  "
              f"{'; '.join(found) or 'as it must be'}")
    shutil.rmtree(tmp, ignore_errors=True)
    attacks = sum(not c.honest for c in cases)
    return attacks, through, len(cases) - attacks, punished


def main(labs: list[str]) -> None:
    for lab in labs or list(corpus.LABS):
        attacks, through, honest, punished = grade_lab(lab)
        print(f"{lab}: {through} of {attacks} attacks through, {punished} of {honest} honest students punished")


if __name__ == "__main__":
    main(sys.argv[1:])
