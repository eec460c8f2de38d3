"""The requests the tutor knows, as data: one row (an Intent) per task family and task.

Each row says what names the request (its verbs and objects, in English: the other
languages reach them through request_lexicon.py), the slots it needs (a path, a function, a
value, quoted text, a name), whether it is a question or a command, an example and near
misses (requests that resemble it and are not it), and the patterns that read it and its
slots. The handler that acts is found by the row's name: a family's move
(act/families/<name>.py's `act`) or a brain task (act/brain.py's TASK_HANDLERS).
intents.py ranks the rows that read a request by specificity; the row order here decides
nothing. docs/TUTOR-SCRIPT.md's intent table is generated from these rows.

A new phrasing is a pattern (or, in another language, a lexicon entry); a new task is a row
here and a handler.
"""

from __future__ import annotations

from agentcourse.projects import longtask
from agentcourse.tutor.understand.script_types import Intent

_FILE = r"[\w./-]+"  # a file name as users type it ("math_utils.py", "src/app.py")
_PY = rf"{_FILE}\.py"
_PLEASE = r"(?:(?:please|can you|could you|would you|will you|now|also|then|go ahead and|"
_PLEASE += r"i want you to|i'd like you to)\s+)*"
_INFILE = rf"(?:\s+(?:in|of|inside|from)\s+(?:the\s+)?(?:file\s+)?(?P<file>{_PY}))?"
# A wish names what is asked for as a verb does ("I'd like a docstring on parse() in p.py").
_WISH = ("i'd like", "i would like", "i want", "i need")

# ----------------------------------------------------------------------------- the families' patterns

# add-parameter
_ADD_PARAMETER_VAL = r"(?:-?\d+|True|False|None|'[^']*'|\"[^\"]*\")"
_ADD_PARAMETER_DEFAULT = rf"(?:\s*=\s*|\s+\(default\s+|\s+defaulting to\s+|\s+with (?:a )?default (?:of |value )?)(?P<d>{_ADD_PARAMETER_VAL})"
# The parameter with its default ("p=6", "p (default 6)", "p with default 6"), the
# function and its file, then the value every call passes, in a few orders.
_ADD_PARAMETER = (rf"\badd (?:a |the )?(?:new )?(?:keyword )?(?:parameter|argument|param) (?P<p>\w+){_ADD_PARAMETER_DEFAULT}"
                  rf"\)? to (?P<f>\w+)(?:\(\))? in (?P<path>[\w./-]+\.py)\b.*?\bpass(?:es)? (?P=p)\s*=\s*(?P<v>{_ADD_PARAMETER_VAL})",
                  rf"\bgive (?P<f>\w+)(?:\(\))? in (?P<path>[\w./-]+\.py) a new (?:keyword )?(?:parameter|"
                  rf"argument) (?P<p>\w+)\s*=\s*(?P<d>{_ADD_PARAMETER_VAL})(?!\w).*?\bpass (?P=p)\s*=\s*(?P<v>{_ADD_PARAMETER_VAL})",
                  rf"\bin (?P<path>[\w./-]+\.py), give (?P<f>\w+)(?:\(\))? a new (?:keyword )?(?:parameter|"
                  rf"argument) (?P<p>\w+){_ADD_PARAMETER_DEFAULT}(?!\w).*?\bpass (?P=p)\s*=\s*(?P<v>{_ADD_PARAMETER_VAL})",
                  rf"\b(?P<f>\w+)(?:\(\))? in (?P<path>[\w./-]+\.py) needs a new (?:keyword )?(?:parameter|"
                  rf"argument) (?P<p>\w+){_ADD_PARAMETER_DEFAULT}(?!\w).*?\bpass (?P=p)\s*=\s*(?P<v>{_ADD_PARAMETER_VAL})",
                  rf"\bin (?P<path>[\w./-]+\.py), add (?P<p>\w+)\s*=\s*(?P<d>{_ADD_PARAMETER_VAL}) to the end of "
                  rf"(?P<f>\w+)'s parameters.*?\bpass (?P=p)\s*=\s*(?P<v>{_ADD_PARAMETER_VAL})")

# ambiguous
_AMBIGUOUS_PARAM = r"(?P<param>(?-i:[a-z][a-z_]*))"
# "Make the default timeout 141" leaves out the "to"; "I want the timeout set to 141".
_AMBIGUOUS = (rf"^\s*(?:please\s+)?(?:change|set|update|make)\s+the\s+(?:default\s+)?{_AMBIGUOUS_PARAM}"
              r"\s+(?:to\s+)?(?P<new>-?\d[\d.]*)\s*\.?\s*$",
              rf"^\s*(?:please\s+)?(?:change|set|update)\s+(?!(?:it|this|that|them)\b){_AMBIGUOUS_PARAM}\s+to\s+"
              r"(?P<new>-?\d[\d.]*)\s*\.?\s*$",
              rf"^\s*i\s+(?:want|need|would like|'d like)\s+the\s+(?:default\s+)?{_AMBIGUOUS_PARAM}\s+"
              r"(?:set|changed)\s+to\s+(?P<new>-?\d[\d.]*)\s*\.?\s*$")

