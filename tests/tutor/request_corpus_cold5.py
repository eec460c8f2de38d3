"""A fifth cold batch of requests for the offline tutor: phrasings of its tasks and near
misses, in English, French, Spanish and German, written as students and developers type them.

Written from the documentation only (docs/TUTOR-SCRIPT.md's section "Tasks", with the tasks,
their slots, routes and near misses, and docs/TUTOR.md's "Requests it understands", skimmed)
and the format of the first lines of request_corpus_cold2.py, by a writer who never read the
intent table, its lexicon or the matcher in the code, and committed before anything ran on it.
A training batch: its first contact is reported, then its misses were read and taught.
(The Tasks section shows generated summaries of the rows and of the lexicon; the requests were
written as people write, not aimed at those words.) Its style: requests after a sentence or two
of context, questions that are requests ("Could you ...?", "Do the tests pass?"), passive and
indirect forms ("`backup_2021.py` should be deleted.", "The unit tests need running",
"It would really help me if ..."), wishes ("I'd like ...", "I need ..."), code names in
backticks, lower case without punctuation, "pls", "u", typos ("teh", "docstirng", "Sumarize"),
accents and umlauts left out ("Cree", "Que archivos", "Oeffne"), the formal vous, usted and Sie
beside informal forms, very short and longer requests. Its near misses look like a task but are
not one: a task's words about the past, about someone else, in a hypothesis or the future, under
a negation, a task's verb on an object no task handles, general how-to questions, opinions,
thanks and small talk.

Same format as the earlier cold batches: `route` is "family:<name>" or "task:<name>", or None
for a near miss (a request the tutor should answer with a reply, a refusal or its help text,
never a task's move). Names of files, functions and constants are made up.
Figures: tests/tutor/test_cold2_batches.py.
"""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    text: str
    route: str | None  # "family:<name>", "task:<name>", or None for a near miss
    lang: str = "en"


F, T = "family:", "task:"

