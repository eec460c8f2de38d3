"""A third cold batch of requests for the offline tutor: phrasings of its tasks and near
misses, in English, French, Spanish and German, written as students and developers type them.

Written from the documentation only: docs/TUTOR-SCRIPT.md's section "Tasks" (its account of
the matcher and the generated summary of the tasks there: each one's verbs, objects, slots,
route and near misses) and a skim of docs/TUTOR.md's requests, with the first lines of the
second cold batch for the format. The writer never read the intent table's source, the
request lexicon's source or the matcher's code, and the batch was committed before anything
ran on it. It is measured, never tuned on: its misses are not printed. The requests mix styles on purpose:
imperatives, questions that are requests ("could you ...?"), indirect requests ("the unit
tests need running"), a request after a sentence or two of context, code names in backticks
or quotes, typos and "pls", missing accents, formal "vous" / "usted" / "Sie" beside informal
forms, very short and long requests. Its near misses look like a task but are not one: a
task's words about the past, about someone else, in a hypothesis or the future, under a
negation, a task's verb on an object the tutor has no task for, general how-to questions,
questions about the code that no task answers, opinions, thanks and small talk.

Same format as request_corpus_cold2.py: `route` is "family:<name>" or "task:<name>", or None
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
    # --- add-parameter: a new parameter with its default on a function in a file
    Case("export_rows in exporters.py needs a new parameter `delimiter` with default ',' "
         "and every caller should pass delimiter=';'.", F + "add-parameter"),
    Case("Could you add an argument max_items (default 100) to `paginate` in api/pages.py? "
         "All the existing calls should pass max_items=20.", F + "add-parameter"),
    Case("we keep hardcoding the encoding everywhere. add a param encoding='utf-8' to "
         "read_text in io_helpers.py and pass encoding='latin-1' at every call",
         F + "add-parameter"),
    Case("Please give schedule_job in cron/jobs.py an extra parameter priority, defaulting "
         "to 0, and pass priority=1 wherever it is called.", F + "add-parameter"),
    Case("Dans notify.py, ajoute à la fonction `send_alert` un paramètre silent avec la valeur "
         "par défaut False, et passe silent=True à tous les appels.", F + "add-parameter", "fr"),
    Case("¿Podrías agregar el parámetro precision con valor por defecto 2 a la función "
         "redondear en finanzas.py y pasar precision=4 en todas las llamadas?",
         F + "add-parameter", "es"),
    Case("Könnten Sie der Funktion export_pdf in berichte.py einen Parameter landscape mit dem "
         "Standardwert False hinzufügen und bei allen Aufrufen landscape=True übergeben?",
         F + "add-parameter", "de"),
    # --- ambiguous: a parameter and a value, with no file and no function named
    Case("bump the timeout to 90", F + "ambiguous"),
    Case("Could you set the default port to 8443?", F + "ambiguous"),
    Case("I need the batch_size changed to 128.", F + "ambiguous"),
    Case("lower the threshold to 0.5 pls", F + "ambiguous"),
    Case("Mets le timeout à 120, s'il te plaît.", F + "ambiguous", "fr"),
    Case("Cambie el puerto por defecto a 3000, por favor.", F + "ambiguous", "es"),
    Case("Setz bitte den Timeout auf 45.", F + "ambiguous", "de"),
    # --- big-module-value: a constant in one file set to a new value
    Case("In settings/limits.py, raise MAX_UPLOAD_MB from 10 to 25.", F + "big-module-value"),
    Case("`CACHE_TTL` in cache_cfg.py should be 600 instead of 300.", F + "big-module-value"),
    Case("Could you update DEFAULT_LOCALE in i18n.py to 'fr_FR'?", F + "big-module-value"),
    Case("the workers are starving. set POOL_SIZE in db/pool.py to 16 (it's 4 now)",
         F + "big-module-value"),
    Case("Dans constants.py, change la valeur de MAX_RETRIES de 3 à 5.",
         F + "big-module-value", "fr"),
    Case("En config_red.py, cambia TIMEOUT_MS de 500 a 1500.", F + "big-module-value", "es"),
    Case("Ändere BATCH_LIMIT in import_job.py von 1000 auf 5000.", F + "big-module-value", "de"),
    # --- copy-value: a constant made the same in one file as in another
    Case("MAX_BODY_SIZE in proxy.py should use the value from upstream.py.", F + "copy-value"),
    Case("Copy the value of API_VERSION from backend/const.py into frontend/const.py.",
         F + "copy-value"),
    Case("Could you set RATE_LIMIT in worker.py to the same value as in scheduler.py?",
         F + "copy-value"),
    Case("The upload and the download break when their chunks differ. Take CHUNK_SIZE from "
         "uploader.py and use it in downloader.py too.", F + "copy-value"),
    Case("Mets TIMEOUT_S dans client.py à la même valeur que dans serveur.py.",
         F + "copy-value", "fr"),
    Case("Haz que BUFFER_LEN en lector.py tenga el mismo valor que en escritor.py.",
         F + "copy-value", "es"),
    Case("Übernimm den Wert von MAX_ROWS aus export.py in import.py.", F + "copy-value", "de"),
    # --- create-readme: a README for the project
    Case("This repo still has no README. Could you write one for it?", F + "create-readme"),
    Case("generate a README.md for the project pls", F + "create-readme"),
    Case("I'd like a README for this codebase.", F + "create-readme"),
    Case("Create a README file that describes what this project does.", F + "create-readme"),
    Case("Peux-tu créer un README pour ce projet ?", F + "create-readme", "fr"),
    Case("Escribe un README para el proyecto.", F + "create-readme", "es"),
    Case("Erstell bitte eine README für dieses Projekt.", F + "create-readme", "de"),
    # --- explain-function: what a function or a module does
    Case("What does `merge_intervals` in algos/intervals.py do?", F + "explain-function"),
    Case("walk me through the retry_with_backoff function in net/retry.py",
         F + "explain-function"),
    Case("I'm new on this team and lost. What is scheduler.py for?", F + "explain-function"),
    Case("Explain what build_graph in deps.py does, please.", F + "explain-function"),
    Case("Tu peux m'expliquer ce que fait la fonction `normaliser` dans texte.py ?",
         F + "explain-function", "fr"),
    Case("¿Qué hace la función validar_rut en validadores.py?", F + "explain-function", "es"),
    Case("Was macht die Funktion tokenize in lexer.py?", F + "explain-function", "de"),
    # --- fix-failing-test: a test fails, the code is to be fixed
    Case("test_discount in tests/test_cart.py has been failing since my last commit. Fix the "
         "code, not the test.", F + "fix-failing-test"),
    Case("One of our tests is red. Please fix it.", F + "fix-failing-test"),
    Case("there's a failing test, can u fix the bug that breaks it?", F + "fix-failing-test"),
    Case("After the refactor a test fails; please repair the code so that it passes again.",
         F + "fix-failing-test"),
    Case("Un test échoue depuis ce matin. Corrige le code s'il te plaît, sans modifier le test.",
         F + "fix-failing-test", "fr"),
    Case("Hay una prueba que falla. ¿Puedes arreglar el código?", F + "fix-failing-test", "es"),
    Case("Ein Test schlägt fehl, bitte reparieren Sie den Code und nicht den Test.",
         F + "fix-failing-test", "de"),
    # --- list-todos: the TODO comments, in a file or the whole project
    Case("List every TODO in scheduler.py.", F + "list-todos"),
    Case("are there any TODOs left in the project?", F + "list-todos"),
    Case("Can you find all the TODO comments in the codebase?", F + "list-todos"),
    Case("cna you show me the TODOs in `payments/stripe_hooks.py`", F + "list-todos"),
    Case("Liste tous les TODO du projet.", F + "list-todos", "fr"),
    Case("Muéstrame los TODO que quedan en parser.py.", F + "list-todos", "es"),
    Case("Gibt es noch TODOs in utils.py?", F + "list-todos", "de"),
    # --- refuse-empty: a file to be emptied (the tutor declines)
    Case("Empty legacy_views.py.", F + "refuse-empty"),
    Case("Please wipe everything in draft_notes.md.", F + "refuse-empty"),
    Case("clear out the contents of cache_dump.json", F + "refuse-empty"),
    Case("Could you blank out old_settings.py? I want to start it over from scratch.",
         F + "refuse-empty"),
    Case("Vide le fichier essai_vieux.py.", F + "refuse-empty", "fr"),
    Case("Vacía el archivo temporal.py, por favor.", F + "refuse-empty", "es"),
    Case("Leere bitte die Datei scratch.py.", F + "refuse-empty", "de"),
    # --- rename: a function renamed everywhere
    Case("Rename calc_total to compute_total everywhere.", F + "rename"),
    Case("`fetchData` should be renamed to `fetch_data` across the codebase.", F + "rename"),
    Case("Could you rename the function get_usr to get_user? It's used in a few modules.",
         F + "rename"),
    Case("I'd like the function mk_dir renamed to make_directory.", F + "rename"),
    Case("Renomme la fonction `chk` en `check_input` partout.", F + "rename", "fr"),
    Case("Renombra la función procesar a procesar_pedido en todo el proyecto.",
         F + "rename", "es"),
    Case("Benenne die Funktion berechne überall in berechne_summe um.", F + "rename", "de"),
    # --- compact: a summary of the conversation
    Case("Please summarize the conversation up to now.", T + "compact"),
    Case("compact the chat history pls, it's getting long", T + "compact"),
    Case("Condense this transcript into the key decisions for whoever picks this up next.",
         T + "compact"),
    Case("Before I log off, give me a summary of the conversation so far.", T + "compact"),
    Case("Résume notre conversation jusqu'ici.", T + "compact", "fr"),
    Case("Resume la conversacion hasta ahora, por favor.", T + "compact", "es"),
    Case("Fass unser Gespräch bisher kurz zusammen.", T + "compact", "de"),
    # --- explain-tool: what one of the agent's tools does
    Case("What does the search_file tool do?", T + "explain-tool"),
    Case("How do I use the read_lines tool?", T + "explain-tool"),
    Case("Explain the `edit_file` tool to me.", T + "explain-tool"),
    Case("À quoi sert l'outil list_files ?", T + "explain-tool", "fr"),
    Case("¿Qué hace la herramienta `edit_file`?", T + "explain-tool", "es"),
    Case("Was macht das Tool read_lines?", T + "explain-tool", "de"),
    # --- run-tests: run the project's tests
    Case("run the tests pls", T + "run-tests"),
    Case("Could you kick off the test suite and tell me what fails?", T + "run-tests"),
    Case("I changed the parser, so the unit tests need running.", T + "run-tests"),
    Case("Execute pytest on the project, please.", T + "run-tests"),
    Case("Pourriez-vous lancer les tests ?", T + "run-tests", "fr"),
    Case("¿Puede ejecutar las pruebas, por favor?", T + "run-tests", "es"),
    Case("Führen Sie bitte die Unit-Tests aus.", T + "run-tests", "de"),
    # --- summarize: one summary line per file of the project
    Case("Summarize every file in this repo.", T + "summarize"),
    Case("Could you give me a summary of each file in the codebase?", T + "summarize"),
    Case("I just cloned this project and I'm lost, a short summary of all the files would "
         "help a lot.", T + "summarize"),
    Case("summarise the project for me, file by file", T + "summarize"),
    Case("Resume chaque fichier du projet, s'il vous plait.", T + "summarize", "fr"),
    Case("Resume todos los archivos del repositorio.", T + "summarize", "es"),
    Case("Fass bitte alle Dateien im Projekt zusammen.", T + "summarize", "de"),
    # --- list: the project's files
    Case("Which files are in this project?", T + "list"),
    Case("list the files", T + "list"),
    Case("Give me a list of every file in the repo.", T + "list"),
    Case("What files do we have here? Just the names, please.", T + "list"),
    Case("Quels fichiers y a-t-il dans ce projet ?", T + "list", "fr"),
    Case("¿Qué archivos hay en el proyecto?", T + "list", "es"),
    Case("Welche Dateien hat das Projekt?", T + "list", "de"),
    # --- read-many: two or more files read
    Case("Open `models.py` and `views.py`.", T + "read-many"),
    Case("Can you have a look at routes.py, auth.py and db.py?", T + "read-many"),
    Case("read config/base.py and config/prod.py please", T + "read-many"),
    Case("Before we change anything, read parser.py and lexer.py so you know the code.",
         T + "read-many"),
    Case("Lis `cli.py` et `commands.py`, s'il te plaît.", T + "read-many", "fr"),
    Case("Lee main.py y helpers.py.", T + "read-many", "es"),
    Case("Lies bitte app.py und db.py.", T + "read-many", "de"),
    # --- delete: a file to be deleted (the tutor explains it cannot)
    Case("Delete old_main.py.", T + "delete"),
    Case("rm scratch_test.py", T + "delete"),
    Case("We don't use it anymore, so please remove the file legacy/adapter.py.", T + "delete"),
    Case("Could you get rid of tmp_dump.py?", T + "delete"),
    Case("Supprime le fichier ancien_script.py.", T + "delete", "fr"),
    Case("Borra viejo.py, por favor.", T + "delete", "es"),
    Case("Loesch bitte die Datei alt_backup.py.", T + "delete", "de"),
    # --- docstring: a docstring on a function, or on every function of a file
    Case("Write a docstring for `parse_date` in dates.py.", T + "docstring"),
    Case("slugify_title in text_tools.py needs a docstring.", T + "docstring"),
    Case("Please document every function in helpers.py with a docstring.", T + "docstring"),
    Case("I'd like a docstring on load_users in users.py.", T + "docstring"),
    Case("Ajoute une docstring à la fonction `fusionner` dans tri.py.", T + "docstring", "fr"),
    Case("Añade un docstring a la función area en geometria.py.", T + "docstring", "es"),
    Case("Füg der Funktion `parse` in reader.py einen Docstring hinzu.", T + "docstring", "de"),
    # --- main-block: an `if __name__ == "__main__":` block
    Case("Add a main block to cli_tool.py.", T + "main-block"),
    Case("make report.py runnable as a script", T + "main-block"),
    Case('Give hello_app.py an `if __name__ == "__main__":` guard.', T + "main-block"),
    Case("Could you put an entry point in batch_runner.py?", T + "main-block"),
    Case("Ajoute un bloc main à script_export.py.", T + "main-block", "fr"),
    Case("Agrega un bloque main a ejecutor.py.", T + "main-block", "es"),
    Case("Kannst du in starter.py einen Main-Block einfügen?", T + "main-block", "de"),
    # --- change-default: a parameter's default in a named function and file
    Case("In net.py, change the default retries of fetch_url from 3 to 5.", T + "change-default"),
    Case("set connect's default port to 5433 in db/conn.py", T + "change-default"),
    Case("Could you make the default timeout of `download` in fetcher.py 120 instead of 30?",
         T + "change-default"),
    Case("In templates.py, render_page's page_size should default to 50 instead of 20.",
         T + "change-default"),
    Case("Dans client.py, change la valeur par défaut de timeout dans la fonction request "
         "de 10 à 20.", T + "change-default", "fr"),
    Case("En cache.py, cambia el valor por defecto de ttl de la función guardar de 60 a 300.",
         T + "change-default", "es"),
    Case("Ändere in pager.py den Standardwert von page_size der Funktion paginate von 20 "
         "auf 50.", T + "change-default", "de"),
    # --- add-function: a new function in an existing file
    Case("Add a `divide` function to calc.py.", T + "add-function"),
    Case("I'd like a subtract function added to ops.py.", T + "add-function"),
    Case("write a funtion called average in stats_utils.py", T + "add-function"),
    Case("math_helpers.py needs a multiply function.", T + "add-function"),
    Case("Ajoute une fonction multiply à arith.py.", T + "add-function", "fr"),
    Case("Añade una función `divide` a calculadora.py.", T + "add-function", "es"),
    Case("Füge mathe.py eine Funktion multiply hinzu.", T + "add-function", "de"),
    # --- create: a new file with a small function
    Case("Create greet.py with a function that prints 'Good morning'.", T + "create"),
    Case("make a new file hi.js with a hello world", T + "create"),
    Case("Write a hello world program and save it as hello_world.py.", T + "create"),
    Case("I need a new file welcome.py with a function that prints 'Welcome!'", T + "create"),
    Case("Crée un fichier bonjour.py avec une fonction qui affiche « Bonjour ».",
         T + "create", "fr"),
    Case("Crea el archivo hola.py con una función que imprima hola mundo.", T + "create", "es"),
    Case("Erstelle hallo.py mit einer Funktion, die 'Hallo Welt' ausgibt.", T + "create", "de"),
    # --- remember: a note to keep
    Case("Please remember that our main branch is called trunk.", T + "remember"),
    Case("Note: we only deploy on Fridays.", T + "remember"),
    Case("Keep in mind that staging still runs Python 3.10.", T + "remember"),
    Case("remember that i prefer tabs over spaces", T + "remember"),
    Case("Souviens-toi que le projet utilise Django 4.", T + "remember", "fr"),
    Case("Recuerda que usamos black para formatear el código.", T + "remember", "es"),
    Case("Merk dir, dass wir Python 3.12 verwenden.", T + "remember", "de"),
    # --- module-summary: SUMMARY.md with one line per module of a package
    Case("Create SUMMARY.md with one line per module in the billing package.",
         T + "module-summary"),
    Case("Go through every module of the `shipping` package and write SUMMARY.md: one line "
         "for each module saying what it does and which functions it defines.",
         T + "module-summary"),
    Case("write SUMMARY.md summarizing each module in the inventory package, one line each",
         T + "module-summary"),
    Case("Écris SUMMARY.md avec une ligne par module du paquet `payments`.",
         T + "module-summary", "fr"),
    Case("Escribe SUMMARY.md con una línea por cada módulo del paquete inventario.",
         T + "module-summary", "es"),
    Case("Erstelle SUMMARY.md mit einer Zeile für jedes Modul im Paket orders.",
         T + "module-summary", "de"),
    # --- research: where a name is defined and used
    Case("Where is `load_config` defined, and who calls it?", T + "research"),
    Case("Find where parse_args is defined and every place it's used.", T + "research"),
    Case("Which files import TokenCache?", T + "research"),
    Case("quick question: where's retry_policy used?", T + "research"),
    Case("Où est définie la fonction `hash_pw`, et où est-elle utilisée ?", T + "research", "fr"),
    Case("¿Dónde está definida calcular_iva y dónde se usa?", T + "research", "es"),
    Case("Wo ist get_session definiert und wo wird es verwendet?", T + "research", "de"),
    # --- near misses: a task's words about the past
    Case("I already ran the tests this morning and they all passed.", None),
    Case("Yesterday I accidentally deleted old_main.py, but git brought it back.", None),
    Case("We renamed fetch to fetch_all last sprint.", None),
    Case("Did you already add a docstring to parse_date?", None),
    Case("The README was written by the previous team.", None),
    Case("J'ai déjà lancé les tests hier soir.", None, "fr"),
    Case("Ayer borré el archivo viejo.py por error.", None, "es"),
    Case("Die Tests liefen gestern noch grün.", None, "de"),
    # --- near misses: about someone else
    Case("My colleague wants to empty the logs folder every night.", None),
    Case("Priya is summarizing the meeting notes for the team.", None),
    Case("Our CI runs the tests on every push.", None),
    Case("Mon collègue va renommer le module demain.", None, "fr"),
    Case("Mein Kollege will morgen die README schreiben.", None, "de"),
    # --- near misses: hypothetical, future, or given up
    Case("If the build breaks again, we might have to rename the whole module.", None),
    Case("Next week I'll write a README for this repo myself.", None),
    Case("Maybe one day we'll add a main block to every script.", None),
    Case("We were going to delete utils_old.py, but decided to keep it.", None),
    Case("Si falla algún test, lo arreglaré yo mañana.", None, "es"),
    # --- near misses: negated
    Case("Please don't run the tests yet, I'm still editing.", None),
    Case("Do not delete anything in this folder.", None),
    Case("No need to summarize the files, I know them well.", None),
    Case("Don't rename anything in api.py, other teams depend on it.", None),
    Case("Ne supprime aucun fichier, s'il te plaît.", None, "fr"),
    Case("No ejecutes las pruebas todavía, estoy cambiando código.", None, "es"),
    Case("Bitte lösch nichts in diesem Ordner.", None, "de"),
    # --- near misses: a task's verb on an object no task handles, or with nothing named
    Case("Summarize the plot of The Matrix in two sentences.", None),
    Case("Read me a bedtime story about a dragon.", None),
    Case("Delete my Slack account.", None),
    Case("Create a Jira ticket for the login bug.", None),
    Case("Write a cover letter for a junior developer job.", None),
    Case("Copy settings.py into the archive folder.", None),
    Case("Add milk and eggs to my shopping list.", None),
    Case("Empty the trash on my desktop.", None),
    Case("Where is the nearest train station?", None),
    Case("Remind me to water the plants at 5.", None),
    Case("Install the numpy package.", None),
    Case("Write a test that fails when the input list is empty.", None),
    Case("Add a TODO to parser.py about unicode handling.", None),
    Case("Rename it to clean_data.", None),
    Case("Set it to 42.", None),
    Case("Change the default shell on my laptop to zsh.", None),
    Case("Résume-moi l'intrigue des Misérables.", None, "fr"),
    Case("Escribe un poema sobre el mar.", None, "es"),
    Case("Fass mir bitte den Film Inception zusammen.", None, "de"),
    # --- near misses: general how-to and definitions
    Case("How do I delete a folder with Python?", None),
    Case("What makes a good docstring?", None),
    Case("How do default arguments work in JavaScript?", None),
    Case("How do you run a single pytest test from the command line?", None),
    Case("What is a README usually for?", None),
    Case("What does TODO stand for?", None),
    Case("What's the difference between a module and a package?", None),
    Case("Why should scripts have an if __name__ == '__main__' block?", None),
    Case("What is a function in Python?", None),
    Case("How do I rename a git branch?", None),
    Case("Comment supprimer un dossier en Python ?", None, "fr"),
    Case("C'est quoi une docstring ?", None, "fr"),
    Case("¿Cómo se escribe un buen README?", None, "es"),
    Case("¿Qué es un parámetro por defecto?", None, "es"),
    Case("Wie benennt man in Git einen Branch um?", None, "de"),
    # --- near misses: questions about the code that no task answers
    Case("Is notes.txt empty?", None),
    Case("Are PAGE_SIZE in web.py and PAGE_SIZE in api.py the same?", None),
    Case("What is the default port?", None),
    # --- near misses: opinions
    Case("Is pytest better than unittest, in your opinion?", None),
    Case("I think our function names are way too long.", None),
    Case("Honestly, docstrings feel like a waste of time to me.", None),
    Case("Ist pytest besser als unittest?", None, "de"),
    # --- near misses: thanks and small talk
    Case("Thanks, that's perfect!", None),
    Case("thx a lot, that was quick", None),
    Case("Hi there!", None),
    Case("How's your day going?", None),
    Case("Good night, see you tomorrow.", None),
    Case("Merci beaucoup, c'est parfait !", None, "fr"),
    Case("Bonjour ! Comment ça va ?", None, "fr"),
    Case("¡Gracias, eso es todo!", None, "es"),
    Case("Hola, ¿qué tal?", None, "es"),
    Case("Danke, passt so!", None, "de"),
    Case("Guten Morgen!", None, "de"),
)