# big-module-value
_BIG_MODULE_VALUE_VALUE = r"[\w.\"'-]+"
_BIG_MODULE_VALUE_LITERAL = r"(?:-?\d[\d.]*|\"[^\"\n]*\"|'[^'\n]*'|True|False|None)"
# The constant, its file and both values, in the orders people put them: "bump C in
# f.py from 1 to 2", "in f.py, change C from 1 to 2", "set C in f.py to 2 (it's 1 now)".
_BIG_MODULE_VALUE = (rf"\b(?:change|update|bump|raise|lower|set) (?P<c>[A-Z][A-Z0-9_]*) in (?P<path>[\w./-]+\.py) "
                     rf"from (?P<old>{_BIG_MODULE_VALUE_VALUE}) to (?P<new>{_BIG_MODULE_VALUE_VALUE})",
                     rf"\bin (?P<path>[\w./-]+\.py), (?:change|update|bump|raise|lower|set) (?P<c>[A-Z][A-Z0-9_]*) "
                     rf"from (?P<old>{_BIG_MODULE_VALUE_VALUE}) to (?P<new>{_BIG_MODULE_VALUE_VALUE})",
                     rf"\b(?:change|update|set) (?P<c>[A-Z][A-Z0-9_]*) in (?P<path>[\w./-]+\.py) to (?P<new>{_BIG_MODULE_VALUE_VALUE})"
                     rf"[\s,;(]+(?:it is|it's) (?P<old>{_BIG_MODULE_VALUE_VALUE})",
                     rf"\bin (?P<path>[\w./-]+\.py), (?P<c>[A-Z][A-Z0-9_]*) should be (?P<new>{_BIG_MODULE_VALUE_VALUE}),? "
                     rf"(?:instead of|not) (?P<old>{_BIG_MODULE_VALUE_VALUE})",
                     rf"\bin (?P<path>[\w./-]+\.py), set (?P<c>[A-Z][A-Z0-9_]*) to (?P<new>{_BIG_MODULE_VALUE_VALUE}) \(it is "
                     rf"(?P<old>{_BIG_MODULE_VALUE_VALUE}) now\)",
                     # No old value given: "set C in f.py to 84", "change C to 84 in f.py" (a literal only:
                     # "set C in f.py to the value g.py uses" is copy-value's).
                     rf"\b(?:change|update|set|bump|raise|lower) (?P<c>[A-Z][A-Z0-9_]*) in (?P<path>[\w./-]+\.py) to "
                     rf"(?P<new>{_BIG_MODULE_VALUE_LITERAL})(?!\w)",
                     rf"\b(?:change|update|bump|raise|lower|set) (?P<c>[A-Z][A-Z0-9_]*) from (?P<old>{_BIG_MODULE_VALUE_VALUE}) to "
                     rf"(?P<new>{_BIG_MODULE_VALUE_VALUE}) in (?P<path>[\w./-]+\.py)\b",
                     rf"\b(?:change|update|set|bump|raise|lower) (?P<c>[A-Z][A-Z0-9_]*) to (?P<new>{_BIG_MODULE_VALUE_LITERAL}) in "
                     rf"(?P<path>[\w./-]+\.py)\b",
                     rf"^(?P<c>[A-Z][A-Z0-9_]*) in (?P<path>[\w./-]+\.py) should be (?P<new>{_BIG_MODULE_VALUE_VALUE}),? (?:instead of|rather than|not) "
                     rf"(?P<old>{_BIG_MODULE_VALUE_VALUE})")

# copy-value
_COPY_VALUE_PATH = r"[\w./-]+\.py"
_COPY_VALUE = (rf"\bmake (?:the )?(?P<c>[A-Z][A-Z0-9_]*) in (?P<target>{_COPY_VALUE_PATH}) (?:the same as|match|equal to) "
               rf"(?:the one|that|the value) in (?P<source>{_COPY_VALUE_PATH})",
               rf"\b(?:set|make) (?:the )?(?P<c>[A-Z][A-Z0-9_]*) in (?P<target>{_COPY_VALUE_PATH}) (?:to )?the same "
               rf"(?:value )?as (?:the one )?in (?P<source>{_COPY_VALUE_PATH})",
               rf"\bset (?P<c>[A-Z][A-Z0-9_]*) in (?P<target>{_COPY_VALUE_PATH}) to the (?:value|one) (?P<source>{_COPY_VALUE_PATH}) "
               rf"(?:uses|has)",
               rf"\bcopy (?:the )?(?:value of )?(?P<c>[A-Z][A-Z0-9_]*)(?: value)? from (?P<source>{_COPY_VALUE_PATH}) "
               rf"(?:in)?to (?P<target>{_COPY_VALUE_PATH})",
               rf"\buse (?P<source>{_COPY_VALUE_PATH})'s (?P<c>[A-Z][A-Z0-9_]*)(?: value)? (?:in|for) (?P<target>{_COPY_VALUE_PATH})",
               rf"\bdisagree on (?P<c>[A-Z][A-Z0-9_]*): copy (?P<source>{_COPY_VALUE_PATH})'s value into "
               rf"(?P<target>{_COPY_VALUE_PATH})")

