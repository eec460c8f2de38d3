"""Recognising the Lecture 5.3 prompt rules in the words students write.

    explain(system, tools) -> list[RuleFinding]   # per rule: found?, where, which sentence, why
    missing(system, tools) -> dict[str, bool]     # failure-mode id -> True when its rule is absent

A real model reads the system prompt and every tool's description and parameter
descriptions, so a rule counts wherever it is written. How a prompt is read, in steps
that each have their own data below:

1. Places: the system prompt (a string or text blocks), then each tool's description and
   each parameter's description. A tool description's "this tool" / "use it" stands for
   the tool's own action (a read tool's "use this before editing" is a read-first rule),
   and the edit tool's old-text parameter carries "old_str" implicitly.
2. Sentences: markup goes (Markdown emphasis, headings, bullets, XML tags, JSON-like lists
   of quoted rules), wrapped lines are joined, then the text is cut into sentences. Each
   keeps the heading it stands under (a Markdown heading, a "Label:" line, an XML tag's
   name): a short item is read with it ("## Code style / - concise"), and a heading that
   forbids ("DON'T:") governs every item.
   "Q: ...? A: No, ..." is read as one statement.
3. Words: a sentence is lower-cased, keyboard slips of rule words are mended (ANCHORS:
   "befor", "emtpy"), contractions are expanded, multi-word phrases become one canonical
   word (PHRASES: "under no circumstances" -> never, "prior to" -> before), and each word
   gets its kinds from the LEXICON (NEG, PERM, DEL, READ, ...).
4. Polarity: a word is governed by the nearest marker before it in its clause (governor):
   a negation forbids it, a permission permits it, "do not hesitate/forget to" turns a
   negation into encouragement, "no need to" makes it optional, "not forbidden" permits;
   subordinators ("before", "if", "that", ";", "but") end a marker's reach, and so does the
   comma that closes an "if"/"when" clause. A word nothing governs is read from what
   follows it ("Deleting files is forbidden", "Deleting files? Never.").
5. Rules: one small function per rule over the words of a sentence (RECOGNISERS). A rule
   named only to be withdrawn ("the rule 'read before you edit' is obsolete") is not stated,
   nor is one reported from the past ("we used to read every file first") or meant for
   another agent ("the cleanup bot (not you) must never delete files"): for_model().

No model, no network; the same prompt always gives the same answer, and answers are
cached by prompt. Honest doubt: this reads rules, it does not understand them. Pronouns
across sentences, irony, and rules spread over several sentences are mostly missed
(one exception: "1. Read the file. 2. Only then edit it." / "3. Edit it."). Measured on
wording written blind, it judged 85-95% right on first contact (docs/TUTOR-SCRIPT.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

# ============================================================================ data

# Multi-word expressions folded into one canonical word before the lexicon lookup. Applied
# in order to the lower-cased clause; "\b" is added on both sides.
PHRASES: tuple[tuple[str, str], ...] = (
    # the commonest rule words of French, Spanish and German, which students mix into
    # English ("ne jamais delete a file", "pour créer un fichier", "réponses courtes")
    (r"même si|incluso si|aun si|selbst wenn|auch wenn", " even if "),
    (r"ne jamais|jamais|nunca|niemals", "never"),
    (r"ne (?:pas|plus)|ne \w+ (?:pas|plus)|nicht", "not"),
    (r"toujours|siempre|immer", "always"),
    (r"sans|ohne", "without"),
    (r"avant de|avant d'|antes de", "before"),
    (r"l'avoir lu|lire|lu|leer|lesen|gelesen", "read"),
    (r"supprimer|supprime|effacer|borrar|eliminar|löschen", "delete"),
    (r"fichiers|archivos|dateien", "files"),
    (r"fichier|archivo|datei", "file"),
    (r"vide|vacío|vacio", "empty"),
    (r"créer|crée|crear|erstellen|anlegen", "create"),
    (r"demander|preguntar|fragen", "ask"),
    (r"courtes?|courts?|breves?|cortas?|cortos?|kurze?n?", "short"),
    (r"réponses?|respuestas?|antworten", "answers"),
    (r"nouveaux|nouveau|nouvelles?|nuevos?|nuevas?|neuen?|neues?", "new"),
    (r"s'il (?:te|vous) pla[iî]t|svp|por favor|bitte", "please"),
    (r"seulement|uniquement|sólo|nur", "only"),
    (r"(?<=ask) si|(?<=only) si", "if"),
    # discourse markers and intensifiers that carry no rule
    (
        r"in brief|in short|no matter what|under any circumstances|whatever the reason(?: given)?"
        r"|for any reason|even if|not only",
        " , ",
    ),
    (r"any ?more(?! than)", ""),
    (  # "Whether or not the request is ambiguous, ask": no condition at all
        r"whether or not|regardless of whether|no matter whether|irrespective of whether"
        r"|(?:ambiguous|unclear|clear) or not",
        " regardless ",
    ),  # "don't ask questions any more": a time, not a count
    # negations
    (r"no longer(?! than)|not any longer", "not"),  # "no longer allowed", "no longer need to"
    (
        r"under no circumstances|in no case|at no (?:point|time)|on no account|by no means|not ever"
        # "There is no situation in which deleting a file is acceptable."
        r"|there (?:is|are|exists?) no (?:situation|case|circumstance|scenario|context|occasion"
        r"|time|reason)s? (?:in which|where|when|that|for which)",
        "never",
    ),
    (  # an inverted condition: "Should you be asked to delete a file, decline."
        r"(?:^|(?<=[,;:] ))should(?= (?:you|the user|a user|anyone|someone|they) )",
        "if",
    ),
    (
        r"out of (?:scope|bounds|the question)|not an option|off limits|off the table|not acceptable|no go"
        r"|not (?:part of )?(?:your|the assistant's|the model's) (?:job|role|task|responsibility)",
        "forbidden",
    ),
    (r"non ?empty", "not empty"),
    (r"(?:pass|send|give|use) nothing", "pass empty"),
    (
        r"instead of|rather than|over(?= (?:asking|a clarifying|clarifying|(?:a |any )?questions?)\b)",
        "without",
    ),
    (r"leave out|cut out|stop(?= \w+ing\b)", "omit"),
    (  # "cut the fluff", "drop the preamble"
        r"(?:cut|drop|lose|ditch|trim|strip)(?= (?:the |all |any )?(?:fluff|filler|chatter|padding"
        r"|preamble|pleasantries|small talk|waffle|narration|commentary)\b)",
        "omit",
    ),
    # permissions, requirements, options
    (
        r"feel free to|go ahead and|(?:it is|that is|it's) (?:fine|ok|okay|acceptable|allowed) to"
        r"|you are welcome to|are free to|is free to",
        "free to",
    ),
    (r"no need|not necessary|not needed|not required|unnecessary to", "optional"),
    (r"(?:have|has|need|needs|ought) to|required to|is required|are required", "must"),
    (
        r"make sure(?: to| that)?|be sure to|ensure(?: that)?|remember to|it is (?:important|essential|"
        r"mandatory|crucial) to",
        "must",
    ),
    # ordering
    (
        r"prior to|ahead of|in advance of|before you|before ever|must precede|precedes?|comes? before"
        r"|(?:a |the )?(?:prerequisite|precondition) (?:for|to|of)",  # "... is a prerequisite for editing"
        "before",
    ),
    (r"(?<=[;,] )if not(?= ?,)", "otherwise"),  # "if the request is unclear, ask; if not, act"
    (r"preceded by|only after|only once|must follow|follows?|comes? after", "after"),
    (r"and then|after that|afterwards|, then", "then"),  # "only then" keeps its "only"
    # numbered steps: "Step 1: read_file on the target. Step 2: edit_file."
    (r"step (?:1|one)|(?:the )?first step|firstly", "first"),
    (r"step (?:2|two)|(?:the )?second step|secondly|second(?= ?,)", "then"),
    # actions
    (r"get rid of|throw away|wipe out", "delete"),
    (  # "never edit from memory", "no edits to unread files"
        r"from memory|sight unseen|unread|unseen|unopened|unviewed|unexamined|uninspected",
        "blind",
    ),
    (  # the imitation of a delete this failure performs: "never empty a file"
        r"(?:empty|blank|clear)(?: out)? (?:a|the|any|an existing|existing|this|that|its|your)"
        r" files?",
        "emptying files",
    ),
    (
        r"look(?:s|ed|ing)? (?:at|over|through)|have a look at|take a look at|go through|familiari[sz]e yourself with",
        "read",
    ),
    (
        r"make (?:any |a |the )?(?:changes?|edits?|modifications?)|making (?:any |a |the )?"
        r"(?:changes?|edits?|modifications?)",
        "edit",
    ),
    (  # "confirm every change with the user": the thing confirmed between
        r"(?:double )?(?:check|confirm|verify)(?:ing)?((?: (?!with\b)[\w']+){1,3}) with (?:the |your )?"
        r"(?:user|developer|human|client|customer|owner|requester|me|them)s?(?!')",
        r"ask\1",
    ),
    (r"confirm(?= (?:first|before|beforehand)\b)", "ask"),  # "Always confirm before acting."
    (
        r"without (?:(?:the|a|an|explicit|prior|written) )?(?:(?:user's|users'|their|your|explicit) )?"
        r"(?:confirmation|approval|go ahead|sign off|consent)",
        "without ask",
    ),
    (
        r"(?:double )?(?:check|confirm|verify)(?:ing)?(?: in)? with (?:the |your )?(?:user|developer|human|client"
        r"|customer|owner|requester|me|them)s?|seek clarification"
        r"|(?:get|obtain|seek|ask for|wait for|request)(?: the| an?| their| your| explicit)?"
        r"(?: user's| users'| human's| developer's| explicit)? (?:confirmation|approval|ok|okay"
        r"|permission|consent|sign off|go ahead|green light|blessing)"
        r"|confirm (?:the|your) (?:plan|request|intent)"
        r"|request clarification|ask for clarification|clarifying questions?|follow-up questions?",
        "ask",
    ),
    (
        r"(?:narrat\w*|explain\w*|describ\w*|walk\w* (?:through|the user through)) (?:of )?(?:what you"
        r" (?:are doing|did|do)|(?:your|the|each|every) (?:process|steps?|reasoning|thinking|approach"
        r"|actions?))|explanations? of (?:your |the )?(?:process|steps|reasoning)"
        r"|explain(?: yourself)?(?=\s*(?:[,;.!]|$))",  # "Act, don't explain.": with no object
        "narration",
    ),
    (  # "without saying what you are about to do or summarising what you did"
        r"(?:say\w*|announc\w*|stat(?:e|es|ing)|tell\w*(?: the user)?|summari[sz]\w*|recap\w*)"
        r" what you (?:are (?:about|going) to do|will do|did|have done|just did|changed)",
        "narration",
    ),
    (
        r"play by play|step by step commentary|small talk|long[- ]winded|filler words|over ?explain\w*"
        r"|walls? of text|(?:long|lengthy) paragraphs?"
        r"|(?:long|lengthy|wordy) (?:answers?|replies|responses?|explanations?|messages?)"
        r"|unnecessary (?:details?|explanations?|words|text)",
        "verbose",
    ),
    # brevity and limits ("at least 200 words" asks for more words, not fewer)
    (
        r"(?:at least|a minimum of|minimum of|no (?:fewer|less) than|not (?:fewer|less) than)\s+"
        r"(?:\d+|one|two|three|four|five|ten|twenty|fifty|a hundred|one hundred)\s+"
        r"(?:words?|sentences?|lines?|paragraphs?|characters?)",
        "minlength",
    ),
    (  # "as few words as you can": the "can" is not a permission
        r"as (?:few words|short|brief|concise|terse) as (?:possible|you can|you are able|necessary|needed)"
        r"|(?:minimi[sz]e|reduce|limit|cut down) (?:the )?(?:number of |amount of |length of |size of )?"
        r"(?:words|output tokens|tokens|text|verbosity|length)",
        "concise",
    ),
    (  # not "get the short answer", "write less code"
        r"get (?:straight |right |directly )?to the point|(?:say|talk|speak|write) less(?! code)",
        "be concise",
    ),
    (
        r"to the point|short and sweet|as few words as possible|few words|as short as possible"
        r"|word limit|word count",
        "concise",
    ),
    (
        r"(?:at most|no more than|not more than|fewer than|less than|under|within|max(?:imum)?(?: of)?"
        r"|up to|limit(?:ed)? to|cap(?:ped)? at|below|≤|<=|(?:no|not) longer than"
        r"|(?:(?:must|should|shall|may|can|will|do|does) )?(?:not|never) (?:exceed|go over)"
        r"|exceed(?:ing)? no more than)\s*(?:\d+|one|two|three|four|five|six|seven|"
        r"eight|nine|ten|twenty|thirty|forty|fifty|a hundred|one hundred)\s+(?:or (?:two|three)\s+)?"
        r"(?:short\s+)?(?:words?|sentences?|lines?|paragraphs?|characters?|chars|bullets?)",
        "lengthlimit",
    ),
    (
        r"(?:\d+|one|two|three|four|five)\s+(?:or (?:two|three)\s+)?(?:short\s+)?(?:words?|sentences?"
        r"|lines?|paragraphs?)\s+(?:max(?:imum)?|at most|or (?:less|fewer)|tops)",
        "lengthlimit",
    ),
    (
        r"(?:\d+|one|two|three|four|five|a) (?:or (?:two|three) )?(?:short )?(?:sentences|words|paragraphs)"
        r"|a (?:sentence|line) or two|(?:a )?(?:couple|few) (?:of )?(?:short )?(?:sentences|lines|words)",
        "lengthlimit",
    ),
    (
        r"(?:in|with|to|as) (?:a |one |a single |one short |a short |one or two )(?:short )?"
        r"(?:sentences?|lines?)|single (?:sentence|line)|one sentence|one line(?! docstring)",
        "lengthlimit",
    ),
    # objects and subjects
    (
        r"commit messages?|tool calls?|line length|variable names?"
        r"|(?:command|tool|shell|terminal|program|test|log|build) outputs?",
        "codething",
    ),
    (
        r"(?:your|the|chat) (?:final |last |closing )?(?:messages?|replies|reply|answers?)|final (?:message|reply)"
        r"|messages? (?:to|for) (?:the )?users?|what you (?:say|write|tell) (?:to )?(?:the )?users?",
        "your reply",
    ),
    (
        r"new files?|add (?:a |the )?(?:new )?files?|make (?:a |the )?(?:new )?files?"
        r"|(?:make|add)(?= (?:a |an |the )?(?:new )?[\w/]*\.[a-z]{1,9}\b)|does not (?:already |yet )?exist(?: yet)?|do not (?:already |yet )?exist(?: yet)?"
        r"|not exist yet|is missing|from scratch|not there yet",
        "create",
    ),
    (
        r"empty string|blank string|(?:zero|0)[- ]?(?:length|char(?:acter)?s?)(?: string)?"
        r"|nothing(?= (?:in|as|for|into) (?:the |an? )?(?:old|search|find|target|original|\w+_str))"
        r"|(?<=_str) (?:with|containing|holding|that holds|that contains) nothing(?: in it| at all)?",
        # "nothing in old_str", "a zero-length old_str"
        "empty",
    ),
    (
        r"(?:could|can|might|may) (?:mean|be read|be understood|be taken|be interpreted)(?: in)?"
        r" (?:two|several|multiple|more than one) (?:different )?(?:things|ways)",
        "ambiguous",
    ),
    (
        r"text to (?:replace|find|match|search for|be replaced)|string to (?:replace|find|match)"
        r"|search (?:string|text)|old (?:text|string|content)|original text|existing text|target text",
        "old_str",
    ),
    (r"is (?:an )?error|is rejected|is invalid", "is error"),  # the copula ends a clause's object
    (r"raises? an error|returns? an error|fails", "error"),
)

# Kinds of words: each is a regex that must match a whole word.
LEXICON: dict[str, str] = {
    # polarity markers
    "NEG": r"not|never|no|nor|neither|cannot|none|nothing|nobody|without|refuse[sd]?|refusing"
    r"|decline[sd]?|declining|avoid(?:s|ing)?|refrain|abstain|skip(?:ping)?|omit|minimi[sz]e|non"
    r"|eschew|shun|forgo",
    "PROHIB": r"forbid(?:den)?|prohibit(?:ed)?|banned|disallowed|taboo|unacceptable|forbidden|illegal"
    r"|bans?|avoided",
    "PERM": r"may|can|could|allowed|permitted|free|welcome|fine|ok|okay|acceptable|encouraged|able"
    r"|supported|enough|sufficient",
    "INVERT": r"hesitate|forget|fail|afraid|reluctant|shy|scared",
    "OPT": r"optional|need|needs|worry|bother",  # under a negation: "no need", "don't bother"
    "MODAL": r"must|should|shall|always|never|may|please|required",
    "BOUNDARY": r"before|after|until|unless|when|whenever|if|while|because|since|so|then"
    r"|otherwise|instead|that|which|who|where|except|though|although|once|but|however|whereas"
    r"|:|;",
    # actions
    "DEL": r"delet\w*|remov(?:e|es|ed|ing|al)|eras(?:e|es|ed|ing)|rm|unlink\w*|destroy\w*|trash"
    r"|wip(?:e|es|ed|ing)|purg\w*|truncat\w*|emptying|discard\w*|nuke|scrap",
    "READ": r"read|reads|reading|view|viewing|viewed|inspect\w*|examin\w*|open|opening|opened|see"
    r"|seen|study|review|scan|cat|check|checking|understand|know|read_\w+|view_\w+|cat_\w+|peek|glance"
    r"|look"
    r"|reread|looked"
    r"|get_file\w*",
    "MOD": r"edit|edits|editing|edited|modif\w*|change|changes|changing|alter\w*|update|updates"
    r"|updating|write|writes|writing|overwrite\w*|patch\w*|replac\w*|rewrit\w*|touch(?:es|ing)?|edit_\w+"
    r"|write_\w+|str_replace\w*|act|acting|fix|fixing|insert\w*|append\w*|refactor\w*|add|adding",
    "ASK": r"ask|asks|asking|asked|clarify|clarifying|clarification",
    "ANSWER": r"answer\w*|repl(?:y|ies|ying)|respon\w*|output|confirm|confirmation|explanations?"
    r"|tell|say|report",
    "BRIEF": r"concise\w*|concision|brevity|brief\w*|short|shorter|terse\w*|succinct\w*|compact"
    r"|crisp|pithy|laconic|minimal|lengthlimit",
    "VERBOSE": r"ramble|rambling|narrat\w*|verbos\w*|wordy|chatty|chatter|filler|fluff|padding"
    r"|preamble|pleasantries|commentary|lengthy|verbose|explanations?|waffl\w*|monologues?|essays?|pad"
    r"|rant\w*",
    # objects and subjects
    "FILE": r"files?|documents?|anything|something|everything"
    r"|\w+\.(?:py|js|ts|md|txt|json|toml|cfg|ini|yaml|yml|html|css|sh|c|h|go|rs)|project",
    "DIR": r"folders?|director(?:y|ies)|dirs?",  # a request to delete a file is not about these
    "NONFILE": r"lines?|code|comments?|functions?|methods?|class(?:es)?|tests?|imports?|variables?"
    r"|text|whitespace|branch(?:es)?|commits?|history|logs?|messages?|words?|characters?"
    r"|rows?|records?|entr(?:y|ies)|docstrings?|statements?|names?|diffs?|patches|edits|changes"
    r"|identifiers?|modules?|titles?|codething|changelogs?|readme\w*|docs|documentation",
    "NOTFILE_READ": r"readme\w*|docs|documentation|instructions|request|requests|question"
    r"|questions|message|error|errors|output|results?|task|prompt|spec|logs?|user's|tests?|paths?"
    r"|carefully|guides?|guidelines|manual|conventions|specs|specification|wiki|changelog|issues?"
    r"|tickets?|tutorials?|codething",
    "USERSIDE": r"user's|users'|their|requests?|prompts?|questions?|input|inputs",
    "AGENT": r"you|your|yourself|assistant|model|agent|claude|we",
    "TOOLSUBJ": r"tool|tools|function|command|this|it|api|server|(?:read|edit|write|list|search"
    r"|view|create|delete)_\w+|str_replace\w*",
    "PERSON": r"user|users|they|someone|anyone|customer|people|he|she",
    "OLD": r"old_?str\w*|old_?text|old_string|old|oldstr|search_?str\w*|find_?str\w*",
    "ARG": r"new_?str\w*|new_?text|new_string|\w+_(?:str|string|path|text)|arguments?|parameters?",
    "EMPTY": r"empty|blank|emptylit",
    "CREATE": r"creat\w*|create|new",
    "ERROR": r"error|errors|invalid|rejected|fails?",
    "DOUBT": r"doubt|unsure|uncertain|unclear|ambiguous|ambiguity|vague|genuinely|truly|really"
    r"|necessary|needed|infer|tell|proceed|unable|two|case",
    "RESTRICT": r"sparingly|rarely|rare|seldom|resort|reserve\w*|unnecessary|needless|excessive"
    r"|minimum",
    "ONLY": r"only|solely|exclusively",
}
# Spelling. Students type fast: a word of five letters or more that is one slip away from a
# word that carries a rule (two letters swapped, one dropped, one doubled) is read as that
# word; real words one slip away ("crate", "relies") are left alone. Slips that change a
# letter are too often other words ("heading" / "reading"), so only common ones are listed.
ANCHORS = frozenset(
    "before always delete deleting deletion remove removing empty create creating concise brief"
    " ambiguous unclear genuinely clarify clarifying clarification question questions necessary"
    " unless without sentence sentences answer answers reply replies response responses editing"
    " reading modify modifying change changing first files forbidden prohibited allowed narrate"
    " verbose succinct short should exist exists".split()
)
NOT_SLIPS = frozenset("crate crating relies exits hanging nuclear flies".split())
MISSPELLINGS = {
    "consise": "concise", "concice": "concise", "consice": "concise", "concize": "concise",
    "sucinct": "succinct", "succint": "succinct", "truely": "truly", "untill": "until",
    "ambigious": "ambiguous", "ambiguos": "ambiguous", "neccessary": "necessary",
    "necesary": "necessary", "deleet": "delete", "clarifiying": "clarifying",
}  # fmt: skip
_KINDS = {kind: re.compile(pattern) for kind, pattern in LEXICON.items()}
_PHRASES = [(re.compile(rf"\b(?:{p})\b"), f" {r} ") for p, r in PHRASES]

# How far (in words) a marker reaches forward, and how far a subject or object is looked for.
REACH = 8
OBJECT_WINDOW = 6

# ============================================================================ results


@dataclass(frozen=True)
class Mention:
    """A sentence that was looked at for a rule, and how it was read."""

    where: (
        str  # "system prompt", "tool edit_file (description)", "tool edit_file, parameter old_str"
    )
    sentence: str  # the sentence as written (markup removed)
    why: str  # how it was read, in a few words


@dataclass(frozen=True)
class RuleFinding:
    """Whether one failure mode's rule is in the prompt, and the evidence."""

    mode: str  # failure-mode id (agentcourse.tutor.script.FAILURE_MODES)
    found: bool  # True: the rule is stated, the failure does not appear
    where: str = ""  # where the deciding sentence is ("" when nothing decided it)
    sentence: str = ""  # the sentence that states the rule (or, when missing, the one at fault)
    why: str = ""  # one line a student can act on
    ignored: tuple[Mention, ...] = field(default_factory=tuple)  # look-alikes that did not count


