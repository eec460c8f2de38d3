"""A second cold batch of requests for the offline tutor: phrasings of its tasks and near
misses, in English, French, Spanish and German, written as students and developers type them.

Written from the documentation only (docs/TUTOR-SCRIPT.md's list of tasks with their slots
and near misses, docs/TUTOR.md's requests, Lecture 8.1's task families) and the format of the
earlier cold batch, by a writer who never read the intent table, its lexicon or the matcher,
and committed before anything ran on it. Its style differs on purpose: imperatives and bare
infinitives ("Die Tests bitte einmal laufen lassen."), passive and indirect requests ("the
tests need running", "is it possible to ...?"), a request after a few sentences of context,
code names in backticks or quotes, markdown bullets, trailing emojis and "thx", a French or
Spanish sentence with English code words, formal "vous" / "usted" / "Sie" beside informal
forms, typos and missing accents, very short and very long requests. Its near misses look
like a task but are not one: a task's words about the past, about someone else, in a
hypothesis or the future, under a negation, a task's verb on an object the tutor has no task
for, general how-to questions, opinions and thanks.

Same format as request_corpus_cold.py: `route` is "family:<name>" or "task:<name>", or None
for a near miss (a request the tutor should answer with a reply, a refusal or its help text,
never a task's move). The requests are the first user message to checkpoint 04's tools
(list_files, search_file, read_lines, edit_file). Names of files, functions and constants are
made up.

First contact and later figures: tests/tutor/test_cold2_batches.py.
"""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    text: str
    route: str | None  # "family:<name>", "task:<name>", or None for a near miss
    lang: str = "en"


F, T = "family:", "task:"