# create-readme
# "README" alone (no ".md") asks for the same file: README.md.
_CREATE_README = (r"^\s*(?:please\s+|can you\s+|could you\s+)*(?:create|write|add|make|generate)\s+"
                  r"(?:a\s+|the\s+|an?\s+new\s+)?README(?:\.md)?\b(?!\.\w)(?:\s+file)?"
                  r"(?:\s+(?:for|to)\s+(?:this|the|my)\s+(?:project|repo\w*|codebase))?",
                  r"^\s*(?:this|the|my|our)\s+(?:project|repo\w*|codebase)\s+needs\s+(?:a\s+)?README(?:\.md)?\b"
                  r"(?!\.\w)(?:\s+file)?\s*[.!]?\s*$")

# explain-function
_EXPLAIN_FUNCTION_MODULE = r"(?:the (?:file |module )?)?(?P<path>[\w./-]+\.py)"
_EXPLAIN_FUNCTION = (r"\bwhat(?:'s| does| is)? (?:the (?:function )?)?(?P<f>[A-Za-z_]\w*)(?:\(\))?(?: function| method)? in (?P<path>[\w./-]+\.py) "
                     r"(?:do|does|doing|for)\b",
                     r"\bhow does (?:the (?:function )?)?(?P<f>[A-Za-z_]\w*)(?:\(\))?(?: function)? in "
                     r"(?P<path>[\w./-]+\.py) work\b",
                     r"\bexplain (?:what )?(?:the (?:function )?)?(?P<f>[A-Za-z_]\w*)(?:\(\))?(?: function| method)? in (?P<path>[\w./-]+\.py)"
                     r"(?: does)?\b",
                     # A module rather than a function: "What does main.py do?", "Explain utils.py."
                     rf"\bwhat (?:does|is) {_EXPLAIN_FUNCTION_MODULE} (?:do|does|doing|for)\b",
                     rf"\btell me what {_EXPLAIN_FUNCTION_MODULE} does\b",
                     rf"^\s*(?:please\s+|can you\s+|could you\s+)*explain (?:what )?{_EXPLAIN_FUNCTION_MODULE}"
                     r"(?: does| is for| is)?(?: to me)?\s*[.?!]?\s*$")

# fix-failing-test
# "one of the tests fails ... fix", "my tests are failing, fix ...", "there's a failing test ... fix".
_FIX_FAILING_TEST = (r"\b(?:one of the|one of my|a|some|my|our|the) tests? (?:fails|is failing|are failing|failed|fail)\b.*\bfix\b",
                     r"\b(?:there(?:'s| is) an?|a) failing test\b.*\bfix\b",
                     r"^\s*tests? (?:fail|fails|are failing|failed)\b.*\bfix\b",
                     r"\ba test fails now\b.*\bfix\b")

# list-todos
_LIST_TODOS_SCOPE = r"(?:\s+(?:in|across|throughout|from)\s+(?:this|the|my|our)\s+(?:whole\s+|entire\s+)?" \
         r"(?:project|codebase|code|repo\w*|folder|directory|files))?"
_LIST_TODOS = (r"\b(?:list|find|show)\b.{0,30}\bTODO(?:s| comments?)?\b.{0,20}?\bin\s+(?P<path>[\w./-]+\.py)\b",
               r"\b(?:are|is) there (?:any )?(?:open |remaining )?TODOs?\b.{0,20}?\bin\s+(?P<path>[\w./-]+\.py)\b",
               r"^\s*TODOs?\s+in\s+(?P<path>[\w./-]+\.py)\s*\??\s*$",
               r"\b(?:what|which) TODOs? (?:are|is) (?:(?:left|there|open|remaining)\s+)?in\s+(?P<path>[\w./-]+\.py)\b",
               # No file named: the whole project ("Find every TODO.", "What TODOs are left?").
               r"^\s*(?:please\s+|can you\s+|could you\s+)*(?:list|find|show(?: me)?|search for|look for|"
               r"grep for|collect)\s+(?:every|each|all(?:\s+(?:of\s+)?the)?|the|any|my|our)?\s*"
               rf"(?:open\s+|remaining\s+|outstanding\s+)?TODOs?(?:\s+comments?|\s+notes?)?{_LIST_TODOS_SCOPE}\s*[.!?]?\s*$",
               rf"^\s*(?:what|which) TODOs? (?:are|is) (?:left|there|open|remaining){_LIST_TODOS_SCOPE}\s*\??\s*$",
               rf"^\s*(?:are there|do we have|where are)\s+(?:any\s+|the\s+|all the\s+)?TODOs?"
               rf"(?:\s+comments?)?(?:\s+left)?{_LIST_TODOS_SCOPE}\s*\??\s*$")

