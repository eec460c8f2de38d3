"""The words the prompt-rule reader knows, as data: PHRASES (multi-word expressions folded
into one canonical word), LEXICON (the kinds of words: NEG, PERM, DEL, READ, ...) and the
spelling tables (ANCHORS, NOT_SLIPS, MISSPELLINGS). They are English: a sentence in French,
Spanish or German is first put into these English words by rule_languages.py, which also
says how to add a language.

clauses.words() reads a sentence with them (slips mended, phrases folded, each word given
its kinds), and the steps of the rule table's rows (rule_table.py) ask which kinds a
sentence holds and what governs them. A change here changes what counts as a rule:
tests/tutor/test_rules.py judges it against the corpora, and
tests/tutor/test_routing_record.py shows every judgement it moves.
"""

from __future__ import annotations

# ============================================================================ data

# Multi-word expressions folded into one canonical word before the lexicon lookup. Applied
# in order to the lower-cased clause; "\b" is added on both sides.
PHRASES: tuple[tuple[str, str], ...] = (
    # "leave it unedited": an order not to change it
    (r"leave (it|them|the file|the files|that file) (?:unedited|unchanged|unmodified)", r"do not edit \1"),
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
    (r"(?:is|are) (?:its|their|the|the file's|a file's)(?: (?:current|latest|full|whole|exact))? (?:contents?|text|source)"
     r" in front of you", "have you read the file"),
    (r"(?:its|the|their|the file's)(?: current| latest| full| whole| exact)? (?:contents?|text|source) (?:is|are) in front of you",
     "you have read it"),
    # a question as a rule: "Have you read it? If not, ..." is a condition; a checklist's
    # "Have you asked the user?" asks it to be done
    (r"(?:have|did) (you|i) (\w+)((?: [\w'.]+)*) ?\? if not", r"if \1 have not \2\3"),
    (r"(?:^|(?<=: ))(?:have|did) you (?:asked|ask|checked with|confirmed with)(?=[^?]*\?)", "you must ask"),
    (r"(?:^|(?<=: ))(?:have|did) you (\w+)((?: [\w'.]+)*)(?=\?)", r"you must have \1\2"),
    # an order left elliptic: "Only the user deletes files; you never do"
    (r"(\w+)s (files?|anything)([^;]*); (?:but )?you (never|do not|must not|may not|cannot|should not|will not) do",
     r"\1s \2\3; you \4 \1 \2"),
    # a that-clause as what is allowed or forbidden: "It is not allowed that you delete files"
    (r"(allowed|permitted|forbidden|prohibited|acceptable|ok|okay) that(?= (?:you|the (?:assistant|agent|model))\b)",
     r"\1 for"),
    # a polite question is a request: "Could you please read each file before you change it?"
    (r"(?:^|(?<=[,;:] ))(?:could|would|can|will) you(?: please| kindly)?(?= \w)", "please"),
    # a key and its verdict: "delete_files: forbidden" (prompt_text reads "delete files: forbidden")
    (r"(?<=\w) ?: (forbidden|prohibited|not allowed|banned|denied|disallowed|not permitted)\b", r" is \1"),
    # padding said of code: "No filler comments in the code" is about the code
    (r"(?:filler|verbose|wordy|chatty|long|lengthy) (?=(?:code )?(?:comments?|docstrings?|commit messages?|variable names?))", ""),
    # negations
    (r"no longer(?! than)|not any longer", "not"),  # "no longer allowed", "no longer need to"
    (
        r"under no circumstances|in no case|at no (?:point|time)|on no account|by no means|(?:do |does )?not ever"
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
        r"|not (?:part of )?(?:your|the assistant's|the model's) (?:job|role|task|responsibility)"
        # "Deleting files is outside what you may do", "... deletion is not one of them"
        r"|outside (?:of )?(?:what you (?:may|can|are allowed to|are permitted to|are able to) do"
        r"|your (?:remit|role|scope|mandate|permissions?|job|authority))"
        r"|(?:is|are) (?:something|a thing|an action|one thing) (?:that )?you (?:do not|never|must not|may not|cannot|will not) do"
        r"|(?:(?<=is )|(?<=are ))not (?:one|any|part) of (?:them|these|those|that list|the list)|(?:(?<=is )|(?<=are ))not among (?:them|these|those)",
        "forbidden",
    ),
    (r"non ?empty", "not empty"),
    # an imperative with "no" opening a clause: "Delete no files", "Even if asked, delete no
    # file", "Ask no questions"; not "Write no more than ..."
    (r"(?:^|(?<=[,;:] ))(\w+) no(?= \w)(?! (?:more|less|fewer|longer|further|later|sooner|other|and|or|but|if|when|to)\b)", r"never \1"),
    (r"other than|apart from", "except"),  # "Never delete files other than the ones you created"
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
    (r"if you (?:want|like|wish|prefer)(?: to)?|if you feel like it|at your (?:own )?discretion", "optional"),
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
    (r"beforehand|in advance|up front|upfront|(?:start|starts|starting|begin|begins|beginning) (?:by|with)",
     "first"),
    (r"(?<=[;,] )if not(?= ?,)", "otherwise"),  # "if the request is unclear, ask; if not, act"
    (r"preceded by|only after|only once|must follow|follows?|comes? after", "after"),
    (r"and then|after that|afterwards|, then", "then"),  # "only then" keeps its "only"
    # numbered steps: "Step 1: read_file on the target. Step 2: edit_file.", "Rule 2: ..."
    (r"(?:step|rule) (?:1|one)|(?:the )?first step|firstly", "first"),
    (r"(?:step|rule) (?:2|two)|(?:the )?second step|secondly|second(?= ?,)", "then"),
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
        r"(?:(?<=have )|(?<=has )|(?<=got ))(?:its|their|the|the file's|a file's)(?: (?:current|latest|full|whole|exact))?"
        r" (?:contents?|text|source) in front of you"  # "once you have its contents in front of you"
        r"|look(?:s|ed|ing)? (?:at|over|through)|have a look at|take a look at|go through|familiari[sz]e yourself with",
        "read",
    ),
    (
        r"(?:make|making|apply|applying|implement|implementing|perform|performing) (?:any |a |the |your |this |that"
        r" |these |those )?(?:smallest |minimal |small |needed |required |necessary |planned )?(?:changes?|edits?|modifications?)",
        "edit",
    ),
    (  # "confirm every change with the user", "validate your plan with the user": the thing between
        r"(?:double )?(?:check|confirm|verify|validate|agree|align|discuss|clear|consult)(?:s|es|ed|d|ing)?((?: (?!with\b)[\w']+){1,5})"
        r" with (?:the |your )?"
        r"(?:user|developer|human|client|customer|owner|requester|me|them)s?(?!')",
        r"ask\1",
    ),
    (r"confirm(?= (?:first|before|beforehand)\b)", "ask"),  # "Always confirm before acting."
    (r"run\w* ((?:\w+ ){1,6})(?:past|by) (?:the |your )?(?:user|developer|human)s?", r"ask \1"),  # "run your plan past the user"
    (
        r"without (?:(?:the|a|an|explicit|prior|written|user's|users'|their|your|clear|formal) ){0,3}"
        r"(?:confirmation|approval|go[- ]ahead|sign[- ]off|consent|green[- ]light|ok|okay)",
        "without ask",
    ),
    (
        r"(?:double )?(?:check|confirm|verify|consult)(?:s|ed|ing)?(?: always| first)?(?: in)?(?: with)? (?:the |your )?(?:user|developer|human|client"
        r"|customer|owner|requester|me|them)s?(?!')|seek clarification"
        # seeking someone's leave: "get the user's explicit approval", "asks the user for approval",
        # "wait for the user to approve it"
        r"|(?:get|gets|getting|obtain\w*|seek\w*|ask\w* for|wait\w* for|request\w*|ask\w* (?:the |your )?(?:user|developer|human)s?"
        r" for)(?: (?:the|an?|their|your|his|her|explicit|user's|users'|human's|developer's|written|prior|clear|formal)){0,3}"
        r" (?:confirmation|approval|ok|okay|permission|consent|sign off|go ahead|green light|blessing|validation)"
        r"|(?:wait\w* (?:for|until)|ask\w*) (?:the |your )?(?:user|developer|human|them)s? (?:to )?(?:approves?|confirms?"
        r"|agrees?|signs? off|validates?)"
        r"|confirm (?:the|your) (?:plan|request|intent)"
        r"|request clarification|ask for clarification|clarifying questions?|follow-up questions?",
        "ask",
    ),
    (
        r"(?:narrat\w*|explain\w*|describ\w*|tell\w*|recount\w*|list\w*|walk\w* (?:through|the user through)) (?:of )?(?:what you"
        r" (?:are doing|did|do|(?:are )?(?:going|about) to do|will do|plan to do)|(?:your|the|each|every) (?:process|steps?|reasoning|thinking|approach"
        r"|actions?|plans?|tool calls?))|explanations? of (?:your |the )?(?:process|steps|reasoning)"
        r"|explain(?: yourself)?(?=\s*(?:[,;.!]|$))",  # "Act, don't explain.": with no object
        "narration",
    ),
    (r"(?:an? |any )?descriptions? of how you (?:got there|did it|arrived|worked)|how you (?:got there|went about it)", "narration"),
    (  # "leave out the steps you took"
        r"(?:the|your|each|every|all the) steps? (?:you (?:took|take|followed|follow|made|performed|went through)|taken)",
        "narration",
    ),
    # "Reply with the result only": nothing but the outcome
    (r"only (?:with )?the (?:final )?(?:results?|outcomes?)|the (?:final )?(?:results?|outcomes?) only", "concise"),
    (  # "without saying what you are about to do or summarising what you did"
        r"(?:say\w*|announc\w*|stat(?:e|es|ing)|tell\w*(?: the user)?|summari[sz]\w*|recap\w*)"
        r" what you (?:are (?:about|going) to do|will do|did|have done|just did|changed)",
        "narration",
    ),
    (
        r"play by play|step by step commentary|small talk|long[- ]winded|filler words|over ?explain\w*"
        r"|walls? of text|(?:long|lengthy) paragraphs?"
        r"|(?:long|lengthy|wordy) (?:answers?|replies|responses?|explanations?|messages?)"
        r"|unnecessary (?:details?|explanations?|words|text)|at (?:great |some |full )?length"
        r"|in (?:great|full|exhaustive|excessive|lengthy) detail",
        "verbose",
    ),
    # brevity and limits ("at least 200 words", "too short" ask for more words, not fewer)
    (r"too (?:short|brief|terse|concise|curt)", "minlength"),
    (
        r"(?:at least|a minimum of|minimum of|no (?:fewer|less) than|not (?:fewer|less) than)\s+"
        r"(?:\d+|one|two|three|four|five|ten|twenty|fifty|a hundred|one hundred)\s+"
        r"(?:words?|sentences?|lines?|paragraphs?|characters?)",
        "minlength",
    ),
    (  # "as few words as you can": the "can" is not a permission
        r"as (?:few words|short|brief|concise|terse) as (?:possible|(?:you|it|they|one) can|you are able|necessary|needed)"
        r"|(?:minimi[sz]e|reduce|limit|cut down) (?:the )?(?:number of |amount of |length of |size of )?"
        r"(?:words|output tokens|tokens|text|verbosity|length)",
        "concise",
    ),
    (  # not "get the short answer", "write less code"
        r"get (?:straight |right |directly )?to the point|(?:say|talk|speak|write) less(?! code)|less talk(?:ing)?",
        "be concise",
    ),
    (
        r"to the point|short and sweet|as few words as possible|few words|as short as possible"
        r"|word limit|word count",
        "concise",
    ),
    (  # "limit your answers to two lines": the limit put after what it limits
        r"limit (your |the |all |each )?(answers?|replies|responses?|messages?) to", r"\1\2 limited to",
    ),
    # "kept to the minimum length needed": the least length is brevity
    (r"(?:to )?(?:the |a )?(?:minimum|minimal|shortest|smallest) (?:possible )?length", "short"),
    # "Do not write more than three sentences": a limit, stated as a ban on more
    (r"(?:(?:do|does|should|must|shall) not|never) (?:write|use|give|send|produce|say|type) more than", "write at most"),
    (
        r"(?:at most|no more than|not more than|fewer than|less than|under|within|max(?:imum)?(?: of)?"
        r"|up to|limit(?:ed)? to|cap(?:ped)? at|below|≤|<=|(?:no|not) longer than"
        r"|(?:(?:must|should|shall|may|can|will|do|does) )?(?:not|never) (?:exceed|go over)(?: the)?"
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
    # a cap said to suffice is still a cap: "one or two sentences is usually enough"
    (r"lengthlimit (?:is|are) (?:usually |generally |normally |often |always )?(?:enough|sufficient|plenty)", "lengthlimit"),
    # the file to be changed, read: "Read the file you want to change" reads it before the change
    (r"(?:the |a |any |each |every )?files?,? (?:that |which )?you (?:(?:want|are going|are about|plan|intend|need|wish)"
     r" to|will|'ll) (?:change|edit|modify|update|touch)", "file before editing it"),
    # objects and subjects; "Never use it, or any other tool, to delete files": the aside goes
    (r", (?:or|nor) (?:any|an|one) other (?:tool|means|way|command|method)s?(?=,)", " "),
    (r"(lock|dot|temp|tmp|backup|config|cache)(files?)", r"\1 \2"),  # "lockfiles": lock files
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
    # every form of the verbs that forbid: "Company policy prohibits the deletion of files"
    "PROHIB": r"forbid(?:s|den|ding)?|forbade|prohibit(?:s|ed|ing)?|banned|disallow(?:s|ed)?|taboo|unacceptable"
    r"|illegal|bans?|avoided|outlaws?|outlawed",
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
    r"|reread|looked|fetch|fetches|fetching|retrieve\w*"
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
    # a kind of file that leaves the others out: "Never delete Python files"
    "FILEKIND": r"python|javascript|typescript|java|html|css|markdown|yaml|json|csv|test|config|configuration"
    r"|generated|binary|temporary|temp|hidden|log|image|lock|backup|cache|build|vendored|legacy|sensitive"
    r"|important|unused|large|small|old|big|long|huge|lengthy|tiny|short|complex|critical|unfamiliar"
    r"|certain|some|py|js|ts|jsx|tsx|md|txt|sh|rb|go|rs|ipynb|env|ini|toml|cfg|tmp|bak",  # ".py files"
    "NONFILE": r"lines?|code|comments?|functions?|methods?|class(?:es)?|tests?|imports?|variables?"
    r"|text|whitespace|branch(?:es)?|commits?|history|logs?|messages?|words?|characters?"
    r"|rows?|records?|entr(?:y|ies)|docstrings?|statements?|names?|diffs?|patches|edits|changes"
    r"|identifiers?|modules?|titles?|codething|changelogs?|readme\w*|docs|documentation"
    r"|notes?|data|databases?|headers?|licen[cs]es?|sections?|paragraphs?|fields?|tables?|quotes?|todos?|parts?"
    r"|assertions?"
    r"|labels?|tags?|emails?|accounts?",
    "NOTFILE_READ": r"readme\w*|docs|documentation|instructions|request|requests|question"
    r"|questions|message|error|errors|output|results?|task|prompt|spec|logs?|user's|tests?"
    r"|carefully|guides?|guidelines|manual|conventions|specs|specification|wiki|changelog|issues?"
    r"|tickets?|tutorials?|requirements|codething",
    "USERSIDE": r"user's|users'|their|requests?|prompts?|questions?|input|inputs",
    "AGENT": r"you|your|yourself|assistant|model|agent|claude|we",
    "TOOLSUBJ": r"tool|tools|function|command|this|it|api|server|(?:read|edit|write|list|search"
    r"|view|create|delete)_\w+|str_replace\w*",
    "PERSON": r"user|users|they|someone|anyone|customer|people|he|she|reviewers?|maintainers?|colleagues?|teammates?",
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
# What a rule's object may be besides a file. The text of what the model says: deleting
# words "from the output you show" or "in your reply" is no file's.
REPLY_PLACES = r"reply|replies|output|answer|answers|response|responses|summary|summaries|message|messages|conversation|chat"
# Word lists the reader's checks name (clues.py, ask_checks.py).
WORD_SETS = {
    # things whose brevity is about code: "short comments", "brief docstrings"
    "code": "comment comments docstring docstrings function functions name names variable variables"
    " code commit commits diff diffs test tests",
    # what the model writes into the project, not to the user: "be concise in the changelog"
    "written": "codething changelog changelogs readme docs documentation log logs edits patches",
    # words that, just before a brevity word, make it an instruction ("keep it short")
    "lead": "be keep stay remain being sound write speak talk use prefer favor favour give reply respond"
    " answer communicate stay",
    # words that widen an unclear-request condition to almost any request
    "broader": "especially particularly even also regardless anything something everything slightly all"
    " doubt unsure uncertain sure",
    # words before "files" that leave every file in: "any files", "the relevant file"
    "any_file": "the a an any all each every both your my our their its this that these those other existing"
    " source own such single individual entire whole actual same local real plain regular of workspace"
    " repo repository codebase relevant target affected corresponding appropriate right given current"
    " original to in on for with from at by into onto",
    # someone's asking or leave: "unless the user asks", "if the user wants it"
    "asked": "ask asks asked request requests requested tell tells told want wants say says said permit"
    " permits allow allows approve approves instruct instructs authorise authorises authorize"
    " authorizes confirm confirms agree agrees explicitly",
    # negating verbs that a negation before them cancels: "do not refuse"
    "refusals": "refuse refusing decline declining avoid avoiding refrain abstain skip skipping omit forgo"
    " eschew shun",
    # what a read is for, not a read of the file: "run the tests to see the state", "so you know"
    "purpose": "see check understand verify know learn find",
    # verbs that put a question in the model's reply: "end with a question", "include a question"
    "pose": "end finish close conclude include add pose append offer",
    # what makes a request worth a question (the model's own doubt is not enough)
    "unclear": "ambiguous ambiguity unclear vague underspecified",
    # a request that needs no question: "if the request is clear, act; otherwise ask"
    "clear": "clear obvious unambiguous specific explicit straightforward",
    # after "otherwise": the model gets on with the task
    "go": "act proceed go continue carry do just start implement make",
    # words that make a ban on questions something narrower: about permission, about clear or
    # needless questions, with a condition (with the "unclear" and "clear" words)
    "not_a_ban": "permission confirmation approval unnecessary needless obvious simple trivial routine doubt unless"
    " except instead yourself could can already",
    # places that stand for the whole project: "files in the project directory" are all files.
    "whole": "project working work root repo repository workspace current your this",
    # markers that need a subject before them: "Users, however, cannot delete files".
    "subject_modals": "cannot can may might could must should shall will would",
    # the model's own judgement of need, as an exception: "unless necessary", "unless you must".
    "needed": "necessary needed required must essential unavoidable",
    # a condition the model can meet itself: a backup, a file it made ("except the ones you created").
    "backup": "backup backed copy copied created made wrote",
    # units of what the model says: "Minimal words, please." is about the replies.
    "wording": "word words sentence sentences character characters paragraph paragraphs",
    # first words of an instruction about what the model says.
    "speech": "explain describe summarise summarize state mention",
    # what a user asks for that makes a brevity rule one for that reply only.
    "summary": "summary summaries recap overview explanation",
    # "check that the file exists": whether something is there, not what it holds
    "exists": "exists exist present there missing create",
    # in an edit tool's own description, these make a read a precondition of the tool.
    "precondition": "first before after once been already must precondition requires",
    # words that open a clause which a comma closes: "If you have not read a file, read it"
    "subordinators": "if when whenever unless before after until once since because while",
}
# Hedges (rule_checks.py). "hedged": a prohibition the model may weigh against a request
# ("try to avoid", "where possible"). "as_needed": a rule left to the model's judgement,
# which makes it no rule ("read the file when needed", "be concise if necessary"; each
# language's "si besoin", "si hace falta", "bei Bedarf" is put into English as "if necessary").
HEDGES = {
    "hedged": r"\b(?:try|tries|trying) (?:not to|to avoid)\b|\bprefer(?:ably)? not\b|\bideally\b|"
    r"\b(?:if|where|when|whenever) (?:it is )?(?:possible|practical|feasible|you can)\b|"
    r"\bas (?:far|much) as (?:it is )?possible\b|\bif (?:it|that) can be avoided\b",
    "as_needed": r"\b(?:if|when|where|whenever) (?:it is |it's )?(?:necessary|needed|required)\b"
    r"|\bas (?:needed|necessary|required)\b|\bif need be\b",
}
# Words between someone else and their reply ("The user will usually answer briefly"): the
# reply is theirs (rule_checks.others_reply), not the model's.
ALONGSIDE = frozenset("will would may might can could should must usually often typically generally also".split())
# Folders a rule names without the word "folder": "Never delete files in node_modules."
FOLDER_NAMES = "src source tests test docs build dist lib bin vendor scripts assets public migrations git"
# Spelling. Students type fast: a word of five letters or more that is one slip away from a
# word that carries a rule (two letters swapped, one dropped, one doubled) is read as that
# word; real words one slip away ("crate", "relies") are left alone. Slips that change a
# letter are too often other words ("heading" / "reading"), so only common ones are listed.
ANCHORS = (
    "before always delete deleting deletion remove removing empty create creating concise brief"
    " ambiguous unclear genuinely clarify clarifying clarification question questions necessary"
    " unless without sentence sentences answer answers reply replies response responses editing"
    " reading modify modifying change changing first files forbidden prohibited allowed narrate"
    " verbose succinct short should exist exists read edit"
)  # in this order: a slip of two anchors is read as the first
NOT_SLIPS = "crate crating relies exits hanging nuclear flies"
MISSPELLINGS = {
    "consise": "concise", "concice": "concise", "consice": "concise", "concize": "concise",
    "sucinct": "succinct", "succint": "succinct", "truely": "truly", "untill": "until",
    "ambigious": "ambiguous", "ambiguos": "ambiguous", "neccessary": "necessary",
    "necesary": "necessary", "deleet": "delete", "clarifiying": "clarifying",
    # slips of short rule words, below the five letters ANCHORS are mended from
    "raed": "read", "reda": "read", "erad": "read", "nver": "never", "nevr": "never",
    "fiel": "file", "flie": "file", "eidt": "edit", "edti": "edit", "reed": "read",
}  # fmt: skip