CASES: tuple[Case, ...] = (
    # --- add-parameter: a keyword parameter with its default, and a value at every call
    Case("In `billing/invoice.py`, give `render_total` a new keyword argument `currency='EUR'` "
         "and pass currency='USD' at every call site.", F + "add-parameter"),
    Case("orders.py: load_batch needs a new parameter `timeout` defaulting to 30; "
         "pass timeout=90 everywhere it's called. thx", F + "add-parameter"),
    Case("Could you add a dry_run=False parameter to sync_accounts in ledger.py and pass "
         "dry_run=True at each of its calls, the ones in other modules too?", F + "add-parameter"),
    Case("Every caller of fetch_page hardcodes its retry loop and I want that gone. Add a "
         "param retries with default 2 to fetch_page in crawler/http.py, then pass retries=4 "
         "at every call.", F + "add-parameter"),
    Case("add a parameter strict (default False) to validate_row in csv_checks.py and pass "
         "strict=True in all the calls", F + "add-parameter"),
    Case("Ajoute un paramètre `verbose` avec la valeur par défaut False à la fonction "
         "export_csv dans reports.py, et passe verbose=True à chaque appel.",
         F + "add-parameter", "fr"),
    Case("Añade un parámetro limit con valor por defecto 10 a list_users en accounts.py y "
         "pasa limit=50 en cada llamada.", F + "add-parameter", "es"),
    Case("Füge der Funktion resize_image in media.py einen neuen Parameter quality=85 hinzu "
         "und übergib quality=70 bei jedem Aufruf.", F + "add-parameter", "de"),
    # --- ambiguous: a parameter and a value, no file, no function
    Case("set the timeout to 45 pls", F + "ambiguous"),
    Case("Could you change the batch size to 64?", F + "ambiguous"),
    Case("We keep getting timeouts on staging. Bump the timeout up to 120, please.",
         F + "ambiguous"),
    Case("Change the retries to 7.", F + "ambiguous"),
    Case("Mets le timeout à 90, s'il te plaît.", F + "ambiguous", "fr"),
    Case("Cambia el timeout a 25, porfa.", F + "ambiguous", "es"),
    Case("Setz bitte das Timeout auf 15.", F + "ambiguous", "de"),
    # --- big-module-value: a constant in a named (large) module
    Case("In settings_big.py, MAX_CONNECTIONS should be 64 instead of 32.",
         F + "big-module-value"),
    Case("`huge_config.py`: change `CACHE_TTL` from 300 to 600", F + "big-module-value"),
    Case("Could you bump RETRY_BACKOFF in legacy/engine.py to 12? It's somewhere deep in the "
         "file, past line 4000 I think.", F + "big-module-value"),
    Case("please set BATCH_LIMIT in monolith.py to 250, it's 100 right now",
         F + "big-module-value"),
    Case("Dans constants_legacy.py, modifie MAX_UPLOAD_MB de 10 à 25.",
         F + "big-module-value", "fr"),
    Case("En gran_modulo.py cambia la constante TIMEOUT_MS de 500 a 800.",
         F + "big-module-value", "es"),
    Case("Ändere in riesig.py die Konstante POOL_SIZE von 8 auf 16.",
         F + "big-module-value", "de"),
    # --- copy-value: a constant's value from one module into another
    Case("MAX_ITEMS in cart.py should use the same value as in catalog.py.", F + "copy-value"),
    Case("Please make `API_VERSION` in client/sdk.py match the one in server/api.py.",
         F + "copy-value"),
    Case("copy the value of RATE_LIMIT from gateway.py into worker.py", F + "copy-value"),
    Case("The two drifted apart again. Take PAGE_SIZE from views.py and use the same value "
         "for PAGE_SIZE in export.py.", F + "copy-value"),
    Case("Mets dans export.py la même valeur de CHUNK_SIZE que dans import.py.",
         F + "copy-value", "fr"),
    Case("Haz que RETRY_COUNT en sender.py sea igual que en receiver.py, por favor.",
         F + "copy-value", "es"),
    Case("Übernimm den Wert von BUFFER_LEN aus reader.py nach writer.py.",
         F + "copy-value", "de"),
    # --- create-readme
    Case("This repo has no README yet, could you write one?", F + "create-readme"),
    Case("need a README for this project pls 🙏", F + "create-readme"),
    Case("Generate a README.md that names every module and its public functions.",
         F + "create-readme"),
    Case("Would you mind adding a README to the project? New people keep asking me what "
         "each module does.", F + "create-readme"),
    Case("Rédige un README pour ce projet stp", F + "create-readme", "fr"),
    Case("¿Podría usted crear un README para el proyecto?", F + "create-readme", "es"),
    Case("Schreib bitte eine README für das Projekt.", F + "create-readme", "de"),
    # --- explain-function: what a function or a module does, nothing changed
    Case("what does `normalize_phone` in contacts.py actually do?", F + "explain-function"),
    Case("Can you walk me through parse_header in mailer/headers.py?", F + "explain-function"),
    Case("Describe what the function merge_ranges does.", F + "explain-function"),
    Case("I inherited scheduler.py from a colleague who left. What does scheduler.py do?",
         F + "explain-function"),
    Case("Tu peux m'expliquer ce que fait la fonction compute_tax dans payroll.py ?",
         F + "explain-function", "fr"),
    Case("¿Qué hace la función build_index de search/indexer.py?", F + "explain-function", "es"),
    Case("Was macht eigentlich die Funktion flatten_tree in trees.py?",
         F + "explain-function", "de"),
    # --- fix-failing-test
    Case("One of the tests has been red since this morning. Can you fix the code so it "
         "passes again? Leave the test itself alone.", F + "fix-failing-test"),
    Case("There's a failing test somewhere, please repair whatever broke.",
         F + "fix-failing-test"),
    Case("make the broken test pass again (fix the code, not the test)", F + "fix-failing-test"),
    Case("a test fails after my last merge, fix it pls 🙃", F + "fix-failing-test"),
    Case("Un test échoue depuis mon dernier commit : corrige le code, pas le test.",
         F + "fix-failing-test", "fr"),
    Case("Hay un test que falla; arregla el codigo, no el test.", F + "fix-failing-test", "es"),
    Case("Ein Test schlägt fehl. Reparier bitte den Code, nicht den Test.",
         F + "fix-failing-test", "de"),
    # --- list-todos
    Case("Are there any TODOs left in scheduler.py?", F + "list-todos"),
    Case("list all the TODO comments in the project", F + "list-todos"),
    Case("Before the release I'd like to see every TODO we left in payments.py.",
         F + "list-todos"),
    Case("find TODOs in utils/strings.py, thx", F + "list-todos"),
    Case("Liste tous les TODO de billing.py.", F + "list-todos", "fr"),
    Case("Busca todos los TODO del proyecto.", F + "list-todos", "es"),
    Case("Zeig mir alle TODOs in parser.py.", F + "list-todos", "de"),
    # --- refuse-empty: a request to empty a file
    Case("Please clear out everything in legacy_hooks.py.", F + "refuse-empty"),
    Case("wipe old_migrations.py, we don't need what's in it anymore", F + "refuse-empty"),
    Case("Can you blank `scratch.py`? Keep the file, just erase all its contents.",
         F + "refuse-empty"),
    Case("Empty the file cache_dump.py.", F + "refuse-empty"),
    Case("Videz le fichier brouillon.py, s'il vous plaît.", F + "refuse-empty", "fr"),
    Case("Vacía el archivo temporal.py.", F + "refuse-empty", "es"),
    Case("Mach die Datei notizen.py leer.", F + "refuse-empty", "de"),
    # --- rename: a function renamed across the project
    Case("Rename `calc` to `calculate_total` everywhere in the codebase.", F + "rename"),
    Case("please rename the function fetch_data to load_records across all modules and tests",
         F + "rename"),
    Case("The name get_usr is terrible. Rename get_usr to get_user everywhere, callers "
         "included.", F + "rename"),
    Case("Could you rename fmt() to format_cell() in all files?", F + "rename"),
    Case("Renomme la fonction chk en check_input partout dans le projet.", F + "rename", "fr"),
    Case("Cambia el nombre de la función proc a process_order en todo el proyecto.",
         F + "rename", "es"),
    Case("Benenne die Funktion tmp_fn überall in convert_units um.", F + "rename", "de"),
    # --- compact: a summary of the conversation
    Case("I'm handing this over to a teammate: condense our conversation into a summary "
         "they can pick up from.", T + "compact"),
    Case("compact the chat history pls, it's getting long", T + "compact"),
    Case("Summarize this conversation so far.", T + "compact"),
    Case("Could you give me a summary of the conversation up to now?", T + "compact"),
    Case("Résume notre conversation jusqu'ici.", T + "compact", "fr"),
    Case("Resume la conversación hasta ahora, por favor.", T + "compact", "es"),
    Case("Fasse bitte unser bisheriges Gespräch zusammen.", T + "compact", "de"),
    # --- explain-tool: one of checkpoint 04's tools
    Case("what's the read_lines tool for?", T + "explain-tool"),
    Case("Explain the search_file tool to me, I don't get its pattern argument.",
         T + "explain-tool"),
    Case("How do I use the edit_file tool?", T + "explain-tool"),
    Case("`list_files`: what does that tool do?", T + "explain-tool"),
    Case("Explique-moi l'outil search_file.", T + "explain-tool", "fr"),
    Case("¿Para qué sirve la herramienta edit_file?", T + "explain-tool", "es"),
    Case("Erklär mir bitte das Tool read_lines.", T + "explain-tool", "de"),
    # --- run-tests
    Case("Please run the unit tests and tell me how many fail.", T + "run-tests"),
    Case("Is it possible to run pytest on the project and report what happens?",
         T + "run-tests"),
    Case("rerun the test suite pls", T + "run-tests"),
    Case("I changed a few things in the parser. The tests need running now.", T + "run-tests"),
    Case("Lancez les tests, s'il vous plaît, et dites-moi s'ils passent.", T + "run-tests", "fr"),
    Case("Est-ce que tu peux run les tests ?", T + "run-tests", "fr"),
    Case("Ejecuta las pruebas y dime si pasan.", T + "run-tests", "es"),
    Case("Die Tests bitte einmal laufen lassen.", T + "run-tests", "de"),
    Case("Könnten Sie bitte die Tests ausführen?", T + "run-tests", "de"),
    # --- summarize: every file of the project
    Case("Give me a one-line summary of each file in the repo.", T + "summarize"),
    Case("Would it be possible to get a short summary of all the files in this project?",
         T + "summarize"),
    Case("I'm new to this codebase, so please summarize every file for me.", T + "summarize"),
    Case("summarise the whole project pls, one line per file", T + "summarize"),
    Case("Fais-moi un résumé de chaque fichier du projet.", T + "summarize", "fr"),
    Case("Resume todos los archivos del repositorio.", T + "summarize", "es"),
    Case("Fass alle Dateien des Projekts zusammen.", T + "summarize", "de"),
    # --- list: the project's files
    Case("Which files does this project have?", T + "list"),
    Case("show me the file list", T + "list"),
    Case("list every file in the project", T + "list"),
    Case("What files are there in here? Just the names is fine.", T + "list"),
    Case("Quels fichiers y a-t-il dans ce projet ?", T + "list", "fr"),
    Case("¿Qué archivos hay en el proyecto?", T + "list", "es"),
    Case("Welche Dateien gibt es in diesem Projekt?", T + "list", "de"),
    # --- read-many: two or more named files
    Case("Open config.py and settings.py.", T + "read-many"),
    Case("Have a look at `models.py`, `views.py` and `urls.py`.", T + "read-many"),
    Case("read api/routes.py + api/auth.py pls", T + "read-many"),
    Case("I want to compare the two, so please show me both parser.py and lexer.py.",
         T + "read-many"),
    Case("Lis utils.py et common.py.", T + "read-many", "fr"),
    Case("Lee main.py y cli.py, por favor.", T + "read-many", "es"),
    Case("Öffne bitte db.py und cache.py.", T + "read-many", "de"),
    # --- delete: a named file
    Case("Delete old_report.py, it's dead code.", T + "delete"),
    Case("please rm scratch_test.py", T + "delete"),
    Case("Could you remove the file legacy/compat.py? Nothing imports it anymore.",
         T + "delete"),
    Case("Nobody uses tmp_debug.py any more. Delete tmp_debug.py.", T + "delete"),
    Case("Pourriez-vous supprimer le fichier ancien_rapport.py ?", T + "delete", "fr"),
    Case("Borra el archivo viejo.py.", T + "delete", "es"),
    Case("Lösch bitte die Datei alt.py.", T + "delete", "de"),
    # --- docstring: a named function in a named file
    Case("slugify_title in text_utils.py has no docstring, could you add one?", T + "docstring"),
    Case("Document the function `merge_dicts` in dict_tools.py with a docstring.", T + "docstring"),
    Case("I'd like a docstring on parse_args in cli.py.", T + "docstring"),
    Case("add docstring to load_config (config/loader.py) thx", T + "docstring"),
    Case("Peux-tu add une docstring à `parse_row` dans csv_utils.py ?", T + "docstring", "fr"),
    Case("Ajoute une docstring à la fonction calcule_total dans panier.py.",
         T + "docstring", "fr"),
    Case("¿Podría añadir un docstring a la función valida_email en formularios.py?",
         T + "docstring", "es"),
    Case("Füge der Funktion berechne_summe in rechnung.py einen Docstring hinzu.",
         T + "docstring", "de"),
    # --- main-block
    Case("Make greet.py runnable from the command line with a main block.", T + "main-block"),
    Case('add an `if __name__ == "__main__":` block to cli_tool.py', T + "main-block"),
    Case("Could you give report.py an entry point so I can run it directly?", T + "main-block"),
    Case("Task for you:\n- file: notes_app.py\n- add a main block so it runs from the shell",
         T + "main-block"),
    Case("Ajoute un bloc main à demo.py.", T + "main-block", "fr"),
    Case("Añade un bloque main a script.py.", T + "main-block", "es"),
    Case("Füg in starter.py einen Main-Block hinzu.", T + "main-block", "de"),
    # --- change-default: a function's default in a named file
    Case("In http_client.py, change the default retries of send_request from 3 to 5.",
         T + "change-default"),
    Case("The default `timeout` of connect() in net/socket_utils.py should be 10 instead "
         "of 30.", T + "change-default"),
    Case("Set the default page_size of paginate in views.py to 100.", T + "change-default"),
    Case("in templates.py, render's default indent should be 4, not 2", T + "change-default"),
    Case("Dans mailer.py, change la valeur par défaut de port dans send_mail de 25 à 587.",
         T + "change-default", "fr"),
    Case("En db.py cambia el valor por defecto de pool_size en connect de 5 a 10.",
         T + "change-default", "es"),
    Case("Ändere in cache.py den Standardwert von ttl in store von 60 auf 300.",
         T + "change-default", "de"),
    # --- add-function: a named function in a named file
    Case("Add a `divide` function to calc.py.", T + "add-function"),
    Case("math_extra.py needs a multiply function.", T + "add-function"),
    Case("I'd like a function called `square` in numbers.py.", T + "add-function"),
    Case("Could you implement a subtract function in arithmetic.py? thx 🙂", T + "add-function"),
    Case("Ajoute une fonction multiply dans operations.py.", T + "add-function", "fr"),
    Case("Añade una función divide a calculos.py.", T + "add-function", "es"),
    Case("Füge eine Funktion multiply zu rechner.py hinzu.", T + "add-function", "de"),
    # --- create: a new file with a function that prints a text
    Case("Create welcome.py with a function that prints 'Welcome aboard!'", T + "create"),
    Case('new file banner.py pls, with a function printing "Hello from the banner"',
         T + "create"),
    Case("Could you write a hello world script called hi.py?", T + "create"),
    Case('I need a file goodbye.py whose function prints "See you soon".', T + "create"),
    Case("Crée un fichier salut.py avec une fonction qui affiche « Bonjour tout le monde ».",
         T + "create", "fr"),
    Case("Crea hola.py con una función que imprima 'Hola, mundo'.", T + "create", "es"),
    Case("Erstelle gruss.py mit einer Funktion, die „Guten Tag“ ausgibt.", T + "create", "de"),
    # --- remember: a note for later
    Case("Remember that we deploy on Fridays only.", T + "remember"),
    Case("Please note that the staging database is read-only.", T + "remember"),
    Case("keep in mind that all timestamps are UTC", T + "remember"),
    Case("For the rest of our chat, remember that I prefer tabs over spaces.", T + "remember"),
    Case("Retiens que la branche principale s'appelle trunk.", T + "remember", "fr"),
    Case("Recuerda que el servidor usa Python 3.11.", T + "remember", "es"),
    Case("Merk dir bitte, dass wir Black für die Formatierung nutzen.", T + "remember", "de"),
    # --- module-summary: SUMMARY.md, one line per module of a package
    Case("Write SUMMARY.md with one line for each module of the `billing` package.",
         T + "module-summary"),
    Case("Could you document the modules of the inventory package in a SUMMARY.md file, one "
         "line per module?", T + "module-summary"),
    Case("Summarize every module in the analytics package into SUMMARY.md (what it's for and "
         "the functions it defines).", T + "module-summary"),
    Case("create a SUMMARY.md with a line per module of the shipping package",
         T + "module-summary"),
    Case("Écris SUMMARY.md avec une ligne par module du paquet reporting.",
         T + "module-summary", "fr"),
    Case("Escribe SUMMARY.md con una línea por cada módulo del paquete ventas.",
         T + "module-summary", "es"),
    Case("Schreib SUMMARY.md mit einer Zeile pro Modul des Pakets lager.",
         T + "module-summary", "de"),
    # --- research: where a name is defined and used
    Case("Where is `compute_hash` defined, and who calls it?", T + "research"),
    Case("track down where parse_token is used in the project", T + "research"),
    Case("I need to know where the class CartStore is defined.", T + "research"),
    Case("where's retry_policy referenced?", T + "research"),
    Case("Où est définie la fonction format_date, et où est-elle utilisée ?",
         T + "research", "fr"),
    Case("¿Dónde se define validate_order y dónde se usa?", T + "research", "es"),
    Case("Wo wird send_alert definiert und wo wird es verwendet?", T + "research", "de"),
    # --- near misses: the past, someone else, a hypothesis or the future, a negation
    Case("I already ran the tests this morning, all green.", None),
    Case("My colleague is going to summarize every file tomorrow.", None),
    Case("Don't run the tests yet, I'm still editing.", None),
    Case("Do not delete config.py under any circumstances.", None),
    Case("Did you create hello.py earlier?", None),
    Case("Yesterday I emptied cache.py by accident.", None),
    Case("We will probably need a README at some point.", None),
    Case("I fixed the failing test myself, so never mind.", None),
    Case("Lisa will add the docstrings later this week.", None),
    Case("If the build breaks again we might have to rename the module.", None),
    Case("If I were you I wouldn't rename anything right now.", None),
    Case("Do not empty notes.py, I still need what's in it.", None),
    Case("Never mind, I'll delete it myself.", None),
    Case("The tests passed on CI, so we're fine.", None),
    Case("Remember when we broke prod last year? Good times.", None),
    # --- near misses: a task's verb on something the tutor has no task for
    Case("Run the linter on app.py.", None),
    Case("Delete the last commit.", None),
    Case("Summarize this blog post for me: it's about event sourcing.", None),
    Case("Create a Jira ticket for the login bug.", None),
    Case("Add me to the reviewers list.", None),
    Case("Write a haiku about unit tests.", None),
    Case("Set up a meeting with the team for Monday.", None),
    Case("List the pros and cons of tabs versus spaces.", None),
    Case("Can you read my mind?", None),
    # --- near misses: how-to and general questions
    Case("How does pytest discover test files?", None),
    Case("What's the best way to write a docstring for a generator?", None),
    Case("What is a main block for?", None),
    Case("Explain recursion to me like I'm five.", None),
    Case("What does CI stand for?", None),
    Case("Is the default timeout in client.py 30?", None),
    Case("What's the value of MAX_RETRIES in settings.py?", None),
    Case("How do I compact a SQLite database?", None),
    Case("Can Python functions have default arguments that are lists?", None),
    Case("How would you add a parameter to a function without breaking its callers?", None),
    Case("What is the difference between a module and a package?", None),
    Case("Why do my tests run so slowly?", None),
    Case("Where can I find good Python tutorials?", None),
    Case("Who wrote parser.py?", None),
    Case("Where is the office in Berlin?", None),
    Case("What time is it?", None),
    # --- near misses: opinions, thanks, chit-chat
    Case("Thanks, that's all for now!", None),
    Case("great job 👍", None),
    Case("I think the README is a bit too long, honestly.", None),
    Case("Should I add type hints to every function?", None),
    Case("Are TODO comments bad practice?", None),
    Case("I'd rather not have a main block in library modules.", None),
    Case("thx, that worked perfectly", None),
    Case("hi", None),
    Case("Is it bad to keep an empty __init__.py around?", None),
    Case("Honestly, renaming things is the hardest part of programming.", None),
    # --- near misses in French
    Case("J'ai déjà lancé les tests ce matin, tout passe.", None, "fr"),
    Case("Mon collègue va résumer les fichiers demain.", None, "fr"),
    Case("Ne supprime pas main.py, j'en ai encore besoin.", None, "fr"),
    Case("Comment pytest trouve-t-il les tests ?", None, "fr"),
    Case("Merci beaucoup, c'est parfait !", None, "fr"),
    Case("C'est quoi une docstring, en fait ?", None, "fr"),
    Case("Si on a le temps, on renommera peut-être le module plus tard.", None, "fr"),
    Case("Je trouve que le README est trop long.", None, "fr"),
    Case("Où se trouve la gare la plus proche ?", None, "fr"),
    Case("Lance le linter sur app.py.", None, "fr"),
    # --- near misses in Spanish
    Case("Ya ejecuté las pruebas ayer y todo pasó.", None, "es"),
    Case("Mi compañera va a escribir el README la semana que viene.", None, "es"),
    Case("No borres nada todavía, por favor.", None, "es"),
    Case("¿Cómo se escribe un buen docstring?", None, "es"),
    Case("¡Gracias, eso es todo!", None, "es"),
    Case("¿Es malo tener un __init__.py vacío?", None, "es"),
    Case("Si falla otra vez, quizá tengamos que borrar el módulo.", None, "es"),
    Case("Creo que las pruebas son demasiado lentas.", None, "es"),
    Case("¿Dónde está la estación de tren?", None, "es"),
    Case("Resume este artículo sobre Kubernetes.", None, "es"),
    # --- near misses in German
    Case("Ich habe die Tests schon gestern laufen lassen.", None, "de"),
    Case("Mein Kollege fasst morgen alle Dateien zusammen.", None, "de"),
    Case("Lösch bitte noch nichts, ich bin noch dabei.", None, "de"),
    Case("Wie findet pytest eigentlich die Tests?", None, "de"),
    Case("Danke, das war's schon!", None, "de"),
    Case("Was ist ein Docstring?", None, "de"),
    Case("Falls es nochmal kracht, benennen wir die Funktion vielleicht um.", None, "de"),
    Case("Ich finde die README ehrlich gesagt zu lang.", None, "de"),
    Case("Wo ist hier der nächste Bäcker?", None, "de"),
    Case("Starte bitte den Linter.", None, "de"),
)