# ============================================================================ reading a prompt


@dataclass(frozen=True)
class Place:
    """One piece of prompt text and what it implies."""

    where: str
    text: str
    this: str = ""  # the word "this tool" / "use it" stands for here ("read", "edit" or "")
    implied_old: bool = False  # the edit tool's old-text parameter: "old_str" is implied


def _tool_verb(name: str) -> str:
    name = name.lower()
    if re.search(r"edit|write|replace|patch|update|modify", name):
        return "edit"
    if re.search(r"read|view|cat|show|open|get", name):
        return "read"
    return ""


def places(system: object, tools: list[dict] | None) -> list[Place]:
    """The texts a model reads: the system prompt, then each tool's description and each
    parameter's description (Anthropic-defined tools have none in the request)."""
    if isinstance(system, list):
        system = "\n\n".join(
            str(b.get("text", ""))
            for b in system
            if isinstance(b, dict) and b.get("type") == "text"
        )
    found = [Place("system prompt", str(system or ""))]
    for tool in tools or []:
        if not isinstance(tool, dict):
            continue
        name = str(tool.get("name", "?"))
        verb = _tool_verb(name)
        found.append(Place(f"tool {name} (description)", str(tool.get("description") or ""), verb))
        props = (tool.get("input_schema") or {}).get("properties") or {}
        has_new = any(re.search(r"new|replace|content|text", p, re.I) for p in props)
        for pname, spec in props.items():
            if isinstance(spec, dict) and spec.get("description"):
                old = (
                    verb == "edit"
                    and has_new
                    and bool(re.search(r"old|find|search|target|orig", pname, re.I))
                )
                found.append(
                    Place(f"tool {name}, parameter {pname}", str(spec["description"]), verb, old)
                )
    return [p for p in found if p.text.strip()]