CASES: tuple[Case, ...] = (
    # --- add-parameter: a parameter with its default, and a value passed at every call
    Case("In `shipping/rates.py`, `quote_price` needs a new keyword argument `express=False`, "
         "and every existing call should pass express=True.", F + "add-parameter"),
    Case("Could you give parse_row in importer.py a new parameter delimiter=',' and pass "
         "delimiter=';' at every call?", F + "add-parameter"),
    Case("The retry count is hardcoded inside send_mail and it keeps biting us. Please add a "
         "parameter retries with default 1 to send_mail in mailer.py and pass retries=3 at all "
         "the call sites.", F + "add-parameter"),
    Case("add param page_size (default 20) to fetch_users in api/users.py then pass "
         "page_size=100 everywhere its called", F + "add-parameter"),
    Case("¿Podría añadir un parámetro timeout con valor por defecto 5 a la función ping_host "
         "en netcheck.py y pasar timeout=15 en todas las llamadas?", F + "add-parameter", "es"),
    Case("Bitte der Funktion compress_log in archiver.py einen Parameter level mit Standardwert "
         "6 hinzufügen und bei allen Aufrufen level=9 übergeben.", F + "add-parameter", "de"),
    # --- ambiguous: a parameter and a value, no file and no function
    Case("Change the max_retries to 7.", F + "ambiguous"),
    Case("The default port should be 8081, not 8080.", F + "ambiguous"),
    Case("could you bump the default batch_size to 64?", F + "ambiguous"),
    Case("I need the default delay set to 250.", F + "ambiguous"),
    Case("The default timeout should be raised to 60.", F + "ambiguous"),
    Case("Mets le timeout à 90 s'il te plait.", F + "ambiguous", "fr"),
    Case("Setz den Standard-Timeout auf 120.", F + "ambiguous", "de"),
    # --- big-module-value: a constant in a file, its new value (and maybe the old one)
    Case("In settings/big.py, change MAX_CONNECTIONS from 100 to 250.", F + "big-module-value"),
    Case("`CACHE_TTL` in cache_config.py should be 600, not 300.", F + "big-module-value"),
    Case("We keep hitting the rate limit. Could you lower REQUESTS_PER_MINUTE in throttle.py "
         "to 40? it's 60 right now", F + "big-module-value"),
    Case("bump BATCH_LIMIT in worker/settings.py from 500 to 1000 pls", F + "big-module-value"),
    Case("Pouvez-vous modifier MAX_UPLOAD_MB dans constants.py de 10 à 25 ?",
         F + "big-module-value", "fr"),
    Case("En limits.py, cambia MAX_ITEMS de 50 a 200, por favor.", F + "big-module-value", "es"),
    Case("In defaults.py sollte POOL_SIZE 16 sein statt 8.", F + "big-module-value", "de"),
    # --- copy-value: a constant's value copied from one file into another
    Case("client.py and server.py disagree on TIMEOUT_MS; client.py should take the value "
         "from server.py.", F + "copy-value"),
    Case("Copy the value of MAX_SIZE from upload.py into download.py.", F + "copy-value"),
    Case("Could you set API_VERSION in mobile_client.py to the same value as in "
         "web_client.py?", F + "copy-value"),
    Case("worker.py should use scheduler.py's TICK_SECONDS.", F + "copy-value"),
    Case("Mets BUFFER_SIZE dans reader.py à la même valeur que dans writer.py.",
         F + "copy-value", "fr"),
    Case("¿Puedes hacer que PAGE_LIMIT en views.py sea igual que en api.py?",
         F + "copy-value", "es"),
    Case("Übernimm den Wert von MAX_WORKERS aus pool.py nach scheduler.py.",
         F + "copy-value", "de"),
    # --- create-readme
    Case("This repo still has no README, which is a bit embarrassing. Could you write one?",
         F + "create-readme"),
    Case("Generate a README.md for the project please", F + "create-readme"),
    Case("i'd like a readme for this project", F + "create-readme"),
    Case("Our codebase needs a README file.", F + "create-readme"),
    Case("Cree un README pour ce projet.", F + "create-readme", "fr"),
    Case("¿Me puedes escribir un README para este proyecto?", F + "create-readme", "es"),
    # --- explain-function: what a function or a module of the project does
    Case("What does `normalize_path` in fsutils.py do?", F + "explain-function"),
    Case("Can you walk me through how merge_intervals in ranges.py works?",
         F + "explain-function"),
    Case("I inherited scheduler.py from a colleague and have no idea what it's for. Could you "
         "explain what scheduler.py does?", F + "explain-function"),
    Case("explain the function tokenize in lexer.py", F + "explain-function"),
    Case("Pourriez-vous m'expliquer ce que fait cleanup() dans maintenance.py ?",
         F + "explain-function", "fr"),
    Case("¿Qué hace build_index en search_engine.py?", F + "explain-function", "es"),
    Case("Was macht die Datei migrate.py eigentlich?", F + "explain-function", "de"),
    # --- explain-tool: what one of the agent's tools does
    Case("What does the search_file tool do?", T + "explain-tool"),
    Case("how does the read_lines tool work", T + "explain-tool"),
    Case("Quick question about your tools: what is edit_file for?", T + "explain-tool"),
    Case("Tell me what the list_files tool does.", T + "explain-tool"),
    Case("Que fait l'outil search_file ?", T + "explain-tool", "fr"),
    Case("¿Me podría decir qué hace la herramienta edit_file?", T + "explain-tool", "es"),
    Case("Was macht das Werkzeug read_lines?", T + "explain-tool", "de"),
    # --- fix-failing-test
    Case("test_checkout in tests/test_cart.py has been failing since this morning. Can you "
         "fix it?", F + "fix-failing-test"),
    Case("One of the tests fails now; please fix the code so it passes again.",
         F + "fix-failing-test"),
    Case("the CI is red because a test is broken, could u fix that?", F + "fix-failing-test"),
    Case("There's a failing test in the suite. Fix it, but don't touch the test itself.",
         F + "fix-failing-test"),
    Case("Un test échoue depuis mon dernier commit. Corrige le code, pas le test.",
         F + "fix-failing-test", "fr"),
    Case("Hay una prueba que falla. ¿La puedes arreglar?", F + "fix-failing-test", "es"),
    Case("Die Tests sind rot. Kannst du den fehlschlagenden Test fixen?",
         F + "fix-failing-test", "de"),
    # --- list-todos
    Case("Find all the TODOs in this project.", F + "list-todos"),
    Case("are there any TODOs left in billing.py?", F + "list-todos"),
    Case("Before the release I want to know what's still open, so list every TODO comment in "
         "the codebase.", F + "list-todos"),
    Case("show me the todos in parser.py", F + "list-todos"),
    Case("Any TODOs in cron_jobs.py? Please list them.", F + "list-todos"),
    Case("Busca todos los TODO del proyecto, por favor.", F + "list-todos", "es"),
    Case("Gibt es noch offene TODOs im Projekt?", F + "list-todos", "de"),
    # --- refuse-empty: emptying a file
    Case("Please wipe everything in old_routes.py.", F + "refuse-empty"),
    Case("clear out the contents of scratch.py", F + "refuse-empty"),
    Case("Could you blank config_old.py? I want to start it from scratch.", F + "refuse-empty"),
    Case("Make tmp_data.py empty.", F + "refuse-empty"),
    Case("Could old_api.py be emptied?", F + "refuse-empty"),
    Case("Vide le fichier brouillon.py.", F + "refuse-empty", "fr"),
    Case("Vacía el archivo borrador.py.", F + "refuse-empty", "es"),
    # --- rename: a function renamed everywhere
    Case("Rename `calc_tot` to `calculate_total` everywhere.", F + "rename"),
    Case("The name fetch is too vague. Please rename fetch to fetch_invoices across the "
         "codebase.", F + "rename"),
    Case("get_usr should be renamed to get_user.", F + "rename"),
    Case("i'd like the function proc renamed to process_batch", F + "rename"),
    Case("Could the function `mk_tbl` be renamed to `make_table`?", F + "rename"),
    Case("Renomme la fonction chk en check_input partout dans le projet.", F + "rename", "fr"),
    Case("Renombra calcTotal a calcular_total en todo el proyecto.", F + "rename", "es"),
    Case("Benenne do_it überall in run_job um.", F + "rename", "de"),
    # --- compact: a summary of the conversation
    Case("We're running out of context. Summarise the conversation so far so the next session "
         "can pick it up.", T + "compact"),
    Case("please compact the chat history", T + "compact"),
    Case("Condense our conversation into a short summary.", T + "compact"),
    Case("Give me a summary of the conversation up to now.", T + "compact"),
    Case("Before we continue, could you write a summary of our chat so far?", T + "compact"),
    Case("Resume la conversación hasta ahora para quien siga con el trabajo.",
         T + "compact", "es"),
    Case("Fass das bisherige Gespräch zusammen.", T + "compact", "de"),
    # --- run-tests
    Case("run teh tests pls", T + "run-tests"),
    Case("Could you check whether the tests still pass after my change?", T + "run-tests"),
    Case("The unit tests need running before I push.", T + "run-tests"),
    Case("I touched the parser module; kick off pytest and tell me what fails.",
         T + "run-tests"),
    Case("Do the tests pass?", T + "run-tests"),
    Case("Pourriez-vous lancer les tests, s'il vous plaît ?", T + "run-tests", "fr"),
    Case("¿Puedes ejecutar las pruebas y decirme si pasan?", T + "run-tests", "es"),
    Case("Könnten Sie die Tests laufen lassen?", T + "run-tests", "de"),
    # --- summarize: every file of the project
    Case("Sumarize every file in the repo.", T + "summarize"),
    Case("I'm new to this codebase. Can you give me a summary of each file?", T + "summarize"),
    Case("It would really help me if all the files got summarised.", T + "summarize"),
    Case("what does each file do?", T + "summarize"),
    Case("Fais-moi un résumé de chaque fichier du projet.", T + "summarize", "fr"),
    Case("Fasse alle Dateien im Projekt kurz zusammen.", T + "summarize", "de"),
    # --- list: the project's files
    Case("Which files does this project have?", T + "list"),
    Case("list the files", T + "list"),
    Case("Show me all the files in the project, please.", T + "list"),
    Case("What's in this folder?", T + "list"),
    Case("Que archivos hay en el proyecto?", T + "list", "es"),
    Case("Welche Dateien gibt es hier?", T + "list", "de"),
    # --- read-many: reading named files
    Case("Read models.py and views.py.", T + "read-many"),
    Case("Could you open config.py, routes.py and app.py?", T + "read-many"),
    Case("have a look at db/session.py and db/models.py", T + "read-many"),
    Case("cat utils/strings.py", T + "read-many"),
    Case("I'd like to see both `schema.py` and `seed.py`.", T + "read-many"),
    Case("Lis api.py et client.py.", T + "read-many", "fr"),
    Case("Oeffne bitte server.py und handlers.py.", T + "read-many", "de"),
    # --- delete: a file
    Case("Delete old_main.py.", T + "delete"),
    Case("could you remove scratch_test.py? its not needed anymore", T + "delete"),
    Case("get rid of legacy.py please", T + "delete"),
    Case("`backup_2021.py` should be deleted.", T + "delete"),
    Case("Could the file obsolete_utils.py be removed? we don't import it anywhere",
         T + "delete"),
    Case("Borra el archivo viejo.py.", T + "delete", "es"),
    Case("Lösch bitte temp.py.", T + "delete", "de"),
    # --- docstring
    Case("Add a docstring to `parse_date` in dates.py.", T + "docstring"),
    Case("In geometry.py, write a short docstring for area_of_circle.", T + "docstring"),
    Case("load_settings in config.py is missing a docstring, can you add one?", T + "docstring"),
    Case("document every function in text_tools.py with a docstring", T + "docstring"),
    Case("I'd like a docstirng on slugify in textutil.py", T + "docstring"),
    Case("Ajoute une docstring à la fonction send_email dans notify.py.", T + "docstring", "fr"),
    Case("Anade un docstring a la funcion calcular_iva en impuestos.py.", T + "docstring", "es"),
    Case("Füge der Funktion merge_dicts in dictutils.py einen Docstring hinzu.",
         T + "docstring", "de"),
    # --- main-block
    Case("Add a main block to cli.py.", T + "main-block"),
    Case("make runner.py runnable as a script", T + "main-block"),
    Case("Could you put an `if __name__ == '__main__':` guard at the end of demo.py?",
         T + "main-block"),
    Case("greet.py has no entry point yet; please add one.", T + "main-block"),
    Case("Ajoute un bloc main à outils.py.", T + "main-block", "fr"),
    Case("Agrega un bloque main a script.py.", T + "main-block", "es"),
    # --- change-default: a function's parameter default in a file
    Case("In http_client.py, change the default timeout of get_json from 10 to 30.",
         T + "change-default"),
    Case("set the default retries of upload_file in storage.py to 5", T + "change-default"),
    Case("In ui/render.py, render_page's default theme should be 'dark', not 'light'.",
         T + "change-default"),
    Case("Could you update connect's default port to 5433 in db.py?", T + "change-default"),
    Case("Dans mailer.py, change la valeur par défaut de retries de send_batch de 3 à 5.",
         T + "change-default", "fr"),
    Case("Könnten Sie in server.py den Standard-Port der Funktion serve_http auf 9000 setzen?",
         T + "change-default", "de"),
    # --- add-function
    Case("Add a `subtract` function to arith.py.", T + "add-function"),
    Case("In mathx.py, please implement a function called divide.", T + "add-function"),
    Case("i'd like a square function added to numbers.py", T + "add-function"),
    Case("geometry.py needs a new function perimeter.", T + "add-function"),
    Case("Could a `cube` function be added to powers.py?", T + "add-function"),
    Case("Ajoute une fonction multiply dans operations.py.", T + "add-function", "fr"),
    Case("Füge in utils.py eine Funktion power hinzu.", T + "add-function", "de"),
    # --- create: a new file with a function that prints a text
    Case("Create hi.py with a function that prints hello world.", T + "create"),
    Case("Write a new file greet.py whose function prints 'Good morning'.", T + "create"),
    Case("make me a hello world in hello.js", T + "create"),
    Case("I need a file welcome.py with a function that says 'Welcome aboard'.", T + "create"),
    Case("Crée bonjour.py avec une fonction qui affiche 'Bonjour'.", T + "create", "fr"),
    Case("Crea hola.py con una función que imprima hola mundo.", T + "create", "es"),
    Case("Erstelle hallo.py mit einer Funktion, die 'Hallo Welt' ausgibt.", T + "create", "de"),
    # --- remember: a note to keep
    Case("Remember that we deploy on Fridays only.", T + "remember"),
    Case("note: the staging db is read-only", T + "remember"),
    Case("Please keep in mind that the main branch is protected.", T + "remember"),
    Case("For the rest of this session, remember that I use tabs, not spaces.",
         T + "remember"),
    Case("Souviens-toi que les tests utilisent pytest.", T + "remember", "fr"),
    Case("Recuerda que usamos Python 3.12.", T + "remember", "es"),
    # --- module-summary: a Markdown file with one line per module of a package
    Case("Write SUMMARY.md with one line per module in the billing package.",
         T + "module-summary"),
    Case("Create docs/MODULES.md listing every module of the inventory package: what it's for "
         "and the functions it defines.", T + "module-summary"),
    Case("Could you document each module in the `shop` package in SUMMARY.md, one line each?",
         T + "module-summary"),
    Case("I need an overview file, OVERVIEW.md, with a line for every module of the etl "
         "package.", T + "module-summary"),
    Case("Écris SUMMARY.md avec une ligne par module du paquet analytics.",
         T + "module-summary", "fr"),
    Case("Crea SUMMARY.md con una línea por cada módulo del paquete reports.",
         T + "module-summary", "es"),
    # --- research: where a name is defined and used
    Case("Where is `make_session` defined, and where is it used?", T + "research"),
    Case("who calls validate_token?", T + "research"),
    Case("I need to change build_query's signature. Find where build_query is used first.",
         T + "research"),
    Case("Which modules import retry_policy?", T + "research"),
    Case("Où est définie la fonction hash_password, et où est-elle utilisée ?",
         T + "research", "fr"),
    Case("¿Dónde se define parse_args y dónde se usa?", T + "research", "es"),
    Case("Können Sie herausfinden, wo load_plugins aufgerufen wird?", T + "research", "de"),
    # --- near misses: the past, someone else, hypotheses and the future, negations, a task's
    # verb on an object no task handles, how-to and general questions, opinions, thanks, chat
    Case("Did the tests pass on CI last night?", None),
    Case("My colleague already deleted old_main.py yesterday.", None),
    Case("What is a docstring for, in general?", None),
    Case("How do I rename a variable in PyCharm?", None),
    Case("Thanks, that summary was great!", None),
    Case("Hi! How's your day going?", None),
    Case("I don't want you to delete anything in this repo.", None),
    Case("We were going to add a main block to cli.py, but decided against it.", None),
    Case("If the tests ever failed, what would you do?", None),
    Case("Next week I'll ask you to write a README.", None),
    Case("What's the difference between a parameter and an argument?", None),
    Case("Do RETRY_MAX in a.py and b.py have the same value?", None),
    Case("Rename the Slack channel to backend-alerts.", None),
    Case("Summarize the history of the Roman Empire in three sentences.", None),
    Case("Delete my GitHub account.", None),
    Case("Should I run a marathon this year?", None),
    Case("Why do people prefer pytest over unittest?", None),
    Case("The tests passed on my machine this morning.", None),
    Case("Write a haiku about recursion.", None),
    Case("Create a new git branch called feature/login.", None),
    Case("How can I list every file in a folder using os.walk?", None),
    Case("Why is my __init__.py empty?", None),
    Case("What does CRUD stand for?", None),
    Case("Where's the best place to learn Rust?", None),
    Case("Do you think I should write more docstrings?", None),
    Case("Our old intern renamed every function in utils.py last year and it was a mess.", None),
    Case("Could you tell me a joke about programmers?", None),
    Case("I've fixed the failing test myself, no need to do anything.", None),
    Case("Is it a good idea to use a mutable list as a default argument?", None),
    Case("Copy this error message into an email to my boss.", None),
    Case("Add me as a reviewer on the pull request.", None),
    Case("What's a good name for a module that handles payments?", None),
    Case("Who invented Python?", None),
    Case("How do I write a good README?", None),
    Case("Should every project have a README?", None),
    Case("Open a ticket for the login bug in Jira.", None),
    Case("Show me how list comprehensions work.", None),
    Case("Explain recursion like I'm five.", None),
    Case("Never mind, don't run anything.", None),
    Case("I'll run the tests myself later.", None),
    Case("Alice said she'd add a docstring to parse_date tomorrow.", None),
    Case("Has anyone ever wiped a production database by accident?", None),
    Case("What's the default port for PostgreSQL?", None),
    Case("Changing MAX_RETRIES in settings.py didn't help at all.", None),
    Case("Why would someone make a script executable?", None),
    Case("Good morning!", None),
    Case("That's all for today, thanks a lot.", None),
    Case("What is a TODO comment supposed to contain?", None),
    Case("Can you recommend a book about clean code?", None),
    Case("The conversation we had yesterday was really helpful.", None),
    Case("Do you remember things from earlier chats?", None),
    Case("If I deleted config.py, would the app still start?", None),
    Case("The tests were run by CI an hour ago.", None),
    Case("Should I write the summary of my thesis in English or German?", None),
    Case("I accidentally emptied notes.py, is there a way to get it back?", None),
    Case("Please don't touch helpers.py, it's fine as it is.", None),
    Case("Mon collègue a déjà supprimé ancien.py hier.", None, "fr"),
    Case("Comment est-ce qu'on écrit une bonne docstring ?", None, "fr"),
    Case("Ne lance pas les tests maintenant, s'il te plaît.", None, "fr"),
    Case("Qu'est-ce qu'un paramètre par défaut en Python ?", None, "fr"),
    Case("Résume-moi l'intrigue des Misérables.", None, "fr"),
    Case("Bonjour, comment ça va ?", None, "fr"),
    Case("Si les tests échouaient, tu les corrigerais ?", None, "fr"),
    Case("Demain, je te demanderai de renommer quelques fonctions.", None, "fr"),
    Case("Gracias, eso es todo por hoy.", None, "es"),
    Case("Ayer ya ejecuté las pruebas y pasaron todas.", None, "es"),
    Case("¿Cómo se borra un archivo en Python?", None, "es"),
    Case("No borres nada, por favor.", None, "es"),
    Case("¿Qué opinas de usar tabuladores en lugar de espacios?", None, "es"),
    Case("Mi jefe dijo que él escribirá el README la semana que viene.", None, "es"),
    Case("Crea una lista de la compra para la semana.", None, "es"),
    Case("¿Qué significa TODO en un comentario?", None, "es"),
    Case("Danke dir, das hat sehr geholfen!", None, "de"),
    Case("Die Tests wurden gestern schon von der CI ausgeführt.", None, "de"),
    Case("Wie benennt man in Git einen Branch um?", None, "de"),
    Case("Bitte lösch auf keinen Fall irgendwelche Dateien.", None, "de"),
    Case("Was ist eigentlich ein Docstring?", None, "de"),
    Case("Fass mir bitte den Inhalt von Goethes Faust zusammen.", None, "de"),
    Case("Wenn ich main.py löschen würde, was würde passieren?", None, "de"),
    Case("Mein Kollege wollte die TODOs in app.py auflisten, hat es aber vergessen.", None, "de"),
)
