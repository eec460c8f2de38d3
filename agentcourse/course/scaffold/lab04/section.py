"""The reader of Lab 4's tools section: the points Task 3's text lists (one-based lines, an
inclusive end, numbered lines, what to use instead of reading a whole file), in any words.
"""

from __future__ import annotations

import re

# ----------------------------------------------------------------------------- the tools section

# What Task 3 asks a section to say, as the wordings a reader would use; each claim has its
# opposite, which the section must not make unless it negates it ("1-based, not 0-based").
_NEGATED = re.compile(r"\b(not|never|no|don't|do not|avoid\w*|instead of|rather than|without|unlike|n't)\b[^.\n]{0,25}$")
ONE_BASED = (r"\b(1|one)[- ]?(based|indexed)\b|\b(from|at|with) (line |number )?(1|one)\b"
             r"|\bfirst line is (line |number )?(1|one)\b|\bline (1|one) is the first\b")
ZERO_BASED = (r"\b(0|zero)[- ]?(based|indexed)\b|\b(from|at|with) (index |line |number )?(0|zero)\b"
              r"|\b(python|list) slic\w*|\blike a slice\b|\bfirst line is (line |number )?(0|zero)\b")
INCLUSIVE = (r"\binclusive\b|\bboth ends\b|\b(up to|through) and including\b|\bthrough\b"
             r"|\bboth\b[^.\n]{0,30}\b(includ\w*|returned|shown|count\w*)\b"
             r"|\b(end|last)( line)?\b[^.\n]{0,20}\b(is|are) (also |too )?(included|returned|shown)\b"
             r"|\bincluding (the )?(line )?(end|last)\b|\bincludes? (the )?(line )?(end|last)\b"
             r"|\b(end|last)( line)?,? (included|too)\b")
EXCLUSIVE = (r"\bexclusive\b|(?<!not )(?<!never )\b(not includ\w*|exclud\w*)[^.\n]{0,15}\b(end|last|stop)\b"
             r"|\b(end|last|stop)\b[^.\n]{0,15}((?<!not )\bexclud\w*|\bnot includ\w*|\bleft out\b)"
             r"|\bup to but not\b|\bhalf[- ]open\b|\bstops? before (line )?end\b")
WITHOUT_NUMBERS = (r"\b(without|leav\w* out|omit\w*|drop\w*|remov\w*|strip\w*|minus|excluding|not includ\w*"
                   r"|never includ\w*|don't includ\w*|do not includ\w*|not the|not their|not copy\w*|never cop\w*)"
                   r"\b[^.\n]{0,40}\b(numbers?|prefix\w*|n: )"
                   r"|\b(never|not|don't|do not)\b[^.\n]{0,15}\b(past\w*|put\w*|cop\w*|includ\w*|keep\w*|add\w*)\b"
                   r"[^.\n]{0,40}\b(numbers?|prefix\w*|n: )")
WITH_NUMBERS = (r"\bline numbers and all\b|\b(cop\w*|old_str)\b[^.\n]{0,60}\b(with (the |their |its )?(line )?numbers"
                r"|including (the |their )?(line )?numbers|numbers included|keep\w* (the )?(line )?numbers)\b")
INSTEAD = (r"\b(instead of|rather than|prefer\w*[^.\n]{0,20}\b(to|over)|not|never|avoid\w*|without|no need to"
           r"|don't|do not)\b[^.\n]{0,40}\b(whole|entire|full|complete|all of|everything|top to bottom"
           r"|start to finish|every line)\b")
WHOLE = (r"\b(read|reads|reading)\b[^.\n]{0,15}\b(all of it|the whole( file)?|the entire( file)?|whole files?"
         r"|entire files?|every line of the file|the full file|files? in full|from top to bottom)")


def _says(text: str, pattern: str) -> bool:
    return re.search(pattern, text) is not None


def _claims(text: str, pattern: str) -> list[str]:
    """The phrases matching `pattern` that are not negated just before ("not 0-based")."""
    return [m.group(0) for m in re.finditer(pattern, text) if not _NEGATED.search(text[max(0, m.start() - 40):m.start()])]


def section_problems(section: str) -> list[str]:
    """What Task 3's text asks a tools section to say about the tools, read in any words:
    read_lines counts from 1 and includes `end`; old_str is copied without the line numbers;
    search_file is for finding code instead of reading whole files. Each problem is a
    sentence for the student."""
    text = " ".join(section.lower().replace("`", "").replace("*", "").split())
    problems = []
    if _claims(text, ZERO_BASED) or not _says(text, ONE_BASED):
        problems.append("say that read_lines numbers lines from 1 (1-based), as search_file does, "
                        "and nothing that says otherwise (0-based, like a Python slice)")
    if _claims(text, EXCLUSIVE) or not _says(text, INCLUSIVE):
        problems.append("say that read_lines includes both start and end (inclusive), and nothing "
                        "that says end is left out")
    if _claims(text, WITH_NUMBERS) or not _says(text, WITHOUT_NUMBERS):
        problems.append("say that old_str is copied from read_lines without the line numbers "
                        "it adds (and not with them)")
    if _claims(text, WHOLE) or not _says(text, INSTEAD):
        problems.append("say that search_file is how to find code instead of reading whole files, "
                        "and never ask for a whole file to be read")
    return problems