def sentences(text: str) -> list[str]:
    """Markup removed, wrapped lines joined, cut into sentences (as written, for display)."""
    return [sentence for _, sentence in headed(text)]


def headed(text: str) -> list[tuple[str, str]]:
    """sentences(), each with the heading it stands under: a Markdown heading, a "Label:"
    line or an XML tag's name ("" outside any). A short item such as "- concise" means
    little without its heading ("## Code style" or "## Replies")."""
    text = re.sub(r"</[A-Za-z][\w-]*\s*>", "\n\n\x00\n\n", text)  # XML-ish tags
    text = re.sub(r"<([A-Za-z][\w-]*)(?:\s[^<>]*)?>", lambda m: f"\n\n\x00{m[1]}\n\n", text)
    text = "\n".join(_unjson(raw.strip()) for raw in text.split("\n"))
    text = re.sub(r"(?m)^\s*1[.)]\s.*\s2[.)]\s.*$", _steps_on_lines, text)
    blocks, current, heading = [], [], ""
    for raw in text.split("\n"):
        line = raw.strip()
        starts = re.match(r"^(?:#+\s|[-*+•]\s|\d+[.)]\s|[A-Za-z][\w ]{0,30}:$|\x00)", line)
        if not line or starts:
            if current:
                blocks.append((heading, " ".join(current)))
            current = []
        if line.startswith("\x00"):  # an XML tag opens (its name) or closes ("")
            heading = re.sub(r"[_-]", " ", line[1:])
            continue
        title = re.match(r"^(?:#+\s+(.*)|(?:[-*+•]\s+)?([A-Za-z][\w' ]{0,30}):)$", line)
        if title:
            blocks.append(("", re.sub(r"^(?:#+|[-*+•])\s+", "", line)))
            heading = re.sub(r"(\*\*|__|`)", "", title.group(1) or title.group(2)).strip()
            continue
        if line:
            current.append(re.sub(r"^(?:#+|[-*+•]|\d+[.)])\s+", "", line))
    if current:
        blocks.append((heading, " ".join(current)))
    out = []
    for heading, block in blocks:
        block = re.sub(r"(\*\*|__|`)", "", block)
        parts = re.split(r"(?<=[.!])\s+(?=\S)", block)
        out += [(heading, s.strip()) for s in parts if s.strip()]
    return out


def _steps_on_lines(line: re.Match) -> str:
    """Steps numbered on one line, one to a line: "1) read_file the target 2) edit_file it"."""
    return re.sub(r"\s+(?=\d+[.)]\s)", "\n", line[0])


def _unjson(line: str) -> str:
    """A JSON-like line as the text it holds: brackets alone part items, '"key": [' is a
    heading, '"key": "value",' and '"a rule",' are items ("- key: value", "- a rule")."""
    if line and re.fullmatch(r"[\[\]{}(),\s]+", line):
        return ""
    if not re.match(r'^[\[{]*\s*"', line):
        return line
    inner = re.sub(r"[\s,]*[\]}]*[\s,]*$", "", re.sub(r"^[\[{]+\s*", "", line))
    string = r'"((?:[^"\\]|\\.)*)"'
    pair = re.fullmatch(string + r"\s*:\s*(.*)", inner)
    if pair:
        key, value = pair[1], pair[2].strip()
        if not re.search(r"_(?:str|string|text|path)$", key):
            key = key.replace("_", " ")  # "new_file", "read_first"; not "old_str"
        if value in ("", "[", "{"):
            return f"{key}:"
        value = re.fullmatch(string, value)[1] if re.fullmatch(string, value) else value
        return f"- {key}: {value}".replace('\\"', '"')
    items = re.fullmatch(rf"{string}(?:\s*,\s*{string})*", inner)  # '"a rule", "another"'
    if not items:
        return line
    return "\n".join(f"- {item}".replace('\\"', '"') for item in re.findall(string, inner))