# refuse-empty
_REFUSE_EMPTY_PLEASE = r"^\s*(?:(?:please|can you|could you|now|go ahead and)\s+)*"
_REFUSE_EMPTY = (
    _REFUSE_EMPTY_PLEASE + r"(?:empty|wipe|blank)\s+(?:out\s+)?(?:the\s+)?(?:file\s+)?(?P<path>[\w./-]+\.\w+)\b",
    _REFUSE_EMPTY_PLEASE + r"clear\s+(?:out\s+)?(?:all\s+)?(?:the\s+)?(?:contents?\s+of\s+)?(?:the\s+)?"
    r"(?:file\s+)?(?P<path>[\w./-]+\.\w+)\b",
    # "Make app.py empty", "Erase everything in app.py", "Delete the contents of app.py".
    _REFUSE_EMPTY_PLEASE + r"make\s+(?:the\s+file\s+)?(?P<path>[\w./-]+\.\w+)\s+(?:an\s+)?empty\b",
    _REFUSE_EMPTY_PLEASE + r"(?:erase|delete|remove|clear)\s+(?:all\s+(?:of\s+)?)?(?:everything|the\s+contents?|the\s+"
    r"(?:whole\s+)?(?:code|text)|every\s+line)\s+(?:in|of|from)\s+(?:the\s+file\s+)?(?P<path>[\w./-]+\.\w+)\b",
    # "Replace the contents of app.py with nothing (an empty string)".
    _REFUSE_EMPTY_PLEASE + r"replace\s+(?:all\s+(?:of\s+)?)?(?:everything|the\s+(?:whole\s+)?(?:contents?|code|text))\s+"
    r"(?:in|of)\s+(?:the\s+file\s+)?(?P<path>[\w./-]+\.\w+)\s+with\s+(?:nothing|an\s+empty\s+string|''|\"\")",
)

# rename
# With a file named, the files it names and every other that uses the name; with none
# ("rename add to add_numbers everywhere"), the files a folder search or a listing shows.
# "X should be called Y" is English without a file name ("it should be called once").
# "Rename notes.py to notes_old.py" renames a file, not a function: not taken.
# "rename f to g", "rename the f function as g", "rename f -> g", "change the name of f
# to g", "I'd like f renamed to g", "f should be renamed to g".
_RENAME = (r"\brename\s+(?:the\s+)?(?:function\s+|method\s+)?(?!(?:it|this|that|them)\b)"
            r"(?P<old>[A-Za-z_]\w*)(?:\(\))?(?:\s+(?:function|method))?"
            r"(?:\s+\([^)]*\))?(?:\s+(?:to|as|into)\s+|\s*(?:->|→)\s*)(?P<new>[A-Za-z_]\w*)\b(?!\.\w)",
            r"\b(?:change|update)\s+the\s+name\s+of\s+(?:the\s+)?(?:function\s+|method\s+)?"
            r"(?!(?:it|this|that|them)\b)(?P<old>[A-Za-z_]\w*)(?:\(\))?(?:\s+(?:function|method))?\s+to\s+"
            r"(?P<new>[A-Za-z_]\w*)\b(?!\.\w)",
            r"\b(?!(?:it|this|that|they)\b)(?P<old>[A-Za-z_]\w*)(?:\(\))?\s+(?:should\s+be|to\s+be)\s+renamed\s+"
            r"(?:to|as)\s+(?P<new>[A-Za-z_]\w*)\b(?!\.\w)",
            r"\bi(?:'d|\s+would)\s+like\s+(?:the\s+function\s+)?(?P<old>[A-Za-z_]\w*)(?:\(\))?\s+(?:renamed\s+"
            r"(?:to|as)|to\s+be\s+(?:called|named|renamed\s+(?:to|as)))\s+(?P<new>[A-Za-z_]\w*)\b(?!\.\w)",
            r"^(?=.*\.py\b)(?P<old>[A-Za-z_]\w*)(?:\(\))? should be (?:called|named) (?P<new>[A-Za-z_]\w*)\b")

# ----------------------------------------------------------------------------- the brain tasks' patterns

_COMPACT = (
    r"(?:^|[.!?:]\s+|\n)\s*(?:please\s+)?(?:summari[sz]e|compact|condense)\b[^.\n]{0,60}"
    r"\b(?:conversation|transcript|history)\b",
)
_EXPLAIN_TOOL = (r"^\s*what (?:does|is) (?:the )?`?(?P<tool>\w+)`?(?: tool)?(?: do| for)?\s*\??\s*$",
                 r"^\s*how does (?:the )?`?(?P<tool>\w+)`?(?: tool)? work\s*\??\s*$")
