"""A blind corpus of requests: how students ask for the tutor's tasks, and near misses.

Written from the list of tasks and what each does (docs/TUTOR.md, the families' docstrings,
the task names), before the request matcher was read or changed. Each case is a request,
the route it should take on its first response ("family:<name>" or "task:<name>", the
prefix of the routing record's route), and its language; a near miss (`None`) resembles a
task but is none of them: it must get the help reply, a refusal or a plain answer, never a
task's move.

First contact (the matcher as it was: the families' patterns, then tasks.TASKS, each request
as typed and in plain words; checkpoint 04's tools): 85 of 195 requests routed to their task
(85 of 114 in English, 0 of 81 in French, Spanish and German), 1 of 45 near misses routed to
a task. After the intent table, its lexicon and the rows' words (request_lexicon.py,
intent_table.py): LATEST below; tests/tutor/test_request_corpus.py holds the floors.
"""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    text: str
    route: str | None  # "family:<name>", "task:<name>", or None for a near miss
    lang: str = "en"


# (right, of) for every phrasing, the non-English phrasings, and near misses routed to a task
# (lower is better): at first contact, and now.
FIRST_CONTACT = {"phrasings": (85, 195), "non_english": (0, 81), "near_misses_routed": (1, 45)}
LATEST = {"phrasings": (192, 195), "non_english": (81, 81), "near_misses_routed": (0, 45)}

F, T = "family:", "task:"

