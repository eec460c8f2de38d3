"""The five Lecture 5.3 prompt rules as data: one row per rule, read by rule_reader.read().

A row says which words state the rule, how they must be meant, what they may act on, and
the exceptions that set a look-alike aside, each with the reason a student reads:

    mode        the failure mode the rule prevents (failure_modes.FAILURE_IDS)
    covers      what the rule is about, in words (for the docs; scope and the steps decide)
    absent      what a student reads when no sentence states the rule
    about       conditions a sentence must meet to be about the rule at all (else it is
                not looked at for it)
    polarity    how a word's polarity is read: "plain" (clauses.polarity), "read" (a
                permission that is a restriction, "only allowed on files you have read",
                demands), "ask" (two negations demand asking: "never proceed without asking")
    start       the reason given when words are found and nothing else is said of them
    stages      what is asked of the sentence, in order. A stage is (kind, steps): with a
                kind ("DEL", "READ" ...) its steps are asked of each word of that kind, with
                "*" of every word, with "" of the sentence once. A step is (conditions,
                action, reason): the first step whose conditions all hold decides.
    after       steps asked of a sentence that counts: an exception that takes it back
    end         the verdict when no step decided: "reject" (a look-alike, with the last
                reason) or "none" (not about the rule)
    scope       the word kinds whose object is the file a rule names (rules.named_files:
                "Never delete main.py." covers main.py only)
    veto        a reason that takes back the rule even after another sentence stated it
    steps       True: "1. Read the file. 2. Only then edit it." states the rule over two
                sentences (a step after a read)
    unstated    the finding when no sentence is about the rule, if not "missing" (the
                clarification rule: a prompt that never tells the model to ask, acts)
    decided_by  the finding when a look-alike was read and no sentence counts: the first
                look-alike decides, with this reason (an unlimited clarification rule)

Actions: "count" (the rule is stated), "reject" (a look-alike), "neither" (neither a rule
nor a look-alike that decides), "none" (not about this rule), "note" (set the reason and
go on with the next word), "keep" (the same, unless a reason is set), "next" (go on).

Conditions are names of the checks in rule_checks.CHECKS and ask_checks.CHECKS; "not X"
negates one; "has:KIND", "word:w", "pol:neg|perm|opt|pos", "governed:...", "obj:file|other
|outside|some|kind|none" take an argument. A reason's "{noun}", "{near}", "{kind}", "{notfile}"
and "{found}" are filled in from the sentence (rule_checks.FILLS).

A change here changes what counts as a rule: tests/tutor/test_rules.py judges it against
the corpora, and tests/tutor/test_routing_record.py shows every judgement it moves.
"""

from __future__ import annotations

# Reasons the code elsewhere compares against (act/families/ambiguous.py, rules.VETOES).
NO_QUESTIONS = "forbids questions altogether: it acts on a guess even when a request is ambiguous"
ONLY_UNCLEAR = "asks only about unclear requests"  # neither a rule nor a limit, but it asks then
EMPTY_INSTEAD = "it tells the model to empty a file it is asked to delete"

TOOL_NOT_MODEL = "it describes a tool, it is not a rule for the model"