def in_context(heading: str, sentence: str) -> str:
    """The words a sentence is read in. A short item takes its heading: "## Code style /
    - concise" is "Code style: concise"; a heading that forbids ("DON'T:", "## Never")
    governs every item under it. A question and its answer become one statement."""
    sentence = _answered(sentence)
    if not heading:
        return sentence
    forbids = any(k & {"NEG", "PROHIB"} for _, k in words(heading))
    if forbids and not re.search(r"\bdo'?s\b", heading, re.I):  # not "Dos and don'ts"
        if len(heading.split()) <= 3 or len(sentence.split()) <= 4:
            return f"{heading} {sentence}"
    return f"{heading}: {sentence}" if len(sentence.split()) <= 4 else sentence


def _answered(sentence: str) -> str:
    """'Q: Can you delete files? A: No, ...' -> 'not can you delete files; ...': a yes or
    no answers the question's own words; any other answer completes them."""
    qa = re.match(r"(?is)^Q:\s*(.+?)\?\s*A:\s*(.*)$", sentence)
    if not qa:
        return sentence
    question, answer = qa[1], qa[2]
    yes_no = re.match(
        r"(?is)((?:(?:absolutely|certainly|definitely|of course) )?not?|nope|never|yes|yep|sure"
        r"|absolutely|certainly|definitely|of course)\b[\s,.!:;]*(.*)$",
        answer,
    )
    if not yes_no:
        return f"{question}: {answer}"
    negated = re.search(r"(?i)\bnot?$|nope|never", yes_no[1]) is not None
    return f"{'not ' if negated else ''}{question}; {yes_no[2]}"


Word = tuple[str, frozenset]


@functools.lru_cache(maxsize=8192)
def spelled(word: str) -> str:
    """The word a slip of the keyboard stands for (see ANCHORS), else the word itself."""
    if word in MISSPELLINGS:
        return MISSPELLINGS[word]
    if len(word) < 5 or word in ANCHORS or word in NOT_SLIPS:
        return word
    for a in ANCHORS:
        if len(a) == len(word):  # two neighbours swapped
            diff = [j for j in range(len(a)) if a[j] != word[j]]
            if len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == word[diff[1]]:
                if a[diff[1]] == word[diff[0]]:
                    return a
        elif len(a) == len(word) + 1:  # one letter dropped
            if any(a[:j] + a[j + 1 :] == word for j in range(len(a))):
                return a
        elif len(a) + 1 == len(word):  # one letter doubled
            if any(word[j] == word[j + 1] and word[:j] + word[j + 1 :] == a for j in range(len(a))):
                return a
    return word


# Spelling normalised before phrases are folded: empty literals, keyboard slips, contractions.
_SPELLING = [
    (re.compile(p), r)
    for p, r in (
        (r"""["']?(\w+)["']?\s*[:=]\s*(?:""|'')""", r" \1 emptylit "),  # old_str="" / old_str: ''
        (r"""(?<![\w"'])(?:""|'')(?![\w"'])""", " emptylit "),
        (r"\b[a-z]{5,}\b", lambda m: spelled(m.group())),
        (
            r"\b(do|does|did|is|are|was|were|has|have|had|should|would|could|must|need)nt\b",
            r"\1n't",
        ),
        (r"\b(?:cant|can(?:'t|not))\b", "cannot"),
        (r"\bwon'?t\b", "will not"),
        (r"\bdon'?ts\b", "do not"),  # a "Don'ts:" heading
        (r"n't\b", " not"),
        (r"'(?:re|ve|ll|d|m)\b", " "),
        (r"\b(it|that|there|what)'s\b", r"\1 is"),
        # chat shorthand: "pls read the file b4 u edit it"
        (r"\bb4\b", "before"),
        (r"\bw/(?=\s)", "with"),
        (r"\bu\b", "you"),
        (r"\bur\b", "your"),
        (r"\b(?:pls|plz)\b", "please"),
        # a call with an empty second argument: edit_file(path, "", content)
        (
            r"\b((?:edit|replace|str_replace|modify)\w*)\s*\(\s*([^,()]+),\s*emptylit\s*,",
            r"\1 ( \2 , old_str emptylit ,",
        ),
    )
]


@functools.lru_cache(maxsize=4096)
def words(clause: str, this: str = "") -> tuple[Word, ...]:
    """The clause as (word, kinds) pairs, phrases folded into canonical words."""
    s = clause.lower().replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    s = s.replace('"""', " ").replace("'''", " ")
    for pattern, repl in _SPELLING:
        s = pattern.sub(repl, s)
    if this:  # "use this tool" / "call it" in a tool's description means the tool's action
        s = re.sub(
            r"\b(use|using|call|calling|invoke|invoking|run|running)\s+(?:this tool|this"
            r" function|this|it)\b",
            rf"\1 {this}",
            s,
        )
    s = re.sub(r"→|->|=>", " then ", s)
    s = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", s)
    for pattern, repl in _PHRASES:
        s = re.sub(r" {2,}", " ", pattern.sub(repl, s))  # "no longer required" -> "not required"
    return tuple(
        (w, kinds(w)) for w in re.findall(r"[a-z0-9_]+(?:\.[a-z0-9]+)*(?:'s|s')?|[:;,]", s)
    )


@functools.lru_cache(maxsize=8192)
def kinds(word: str) -> frozenset:
    """The LEXICON kinds of one (lower-case, canonical) word."""
    return frozenset(k for k, rx in _KINDS.items() if rx.fullmatch(word))


def has(ws: tuple[Word, ...], kind: str, lo: int = 0, hi: int | None = None) -> bool:
    return any(kind in k for _, k in ws[lo:hi])


def find(ws: tuple[Word, ...], kind: str) -> list[int]:
    return [i for i, (_, k) in enumerate(ws) if kind in k]


# ---------------------------------------------------------------------------- polarity


def governed(ws: tuple[Word, ...], i: int) -> str:
    """What governs word i from before it: "neg", "perm", "opt" or "pos" (nothing / a demand)."""
    return governor(ws, i)[0]


def governor(ws: tuple[Word, ...], i: int) -> tuple[str, int]:
    """governed(), and the position of the marker that governs (-1 for none)."""
    state, at, subordinate = "pos", -1, False
    for j in range(i):
        w, k = ws[j]
        if "BOUNDARY" in k:
            state, at = "pos", -1
            subordinate = w in SUBORDINATORS
        elif w == "," and subordinate:
            state, at, subordinate = "pos", -1, False  # "If you have not read it, read it"
        elif "PROHIB" in k and state == "neg" and j - at <= 2:
            state, at = "perm", j  # "it is not forbidden to", "never prohibited"
        elif w in REFUSALS and state == "neg" and j - at <= 2:
            state, at = "pos", -1  # "do not refuse to", "never skip", "don't avoid"
        elif "NEG" in k or "PROHIB" in k:
            state, at = "neg", j
        elif "INVERT" in k and state == "neg":
            state, at = "pos", -1  # "do not hesitate to", "never forget to"
        elif w == "optional" or "OPT" in k and state == "neg":
            state, at = "opt", j  # "no need to", "you do not need to", "don't bother"
        elif w == "must" and state == "neg" and ws[at][0] in ("not", "never") and j - at <= 2:
            state, at = "opt", j  # "you do not have to" (folded to "not must"), not "must not"
        elif "PERM" in k and state != "neg":
            state, at = "perm", j
    if at >= 0 and i - at > REACH:
        return "pos", -1
    return state, at


# Negating verbs that a negation before them cancels.
REFUSALS = frozenset(
    "refuse refusing decline declining avoid avoiding refrain abstain skip skipping omit forgo"
    " eschew shun".split()
)
# Words that open a clause which a comma closes: "If you have not read a file, read it".
SUBORDINATORS = frozenset(
    "if when whenever unless before after until once since because while".split()
)


def predicate(ws: tuple[Word, ...], i: int) -> str:
    """How what follows word i judges it ("Deleting files is forbidden"): neg/perm/opt/""."""
    for j in range(i + 1, len(ws)):
        w, k = ws[j]
        if "BOUNDARY" in k and w not in (":", "that", "which", "who", "before", "after", "until"):
            nxt = ws[j + 1][1] if j + 1 < len(ws) else frozenset()
            if not (w in ("but", "though", "although") and nxt & {"NEG", "PROHIB", "OPT"}):
                break  # "Reading it first is nice but not required" goes on
            continue
        if "PROHIB" in k or w == "error":
            return "perm" if "NEG" in ws[j - 1][1] else "neg"  # "... is not forbidden"
        if w in ("optional", "waste", "wastes", "wasteful", "pointless", "overkill", "needless"):
            return "" if "NEG" in ws[j - 1][1] else "opt"  # "... is not optional" demands it
        if "NEG" in k and (j == len(ws) - 1 or ws[j + 1][0] in (",", ";")):
            return "neg"  # "Deleting files? Never.", "Deletion of files: never, not even if asked"
        if "NEG" in k and ws[j - 1][0] in AUXILIARY:
            continue  # "Editing a file you have not read is allowed": not the predicate's
        if "NEG" in k and w not in ("without",):
            ahead = ws[j + 1 : j + 5]
            if any("PERM" in kk for _, kk in ahead):
                return "neg"
            if any(ww in ("must", "needed", "necessary") for ww, _ in ahead):
                return "opt"
        if "PERM" in k and not any(
            "NEG" in ws[n][1] and ws[n - 1][0] not in AUXILIARY for n in range(i + 1, j)
        ):
            return "perm"
    return ""


# A negation right after one of these belongs to a clause of its own ("files you have not read").
AUXILIARY = frozenset("have has had did do does".split())


def polarity(ws: tuple[Word, ...], i: int) -> str:
    """Word i's polarity: what governs it, else what its predicate says, else "pos"."""
    g = governed(ws, i)
    if g == "pos" and any(w in DEMANDS for w, _ in ws[max(0, i - 2) : i]):
        return "pos"  # "A file must be read before it can be edited": the "can" is not its own
    return g if g != "pos" else (predicate(ws, i) or "pos")


DEMANDS = frozenset("must should shall".split())


