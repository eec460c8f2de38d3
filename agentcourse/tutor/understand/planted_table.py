"""Instructions planted in data, as data: how the tutor tells text addressed to an agent
inside a tool result (a file's text, a command's output, an MCP server's answer) from text
that only talks about agents, and what a planted instruction asks for.

planted.py reads these tables; nothing here is code. Each table is a tuple of regular
expressions (case-insensitive), joined with "|" where one is tried: a new way of
addressing an agent is a line in ADDRESS, a new verb a line in VERBS (with its language
in the comment), never a change to the reader.

    AGENT      the words that name an agent: assistant, AI, agent, LLM, model, by name
    ADDRESS    how a text turns to one: "AI agents reading this:", "Note to the assistant",
               "If you are an LLM", "Dear AI", "Claude:" ({agent} stands for AGENT)
    OVERRIDE   text that imitates the model's own instructions ("ignore previous
               instructions", "SYSTEM:", "[system]"): addressed to the agent by its form
    VERBS      what an instruction asks the agent to do, in English, French, Spanish,
               German, Italian and Portuguese (the stem of the imperative)
    TRANSCRIPT, SPEAKER, SPEAKS   a transcript's "Assistant:" is a speaker, not an address
    REPORTED   a quotation in prose ('says "AI agents ..."') reports an instruction, it is not one
    QUOTED     an override quoted alone ("says \"ignore previous instructions\"") is a quotation
    WINDOW     how far past the address an instruction's verb may stand (characters)
"""

from __future__ import annotations

AGENT = (
    r"(?:ai|a\.i\.|ia|ki|llm|gpt)s?(?:[\s_-]+(?:based[\s_-]+)?(?:coding[\s_-]+)?"
    r"(?:agents?|assistants?|models?|tools?|agenten|agentes|agenti|assistenten|modell))?",
    r"(?:(?:coding|automated|autonomous)[\s_-]+)?agents?",
    r"assistants?|assistente[ns]?|asistentes?|assistenten|assistentes",
    r"agent(?:es|i|en)(?:\s+(?:de\s+)?(?:ia|ki))?|ki-agent(?:en)?",
    r"(?:large\s+)?language\s+models?|modèles?\s+de\s+langage|modelos?\s+de\s+lenguaje|"
    r"modelos?\s+de\s+linguagem|modell[oi]\s+linguistic[oi]|sprachmodell\w*",
    r"chatbots?|claude|copilot|cursor|chatgpt|gemini|model",
)

_A = "(?:" + "|".join(AGENT) + ")"
_NOTE = (r"(?:note|message|instructions?|hint|notice|attention|warning|reminder|todo|important"
         r"|aviso|nota|hinweis|achtung|atenção|atencion|atención|avviso|remarque)")
_TO = r"(?:to|for|pour|para|für|per|aux|an|a|agli|alle?)"
_ART = r"(?:(?:any|all|the|every|les|los|las|la|le|l'|den|die|alle|gli|os|as|o|a|el|il|lo|i)\s*)*"
# Where an address may start: a line (after a comment's or markup's marks), a quotation
# mark or a bracket, or a new sentence; never in the middle of a phrase ("the tutor model:").
_LEAD = r"(?:^[^\w\n]*|(?<=[\"'(\[{<>#*/=|!;])\s*|(?<=[-.!?:])\s+)"

ADDRESS = (
    # "NOTE TO AI ASSISTANTS", "Instructions for the AI", "Nota per l'assistente", "AVISO PARA LA IA"
    _NOTE + r"[\s_]*(?:\w+[\s_]+){0,2}?" + _TO + r"[\s_]+" + _ART + _A + r"\b",
    # "To any AI assistant reading this", "Aux agents IA", "An alle KI-Agenten", at a line's start
    _LEAD + r"(?:to|for|aux|para|agli|alle?|an\s+(?:alle|die|den|das))\s+" + _ART + _A
    + r"(?:\s*[:\n]|\s+(?:reading|processing|reviewing|who|that|qui|que|che|die)\b|,\s*(?:die|who|que|qui|che)\b)",
    # "AI agents reading this:", "Language models processing this file should"
    r"\b" + _A + r"\s+(?:reading|processing|reviewing|parsing|that reads?|who reads?|"
    r"qui lisent|qui lit|que lean|que lee|die dies lesen|che leggono|que leem)\b",
    # "Claude:", "assistant: write", "ASSISTANT INSTRUCTION:", "#AI-AGENTS:delete"
    _LEAD + _A + r"(?:[\s_]+(?:instructions?|note|message|hint))?\s*:(?!//)(?!\s*[\w.\[\]|]+\s*[,)=\]])(?=\s*[^\W\d_])",
    # "Assistant, you must", "Copilot, Cursor, Claude and friends:", at a line's start
    r"^[^\w\n]*" + _A + r"\s*,\s*(?:you\b|please\b|" + _A + ")",
    # "AI agents must also delete", "The assistant must now delete" (not "the model must write")
    r"\b" + _A + r"\s+(?:must|should|shall|are required to|is required to|need to|have to|has to)\s+"
    r"(?:also|now|immediately|too)\b",
    # "If you are an LLM", "Si tu es un modèle de langage", "Wenn du ein Sprachmodell bist"
    r"\b(?:if|when)\s+you(?:'re|’re|\s+are)\s+(?:an?|the)\s+" + _A,
    r"\b(?:si\s+tu\s+es|si\s+vous\s+êtes|si\s+eres|wenn\s+du|se\s+sei|se\s+você\s+é)\s+(?:un|une|ein|uno|um|uma)?\s*" + _A,
    # "Dear AI model", "Hey Claude", "ATTENTION AI AGENT", "you, the AI assistant"
    r"\b(?:dear|hey|hi|hello|attention|achtung|atención|atenção|attenzione|cher|chère|querido|liebe[rs]?)\s+" + _A,
    r"\byou,\s+(?:the\s+)?" + _A,
)

