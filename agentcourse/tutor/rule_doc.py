"""The prompt-rule tables of docs/TUTOR-SCRIPT.md, generated from the rule reader's data: the
rule table (understand/rule_table.py), the English lexicon (understand/lexicon.py) and the
other languages (understand/rule_languages.py). script_doc.py writes them into the doc with
its other tables (`python -m agentcourse.tutor.script_doc --write`), and
tests/tutor/test_script.py fails when the doc has drifted.
"""

from __future__ import annotations

import re

from agentcourse.tutor.understand import lexicon, rule_languages, rule_table

POLARITY = {
    "plain": "as written: a negation or a prohibition forbids, a permission permits",
    "read": "as written; a permission that is a restriction (\"only allowed on files you have read\") demands",
    "ask": "as written; two negations demand (\"never proceed without asking\")",
}


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def _reasons(row: dict, actions: tuple[str, ...]) -> list[str]:
    steps = [step for _, stage in row["stages"] for step in stage] + list(row["after"])
    found = [re.sub(r"\{\w+\}", "…", text.replace("{found}", "the read is ordered before the edit"))
             for _, action, text in steps if action in actions and text]
    return list(dict.fromkeys(found))


def _words(row: dict) -> str:
    kinds = [kind for kind, _ in row["stages"] if kind not in ("", "*")]
    kinds += [c.split(":", 1)[1] for c in row["about"] if c.startswith("has:")]
    return ", ".join(f"`{k}`" for k in dict.fromkeys(kinds)) or "the asking words (`ASK`, question)"


def rules_table() -> str:
    """One line per row of rule_table.RULES: the words that state the rule, how they must be
    meant, what it covers, when it counts and what sets a look-alike aside."""
    rows = ["| rule | stated by (lexicon kinds) | polarity | covers | counts when | set aside when |",
            "|---|---|---|---|---|---|"]
    for row in rule_table.RULES:
        cells = (f"`{row['mode']}`", _words(row), POLARITY[row["polarity"]], row["covers"],
                 "; ".join(_reasons(row, ("count",))), "; ".join(_reasons(row, ("note", "reject", "neither"))))
        rows.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(rows)


def _alternatives(pattern: str) -> str:
    """A regex as the words it reads: its alternatives joined with ", "."""
    if re.search(r"\\[1-9]|\(\?|\[\^|\^", pattern):
        return f"`{pattern}`"
    return ", ".join(p.replace("\\b", "") for p in pattern.split("|"))


def lexicon_table() -> str:
    """The English lexicon: each kind of word and the words of that kind."""
    rows = ["| kind | words (regular expressions, whole words) |", "|---|---|"]
    rows += [f"| `{kind}` | {_cell(_alternatives(words))} |" for kind, words in lexicon.LEXICON.items()]
    return "\n".join(rows)


def languages_table() -> str:
    """Each language of rule_languages.LANGUAGES: its markers, and its words' English."""
    rows = ["| language | said by (markers) | words and phrases → their English |", "|---|---|---|"]
    for code, lang in rule_languages.LANGUAGES.items():
        words = "; ".join(f"{_alternatives(p)} → {e.strip() or '(dropped)'}" for p, e in lang["phrases"])
        rows.append(f"| {lang['name']} (`{code}`) | {_cell(_alternatives(lang['markers']))} | {_cell(words)} |")
    return "\n".join(rows)


GENERATED = {
    "rule-table": rules_table,
    "rule-lexicon": lexicon_table,
    "rule-languages": languages_table,
}