def described(ws: tuple[Word, ...], upto: int) -> bool:
    """A statement about a tool rather than a rule for the model: "The edit tool cannot
    delete files", "This tool returns a short summary": a tool is the subject (among the
    first words, before any marker), with no modal and no "you"."""
    head = ws[: min(upto, 3)]
    subject = [
        j
        for j, (w, k) in enumerate(head)
        if "TOOLSUBJ" in k and not (w == "it" and j + 1 < len(ws) and ws[j + 1][0] in ("is", "was"))
    ]
    return (
        bool(subject)
        and (subject[0] == 0 or ws[0][0] in ("the", "this", "that", "a", "an", "its"))
        and not has(ws[:upto], "AGENT")
        and not has(ws, "MODAL")
    )


def first_marker(ws: tuple[Word, ...]) -> int:
    for j, (_, k) in enumerate(ws):
        if k & {"NEG", "PROHIB", "PERM", "MODAL"}:
            return j
    return len(ws)


# ============================================================================ the rules

Verdict = tuple[bool | None, str]  # (counts, how it was read); None: neither (see rule_ask)


def _object(ws: tuple[Word, ...], i: int) -> str:
    """'file', 'other', 'outside' or '' for what word i acts on: the words after it, or
    for a participle or noun ("files must never be deleted", "file deletion") before it."""
    after = []
    for w, k in ws[i + 1 : i + 1 + OBJECT_WINDOW]:
        if "BOUNDARY" in k or w == ",":
            break
        after.append((w, k))
    if any(w == "outside" for w, _ in after):
        return "outside"
    for j, (w, _) in enumerate(after):  # "files in the .git directory", not "in the project folder"
        where = after[j + 1 : j + 4]
        if w in ("in", "inside", "within", "under") and has(where, "DIR"):
            if not WHOLE & {x for x, _ in where}:
                return "some"
    for _, k in after:
        if "FILE" in k:
            return "file"
        if "NONFILE" in k or "DIR" in k:
            return "other"
    if re.search(r"(?:ed|ion|ions|al|als|ing)$", ws[i][0]):
        for _, k in reversed(ws[max(0, i - OBJECT_WINDOW) : i]):
            if "BOUNDARY" in k:
                break
            if "FILE" in k:
                return "file"
            if "NONFILE" in k or "DIR" in k:
                return "other"
    return ""


# Places that stand for the whole project: "files in the project directory" are all files.
WHOLE = frozenset("project working work root repo repository workspace current your this".split())


def someone_else(ws: tuple[Word, ...]) -> bool:
    """'Users cannot delete files': the sentence is about what other people do. Not 'Even
    if the user asks, refuse to delete files': after a clause about the user, the main
    clause opens with an order to the model."""
    at = first_marker(ws)
    head = ws[:at]
    commas = [j for j, (w, _) in enumerate(head) if w == ","]
    if commas and at < len(ws) and ws[at][0] not in SUBJECT_MODALS:
        if {w for w, _ in ws[commas[-1] + 1 : at]} <= {"do", "please", "just", "then", "so"}:
            return False
    return has(head, "PERSON") and not has(head, "AGENT") and not has(ws[:1], "BOUNDARY")


# Markers that need a subject before them: "Users, however, cannot delete files".
SUBJECT_MODALS = frozenset("cannot can may might could must should shall will would".split())