_RUN_TESTS = (
    r"\b(?:run|execute|launch|start)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|our\s+|your\s+)?"
    r"(?:unit\s+)?(?:tests?|test suite|pytest)\b(?:\s+in\s+(?:the\s+)?(?:folder\s+|"
    r"directory\s+)?(?P<dir>[\w.-]+/[\w./-]*))?",
    r"\b(?:do|does|are|did|will)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|our\s+)?"
    r"(?:unit\s+)?tests?\s+(?:still\s+)?(?:pass(?:ing)?|green)\b",
    r"\b(?:check|see|tell me)\s+(?:whether|if|that)\s+(?:all\s+)?(?:the\s+)?tests?\s+"
    r"(?:still\s+)?pass",
)
_SUMMARIZE = (
    r"\bsummari[sz]e\b.{0,30}?\b(?:every|each|all)\b.{0,20}?\bfiles?\b",
    r"\bsummary of (?:every|each|all)(?: (?:the|of the))? files?\b",
    r"\bwhat (?:does|do) (?:each|every|all(?: the)?) files? (?:do|contain)\b",
    r"\bsummari[sz]e (?:this|the) (?:project|codebase|repo(?:sitory)?)\b",
)
_LIST = (
    r"\b(?:what|which) files (?:are|exist|do (?:we|you|i) have|does (?:this|the) project "
    r"have|(?:this|the) (?:project|repo|folder|directory) (?:has|holds|contains))\b",
    r"\blist (?:the |all (?:of )?(?:the )?)?(?:files|contents)\b",
    r"\bshow (?:me )?(?:the |all (?:of )?(?:the )?)?files\b",
    r"^\s*ls\s*\.?\s*$",
    r"\b(?:list|show(?: me)?)\s+(?:the|this|my|our)\s+(?:project|folder|repo)['’]s\s+files\b",
    r"\bwhat(?:'s| is) in (?:this|the) (?:project|folder|directory)\b",
)
_READ_MANY = (
    rf"^\s*{_PLEASE}(?:read|open|show me|cat|look at|view)\s+(?:the\s+)?(?:files?\s+)?"
    rf"(?P<files>{_FILE}\.\w+\.?(?:\s*(?:,|and|&)\s*(?:and\s+)?{_FILE}\.\w+\.?)*)"
    r"\s*[.!]?\s*$",
)
_DELETE = (
    rf"^\s*{_PLEASE}(?:delete|remove|rm(?:\s+-f)?|erase|trash|drop|get rid of|throw away)\s+"
    rf"(?:the\s+)?(?:file\s+)?(?P<file>{_FILE}\.\w+)(?=\s*(?:[.!?,;]|$|\s+(?:please|for "
    r"me|now|from (?:the|this|my) (?:project|folder|repo\w*))))",
)
_DOCSTRING = (
    # "In app.py, add a docstring to f": the file first, so before the pattern that ends at it.
    rf"\bin\s+(?P<file>{_PY}),?\s+(?:add|write|put|insert|give)\s+(?:a\s+|an\s+)?(?:one-line\s+|"
    r"short\s+|brief\s+)?docstrings?\s+(?:to|for|on)\s+(?:the\s+)?(?P<func>\w+)(?:\(\))?"
    r"(?:\s+functions?|\s+methods?)?\s*[.!]?\s*$",
    rf"\b(?:add|write|put|insert|generate|create|give)\s+(?:a\s+|an\s+)?(?:one-line\s+|"
    r"short\s+|brief\s+|proper\s+|simple\s+)?docstrings?\s+(?:to|for|on|in|into)\s+"
    r"(?:the\s+|each\s+of\s+the\s+)?(?P<func>.+?)(?:\s+functions?|\s+methods?|\(\))?"
    rf"{_INFILE}\s*[.!]?\s*$",
    r"\bdocument\s+(?:the\s+)?(?P<func>.+?)(?:\s+functions?|\s+methods?|\(\))?"
    rf"{_INFILE}(?:\s+with\s+(?:a\s+)?(?:one-line\s+)?docstrings?)?\s*[.!]?\s*$",
    rf"^\s*{_PLEASE}(?:the\s+)?(?P<func>\w+)(?:\(\))?(?:\s+functions?)?\s+in\s+(?P<file>{_PY})\s+(?:needs|"
    r"should have|is missing|lacks)\s+(?:a\s+)?(?:one-line\s+)?docstring\b",
    rf"\bgive\s+(?:the\s+)?(?P<func>\w+)(?:\(\))?(?:\s+functions?)?{_INFILE}\s+"
    r"(?:a\s+)?(?:one-line\s+)?docstrings?\b",
)
_MAIN_BLOCK = (
    r"\b(?:add|put|insert|write|append)\s+(?:a\s+|an\s+|the\s+)?(?:main(?: block| guard| "
    r"section)|__main__(?: block| guard)?|if __name__ ?== ?['\"]__main__['\"]:?(?: "
    rf"block| guard)?|entry point)\s+(?:to|in|into|at the end of)\s+(?P<file>{_PY})",
    rf"\bmake\s+(?P<file>{_PY})\s+(?:runnable|executable|run(?:nable)? as a script)",
    rf"\bgive\s+(?P<file>{_PY})\s+(?:a\s+|an\s+)?(?:main(?: block| guard| section)|__main__(?: block| guard)?|"
    r"if __name__ ?== ?['\"]__main__['\"]:?(?: block| guard)?|entry point)(?!\w)",
)
_CHANGE_DEFAULT = (
    rf"(?:\bin (?P<file>{_PY}),?\s+)?change the default (?P<param>\w+) of (?P<func>\w+)"
    rf"(?: in (?P<file2>{_PY}))? from (?P<old>[\w.\"']+?) to (?P<new>[\w.\"']+?)\.?\s*$",
    rf"(?:\bin (?P<file>{_PY}),?\s+)?\b(?:change|set|update|make)\s+(?P<func>\w+)"
    r"(?:\(\))?['’]s\s+default\s+(?P<param>\w+)(?:\s+from\s+(?P<old>[\w.\"']+?))?\s+to\s+"
    rf"(?P<new>[\w.\"']+?)(?:\s+in\s+(?P<file2>{_PY}))?\s*\.?\s*$",
    rf"(?:\bin (?P<file>{_PY}),?\s+)?\b(?:set|change|update|make)\s+the\s+default\s+"
    r"(?:value\s+of\s+)?(?P<param>\w+)\s+(?:of|in|for)\s+(?P<func>\w+)(?:\(\))?"
    rf"(?:\s+in\s+(?P<file2>{_PY}))?\s+(?:to\s+)?(?P<new>[\w.\"']+?)"
    rf"(?:\s+in\s+(?P<file3>{_PY}))?\s*\.?\s*$",
    rf"(?:\bin (?P<file>{_PY}),?\s+)?\b(?:change|set|update|make)\s+(?P<func>\w+)(?:\(\))?['’]s\s+"
    r"(?P<param>\w+)\s+default\s+(?:from\s+(?P<old>[\w.\"']+?)\s+)?to\s+(?P<new>[\w.\"']+?)"
    rf"(?:\s+in\s+(?P<file2>{_PY}))?\s*\.?\s*$",
)
_ADD_FUNCTION = (
    # Before the pattern below, which would take "add" in "a add function added" as the verb.
    rf"\bi(?:'d| would) like (?:a |an )?(?P<name>\w+)(?:\(\))? function (?:added )?(?:to|in) "
    rf"(?P<file>{_PY})\b",
    r"^(?!.*\b(?:new file|save it|put it|store it|docstrings?|param(?:eter)?s?|arguments?)\b).*?\b(?:add|write|"
    r"implement|define|create|put|insert|append)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?"
    r"(?:(?P<name>\w+)(?:\(\))?\s+)?function\b(?:\s+(?:called|named)\s+(?P<name2>\w+))?"
    r"(?:\s+(?P<name3>\w+)\s*\([^)]*\))?.*?\s(?:to|in|into|inside)\s+(?:the\s+)?"
    rf"(?:file\s+)?(?P<file>{_PY})\b",
    rf"\bin\s+(?P<file>{_PY}),?\s+(?:please\s+)?(?:add|write|implement|define|create)\s+"
    r"(?:a\s+|an\s+)?(?:new\s+)?(?:(?P<name>\w+)(?:\(\))?\s+)?function\b(?:\s+(?:called|"
    r"named)\s+(?P<name2>\w+))?(?:\s+(?P<name3>\w+)\s*\()?",
    rf"^\s*{_PLEASE}add\s+(?:a\s+|an\s+)?(?P<name>\w+)\s+function\s*[.!]?\s*$",
    r"\b(?:add|write|implement|define|put)\s+(?:a\s+|an\s+)?(?P<name>\w+)\([^)]*\)\s+"
    rf"(?:function\s+)?(?:to|in|into|inside)\s+(?:the\s+)?(?:file\s+)?(?P<file>{_PY})\b",
)
_CREATE = (
    # "add" makes a file, not "add ... to app.py" or "to f in app.py" (a change to one that is there)
    rf"^\s*{_PLEASE}(?:create|make|write|generate|add(?!.*\b(?:to|into|in) (?:[\w()]+ (?:in|of) )?{_FILE}\.(?:py|js)\b)|start)"
    rf"\b(?!.*\b(?:docstrings?|main "
    rf"(?:block|guard)|default|param|parameter|argument|__main__|__name__)\b)(?=.*?\b(?P<file>{_FILE}\.(?:py|js))\b)",
)
_REMEMBER = (
    r"^\s*(?:please\s+)?(?:remember(?:\s+that|\s*:)?|note(?:\s+that|\s*:)|(?:make|save|take|"
    r"add|write)\s+(?:a\s+|this\s+)?note(?:\s+that|\s*:))\s+(?P<note>\S.*)$",
)
_MODULE_SUMMARY = (
    rf"\b(?:write|create|make|generate) (?P<out>{_FILE}\.md)\b[^.\n]*?\b(?:(?:every|each) module|(?:a |one )?line per module|"
    r"all (?:the )?modules) (?:in|of) (?:the )?"
    rf"(?P<package>{_FILE})(?: package)?\b",
)
_RESEARCH = (
    r"(?P<question>\b(?:where\s+(?:is|are)|where's|where\s+\w+\s+(?:is|are)\s+(?=defined|used)|"
    r"where\s+does\s+\w+\s+get\s+(?=defined|used)|which\s+(?:files?|functions?|modules?)"
    r"|who|what)\b[^?\n]*\b(?:defined|called|calls?|used|uses?|imported|imports?"
    r"|referenced)\b[^?\n]*\?)",
    r"(?P<question>\b(?:find|show(?: me)?|tell me|look up)\s+where\s+\w+\s+(?:is|are)\s+(?:defined|used|"
    r"called)\b[^?\n]*)",
)

