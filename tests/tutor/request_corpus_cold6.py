"""A sixth cold batch of requests for the offline tutor: phrasings of its tasks and near
misses, in English, French, Spanish and German, written as students and developers type them.

Written from the documentation only (docs/TUTOR-SCRIPT.md's section "Tasks", with the tasks,
their slots, routes and near misses, and a skim of docs/TUTOR.md's requests) and the format
of the earlier cold batches, by a writer who never read the intent table, its lexicon or the
matcher, never ran the tutor on any of it; committed before anything ran on it. Measured,
never tuned on: its misses are not printed. Its
styles: imperatives, questions that are requests ("could you ...?"), indirect and passive
requests ("the tests need running"), context and reasons before the request, code names in
backticks or quotes, chat words ("u", "pls"), typos and missing accents, formal "vous" /
"usted" / "Sie" beside informal forms, very short and long requests. Its
near misses look like a task but are not one: a task's words about the past, about someone
else, in a hypothesis or the future, under a negation, a task's verb on an object the tutor
has no task for, general how-to questions, opinions, thanks and small talk.

Same format as request_corpus_cold2.py: `route` is "family:<name>" or "task:<name>", or None
for a near miss (a request the tutor should answer with a reply, a refusal or its help text,
never a task's move). Names of files, functions and constants are made up.
"""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    text: str
    route: str | None  # "family:<name>", "task:<name>", or None for a near miss
    lang: str = "en"


F, T = "family:", "task:"