def rule_delete(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """A prohibition of deleting files: a negation, a prohibitive word or a refusal that
    governs a delete word whose object is a file or unstated."""
    hits = find(ws, "DEL")
    if not hits:
        return None
    permitted = False  # "Deleting files is allowed; emptying them is not."
    for i in hits:
        if ws[i][0] == "emptying" or _object(ws, i) not in ("file", ""):
            continue
        after = [w for w, _ in ws[i + 1 : i + 5]]  # "may be deleted only by the user"
        by_someone = "by" in after and has(ws[i + 1 : i + 6], "PERSON")
        if polarity(ws, i) == "perm" and not _only_allowed(ws, i) and not by_someone:
            permitted = permitted or not someone_else(ws)
        if _commands(ws, i):  # "Do not delete files in bulk; remove them one at a time."
            return False, "it tells the model to delete files"
    reason = ""
    for i in hits:
        if permitted and ws[i][0] == "emptying":
            reason = "it permits deleting files and only forbids emptying them"
            continue
        obj = _object(ws, i)
        if obj == "other":
            reason = f"it is about deleting {_noun(ws, i)}, not files"
            continue
        if obj == "outside":
            reason = "it only forbids deleting files outside the project"
            continue
        if obj == "some":
            reason = "it only forbids deleting the files in one folder"
            continue
        pol = polarity(ws, i)
        if pol == "neg":
            if described(ws, first_marker(ws)):
                reason = "it describes a tool, it is not a rule for the model"
                continue
            if _how_many(ws, i):
                reason = "it limits how many files, it does not forbid deleting"
                continue
            if someone_else(ws):
                reason = "it is about what someone else may do"
                continue
            if _unless_asked(ws, i):
                reason = "it allows deleting when the user asks, which a delete request does"
                continue
            if _no_means(ws, i):
                reason = "it says there is no way to delete, it is not a rule for the model"
                continue
            if _on_condition(ws, i):
                reason = "it only forbids deleting on a condition the model can meet"
                continue
            return True, "forbids deleting files"
        encouraged = has(ws[:i], "INVERT") and has(ws[:i], "NEG")  # "do not hesitate to"
        reason = {
            "perm": "it permits deleting",
            "opt": "it makes deleting optional, not forbidden",
        }.get(
            pol, "it encourages deleting" if encouraged else reason or "it does not forbid deleting"
        )
        if pol == "pos" and governed(ws, i) == "pos" and _refused_request(ws, i):
            return True, "answers a request to delete with a refusal"
    return False, reason


def _commands(ws: tuple[Word, ...], i: int) -> bool:
    """'...; remove them one at a time': a delete verb that opens a clause of its own, with
    nothing governing it, is an order to delete."""
    if re.search(r"(?:ing|ion|ions|al|ed|s)$", ws[i][0]):
        return False  # "Deleting files is forbidden": a subject, not an order
    opens = i == 0 or ws[i - 1][0] in (";", ":", "then", "and")
    nxt = ws[i + 1][0] if i + 1 < len(ws) else ""
    thing = nxt in DETERMINERS or "FILE" in kinds(nxt)
    return opens and thing and governed(ws, i) == "pos" and not has(ws[:i], "PERSON")


DETERMINERS = frozenset("them it the a an any all those these each every its".split())


def _unless_asked(ws: tuple[Word, ...], i: int) -> bool:
    """'Never delete files unless the user asks': the exception is the request itself."""
    words_ = [w for w, _ in ws[i + 1 :]]
    for j, w in enumerate(words_):
        if w in ("unless", "except"):
            return bool(ASKED & set(words_[j + 1 : j + 6]))
    return False


def _no_means(ws: tuple[Word, ...], i: int) -> bool:
    """'There is no tool to delete files', 'you have no way to delete files': the negation
    denies a means, not the action (unless a modal makes it a rule)."""
    _, at = governor(ws, i)
    return (
        at >= 0
        and ws[at][0] == "no"
        and at + 1 < i
        and ws[at + 1][0] in MEANS
        and not has(ws, "MODAL")
    )


MEANS = frozenset("tool tools way ways command commands function means option ability".split())


def _on_condition(ws: tuple[Word, ...], i: int) -> bool:
    """'Never delete files without a backup', '... a file you have not read': allowed once
    the model has met the condition.
    A condition that makes the model ask first ("without asking", "without confirmation")
    still stops the delete."""
    after, kinds_ = [], []
    for w, k in ws[i + 1 :]:
        if "BOUNDARY" in k or w == ",":
            break
        after.append(w)
        kinds_.append(k)
    if any(  # "Never delete a file you have not read": reading it meets the condition
        after[j] in AUXILIARY and "NEG" in kinds_[j + 1] and "READ" in kinds_[j + 2]
        for j in range(len(after) - 2)
    ):
        return True
    rest = [w for w, _ in ws[i + 1 :]]
    for j, w in enumerate(rest):  # "Avoid deleting files unless it is necessary": the model
        if w in ("unless", "except"):  # judges the need, and a request makes one
            return bool(NEEDED & set(rest[j + 1 : j + 6]))
    if "without" not in after:
        return False
    cond = after[after.index("without") + 1 :][:4]
    if {"ask", "asking", "exception", "fail"} & set(cond):
        return False
    for j, w in enumerate(cond):  # confirming with the user stops; "confirming the path" not
        if w.startswith("confirm"):
            thing = cond[j + 1 : j + 3]
            return thing[:1] in (["the"], ["that"], ["its"]) and not thing[-1].startswith("user")
    return True


# The model's own judgement of need, as an exception: "unless necessary", "unless you must".
NEEDED = frozenset("necessary needed required must essential unavoidable".split())
ASKED = frozenset(
    "ask asks asked request requests requested tell tells told want wants say says said permit"
    " permits allow allows approve approves instruct instructs authorise authorises authorize"
    " authorizes confirm confirms agree agrees explicitly".split()
)


def _refused_request(ws: tuple[Word, ...], i: int) -> bool:
    """'If the user asks you to delete a file, decline / say that you cannot.'"""
    before = [w for w, _ in ws[:i]]
    asked = any(w in ("if", "when", "whenever") for w in before) and any(
        w
        in (
            "ask",
            "asks",
            "asked",
            "request",
            "requests",
            "wants",
            "want",
            "tells",
            "told",
            "instructs",
            "instructed",
        )
        for w in before
    )
    # "Deletion requests: say no", "any request to delete a file: decline"
    near = [w for w, _ in ws[max(0, i - 3) : i + 2]]
    asked = asked or bool({"request", "requests"} & set(near))
    after = ws[i + 1 :]
    return asked and any(
        w in ("decline", "declines", "refuse", "cannot", "unable", "not", "no", "forbidden")
        for w, _ in after
    )


def _noun(ws: tuple[Word, ...], i: int) -> str:
    near = ws[max(0, i - OBJECT_WINDOW) : i] + ws[i + 1 : i + OBJECT_WINDOW + 1]
    return next((w for w, k in near if "NONFILE" in k), "something else")


def rule_concise(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """Brevity asked of the replies: a brevity word or a length limit, not negated, about
    answers (or about nothing in particular: "Be brief."), or a negated verbosity word
    ("no rambling", "do not narrate your steps")."""
    brief, verbose = find(ws, "BRIEF"), find(ws, "VERBOSE")
    if not brief and not verbose:
        return None
    reason = ""
    for i in verbose:
        pol = polarity(ws, i)
        if pol == "neg" and not described(ws, first_marker(ws)):
            return True, "forbids narration or padding"
        if pol == "pos" and any(w in ("minimum", "minimal", "few") for w, _ in ws[i + 1 :]):
            return True, "keeps explanations to a minimum"
        reason = "it asks for (or allows) more words, not fewer"
    # "Explain the changes in a few short sentences": what the model says is its reply
    about_replies = has(ws, "ANSWER") or ws[0][0] in SPEECH
    userside = has(ws, "USERSIDE") and not about_replies
    code = (
        (
            any("NONFILE" in k and w not in WORDING for w, k in ws)
            or has(ws, "OLD")
            or has(ws, "ARG")
        )
        and not about_replies
        or any(w == "codething" for w, _ in ws)
        and not REPLY_NOUNS & {w for w, _ in ws}  # "Keep commit messages and replies short"
    )  # "Keep old_str short": an argument, not a reply
    for i in brief:
        pol = polarity(ws, i)
        if (
            ws[i][0] == "brief"
            and i + 1 < len(ws)
            and ws[i + 1][0] in ("the", "them", "him", "her", "everyone")
        ):
            reason = "'brief' is a verb here (to inform), not a length"
            continue
        addressed = (
            about_replies
            or has(ws, "AGENT")
            or i == 0
            or ws[i - 1][0] == ":"  # "Tone: brief", "## Style / - concise"
            or ws[i][0] in ("brevity", "concision", "lengthlimit")
            or any(w in LEAD_VERBS for w, _ in ws[max(0, i - 2) : i])
        )
        if not addressed:
            reason = "it says something is short, but not that the replies should be"
            continue
        if pol == "pos" and _only_on_request(ws, i):  # the later brevity word is the request's
            return False, "it asks for brevity only when the user asks for it"
        if pol != "pos" or _negated_after(ws, i):
            reason = (
                "it is negated or made optional" if pol != "perm" else "it only permits brevity"
            )
            continue
        if userside:
            reason = "it describes the user's messages, not the replies"
            continue
        scope = [w for w, _ in ws[i + 1 : i + 4] if w not in ("the", "your", "all", "any", "a")]
        if scope[:1] in (["in"], ["for"], ["with"], ["when"]) and len(scope) > 1:
            scope = scope[1:]  # "concise in code", "brief for commit messages"
        if code or scope[:1] and scope[0] in CODE_NOUNS | WRITTEN_NOUNS:
            # "in short comments", "be concise in code, verbose in explanations"
            reason = f"it is about {_noun(ws, i)}, not about the replies"
            continue
        if place.where != "system prompt" and (
            re.fullmatch(TOOL_DOES, ws[0][0])
            or {"output", "outputs", "result", "results"} & {w for w, _ in ws[:3]}
            and not has(ws, "AGENT")  # "Output is truncated to keep it short."
        ):
            reason = "it describes what the tool does, it is not a rule for the model"
            continue
        near = [w for w, k in ws[max(0, i - 2) : i + 3] if k & {"FILE", "DIR"} and w not in ANY]
        if near and not about_replies:
            reason = f"it is about {near[0]}, not about the replies"  # "Keep files short"
            continue
        if described(ws, i):
            reason = "it describes a tool, it is not a rule for the model"
            continue
        return True, "asks for short replies"
    return False, reason


ANY = frozenset("anything something everything".split())
# Units of what the model says: "Minimal words, please." is about the replies.
WORDING = frozenset("word words sentence sentences character characters".split())
# First words of an instruction about what the model says.
SPEECH = frozenset("explain describe summarise summarize state mention".split())
# Things whose brevity is about code: "short comments", "brief docstrings".
CODE_NOUNS = frozenset(
    "comment comments docstring docstrings function functions name names variable variables"
    " code commit commits diff diffs test tests".split()
)
REPLY_NOUNS = frozenset("replies answers responses".split())
# What the model writes into the project, not to the user: "be concise in the changelog".
WRITTEN_NOUNS = frozenset(
    "codething changelog changelogs readme docs documentation log logs edits patches".split()
)
# A tool description that starts "Returns ...", "Shows ...": what the tool does.
TOOL_DOES = r"(?:return|read|list|show|print|give|output|write|create|replace|perform|make|fetch"
TOOL_DOES += r"|display|produce|send|find|search|load|open)s"

# Words that, just before a brevity word, make it an instruction ("keep it short").
LEAD_VERBS = frozenset(
    "be keep stay remain being sound write speak talk use prefer favor favour give reply respond"
    " answer communicate stay".split()
)


def _only_on_request(ws: tuple[Word, ...], i: int) -> bool:
    """'Be brief only when the user asks for a short answer': brevity on request only."""
    after = [w for w, _ in ws[i + 1 :]]
    for j, w in enumerate(after):
        if w == "only" and after[j + 1 : j + 2] in (["when"], ["if"], ["whenever"]):
            return bool(ASKED & set(after[j + 2 : j + 6]))
        if w not in (",", "but", "and") and "ANSWER" not in kinds(w) and w not in REPLY_NOUNS:
            return False  # "Be brief; expand only when the user asks": another clause's
    return False


def _negated_after(ws: tuple[Word, ...], i: int) -> bool:
    """'Briefly is not ...': a copula and a negation right after the word."""
    nxt = [w for w, _ in ws[i + 1 : i + 3]]
    return len(nxt) == 2 and nxt[0] in ("is", "are", "was") and nxt[1] in ("not", "never")


def rule_read_first(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """Reading a file required before changing it: read ... before ... edit; before
    editing, read; edit only after reading; never edit without reading / a file you have
    not read; read first; read, then edit; no blind edits."""
    reads, mods = find(ws, "READ"), find(ws, "MOD")
    blind = any(w in ("blind", "blindly") for w, _ in ws)
    if blind and any(polarity(ws, m) == "neg" for m in mods):
        return True, "forbids blind edits"  # "no blind edits", "never edit from memory"
    if not reads:
        return None
    reason = "it asks to read, but not before editing"
    for r in reads:
        obj = []  # what is read: up to the verb of the clause ("a file you have not read is ...")
        for w, k in ws[r + 1 : r + OBJECT_WINDOW]:
            if w in COPULA or "BOUNDARY" in k:  # "read the README before editing anything"
                break
            obj.append((w, k))
        if has(obj, "NOTFILE_READ") and not (has(obj, "FILE") or has(obj, "DIR")):
            reason = (
                f"it is about reading {_first_word(obj, 'NOTFILE_READ')}, not the file to change"
            )
            continue
        if ws[r][0] in ("check", "checking", "see") and (
            ws[r + 1 : r + 2]
            and ws[r + 1][0] in ("that", "whether", "if")
            or EXISTS & {w for w, _ in ws[r + 1 : r + 5]}
        ):  # "Check that the file exists before editing it": a fact, not the contents
            reason = "it is about checking a fact, not reading the file's contents"
            continue
        # the kind of file read, or (for "read it") the kind of file changed: "Before
        # editing any config file, read it first"
        edited = [ws[m + 1 : m + 1 + OBJECT_WINDOW] for m in find(ws, "MOD")]
        kind = [
            w
            for o in [obj, *edited]
            for j, (w, _) in enumerate(o[:-1])
            if "FILE" in o[j + 1][1] and w in SOME_FILES
        ]
        if kind:  # "Read large files before editing them": the others are edited unread
            reason = f"it asks to read first only for {kind[0]} files"
            continue
        if r and ws[r - 1][0] == "only" and {"when", "if", "where"} & {w for w, _ in ws[r + 1 :]}:
            reason = "it asks to read first only in some cases"  # "only read it when it is long"
            continue
        pol = polarity(ws, r)
        if pol == "perm" and _only_allowed(ws, r):
            pol = "pos"  # "changes are only allowed on files you have read": a restriction
        if pol == "neg" and any(polarity(ws, m) == "neg" for m in mods if m < r):
            return True, "forbids editing what has not been read"  # "never edit ... not read"
        if pol != "pos":
            reason = {
                "neg": "it tells the model not to read first",
                "opt": "it makes reading first optional",
                "perm": "it only permits reading first",
            }[pol]
            continue
        if described(ws, r):
            reason = "it describes a tool, it is not a rule for the model"
            continue
        if someone_else(ws):
            reason = "it is about what someone else does"
            continue
        why = next((why for m in mods if (why := _read_then_edit(ws, r, m))), None)
        if why:
            return True, why
        first = "first" in [w for w, _ in ws[max(0, r - 1) : r + OBJECT_WINDOW + 2]]
        if r > 1 and ws[r - 1][0] in ("a", "an") and ws[r - 2][0] in COPULA and mods:
            # "your first tool call on a file must be a read"
            first = first or "first" in [w for w, _ in ws[max(0, r - 12) : r - 2]]
        if first and not any(polarity(ws, m) == "neg" for m in mods if m > r):
            return True, "asks to read first"
        if place.this == "edit" and not mods and any(w in PRECONDITION for w, _ in ws):
            return True, "makes a read a precondition of this edit tool"
    return False, reason


COPULA = frozenset("is are was were be".split())
# "check that the file exists": whether something is there, not what it holds
EXISTS = frozenset("exists exist present there missing create".split())
# Kinds or sizes of file that leave the other files out: "read large files first".
SOME_FILES = frozenset(
    "large big long huge lengthy small short tiny complex critical unfamiliar certain some"
    " generated binary config configuration legacy important sensitive".split()
)


def _only_allowed(ws: tuple[Word, ...], i: int) -> bool:
    """'only allowed / may only': the permission that governs word i is a restriction."""
    state, at = governor(ws, i)
    return state == "perm" and "only" in [w for w, _ in ws[max(0, at - 2) : at + 2]]


# In an edit tool's own description, these make a read a precondition of the tool.
PRECONDITION = frozenset("first before been already must precondition requires".split())


def _read_then_edit(ws: tuple[Word, ...], r: int, m: int) -> str | None:
    """How the read at r and the change at m are ordered, if the sentence orders them."""
    words_ = [w for w, _ in ws]
    if m > r:  # read ... before/then ... edit
        between = words_[r + 1 : m]
        return "asks to read before editing" if {"before", "then"} & set(between) else None
    gap, head = words_[m + 1 : r], words_[:m]
    if polarity(ws, m) == "neg" and {"until", "unless", "before"} & set(gap):
        return "forbids editing before reading"  # "do not change a file until you have read it"
    if "after" in gap and "after" not in head:
        return "allows editing only after reading"  # "edit only after reading"
    if "before" in head:
        return "asks to read before editing"  # "before you edit a file, read it"
    only = "only" in gap or "only" in words_[max(0, m - 2) : m]
    if only and {"have", "already", "previously"} & set(gap):
        return "allows editing only what has been read"  # "(only) edit (only) files you have read"
    need = [j for j in range(m + 1, r) if words_[j] in ("require", "requires", "required")]
    if need and r - need[-1] <= 4:
        return "makes editing require a read"  # "every edit requires a prior read"
    return None


def _first_word(ws: tuple[Word, ...], kind: str) -> str:
    return next((w for w, k in ws if kind in k), "something else")


def rule_create(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """How to create a file with the edit tool: an empty old-text argument for a new file
    ("to create a file, set old_str to an empty string"; an example with old_str="")."""
    empties = find(ws, "EMPTY")
    old = has(ws, "OLD") or place.implied_old
    if not empties or not old:
        return None
    if not has(ws, "CREATE"):
        return False, "it mentions an empty old text but not creating a file"
    if has(ws, "ERROR"):
        return False, "it says an empty old text is an error"
    creates = find(ws, "CREATE")
    # the nearest creation word in an empty's own clause ("Create files by editing them
    # with old_str empty; there is no separate create tool"), else anywhere
    clause = [
        c
        for c in creates
        if any(";" not in [w for w, _ in ws[min(c, e) : max(c, e)]] for e in empties)
    ]
    nearest = min(clause or creates, key=lambda c: min(abs(c - e) for e in empties))
    if governed(ws, nearest) == "neg":
        return False, "it says an empty old text does not create a file"
    for i in empties:
        if polarity(ws, i) != "neg":
            return True, "says a new file takes an empty old text"
    return False, "it says old text must not be empty"


def rule_ask(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """Two readings: a clarification rule (the model asks questions), and a limit on it
    (only when the request is unclear; never about clear requests; as a last resort). A
    rule to ask only about unclear requests is neither (verdict None): it gives no reason
    to ask about a clear request, and takes none away."""
    if SHOWN_ASKING.search(" ".join(w for w, _ in ws)):
        return False, "an example reply asks the user for permission"
    asks = [i for i in find(ws, "ASK") if not _person_asks(ws, i)]
    questions = asks or [i for i, (w, _) in enumerate(ws) if w in ("question", "questions")]
    if not questions:
        return None
    pol = {i: "pos" if _demanded(ws, i) else polarity(ws, i) for i in questions}
    # "Don't ask only when it's ambiguous": the negation is on the limit, not on asking
    negated = [i for i in questions if pol[i] == "neg" and ws[i + 1 : i + 2] != (("only", ONLY),)]
    if negated and all(_how_many(ws, i) for i in negated):
        return False, "it limits how many questions, not when to ask"
    if negated:
        return True, "limits questions: it says when not to ask"
    for j, (w, k) in enumerate(ws):
        ahead = [x for x, _ in ws[j + 1 : j + 9]]
        if (
            "ONLY" in k
            and governed(ws, j) != "neg"
            and (
                {"if", "when", "where"} & set(ahead)
                or has(ws[j + 1 : j + 5], "DOUBT")
                or has(ws[j + 1 : j + 9], "DOUBT")
                and {"in", "as"} & set(ahead)
                or ahead[:1] == ["then"]
                and has(ws[:j], "DOUBT")  # "when unclear, and only then"
                or has(ws[j + 1 : j + 2], "ASK")
                and {"cannot", "unable"} & set(ahead)
            )
        ):  # "only if unclear", "only in ambiguous cases"; not "only in English"
            return True, "limits questions to unclear requests"
        if (
            w in ("otherwise", "else")
            and (GO & set(ahead[:3]) or has(ws[j + 1 : j + 4], "MOD"))
            and UNCLEAR & {x for x, _ in ws[:j]}
        ):  # "if the request is unclear, ask; otherwise act" (not "when in doubt": a model
            # is nearly always in some doubt, which is the lecture's point)
            return True, "limits questions: when the request is clear, it acts"
        if (
            w in ("otherwise", "else")
            and has(ws[j + 1 : j + 4], "ASK")
            and any(
                x in CLEAR and governed(ws, n) != "neg" and CONDITION & {y for y, _ in ws[:n]}
                for n, (x, _) in enumerate(ws[:j])
            )
        ):  # "if the request is clear, act; otherwise, ask"
            return True, "limits questions: it asks only when the request is not clear"
    if has(ws, "RESTRICT"):
        return True, "limits questions"
    if asks and re.search(
        r"\b(?:truly|genuinely|really|actually) (?:ambiguous|unclear|vague|uncertain)",
        " ".join(w for w, _ in ws),
    ):
        return True, "limits questions to requests that are truly unclear"
    if asks and all(_when_unclear(ws, i) for i in asks if pol[i] in ("pos", "perm")):
        # "If the request is ambiguous, ask": no reason to ask about a clear request, but
        # no limit on another rule that gives one ("When in doubt, ask")
        return None, "asks only about unclear requests"
    if asks and any(pol[i] in ("pos", "perm") for i in asks):
        return False, "a clarification rule with no limit"
    if (
        not asks
        and any(  # "Always end your reply with a question"
            pol[i] == "pos" and POSE & {w for w, _ in ws[max(0, i - 5) : i]} for i in questions
        )
    ):
        return False, "it tells the model to put questions to the user"
    return None


ONLY = kinds("only")
# Verbs that put a question in the model's reply: "end with a question", "include a question".
POSE = frozenset("end finish close conclude include add pose append offer".split())
# An example dialogue whose model turn asks for permission: 'User: "fix the typo" -> You:
# "Which typo, and should I fix it now?"'.
SHOWN_ASKING = re.compile(
    r"\buser : .*\b(?:you|assistant|agent|model|claude|bot) : (?:(?!\buser :).)*\b(?:should i"
    r"|shall i|may i|can i|do you want me to|would you like me to|is it (?:ok|okay|fine) (?:if|to)"
    r"|want me to)\b"
)


def _demanded(ws: tuple[Word, ...], i: int) -> bool:
    """'Never proceed without asking', 'do nothing without the user's confirmation': two
    negations make asking a demand."""
    return any(ws[j][0] == "without" and governed(ws, j) == "neg" for j in range(max(0, i - 2), i))


def _when_unclear(ws: tuple[Word, ...], i: int) -> bool:
    """Whether the ask at i is only for unclear requests: its clause ties it to an unclear
    request ("if the request is ambiguous, ask", "ask when the instructions are vague",
    "clarify ambiguous requests", "ambiguous request -> ask") and to nothing else ("when in
    doubt", "if needed", "especially when ambiguous", "if anything is unclear")."""
    lo = max([j + 1 for j in range(i) if ws[j][0] == ";"], default=0)
    hi = next((j for j in range(i, len(ws)) if ws[j][0] == ";"), len(ws))
    clause = [w for w, _ in ws[lo:hi]]
    at = i - lo
    if BROADER & set(clause):
        return False
    tied = False
    for u, w in enumerate(clause):
        if w in CONDITION and not UNCLEAR & set(clause[u + 1 : u + 7]):
            if u and clause[u - 1] in ("not", "never"):
                continue  # "..., not when they are clear"
            return False  # a condition of another kind: "when in doubt", "if needed"
        if w not in UNCLEAR or polarity(ws[lo:hi], u) == "neg":
            continue
        if u < at and REASONS & set(clause[u:at]) and not CONDITION & set(clause[:u]):
            continue  # a reason, not a condition: "Requests are often ambiguous, so always ask"
        if u < at:  # the condition first: "if ... ambiguous, ask", "ambiguous request -> ask"
            tied = (
                tied
                or bool({",", "then", ":"} & set(clause[u:at]))
                or bool(CONDITION & set(clause[:u]))
            )
        else:  # "ask when ... vague", "clarify ambiguous requests"
            tied = tied or u - at <= 2 or bool(CONDITION & set(clause[at:u]))
    return tied


CONDITION = frozenset("if when whenever where for about".split())
REASONS = frozenset("so therefore hence thus consequently".split())
# Words that widen an unclear-request condition to almost any request.
BROADER = frozenset(
    "especially particularly even also regardless anything something everything slightly all doubt unsure"
    " uncertain sure".split()
)


# What makes a request worth a question (the model's own doubt is not enough).
UNCLEAR = frozenset("ambiguous ambiguity unclear vague underspecified".split())
# A request that needs no question: "if the request is clear, act; otherwise ask".
CLEAR = frozenset("clear obvious unambiguous specific explicit straightforward".split())
# After "otherwise": the model gets on with the task.
GO = frozenset("act proceed go continue carry do just start implement make".split())


def _how_many(ws: tuple[Word, ...], i: int) -> bool:
    """'Never ask more than one question': a limit on how many questions, not on when."""
    after = [w for w, _ in ws[i + 1 : i + 5]]
    return bool(
        {"more", "multiple", "several", "many", "over", "bulk", "batch", "batches"} & set(after)
    )


def _person_asks(ws: tuple[Word, ...], i: int) -> bool:
    """'the user asks', 'if asked', 'was asked': someone else asks, not the model."""
    if ws[i][0] in ("asks", "asked"):
        return True
    before = ws[max(0, i - 3) : i]
    if any(w == "i" for w, _ in before):  # "if I ask you to delete a file": the user writing
        return True
    return has(before, "PERSON") and not has(before, "AGENT")


@dataclass(frozen=True)
class Recogniser:
    """One rule's reader, and how its verdicts combine."""

    mode: str  # the failure mode this rule prevents
    read: Callable[[str, tuple[Word, ...], Place], Verdict | None]  # None: not about this rule
    absent: str  # what a student reads when the rule is missing


RECOGNISERS: tuple[Recogniser, ...] = (
    Recogniser(
        "edits-without-reading", rule_read_first, "no rule says to read a file before changing it"
    ),
    Recogniser("deletes-by-emptying", rule_delete, "no rule forbids deleting files"),
    Recogniser("verbose-narration", rule_concise, "no rule asks for short replies"),
    Recogniser(
        "wrong-argument-format", rule_create, "nothing says that an empty old_str creates a file"
    ),
    Recogniser("asks-when-it-shouldnt", rule_ask, "no limit on clarifying questions"),
)


# ============================================================================ public API


def _previous_read(ws: tuple[Word, ...]) -> bool:
    return has(ws, "READ") and not has(ws, "NEG") and not has(ws, "NOTFILE_READ")


# A rule that is quoted or named and then withdrawn ("Our old rule 'read before you edit' has
# been withdrawn", "The ban on deleting files is lifted") is not stated.
REVOKED = re.compile(
    r"\b(?:withdrawn|rescinded|revoked|retired|obsolete|outdated|deprecated|superseded|abolished"
    r"|lifted|dropped|abandoned|scrapped|repealed|cancell?ed|no longer (?:applies|apply|holds|valid|in (?:force|effect|place)))\b",
    re.I,
)
NAMED_RULE = re.compile(
    r"[\"“'‘][^\"”'’]{6,}[\"”'’]|\b(?:rules?|guidelines?|instructions?|polic(?:y|ies)"
    r"|restrictions?|bans?|requirements?|mottos?|conventions?)\b",
    re.I,
)


def _withdrawn(sentence: str) -> bool:
    return bool(REVOKED.search(sentence) and NAMED_RULE.search(sentence))


# A report of the past: "In the past the agent read every file first", "Older versions
# created files with an empty old_str", "We used to require a read" (not "is used to").
PAST = re.compile(
    r"^\W*(?:in the past|previously,|formerly|originally|historically|until recently|yesterday"
    r"|last (?:week|month|year|time|release|version|sprint)"
    r"|(?:earlier|older|previous|prior|old|past) (?:versions?|releases?|models?|prompts?"
    r"|iterations?|agents?|assistants?)\b)"
    r"|(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )(?<!\bbeen )(?<!\bbeing )"
    r"(?<!\bget )(?<!\bgot )\bused to\b(?! be\b)",
    re.I,
)
# A rule for someone else: "The cleanup bot (not you) must ...", "The summariser agent
# should ...", "For the Planner sub-agent only, ...", "Some teams require ...". The agent
# the prompt is written for is "you", "the agent", "the assistant", "the coding agent".
OTHER_AGENT = re.compile(
    r"^\W*(?:(?:only )?for |only )?(the |our |a |an |another |other |each |every |any |your )?"
    r"(?:([\w-]+) )?(bots?|sub-?agents?|subagents?|agents?|personas?|assistants?|models?)\b"
    r"|^\W*(?:some|many|other|most) (?:teams|companies|developers|engineers|projects|people"
    r"|agents|assistants|tools)\b"
    r"|\bnot (?:for |to |by |meant for )?you\b|\bdoes not apply to you\b",
    re.I,
)
# Words before "agent" / "assistant" that still name the model the prompt is written for.
SELF = frozenset(
    "coding code ai main primary helpful autonomous cli terminal programming software expert"
    " chat this you your careful senior friendly".split()
)
# After a rule for someone else, the part addressed to the model: "...; you, however, ..."
BACK_TO_YOU = re.compile(r"[;:]\s*(?:but |however,? |and )?(?=you\b)|,\s*(?=you, however)", re.I)


def for_model(sentence: str) -> str | None:
    """The part of a sentence that is a rule for the model: None for a report of the past
    or a rule meant for another agent or for other people; for "The support bot asks only
    when ...; you, however, confirm every change", the part after the semicolon."""
    match = PAST.search(sentence) or OTHER_AGENT.search(sentence)
    if match is None:
        return sentence
    if match.re is OTHER_AGENT and match[3]:  # "the assistant" is the model; "the X agent"?
        det, word, noun = (match[1] or "").strip().lower(), (match[2] or "").lower(), match[3]
        other = det in ("another", "other") or re.match(r"(?i)sub|persona", noun)
        if not other and (not word or word in SELF):
            return sentence
    if match.re is OTHER_AGENT and match[0].lower().startswith("not") and match.start() < 3:
        return sentence  # "Not you? ..." is not a subject
    back = BACK_TO_YOU.search(sentence, match.end())
    return sentence[back.end() :] if back else None


@functools.lru_cache(maxsize=256)
def _analyse(key: tuple[Place, ...]) -> tuple[RuleFinding, ...]:
    found: dict[str, tuple[str, str, str]] = {}
    ignored: dict[str, list[Mention]] = {r.mode: [] for r in RECOGNISERS}
    unlimited: tuple[str, str] | None = None  # the first clarification rule without a limit
    for place in key:
        prev_read = False
        for heading, sentence in headed(place.text):
            kept = for_model(sentence)
            if kept is None:  # a report, or a rule for someone else: it binds no one here
                ws = words(in_context(heading, sentence), place.this)
                for r in RECOGNISERS:
                    if r.mode not in found and r.read(sentence, ws, place) is not None:
                        why = "it reports the past or is meant for someone else"
                        ignored[r.mode].append(Mention(place.where, sentence, why))
                prev_read = False
                continue
            sentence = kept
            ws = words(in_context(heading, sentence), place.this)
            own = words(sentence, place.this)  # without its heading, for a list of steps
            for r in RECOGNISERS:
                if r.mode in found:
                    continue
                verdict = r.read(sentence, ws, place)
                if verdict is None and r.mode == "edits-without-reading" and prev_read:
                    # "1. Read the relevant file. 2. Only then edit it." / "3. Edit it."
                    if (
                        own
                        and (
                            own[0][0] in ("then", "after", "next", "finally") or own[0][0] == "only"
                        )
                        and has(own, "MOD")
                    ):
                        verdict = (True, "asks to read, then edit")
                    elif len(own) > 1 and "MOD" in own[0][1] and own[1][0] in ("it", "them"):
                        verdict = (True, "asks to read a file, then edit it")
                if verdict is not None and _withdrawn(sentence):
                    why = "it names the rule only to withdraw it"
                    ignored[r.mode].append(Mention(place.where, sentence, why))
                    continue
                if verdict is None:
                    continue
                counts, why = verdict
                if counts:
                    found[r.mode] = (place.where, sentence, why)
                elif counts is None:  # neither a rule nor a look-alike of one
                    ignored[r.mode].append(Mention(place.where, sentence, why))
                else:
                    ignored[r.mode].append(Mention(place.where, sentence, why))
                    if r.mode == "asks-when-it-shouldnt" and unlimited is None:
                        unlimited = (place.where, sentence)
            prev_read = _previous_read(own)
    out = []
    for r in RECOGNISERS:
        seen = tuple(ignored[r.mode])
        if r.mode in found:
            where, sentence, why = found[r.mode]
            out.append(RuleFinding(r.mode, True, where, sentence, why, seen))
        elif r.mode == "asks-when-it-shouldnt" and unlimited is None:
            out.append(RuleFinding(r.mode, True, "", "", "no clarification rule: it acts", seen))
        elif r.mode == "asks-when-it-shouldnt":
            where, sentence = unlimited
            why = "a clarification rule with no limit: it asks even about clear requests"
            out.append(RuleFinding(r.mode, False, where, sentence, why, seen))
        else:
            out.append(RuleFinding(r.mode, False, "", "", r.absent, seen))
    return tuple(out)


def as_definition(tool: object) -> dict:
    """A tool as the request defines it: the dict itself, or (for an object with name,
    description, properties and notes, like the brain's toolbox.Tool) a rebuilt one."""
    if isinstance(tool, dict):
        return tool
    names = list(getattr(tool, "properties", None) or [])
    notes = str(getattr(tool, "notes", "") or "").split("\n")
    if len(notes) != len(names):  # descriptions that do not line up: keep them together
        names, notes = ["parameters"], ["\n".join(notes)]
    return {
        "name": str(getattr(tool, "name", "")),
        "description": str(getattr(tool, "description", "") or ""),
        "input_schema": {
            "properties": {n: {"description": d} for n, d in zip(names, notes, strict=True)}
        },
    }


def explain(system: object, tools: list[dict] | None = None) -> list[RuleFinding]:
    """For each rule: whether the prompt states it, where, the sentence, and look-alikes
    that did not count (with why). `system` is a string or a list of text blocks; `tools`
    are the request's tool definitions."""
    return list(_analyse(tuple(places(system, tools))))


def missing(system: object, tools: list[dict] | None = None) -> dict[str, bool]:
    """Failure-mode id -> True when the rule that prevents it is absent."""
    return {f.mode: not f.found for f in explain(system, tools)}