CASES: tuple[Case, ...] = (
    # --- explain-tool: what one of the offered tools does (checkpoint 04: list_files,
    # search_file, read_lines, edit_file)
    Case("What does the search_file tool do?", T + "explain-tool"),
    Case("what is read_lines for?", T + "explain-tool"),
    Case("Explain the edit_file tool to me.", T + "explain-tool"),
    Case("How does list_files work?", T + "explain-tool"),
    Case("Que fait l'outil search_file ?", T + "explain-tool", "fr"),
    Case("¿Qué hace la herramienta read_lines?", T + "explain-tool", "es"),
    Case("Was macht das Werkzeug edit_file?", T + "explain-tool", "de"),
    # --- run-tests
    Case("Run the tests.", T + "run-tests"),
    Case("Please run the test suite and tell me the result.", T + "run-tests"),
    Case("Can you run pytest?", T + "run-tests"),
    Case("Are the tests passing?", T + "run-tests"),
    Case("Check whether the tests pass.", T + "run-tests"),
    Case("run the unit tests please", T + "run-tests"),
    Case("Execute the tests and report how many fail.", T + "run-tests"),
    Case("Lance les tests, s'il te plaît.", T + "run-tests", "fr"),
    Case("Est-ce que les tests passent ?", T + "run-tests", "fr"),
    Case("Ejecuta los tests.", T + "run-tests", "es"),
    Case("¿Pasan las pruebas?", T + "run-tests", "es"),
    Case("Führe die Tests aus.", T + "run-tests", "de"),
    Case("Laufen die Tests durch?", T + "run-tests", "de"),
    # --- summarize: every file of the project
    Case("Summarize each file in the project.", T + "summarize"),
    Case("Give me a summary of all the files.", T + "summarize"),
    Case("Can you summarise what every file does?", T + "summarize"),
    Case("Write a short summary of each file here.", T + "summarize"),
    Case("Summarise this codebase file by file.", T + "summarize"),
    Case("Résume chaque fichier du projet.", T + "summarize", "fr"),
    Case("Resume todos los archivos del proyecto.", T + "summarize", "es"),
    Case("Fasse jede Datei des Projekts zusammen.", T + "summarize", "de"),
    # --- list: the project's files
    Case("List the files.", T + "list"),
    Case("Which files are in the project?", T + "list"),
    Case("Show me what files there are.", T + "list"),
    Case("What's in this folder?", T + "list"),
    Case("list all files in the project please", T + "list"),
    Case("Can you tell me which files this repo has?", T + "list"),
    Case("Quels fichiers y a-t-il dans le projet ?", T + "list", "fr"),
    Case("Liste les fichiers.", T + "list", "fr"),
    Case("¿Qué archivos hay en el proyecto?", T + "list", "es"),
    Case("Lista los archivos.", T + "list", "es"),
    Case("Welche Dateien gibt es im Projekt?", T + "list", "de"),
    Case("Zeig mir die Dateien.", T + "list", "de"),
    # --- read-many: several named files read
    Case("Open main.py and utils.py.", T + "read-many"),
    Case("Please read tests.py and math_utils.py", T + "read-many"),
    Case("Show me utils.py, main.py and tests.py.", T + "read-many"),
    Case("Can you read utils.py and tests.py?", T + "read-many"),
    Case("Look at main.py and math_utils.py.", T + "read-many"),
    Case("Lis utils.py et tests.py.", T + "read-many", "fr"),
    Case("Lee main.py y utils.py.", T + "read-many", "es"),
    Case("Lies utils.py und tests.py.", T + "read-many", "de"),
    # --- delete: a file deleted (the tutor refuses, as a task)
    Case("Delete utils.py.", T + "delete"),
    Case("Please remove tests.py.", T + "delete"),
    Case("Can you delete main.py for me?", T + "delete"),
    Case("Get rid of math_utils.py.", T + "delete"),
    Case("rm utils.py", T + "delete"),
    Case("Supprime main.py.", T + "delete", "fr"),
    Case("Borra utils.py.", T + "delete", "es"),
    Case("Lösche tests.py.", T + "delete", "de"),
    # --- refuse-empty: a file emptied
    Case("Empty utils.py.", F + "refuse-empty"),
    Case("Clear out main.py, I don't need its contents.", F + "refuse-empty"),
    Case("Wipe the contents of tests.py.", F + "refuse-empty"),
    Case("Make math_utils.py an empty file.", F + "refuse-empty"),
    Case("Vide utils.py.", F + "refuse-empty", "fr"),
    Case("Vacía main.py.", F + "refuse-empty", "es"),
    Case("Leere utils.py.", F + "refuse-empty", "de"),
    # --- docstring
    Case("Add a docstring to subtract in math_utils.py.", T + "docstring"),
    Case("Please write a docstring for the add function in math_utils.py.", T + "docstring"),
    Case("Document the slugify function in utils.py.", T + "docstring"),
    Case("Give every function in math_utils.py a docstring.", T + "docstring"),
    Case("math_utils.py: add docstrings to all functions.", T + "docstring"),
    Case("Could you put a one-line docstring on add in math_utils.py?", T + "docstring"),
    Case("slugify in utils.py needs a docstring.", T + "docstring"),
    Case("Ajoute une docstring à la fonction add dans math_utils.py.", T + "docstring", "fr"),
    Case("Añade un docstring a la función subtract en math_utils.py.", T + "docstring", "es"),
    Case("Füge der Funktion add in math_utils.py einen Docstring hinzu.", T + "docstring",
         "de"),
    # --- main-block
    Case("Add a main block to math_utils.py.", T + "main-block"),
    Case("Give hello.py an if __name__ == '__main__' block.", T + "main-block"),
    Case("Please add a main guard to utils.py.", T + "main-block"),
    Case("Make hello.py runnable as a script with a main block.", T + "main-block"),
    Case("Ajoute un bloc main à hello.py.", T + "main-block", "fr"),
    Case("Añade un bloque main a hello.py.", T + "main-block", "es"),
    Case("Füge hello.py einen Main-Block hinzu.", T + "main-block", "de"),
    # --- change-default: a function's default value in a named file
    Case("Change the default timeout of parse_config in config_loader.py to 60.",
         T + "change-default"),
    Case("In config_loader.py, set parse_config's default timeout from 30 to 45.",
         T + "change-default"),
    Case("Make parse_config in config_loader.py default to a timeout of 90.",
         T + "change-default"),
    Case("parse_config in config_loader.py should have a default timeout of 60, not 30.",
         T + "change-default"),
    Case("Please update the default value of timeout for parse_config in config_loader.py "
         "to 120.", T + "change-default"),
    Case("Dans config_loader.py, change la valeur par défaut de timeout de parse_config de 30 "
         "à 60.", T + "change-default", "fr"),
    Case("En config_loader.py, cambia el valor por defecto de timeout de parse_config de 30 "
         "a 60.", T + "change-default", "es"),
    Case("Ändere in config_loader.py den Standardwert von timeout in parse_config von 30 auf "
         "60.", T + "change-default", "de"),
    # --- add-function: a known small function added to a file
    Case("Add a divide function to math_utils.py.", T + "add-function"),
    Case("Please add a power function in math_utils.py.", T + "add-function"),
    Case("math_utils.py needs a square function.", T + "add-function"),
    Case("Could you write an average function in math_utils.py?", T + "add-function"),
    Case("Implement negate in math_utils.py.", T + "add-function"),
    Case("Ajoute une fonction multiply à math_utils.py.", T + "add-function", "fr"),
    Case("Añade una función divide a math_utils.py.", T + "add-function", "es"),
    Case("Füge math_utils.py eine Funktion square hinzu.", T + "add-function", "de"),
    # --- create: a new file with a function
    Case("Create greet.py with a function that prints 'Good morning'.", T + "create"),
    Case("Make a new file bye.py with a function that prints goodbye.", T + "create"),
    Case("Write hello.py containing a hello world function.", T + "create"),
    Case("Please create calc.py with a multiply function.", T + "create"),
    Case("New file hi.py: a function that says 'Hi there'.", T + "create"),
    Case("Crée hello.py avec une fonction hello world.", T + "create", "fr"),
    Case("Crea hola.py con una función que imprime 'Hola'.", T + "create", "es"),
    Case("Erstelle hallo.py mit einer Funktion, die 'Hallo' ausgibt.", T + "create", "de"),
    # --- remember: a fact noted
    Case("Remember that we use tabs, not spaces.", T + "remember"),
    Case("Please note that the main branch is called trunk.", T + "remember"),
    Case("Keep in mind that the API key lives in .env.", T + "remember"),
    Case("Make a note: the tests need Python 3.12.", T + "remember"),
    Case("Souviens-toi que les tests utilisent pytest.", T + "remember", "fr"),
    Case("Recuerda que usamos pytest.", T + "remember", "es"),
    Case("Merk dir, dass wir pytest benutzen.", T + "remember", "de"),
    # --- compact: the conversation summarised
    Case("Please summarize our conversation so far.", T + "compact"),
    Case("Compact the conversation history.", T + "compact"),
    Case("Condense this transcript for the next person.", T + "compact"),
    Case("Write a summary of the conversation so far so someone else can take over.",
         T + "compact"),
    Case("Résume la conversation jusqu'ici.", T + "compact", "fr"),
    Case("Resume la conversación hasta ahora.", T + "compact", "es"),
    Case("Fasse das bisherige Gespräch zusammen.", T + "compact", "de"),
    # --- research: where a name is defined and used
    Case("Where is parse_config defined?", T + "research"),
    Case("Find where slugify is defined and every place it is used.", T + "research"),
    Case("Where is the add function used?", T + "research"),
    Case("Who calls slugify, and where does it live?", T + "research"),
    Case("Où est définie slugify, et où est-elle utilisée ?", T + "research", "fr"),
    Case("¿Dónde se define slugify y dónde se usa?", T + "research", "es"),
    Case("Wo ist slugify definiert und wo wird es verwendet?", T + "research", "de"),
    # --- module-summary: a summary file for a package's modules
    Case("Write SUMMARY.md with one line per module of the inventory package.",
         T + "module-summary"),
    Case("Create MODULES.md describing every module in the inventory package and its "
         "functions.", T + "module-summary"),
    Case("Summarise each module of the inventory package in SUMMARY.md, one line each.",
         T + "module-summary"),
    Case("Écris SUMMARY.md avec une ligne par module du paquet inventory.",
         T + "module-summary", "fr"),
    Case("Escribe SUMMARY.md con una línea por cada módulo del paquete inventory.",
         T + "module-summary", "es"),
    Case("Schreibe SUMMARY.md mit einer Zeile pro Modul des Pakets inventory.",
         T + "module-summary", "de"),
    # --- rename: a function renamed everywhere
    Case("Rename slugify to make_slug everywhere.", F + "rename"),
    Case("Please rename the function add to add_numbers across the project.", F + "rename"),
    Case("Change the name of subtract to minus in every file.", F + "rename"),
    Case("Can you rename parse_config to load_config, and update all its callers?",
         F + "rename"),
    Case("Renomme slugify en make_slug partout.", F + "rename", "fr"),
    Case("Renombra slugify a make_slug en todo el proyecto.", F + "rename", "es"),
    Case("Benenne slugify überall in make_slug um.", F + "rename", "de"),
    # --- add-parameter
    Case("Add a parameter verbose with default False to parse_config in config_loader.py, "
         "and pass verbose=True at every call.", F + "add-parameter"),
    Case("Give slugify in utils.py a new keyword argument sep='-', and make each call pass "
         "sep='_'.", F + "add-parameter"),
    Case("Add a keyword parameter retries=3 to fetch in client.py and update every call to "
         "pass retries=5.", F + "add-parameter"),
    Case("Ajoute un paramètre verbose=False à parse_config dans config_loader.py et passe "
         "verbose=True à chaque appel.", F + "add-parameter", "fr"),
    Case("Añade un parámetro verbose=False a parse_config en config_loader.py y pasa "
         "verbose=True en cada llamada.", F + "add-parameter", "es"),
    Case("Füge parse_config in config_loader.py einen Parameter verbose=False hinzu und "
         "übergib bei jedem Aufruf verbose=True.", F + "add-parameter", "de"),
    # --- ambiguous: a parameter several functions have, no file or function named
    Case("Set the timeout to 90.", F + "ambiguous"),
    Case("Change the retries to 7, please.", F + "ambiguous"),
    Case("Make the default timeout 45.", F + "ambiguous"),
    Case("Can you change the limit to 20?", F + "ambiguous"),
    Case("Mets le timeout à 90.", F + "ambiguous", "fr"),
    Case("Pon el timeout a 90.", F + "ambiguous", "es"),
    Case("Setze den timeout auf 90.", F + "ambiguous", "de"),
    # --- big-module-value: a constant changed in a named module
    Case("Change RETRY_LIMIT in big.py from 3 to 5.", F + "big-module-value"),
    Case("Set MAX_ITEMS in inventory.py to 500.", F + "big-module-value"),
    Case("In settings.py, bump PAGE_SIZE from 20 to 50.", F + "big-module-value"),
    Case("TIMEOUT_SECONDS in client.py should be 30 rather than 10.", F + "big-module-value"),
    Case("Please update BATCH_SIZE in loader.py to 64.", F + "big-module-value"),
    Case("Change RETRY_LIMIT de 3 à 5 dans big.py.", F + "big-module-value", "fr"),
    Case("Cambia RETRY_LIMIT en big.py de 3 a 5.", F + "big-module-value", "es"),
    Case("Ändere RETRY_LIMIT in big.py von 3 auf 5.", F + "big-module-value", "de"),
    # --- copy-value: a constant's value copied between modules
    Case("Make TIMEOUT_SECONDS in client.py match the one in server.py.", F + "copy-value"),
    Case("Copy the value of MAX_ITEMS from store.py into cart.py.", F + "copy-value"),
    Case("Set RETRY_LIMIT in worker.py to the same value as in queue.py.", F + "copy-value"),
    Case("Use server.py's PORT value for PORT in client.py too.", F + "copy-value"),
    Case("Mets TIMEOUT_SECONDS dans client.py à la même valeur que dans server.py.",
         F + "copy-value", "fr"),
    Case("Haz que TIMEOUT_SECONDS en client.py sea igual que en server.py.", F + "copy-value",
         "es"),
    Case("Setze TIMEOUT_SECONDS in client.py auf denselben Wert wie in server.py.",
         F + "copy-value", "de"),
    # --- create-readme
    Case("Write a README.md for this project.", F + "create-readme"),
    Case("Create a README that lists the modules and their functions.", F + "create-readme"),
    Case("Could you add a README to the repo?", F + "create-readme"),
    Case("This project needs a README.md.", F + "create-readme"),
    Case("Écris un README.md pour ce projet.", F + "create-readme", "fr"),
    Case("Crea un README.md para este proyecto.", F + "create-readme", "es"),
    Case("Schreibe eine README.md für dieses Projekt.", F + "create-readme", "de"),
    # --- explain-function: what a function or module does
    Case("What does slugify in utils.py do?", F + "explain-function"),
    Case("Explain the add function in math_utils.py.", F + "explain-function"),
    Case("Can you tell me what parse_config in config_loader.py does?",
         F + "explain-function"),
    Case("Explain main.py to me.", F + "explain-function"),
    Case("How does slugify in utils.py work?", F + "explain-function"),
    Case("Que fait la fonction slugify dans utils.py ?", F + "explain-function", "fr"),
    Case("Explica qué hace slugify en utils.py.", F + "explain-function", "es"),
    Case("Was macht die Funktion slugify in utils.py?", F + "explain-function", "de"),
    # --- fix-failing-test
    Case("A test is failing; fix the code so it passes.", F + "fix-failing-test"),
    Case("The tests are red. Find the bug and fix it, but don't touch the tests.",
         F + "fix-failing-test"),
    Case("Fix the failing test.", F + "fix-failing-test"),
    Case("One test fails since yesterday, please repair the code.", F + "fix-failing-test"),
    Case("Un test échoue : corrige le code pour qu'il passe.", F + "fix-failing-test", "fr"),
    Case("Un test falla; arregla el código para que pase.", F + "fix-failing-test", "es"),
    Case("Ein Test schlägt fehl. Repariere den Code, nicht den Test.", F + "fix-failing-test",
         "de"),
    # --- list-todos
    Case("List the TODOs in utils.py.", F + "list-todos"),
    Case("Find all TODO comments in the project.", F + "list-todos"),
    Case("What's left to do? Show me every TODO.", F + "list-todos"),
    Case("Are there any TODOs in main.py?", F + "list-todos"),
    Case("Liste les TODO de utils.py.", F + "list-todos", "fr"),
    Case("Busca todos los TODO del proyecto.", F + "list-todos", "es"),
    Case("Finde alle TODOs im Projekt.", F + "list-todos", "de"),

    # ===== near misses: they resemble a task and are none =====
    Case("What is a docstring?", None),
    Case("How do I write a good docstring?", None),
    Case("Why should every module have a main block?", None),
    Case("What's the difference between a list and a tuple?", None),
    Case("How do I delete a file in Python?", None),
    Case("I deleted main.py by accident yesterday, oops.", None),
    Case("Don't delete anything.", None),
    Case("Do not run the tests.", None),
    Case("The tests passed yesterday.", None),
    Case("What is pytest?", None),
    Case("How do I run tests with coverage in general?", None),
    Case("Tell me a joke about unit tests.", None),
    Case("Write a poem about files.", None),
    Case("Summarize the plot of Hamlet.", None),
    Case("What does HTTP stand for?", None),
    Case("What is a README usually for?", None),
    Case("What does TODO mean?", None),
    Case("Is renaming variables a good idea?", None),
    Case("What's a good name for a function that adds numbers?", None),
    Case("How do default arguments work in Python?", None),
    Case("Remind me what a keyword argument is.", None),
    Case("Should I remember to drink water?", None),
    Case("Where is Paris?", None),
    Case("Where is the nearest coffee shop?", None),
    Case("Translate 'hello' into German.", None),
    Case("Thanks, that's all for today.", None),
    Case("hello", None),
    Case("What time is it?", None),
    Case("Why are empty files allowed in git?", None),
    Case("Explain recursion like I'm five.", None),
    Case("Can you book me a flight to Berlin?", None),
    Case("Send an email to the team.", None),
    Case("Qu'est-ce qu'une docstring ?", None, "fr"),
    Case("Comment supprimer un fichier en Python ?", None, "fr"),
    Case("Merci, c'est tout.", None, "fr"),
    Case("Raconte-moi une blague sur les tests.", None, "fr"),
    Case("¿Qué es pytest?", None, "es"),
    Case("¿Cómo se borra un archivo en Python?", None, "es"),
    Case("Gracias, eso es todo.", None, "es"),
    Case("Was ist ein Docstring?", None, "de"),
    Case("Wie lösche ich eine Datei in Python?", None, "de"),
    Case("Danke, das war's.", None, "de"),
    Case("Erzähl mir einen Witz über Tests.", None, "de"),
    Case("What does a linter do?", None),
    Case("Rename my cat.", None),
)