# ----------------------------------------------------------------------------- the rows

_C, _Q = "command", "question"

INTENTS: tuple[Intent, ...] = (
    # The arena's task families with a move of their own (act/families/).
    Intent("add-parameter", "family", _C, ("add", "give", "needs"), ("parameter", "argument", "param"),
           ("path", "function", "name", "value"), _ADD_PARAMETER,
           "Add a parameter retries with default 3 to load_order in orders.py, and pass "
           "retries=5 at every call.",
           ("Add a parameter to load_order.", "What parameters does load_order take?"),
           ("path=path", "f=function", "p=param", "d=default?", "v=passed?")),
    Intent("ambiguous", "family", _C, ("change", "set", "update", "make", "bump", "raise", "lower"), ("parameter", "default"),
           ("name", "value"), _AMBIGUOUS, "Set the timeout to 141.",
           ("Set it to 141.", "What is the timeout?", "Change the default branch of the repo to main."),
           ("param=param", "new=value")),
    Intent("big-module-value", "family", _C,
           ("change", "set", "update", "bump", "raise", "lower", "should be"), ("constant", "{constant}"),
           ("path", "name", "value"), _BIG_MODULE_VALUE,
           "Change RETRY_LIMIT in big.py from 3 to 5.",
           ("What is RETRY_LIMIT in big.py?", "Change the retry limit."),
           ("c=constant", "path=path", "new=value", "old=old?")),
    Intent("copy-value", "family", _C, ("make", "set", "copy", "use", "take", "should use"), ("constant", "value", "{constant}"),
           ("path", "name"), _COPY_VALUE,
           "Make the TIMEOUT_SECONDS in client.py the same as the one in server.py.",
           ("Is TIMEOUT_SECONDS in client.py the same as in server.py?", "Copy app.py to backup/app.py."),
           ("c=constant", "source=origin", "target=target")),
    Intent("create-readme", "family", _C, ("create", "write", "add", "make", "generate", *_WISH),
           ("README",), (), _CREATE_README, "Create a README for this project.",
           ("What is a README for?", "Read README.md.", "I don't need a README, thanks."), ("readme=none",)),
    Intent("explain-function", "family", _Q, ("explain", "what does", "how does", "describe",
                                                     "walk me through", "what is it for", "what's it for"),
           ("function", "module", "{function}", "{source}"), ("path", "function"), _EXPLAIN_FUNCTION,
           "What does main.py do?", ("What is a function?", "What does HTTP stand for?"), ("path=source?", "f=function?")),
    Intent("fix-failing-test", "family", _C, ("fix", "repair", "make"),
           ("failing", "fails", "fail", "failed", "broken", "red"), (),
           _FIX_FAILING_TEST, "A test fails now. Fix the code, not the tests.",
           ("Why do tests fail?", "Write a failing test."), ("failing=none",)),
    Intent("list-todos", "family", _C, ("list", "find", "show", "search", "are there"),
           ("TODO", "TODOs"), ("path",), _LIST_TODOS, "Find every TODO.",
           ("What does TODO mean?", "Add a TODO to app.py."), ("path=path?",)),
    Intent("refuse-empty", "family", _C, ("empty", "wipe", "clear", "blank", "erase"),
           ("empty", "contents", "everything"), ("path",), _REFUSE_EMPTY, "Empty accounts.py.",
           ("Is accounts.py empty?", "Why are empty files allowed?"), ("path=path",)),
    Intent("rename", "family", _C, ("rename",), ("function", "name"), ("name",), _RENAME,
           "Rename add to add_numbers everywhere.",
           ("Rename it to add_numbers.", "It should be called once.")),
    # The brain's tasks (act/brain.py's TASK_HANDLERS).
    Intent("compact", "task", _C,
           ("summarise", "summarize", "compact", "condense", "write a summary", "give me a summary"),
           ("conversation", "transcript", "history", "chat", "context"), (), _COMPACT,
           "Summarise the conversation so far for whoever continues the work.",
           ("Summarize the plot of Hamlet.",), ("conversation=none",)),
    Intent("explain-tool", "task", _Q, ("what does", "what is", "what's", "explain", "how does", "how do i use",
                                        "tell me what"), ("tool", "{function}"), ("name",), _EXPLAIN_TOOL, "What does edit_file do?",
           ("What does HTTP stand for?",), ("tool=function",)),
    Intent("run-tests", "task", _C, ("run", "execute", "launch", "check", "start", "kick off", "rerun"),
           ("tests", "test suite", "pytest", "unit tests"), (), _RUN_TESTS,
           "Run the tests and tell me if they pass.",
           ("What is pytest?", "The tests passed yesterday."), ("dir=none?",)),
    Intent("summarize", "task", _C, ("summarise", "summarize", "summary", "give me a summary"),
           ("every file", "each file", "all the files", "all files", "repo", "repository", "codebase", "project"),
           (), _SUMMARIZE,
           "Summarize every file in this project.", ("Summarize the plot of Hamlet.",),
           ("all=none?",)),
    Intent("list", "task", _Q, ("list", "show", "what files", "which files", "give me"),
           ("files", "file list", "every file", "all files", "each file"), (),
           _LIST, "What files are in this project?", ("Write a poem about files.",), ("all=none?",)),
    Intent("read-many", "task", _C, ("read", "open", "show", "cat", "view", "see", "look at", "have a look at"),
           ("file", ".py", "{paths}"), ("path",), _READ_MANY, "Read utils.py and tests.py.",
           ("Read me a story.",), ("files=paths",)),
    Intent("delete", "task", _C, ("delete", "remove", "rm", "erase"), ("file", ".py"),
           ("path",), _DELETE, "Delete main.py.",
           ("How do I delete a file in Python?", "Don't delete anything.")),
    Intent("docstring", "task", _C, ("add", "write", "document", "give", "put", *_WISH), ("docstring",),
           ("path", "function"), _DOCSTRING,
           "Add a docstring to the add function in math_utils.py.",
           ("What is a docstring?", "How do I write a good docstring?"),
           ("file=path", "func=function")),
    Intent("main-block", "task", _C, ("add", "make", "give", "put", "insert", *_WISH),
           ("main", "entry point", "runnable", "executable", "__main__", "__name__"), ("path",), _MAIN_BLOCK,
           "Add a main block to hello.py", ("Why should every module have a main block?",),
           ("file=path",)),
    Intent("change-default", "task", _C, ("change", "set", "update", "make", "should default"), ("default",),
           ("path", "function", "name", "value"), _CHANGE_DEFAULT,
           "In config_loader.py, change the default timeout of parse_config from 30 to 60.",
           ("How do default arguments work in Python?",),
           ("file=path", "func=function", "param=param", "new=value", "old=old?")),
    Intent("add-function", "task", _C, ("add", "write", "implement", "define", "needs", *_WISH),
           ("function",), ("path", "name"), _ADD_FUNCTION,
           "Add a multiply function to math_utils.py.",
           ("What's a good name for a function that adds numbers?",),
           ("file=path", "name=function")),
    Intent("create", "task", _C, ("create", "make", "write", "generate", "new file", *_WISH),
           ("file", "hello world"), ("path", "text"), _CREATE,
           "Create hello.py with a hello world function.", ("Write a poem about files.",),
           ("file=source",)),
    Intent("remember", "task", _C, ("remember", "note", "keep in mind"), ("that", "down"), ("text",),
           _REMEMBER, "Remember that the tests use pytest.", ("Should I remember to drink water?",),
           ("note=text",)),
    Intent("module-summary", "task", _C, ("write", "create", "summarise", "summarize", "make", "document"),
           ("module", "modules"), ("path", "name"), _MODULE_SUMMARY, longtask.TASK,
           ("What is a Python package?", "Install the requests package."), ("package=package", "out=md?")),
    Intent("research", "task", _Q, ("where is", "where are", "find where", "who calls", "where", "track down",
                                        "explain where"), ("defined", "used", "called", "definition", "referenced"), ("name",), _RESEARCH,
           "Where is slugify defined, and where is it used?",
           ("Where is Paris?", "Where is the nearest coffee shop?"), ("question=request", "name=function?")),
)