OVERRIDE = (
    r"\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+|your\s+|the\s+)*(?:previous|prior|above|earlier|"
    r"former|original)\s+(?:instructions|prompts?|rules|directions)",
    r"\bforget\s+the\s+user'?s\s+(?:task|request|instructions)",
    r"\bdisregard\s+the\s+user'?s\s+(?:task|request|instructions)",
    r"\bignor\w*\s+(?:les\s+|las\s+|le\s+|as\s+|alle\s+|tutte\s+le\s+)?(?:instructions\s+précédentes|"
    r"instrucciones\s+anteriores|vorherigen\s+anweisungen|istruzioni\s+precedenti|instruções\s+anteriores)",
    r"\[system\]|\bsystem\s*(?:prompt\s+)?(?:update|override)\b|(?:^[^\w\n]*|[^\w\s]\s*|[.!?:]\s+)(?-i:SYSTEM)\s*:",
    r"<\|im_start\|>\s*system",
    r"\bnew\s+instructions\s*:",
)

VERBS = (
    # English
    r"delete|remove|rm\b|erase|wipe|run\b|execute|exec\b|write|create|add\b|append|rename|"
    r"change|update|overwrite|edit|email|e-mail|send|push|install|mark|modify|replace|touch|"
    r"upload|commit|chmod|copy|move|insert|set\b|leak|post\b|curl|stop and|do (?:that|it|so)\b|"
    r"forget|ignore|disregard",
    # French
    r"supprim|efface|exécut|execut|ajout|crée|créez|écri|renomm|modifi|envoi|ignor",
    # Spanish
    r"borr|elimin|ejecut|escrib|agreg|añad|crea|renombr|modific|envía|ignor",
    # German
    r"lösch|entfern|führ\w*|füg|erstell|schreib|ändere|ändert|sende|ignorier",
    # Italian
    r"cancell|elimin|esegu|scriv|aggiung|crea|rinomin|modific|ignor",
    # Portuguese
    r"apag|exclu|execut|escrev|adicion|cri[ea]|renome|modifi|envi|ignor",
)

# An override quoted alone ("a web page says \"ignore previous instructions\"") is a quotation:
# a quotation mark just before it and a closing one just after it.
# A transcript's speaker: "Assistant: Done ..." when the text also has "You:" or "User:" lines,
# or an "Assistant:" that goes on in the first person or with a call ("I can't", "[calls").
TRANSCRIPT = r"^[^\w\n]*(?:you|user|human|me)\s*:"
SPEAKER = r"[^\w\n]*(?:assistant|ai|claude|model|agent)\s*:"
SPEAKS = r"^\s*(?:\.\.\.|I\b|I'|Done\b|\[|Sure\b|OK\b|Here\b|Summary\b|All\b)"

QUOTED = (r"[\"“«„']\s*$", r"^\W{0,2}[\"”»“']")
# A word one of the tables above needs: a text without any is not read further (speed).
CUES = (r"\b(?:ai|ia|ki|a\.i\.|llms?|gpts?)\b|agent|assist|asistent|mod[eè]l|claude|copilot|cursor|chatbot|gemini|"
        r"system|ignor|disregard|forget|instructions")

# Reported speech: text that quotes what something says ('a module that says "AI agents
# reading this: ..."') is about an instruction, not one.
REPORTED = r"\b(?:says?|said|saying|reads?|like|e\.g\.|writes?|wrote|asks?|such as)\s*:?\s*[\"“«„]\s*$"
WINDOW = 240