RULES = (
    {
        "mode": "edits-without-reading",
        "covers": "the files it names, else every file changed",
        "absent": "no rule says to read a file before changing it",
        "about": ("reads_or_blind",),
        "polarity": "read",
        "start": "it asks to read, but not before editing",
        "stages": (
            ("", (
                (("blind_edit",), "count", "forbids blind edits"),
            )),
            ("READ", (
                (("purpose_of_a_read",), "next", ""),  # "read the issue to understand it": one read
                (("reads_other_thing",), "note", "it is about reading {notfile}, not the file to change"),
                (("checks_a_fact",), "note", "it is about checking a fact, not reading the file's contents"),
                (("some_files",), "note", "it asks to read first only for {kind} files"),
                (("obj:some",), "note", "it asks to read first only for the files in one folder"),
                (("only_when",), "note", "it asks to read first only in some cases"),
                (("pol:neg", "edit_negated_before"), "count", "forbids editing what has not been read"),
                (("pol:neg",), "note", "it tells the model not to read first"),
                (("pol:opt",), "note", "it makes reading first optional"),
                (("pol:perm",), "note", "it only permits reading first"),
                (("described_word",), "note", "it describes a tool, it is not a rule for the model"),
                (("someone_else",), "note", "it is about what someone else does"),
                (("read_then_edit",), "count", "{found}"),
                (("read_first",), "count", "asks to read first"),
                (("edit_tool_precondition",), "count", "makes a read a precondition of this edit tool"),
                ((), "next", ""),
            )),
        ),
        "after": (
            (("exception_edited_blind",), "reject",
             "it asks to read first except in some cases, which are then edited blind"),
            (("as_needed",), "reject", "it asks to read first only when the model finds it needed"),
            (("others_edited_directly",), "reject", "it asks to read first only for some files, and the others are edited directly"),
        ),
        "end": "reject",
        "scope": ("READ", "MOD"),
        "steps": True,
    },
    {
        "mode": "deletes-by-emptying",
        "covers": "files: the ones it names, else every file; not lines, code, folders, the reply's text or one kind of file",
        "absent": "no rule forbids deleting files",
        "about": ("has:DEL",),
        "polarity": "plain",
        "start": "",
        "stages": (
            ("", (
                (("empties_instead",), "reject", "it tells the model to empty a file it is asked to delete"),
            )),
            ("DEL", (
                (("word:emptying",), "next", ""),
                (("not obj:file", "not obj:none"), "next", ""),
                (("orders_delete",), "reject", "it tells the model to delete files"),
            )),
            ("DEL", (
                (("permits_deleting", "word:emptying"), "note",
                 "it permits deleting files and only forbids emptying them"),
                (("obj:other",), "note", "it is about deleting {noun}, not files"),
                (("obj:outside",), "note", "it only forbids deleting files outside the project"),
                (("obj:some",), "note", "it only forbids deleting the files in one folder"),
                (("pol:neg", "obj:kind"), "note", "it only forbids deleting some kinds of file"),
                (("pol:neg", "described_marker"), "note", "it describes a tool, it is not a rule for the model"),
                (("pol:neg", "how_many"), "note", "it limits how many files, it does not forbid deleting"),
                (("pol:neg", "someone_else"), "note", "it is about what someone else may do"),
                (("pol:neg", "unless_asked"), "note",
                 "it allows deleting when the user asks, which a delete request does"),
                (("pol:neg", "no_means"), "note", "it says there is no way to delete, it is not a rule for the model"),
                (("pol:neg", "on_condition"), "note", "it only forbids deleting on a condition the model can meet"),
                (("pol:neg", "hedged"), "note",
                 "it only discourages deleting where it can be avoided; a request to delete is such a case"),
                (("pol:neg",), "count", "forbids deleting files"),
                (("pol:pos", "governed:pos", "refused_request"), "count", "answers a request to delete with a refusal"),
                (("pol:perm",), "note", "it permits deleting"),
                (("pol:opt",), "note", "it makes deleting optional, not forbidden"),
                (("encouraged",), "note", "it encourages deleting"),
                ((), "keep", "it does not forbid deleting"),
            )),
        ),
        "after": (),
        "end": "reject",
        "scope": ("DEL",),
        "veto": "it tells the model to empty a file it is asked to delete",
    },
    {
        "mode": "verbose-narration",
        "covers": "the replies; not code, comments, commit messages, names or tool output",
        "absent": "no rule asks for short replies",
        "about": ("brief_or_verbose",),
        "polarity": "plain",
        "start": "",
        "stages": (
            ("VERBOSE", (
                (("pol:neg", "not described_marker"), "count", "forbids narration or padding"),
                (("pol:pos", "minimum_after"), "count", "keeps explanations to a minimum"),
                ((), "note", "it asks for (or allows) more words, not fewer"),
            )),
            ("BRIEF", (
                (("brief_is_a_verb",), "note", "'brief' is a verb here (to inform), not a length"),
                (("not addressed",), "note", "it says something is short, but not that the replies should be"),
                (("as_needed",), "note", "it asks for brevity only when the model finds it needed"),
                (("except_narration",), "note", "it leaves the account of the work out of its brevity"),
                (("pol:pos", "only_on_request"), "reject", "it asks for brevity only when the user asks for it"),
                (("pol:perm",), "note", "it only permits brevity"),
                (("not pol:pos",), "note", "it is negated or made optional"),
                (("negated_after",), "note", "it is negated or made optional"),
                (("userside",), "note", "it describes the user's messages, not the replies"),
                (("others_reply",), "note", "it says how someone else replies, not how the model should"),
                (("about_code",), "note", "it is about {noun}, not about the replies"),
                (("tool_does",), "note", "it describes what the tool does, it is not a rule for the model"),
                (("near_file",), "note", "it is about {near}, not about the replies"),
                (("described_word",), "note", "it describes a tool, it is not a rule for the model"),
                ((), "count", "asks for short replies"),
            )),
        ),
        "after": (),
        "end": "reject",
        "scope": (),
    },
    {
        "mode": "wrong-argument-format",
        "covers": "a new file made with the edit tool",
        "absent": "nothing says that an empty old_str creates a file",
        "about": ("has:EMPTY", "old_text"),
        "polarity": "plain",
        "start": "",
        "stages": (
            ("", (
                (("not has:CREATE",), "reject", "it mentions an empty old text but not creating a file"),
                (("has:ERROR",), "reject", "it says an empty old text is an error"),
                (("creation_negated",), "reject", "it says an empty old text does not create a file"),
                (("empty_not_negated",), "count", "says a new file takes an empty old text"),
                ((), "reject", "it says old text must not be empty"),
            )),
        ),
        "after": (),
        "end": "reject",
        "scope": ("CREATE",),
    },
    {
        "mode": "asks-when-it-shouldnt",
        "covers": "every request: asking only about unclear ones",
        "absent": "no limit on clarifying questions",
        "about": (),
        "polarity": "ask",
        "start": "",
        "stages": (
            ("", (
                (("shows_asking",), "reject", "an example reply asks the user for permission"),
                (("not questions",), "none", ""),
                (("negated_asks", "counts_questions"), "reject", "it limits how many questions, not when to ask"),
                (("negated_asks", "creates_without_asking"), "neither",
                 "it lets the model create files without asking, and says nothing of other requests"),
                (("negated_asks", "ban_without_limit"), "count",
                 "forbids questions altogether: it acts on a guess even when a request is ambiguous"),
                (("negated_asks",), "count", "limits questions: it says when not to ask"),
            )),
            ("*", (
                (("only_if_unclear",), "count", "limits questions to unclear requests"),
                (("otherwise_act",), "count", "limits questions: when the request is clear, it acts"),
                (("otherwise_ask",), "count", "limits questions: it asks only when the request is not clear"),
                (("unless_clear",), "count", "limits questions: it asks unless the request is clear"),
                ((), "next", ""),
            )),
            ("", (
                (("has:RESTRICT",), "count", "limits questions"),
                (("asks", "truly_unclear"), "count", "limits questions to requests that are truly unclear"),
                (("asks", "all_when_unclear"), "neither", "asks only about unclear requests"),
                (("asks", "tells_to_ask"), "reject", "a clarification rule with no limit"),
                (("not asks", "poses_questions"), "reject", "it tells the model to put questions to the user"),
            )),
        ),
        "after": (),
        "end": "none",
        "scope": (),
        "unstated": "no clarification rule: it acts",
        "decided_by": "a clarification rule with no limit: it asks even about clear requests",
    },
)