CASES: tuple[Case, ...] = (
    # --- add-parameter: a new parameter with its default, and a value passed at every call
    Case("Add a parameter `page_size` with default 20 to fetch_rows in db/query.py and pass "
         "page_size=100 at every call.", F + "add-parameter"),
    Case("In scheduler.py, give plan_jobs a new argument max_workers=4, and pass "
         "max_workers=8 wherever plan_jobs is called.", F + "add-parameter"),
    Case("quick one: build_index in search/indexer.py needs a new param `lowercase` "
         "defaulting to True, then pass lowercase=False at each call site", F + "add-parameter"),
    Case("We keep forgetting to log where events come from. Could you add a keyword argument "
         "source='cli' to log_event in telemetry.py and pass source='web' in every call to "
         "it?", F + "add-parameter"),
    Case("Pourriez-vous ajouter un paramètre retries avec la valeur par défaut 3 à la fonction "
         "download dans net/client.py, puis passer retries=5 à chaque appel ?",
         F + "add-parameter", "fr"),
    Case("agrega un parametro `debug` con valor por defecto False a la funcion start_server en "
         "app.py y pasa debug=True en todas las llamadas", F + "add-parameter", "es"),
    Case("Bitte füge send_mail in notify.py einen Parameter `cc` mit dem Standardwert None "
         "hinzu und übergib cc='team@example.com' bei jedem Aufruf.", F + "add-parameter", "de"),
    # --- ambiguous: a parameter and a value, no file and no function
    Case("I'd like the default timeout set to 25.", F + "ambiguous"),
    Case("could you bump the retries to 7?", F + "ambiguous"),
    Case("change the default port to 8443 please", F + "ambiguous"),
    Case("Mets le timeout à 120, s'il te plaît.", F + "ambiguous", "fr"),
    Case("Cambia el puerto por defecto a 5000.", F + "ambiguous", "es"),
    Case("Setz das Timeout auf 15.", F + "ambiguous", "de"),
    # --- big-module-value: a constant in a named file gets a new value
    Case("RETRY_DELAY in net/backoff.py should be 2.5, not 1.0", F + "big-module-value"),
    Case("In limits.py, PAGE_SIZE should be 50 instead of 25.", F + "big-module-value"),
    Case("bump CACHE_TTL in cache/config.py to 600", F + "big-module-value"),
    Case("The workers are too slow with tiny batches. Please set `BATCH_SIZE` in "
         "worker/constants.py to 40 (it is 10 now).", F + "big-module-value"),
    Case("Dans constants.py, change DEFAULT_LANG de 'en' à 'fr'.", F + "big-module-value", "fr"),
    Case("En config.py, cambia TIMEOUT_SECONDS de 30 a 45, por favor.",
         F + "big-module-value", "es"),
    Case("Ändere MAX_UPLOAD_MB in uploads.py von 5 auf 20.", F + "big-module-value", "de"),
    # --- copy-value: one file's value of a constant copied into another file
    Case("Set MAX_CONN in pool_a.py to the same value as in pool_b.py.", F + "copy-value"),
    Case("Copy the value of MAX_PAYLOAD from gateway.py to worker.py.", F + "copy-value"),
    Case("frontend_cfg.py and backend_cfg.py disagree on SESSION_TIMEOUT - please copy "
         "backend_cfg.py's value into frontend_cfg.py", F + "copy-value"),
    Case("use settings_prod.py's LOG_LEVEL in settings_dev.py", F + "copy-value"),
    Case("Copie la valeur de RATE_LIMIT de api.py vers proxy.py.", F + "copy-value", "fr"),
    Case("Haz que CHUNK_SIZE en uploader.py tenga el mismo valor que en downloader.py.",
         F + "copy-value", "es"),
    Case("Übernimm den Wert von BUFFER_SIZE aus reader.py in writer.py.", F + "copy-value", "de"),
    # --- create-readme: a README for the project
    Case("Write a README.md for the repo please", F + "create-readme"),
    Case("This project needs a README.", F + "create-readme"),
    Case("could u generate a readme file for my project", F + "create-readme"),
    Case("I'd like a README for this codebase, nothing fancy.", F + "create-readme"),
    Case("Peux-tu écrire un README pour ce projet ?", F + "create-readme", "fr"),
    Case("Crea un README para el proyecto.", F + "create-readme", "es"),
    Case("Erstell bitte eine README für das Projekt.", F + "create-readme", "de"),
    # --- explain-function: what a function or a module in a named file does
    Case("hey what does tokenize() in lexer.py actually do??", F + "explain-function"),
    Case("Could you explain what `normalize()` in text/clean.py does?", F + "explain-function"),
    Case("walk me through merge_accounts in billing.py", F + "explain-function"),
    Case("what's reports.py for?", F + "explain-function"),
    Case("Explique-moi ce que fait la fonction compute_tax dans invoice.py.",
         F + "explain-function", "fr"),
    Case("¿Qué hace la función validar_email en forms.py?", F + "explain-function", "es"),
    Case("Was macht die Funktion load_plugins in loader.py?", F + "explain-function", "de"),
    # --- fix-failing-test: a test fails, the code is to be fixed
    Case("test_checkout fails since this morning. Fix the code please, don't touch the test.",
         F + "fix-failing-test"),
    Case("One of the tests is failing, can you fix it?", F + "fix-failing-test"),
    Case("there's a failing test in tests/test_dates.py, pls fix the bug in the code",
         F + "fix-failing-test"),
    Case("CI went red after my last merge because a test fails. Please repair the code so the "
         "test passes again.", F + "fix-failing-test"),
    Case("Un test échoue depuis mon dernier commit, corrige le code s'il te plaît.",
         F + "fix-failing-test", "fr"),
    Case("Hay un test que falla; arregla el código, no el test.", F + "fix-failing-test", "es"),
    Case("Ein Test schlägt fehl. Können Sie den Code reparieren?", F + "fix-failing-test", "de"),
    # --- list-todos: the TODO comments, in the project or in one file
    Case("List all the TODOs in the project.", F + "list-todos"),
    Case("Are there any TODOs left in payments.py?", F + "list-todos"),
    Case("find every TODO comment in src/importer.py", F + "list-todos"),
    Case("Show me the open TODOs please", F + "list-todos"),
    Case("Liste tous les TODO du projet.", F + "list-todos", "fr"),
    Case("¿Hay algún TODO en scheduler.py?", F + "list-todos", "es"),
    Case("Zeig mir alle TODOs in cli.py.", F + "list-todos", "de"),
    # --- refuse-empty: a file to be emptied
    Case("Please wipe out old_routes.py", F + "refuse-empty"),
    Case("Erase everything in notes_parser.py, I want to start from scratch.",
         F + "refuse-empty"),
    Case("Could you make tmp_helpers.py empty?", F + "refuse-empty"),
    Case("Vide le fichier brouillon.py.", F + "refuse-empty", "fr"),
    Case("Vacia el archivo cache_dump.py", F + "refuse-empty", "es"),
    Case("Leere bitte die Datei alt.py.", F + "refuse-empty", "de"),
    # --- rename: a function renamed everywhere
    Case("Rename calc_total to compute_total everywhere.", F + "rename"),
    Case("rename the function `getUsr` to `get_user` pls", F + "rename"),
    Case("fmt is a cryptic name. Change the name of fmt to format_price.", F + "rename"),
    Case("I'd like load_cfg renamed to load_config across the project.", F + "rename"),
    Case("Renomme la fonction parse_args en parse_cli_args partout.", F + "rename", "fr"),
    Case("Renombra la función calcular a calcular_total en todo el proyecto.",
         F + "rename", "es"),
    Case("Benenne die Funktion hole_daten überall in fetch_data um.", F + "rename", "de"),
    # --- compact: a summary of the conversation so far
    Case("Summarise our conversation so far, I'm handing this over to a colleague.",
         T + "compact"),
    Case("Please compact the conversation history.", T + "compact"),
    Case("condense this chat into a short summary for the next session", T + "compact"),
    Case("Before we go on, give me a summary of the conversation up to now.", T + "compact"),
    Case("Résume notre conversation jusqu'ici.", T + "compact", "fr"),
    Case("Resuma la conversación hasta ahora, por favor.", T + "compact", "es"),
    Case("Fass unser Gespräch bis hierhin zusammen.", T + "compact", "de"),
    # --- explain-tool: what one of the offered tools does
    Case("What does read_lines do?", T + "explain-tool"),
    Case("how does the `search_file` tool work?", T + "explain-tool"),
    Case("What is list_files for?", T + "explain-tool"),
    Case("Que fait l'outil search_file ?", T + "explain-tool", "fr"),
    Case("¿Qué hace la herramienta edit_file?", T + "explain-tool", "es"),
    Case("Was macht das Tool list_files?", T + "explain-tool", "de"),
    # --- run-tests: the project's tests run
    Case("Hey! So I've been chasing a flaky import all afternoon and I think I finally got it. "
         "Before I push, could you run the test suite once and tell me the result?",
         T + "run-tests"),
    Case("can you kick off the test suite?", T + "run-tests"),
    Case("do the unit tests still pass?", T + "run-tests"),
    Case("I just refactored the parser. The tests need running, could you do that?",
         T + "run-tests"),
    Case("Lancez les tests, s'il vous plaît.", T + "run-tests", "fr"),
    Case("Ejecuta los tests y dime si pasan.", T + "run-tests", "es"),
    Case("Könnten Sie die Tests im Ordner tests/ ausführen?", T + "run-tests", "de"),
    # --- summarize: every file of the project summarised
    Case("Summarise the project for me.", T + "summarize"),
    Case("Give me a summary of all the files in this project.", T + "summarize"),
    Case("I just joined the team and don't know this codebase at all. Could you summarize "
         "the whole repository for me?", T + "summarize"),
    Case("what does every file do?", T + "summarize"),
    Case("Fais un résumé de chaque fichier du projet.", T + "summarize", "fr"),
    Case("Resume todos los archivos del proyecto.", T + "summarize", "es"),
    Case("Fass alle Dateien im Projekt zusammen.", T + "summarize", "de"),
    # --- list: the project's files
    Case("which files does this project have?", T + "list"),
    Case("ls", T + "list"),
    Case("show me all the files", T + "list"),
    Case("what's in this folder?", T + "list"),
    Case("Quels fichiers y a-t-il dans ce projet ?", T + "list", "fr"),
    Case("¿Qué archivos hay en el proyecto?", T + "list", "es"),
    Case("Welche Dateien gibt es in diesem Projekt?", T + "list", "de"),
    # --- read-many: one or more named files read
    Case("cat setup.py", T + "read-many"),
    Case("open config/base.py, config/dev.py and config/prod.py", T + "read-many"),
    Case("Could you have a look at router.py and handlers.py?", T + "read-many"),
    Case("Lis main.py et utils.py, s'il te plaît.", T + "read-many", "fr"),
    Case("Lee los archivos api.py y db.py.", T + "read-many", "es"),
    Case("Lies bitte server.py und client.py.", T + "read-many", "de"),
    # --- delete: a file to be deleted
    Case("deleet the file notes_old.py", T + "delete"),
    Case("please remove the file scratch_test.py", T + "delete"),
    Case("get rid of legacy_api.py, we don't use it anymore", T + "delete"),
    Case("Supprime le fichier ancien_script.py.", T + "delete", "fr"),
    Case("Borra el archivo viejo.py, por favor.", T + "delete", "es"),
    Case("Loesche bitte die Datei backup_alt.py.", T + "delete", "de"),
    # --- docstring: a docstring on a function (or every function) of a file
    Case("Document the compute_score function in scoring.py.", T + "docstring"),
    Case("In geometry.py, write a short docstring for the area function.", T + "docstring"),
    Case("`send_invoice()` in billing/mailer.py needs a docstring.", T + "docstring"),
    Case("i'd like a docstring on every function in helpers.py", T + "docstring"),
    Case("Ajoute une docstring à la fonction slugify dans text_utils.py.", T + "docstring", "fr"),
    Case("¿Podría añadir un docstring a la función convertir en unidades.py?",
         T + "docstring", "es"),
    Case("Füge der Funktion berechne in mathe.py einen Docstring hinzu.", T + "docstring", "de"),
    # --- main-block: an `if __name__ == "__main__":` block in a file
    Case("Put a main guard at the end of serve.py.", T + "main-block"),
    Case("make greet.py runnable as a script", T + "main-block"),
    Case("could you put an `if __name__ == '__main__':` guard in demo.py?", T + "main-block"),
    Case("I need an entry point in report_gen.py so I can run it directly.", T + "main-block"),
    Case("Ajoute un bloc main à hello_world.py.", T + "main-block", "fr"),
    Case("Agrega un bloque main a saludo.py.", T + "main-block", "es"),
    Case("Füge einen Main-Block zu start.py hinzu.", T + "main-block", "de"),
    # --- change-default: a function's default value of a parameter, in a named file
    Case("In http_client.py, change the default timeout of get_json from 10 to 30.",
         T + "change-default"),
    Case("set connect's default retries to 5 in db/pool.py", T + "change-default"),
    Case("Set the default value of page_size for paginate in api/views.py to 50.",
         T + "change-default"),
    Case("Could you update render_chart's default width from 640 to 800 in plots.py?",
         T + "change-default"),
    Case("Dans server.py, change la valeur par défaut de port dans la fonction run de 8000 à "
         "9000.", T + "change-default", "fr"),
    Case("En mailer.py, cambia el valor por defecto de retries de la función send de 3 a 5.",
         T + "change-default", "es"),
    Case("Ändere in parser.py den Standardwert von strict in der Funktion parse von False auf "
         "True.", T + "change-default", "de"),
    # --- add-function: a new function in an existing file
    Case("Add a divide function to calc.py.", T + "add-function"),
    Case("write a function called `subtract` in math_ops.py", T + "add-function"),
    Case("In geometry.py, please add a new function named perimeter.", T + "add-function"),
    Case("I'd like a power function added to arith.py.", T + "add-function"),
    Case("Ajoute une fonction multiply dans operations.py.", T + "add-function", "fr"),
    Case("Añade una función divide a calculos.py.", T + "add-function", "es"),
    Case("Füge eine Funktion subtract in rechner.py hinzu.", T + "add-function", "de"),
    # --- create: a new file with a small function
    Case("Create a new file goodbye.py with a function that prints 'goodbye'.", T + "create"),
    Case("make a new file hi.py with a function that prints 'hi there'", T + "create"),
    Case("I want a file welcome.js with a function that prints hello world.", T + "create"),
    Case("Write a hello world program and save it as first.py.", T + "create"),
    Case("Crée un fichier bonjour.py avec une fonction qui affiche « Bonjour ! ».",
         T + "create", "fr"),
    Case("Crea hola.py con una función que imprima hola mundo.", T + "create", "es"),
    Case("Erstelle die Datei hallo.py mit einer Funktion, die Hallo Welt ausgibt.",
         T + "create", "de"),
    # --- remember: a note to keep
    Case("Remember that we deploy on Fridays only.", T + "remember"),
    Case("note: the staging DB is called orders_stage", T + "remember"),
    Case("Please keep in mind that the tests use pytest-xdist.", T + "remember"),
    Case("make a note that the API key lives in .env, not in config.py", T + "remember"),
    Case("Souviens-toi que la branche principale s'appelle develop.", T + "remember", "fr"),
    Case("Recuerda que usamos Python 3.12.", T + "remember", "es"),
    Case("Merk dir, dass wir Tabs statt Leerzeichen verwenden.", T + "remember", "de"),
    # --- module-summary: a markdown file with one line per module of a package
    Case("Generate NOTES.md with one line for every module in the auth package.",
         T + "module-summary"),
    Case("create OVERVIEW.md with a line for each module of the shop package: what it does "
         "and which functions it defines", T + "module-summary"),
    Case("Document every module in the `etl` package in a SUMMARY.md, one line each.",
         T + "module-summary"),
    Case("Summarize all the modules in the warehouse package into SUMMARY.md.",
         T + "module-summary"),
    Case("Écris SUMMARY.md avec une ligne pour chaque module du paquet reporting.",
         T + "module-summary", "fr"),
    Case("Crea SUMMARY.md con una línea por cada módulo del paquete pagos.",
         T + "module-summary", "es"),
    Case("Schreib eine SUMMARY.md mit einer Zeile pro Modul im Paket lager.",
         T + "module-summary", "de"),
    # --- research: where a name is defined and used
    Case("Where is calculate_discount defined, and where is it used?", T + "research"),
    Case("who calls `flush_buffer`?", T + "research"),
    Case("find where TokenStore is defined", T + "research"),
    Case("Can you track down where parse_row gets called?", T + "research"),
    Case("Ou est definie la fonction load_user, et ou est-elle utilisee ?", T + "research", "fr"),
    Case("¿Dónde está definida la función enviar_correo y dónde se usa?",
         T + "research", "es"),
    Case("Wo ist die Funktion lade_konfig definiert und wo wird sie verwendet?",
         T + "research", "de"),
    # --- near misses: a task's words about the past
    Case("The tests were run by CI an hour ago and everything passed.", None),
    Case("I already deleted old_main.py yesterday.", None),
    Case("Someone renamed fetch_all to load_all last week and now nothing imports.", None),
    Case("We added a README to the repo back in March.", None),
    Case("I summarised the chat for my team lead this morning.", None),
    Case("Last sprint we bumped MAX_RETRIES in settings.py from 3 to 5.", None),
    Case("My teammate emptied scratch.py by accident.", None),
    Case("Did you already add the docstring to parse_date?", None),
    Case("I deleted utils_old.py by mistake, can I get it back with git?", None),
    Case("The main block in cli.py was added by Sam.", None),
    # --- near misses: about someone else
    Case("My colleague wants to delete the whole migrations folder, is that a good idea?", None),
    Case("Ana is going to write the README tonight.", None),
    Case("The QA team runs the tests every night.", None),
    Case("Our lead said she would fix the failing test herself.", None),
    # --- near misses: hypothetical or future
    Case("If I renamed get_user to fetch_user, would the imports break?", None),
    Case("Maybe next week we'll add a main block to cli.py.", None),
    Case("Tomorrow I'm going to set the timeout to 60 myself.", None),
    Case("What would happen if I emptied __init__.py?", None),
    Case("We were going to list all the TODOs, but it's not urgent anymore.", None),
    # --- near misses: negated
    Case("Don't run the tests yet, I'm still editing.", None),
    Case("Please do not delete config.py.", None),
    Case("No need to summarize the files, I know them.", None),
    Case("Don't rename anything for now.", None),
    Case("I don't want a docstring on these helpers, they're obvious.", None),
    # --- near misses: a task's verb on an object no task handles
    Case("Delete the last message I sent you.", None),
    Case("Can you run the migration on the production database?", None),
    Case("Rename the git branch feature-x to feature-login.", None),
    Case("Summarize this article about electric cars for me.", None),
    Case("Write me a haiku about debugging.", None),
    Case("Create a new branch called hotfix.", None),
    Case("Clear the terminal screen.", None),
    Case("Add a new column email to the users table.", None),
    Case("List the planets of the solar system.", None),
    Case("Where is the conference being held this year?", None),
    Case("Explain quantum entanglement simply.", None),
    Case("Make the logo bigger on the landing page.", None),
    Case("I should remember to call my mum tonight.", None),
    # --- near misses: general how-to questions
    Case("How do I rename a file in git?", None),
    Case("How do you write a good README?", None),
    Case("How do I run only one test with pytest?", None),
    Case("How do I add a default argument to a Python function?", None),
    Case("What's the best way to find TODOs in a big codebase?", None),
    Case("How can I empty a list in Python?", None),
    Case("Why do people write if __name__ == '__main__' at the bottom of scripts?", None),
    Case("What is the difference between a module and a package?", None),
    Case("How do I delete a folder with Python?", None),
    # --- near misses: questions about a value, not orders
    Case("What is MAX_RETRIES set to in settings.py?", None),
    Case("Is API_URL in client.py the same as in worker.py?", None),
    Case("How many arguments does build_report accept?", None),
    Case("Why is notes.py empty?", None),
    Case("What's the default timeout of requests.get?", None),
    # --- near misses: opinions
    Case("I think pytest is much nicer than unittest.", None),
    Case("Honestly, constants in ALL_CAPS look ugly to me.", None),
    Case("Is it bad practice to leave TODO comments in production code?", None),
    Case("Should the README mention the license?", None),
    Case("Is it worth adding a main block to every script?", None),
    # --- near misses: thanks and small talk
    Case("Thanks, that fixed it!", None),
    Case("Good morning! How's it going?", None),
    Case("ok cool", None),
    Case("Sorry, I have to leave now, see you tomorrow.", None),
    Case("All tests are green again 🎉", None),
    Case("Your summaries are really helpful.", None),
    # --- near misses in French, Spanish and German
    Case("Merci beaucoup, c'est parfait !", None, "fr"),
    Case("J'ai déjà lancé les tests hier soir.", None, "fr"),
    Case("Ne supprime aucun fichier, s'il te plaît.", None, "fr"),
    Case("Comment renommer une variable dans PyCharm ?", None, "fr"),
    Case("Mon collègue va écrire le README demain.", None, "fr"),
    Case("Résume-moi ce livre sur la Révolution française.", None, "fr"),
    Case("Gracias, ya funciona.", None, "es"),
    Case("Ayer borré el archivo viejo.py sin querer.", None, "es"),
    Case("No ejecutes los tests todavía.", None, "es"),
    Case("¿Cómo se añade un parámetro opcional en Python?", None, "es"),
    Case("Marta va a arreglar mañana el test que falla.", None, "es"),
    Case("Hola, ¿qué tal tu día?", None, "es"),
    Case("Danke, das hat geholfen!", None, "de"),
    Case("Die Tests wurden gestern schon vom CI ausgeführt.", None, "de"),
    Case("Bitte lösch nichts im Ordner migrations.", None, "de"),
    Case("Wie benenne ich eine Datei unter Linux um?", None, "de"),
    Case("Wozu braucht man eigentlich eine README?", None, "de"),
    Case("Fass mir bitte den Film Inception zusammen.", None, "de"),
)
