"""A probe batch of requests for the offline tutor, in styles the earlier batches lack: passive
and indirect requests ("The tests should be run now."), German and French infinitive commands
("Bitte die Tests ausführen.", "Lancer les tests."), requests after sentences of context, code
names in backticks, markdown bullets, the formal address (vous, usted, Sie), missing accents,
typos, a closing "thx" or emoji, and a few requests that mix two languages. Its near misses
are a task's words in the past, in a negation, with someone else as the subject, in a
hypothesis or in a general how-to question, a task's verb on something the tutor has no task
for, and thanks.

Written from the intent table's rows and their near misses (docs/TUTOR-SCRIPT.md) and
committed before anything ran on it, to measure whether the matcher generalises rather than
fits. Same format as request_corpus_cold.py; names of files, functions and constants are made
up. A request that mixes languages is labelled with its language other than English.

First contact and later figures: tests/tutor/test_probe_batch.py.
"""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    text: str
    route: str | None  # "family:<name>", "task:<name>", or None for a near miss
    lang: str = "en"


F, T = "family:", "task:"

CASES: tuple[Case, ...] = (
    # --- explain-tool (checkpoint 04 offers list_files, search_file, read_lines, edit_file)
    Case("What is the `read_lines` tool for?", T + "explain-tool"),
    Case("Can someone explain to me what `search_file` does? thx", T + "explain-tool"),
    Case("- what does list_files do", T + "explain-tool"),
    Case("Pourriez-vous m'expliquer à quoi sert l'outil edit_file ?", T + "explain-tool", "fr"),
    Case("Que fait l'outil search_file", T + "explain-tool", "fr"),
    Case("¿Para qué sirve la herramienta read_lines?", T + "explain-tool", "es"),
    Case("Was macht das Tool list_files genau?", T + "explain-tool", "de"),
    # --- run-tests
    Case("The tests should be run now, please.", T + "run-tests"),
    Case("I've just refactored the parser and moved two helpers around. I'm not sure nothing broke. "
         "Run the tests?", T + "run-tests"),
    Case("- run the test suite", T + "run-tests"),
    Case("Can the tests be run once more? 🙏", T + "run-tests"),
    Case("run the tets pls thx", T + "run-tests"),
    Case("Bitte die Tests ausführen.", T + "run-tests", "de"),
    Case("Könnten Sie bitte die Tests ausführen?", T + "run-tests", "de"),
    Case("Lancer les tests, merci.", T + "run-tests", "fr"),
    Case("Pourriez-vous exécuter les tests ?", T + "run-tests", "fr"),
    Case("Lance les tests stp 🙂", T + "run-tests", "fr"),
    Case("¿Podría ejecutar las pruebas, por favor?", T + "run-tests", "es"),
    Case("Ejecutar los tests porfa", T + "run-tests", "es"),
    Case("run the tests por favor", T + "run-tests", "es"),
    # --- summarize (every file of the project)
    Case("I'd appreciate a short summary of every file in the project.", T + "summarize"),
    Case("It would help me a lot if each file in this repo were summarized.", T + "summarize"),
    Case("New here. I joined the team on Monday and have no idea what's where. Summarize all the "
         "files for me?", T + "summarize"),
    Case("Résumer chaque fichier du projet, s'il vous plaît.", T + "summarize", "fr"),
    Case("Podria resumir todos los archivos del proyecto?", T + "summarize", "es"),
    Case("Bitte alle Dateien des Projekts zusammenfassen.", T + "summarize", "de"),
    Case("Fassen Sie bitte jede Datei im Projekt zusammen.", T + "summarize", "de"),
    # --- list
    Case("What files does this repo contain?", T + "list"),
    Case("I'd like to see the list of files.", T + "list"),
    Case("- list the files", T + "list"),
    Case("which files r in here? thx", T + "list"),
    Case("Pouvez-vous lister les fichiers du projet ?", T + "list", "fr"),
    Case("Quels fichiers y a-t-il dans le dossier ?", T + "list", "fr"),
    Case("¿Qué archivos hay en el proyecto?", T + "list", "es"),
    Case("Zeigen Sie mir bitte die Dateien im Projekt.", T + "list", "de"),
    Case("Welche Dateien enthält das Projekt?", T + "list", "de"),
    # --- read-many
    Case("Please open `config.py` and `loader.py`.", T + "read-many"),
    Case("Both settings.py and routes.py need to be read before we start.", T + "read-many"),
    Case("I'm trying to understand the login flow. It spans a couple of modules. Read session.py "
         "and tokens.py.", T + "read-many"),
    Case("can u read parse.py and emit.py thx", T + "read-many"),
    Case("Lire app.py et db.py, svp.", T + "read-many", "fr"),
    Case("Lis `core.py` et `util.py` stp", T + "read-many", "fr"),
    Case("¿Podría abrir modelos.py y vistas.py?", T + "read-many", "es"),
    Case("Bitte lies store.py und cache.py.", T + "read-many", "de"),
    Case("Öffnen Sie bitte main.py und cli.py.", T + "read-many", "de"),
    # --- delete
    Case("`old_main.py` is obsolete, please delete it.", T + "delete"),
    Case("Could old_helpers.py be deleted?", T + "delete"),
    Case("- delete tmp_notes.py", T + "delete"),
    Case("please delte unused.py thx", T + "delete"),
    Case("Supprimez le fichier ancien.py, s'il vous plaît.", T + "delete", "fr"),
    Case("Borre el archivo viejo_test.py, por favor.", T + "delete", "es"),
    Case("Bitte die Datei alt_code.py löschen.", T + "delete", "de"),
    Case("Löschen Sie bitte tmp.py.", T + "delete", "de"),
    # --- docstring
    Case("The function `parse_row` in `csv_tools.py` has no docstring yet. Please add one.", T + "docstring"),
    Case("A docstring should be added to compute_total in cart.py.", T + "docstring"),
    Case("- add a docstring to load_user in users.py", T + "docstring"),
    Case("add a docstirng to fmt_date in dates.py pls", T + "docstring"),
    Case("I was reading through geo.py and noticed distance() isn't documented. Could you give it a "
         "docstring?", T + "docstring"),
    Case("Ajoutez une docstring à la fonction nettoyer dans texte.py, s'il vous plaît.", T + "docstring", "fr"),
    Case("Ajouter une docstring a la fonction valider dans forme.py", T + "docstring", "fr"),
    Case("Agregue un docstring a la función sumar en calc.py.", T + "docstring", "es"),
    Case("Bitte der Funktion parse in reader.py einen Docstring hinzufügen.", T + "docstring", "de"),
    Case("Fügen Sie der Funktion lade in daten.py bitte einen Docstring hinzu.", T + "docstring", "de"),
    # --- main-block
    Case("Add a `__main__` block to `cli.py`.", T + "main-block"),
    Case("A main block should be added to runner.py.", T + "main-block"),
    Case("I want to call sync.py directly with python sync.py. Please add a main block to it.", T + "main-block"),
    Case("add a main blok to tool.py", T + "main-block"),
    Case("Ajoutez un bloc main à serveur.py.", T + "main-block", "fr"),
    Case("Agrega un bloque main a script.py por favor", T + "main-block", "es"),
    Case("Füge bitte einen Main-Block zu start.py hinzu.", T + "main-block", "de"),
    Case("Bitte einen main-Block in job.py einfügen.", T + "main-block", "de"),
    # --- change-default
    Case("In `http.py`, the default `timeout` of `get` should be changed from 5 to 15.", T + "change-default"),
    Case("connect() in net.py: change the default retries from 3 to 4", T + "change-default"),
    Case("Please set the default limit of search in index.py to 50.", T + "change-default"),
    Case("Dans api.py, changez la valeur par défaut de timeout de la fonction call de 10 à 20.",
         T + "change-default", "fr"),
    Case("En db.py, cambie el valor por defecto de pool en connect de 5 a 10.", T + "change-default", "es"),
    Case("Ändern Sie in web.py den Standardwert von port in serve von 80 auf 8080.", T + "change-default", "de"),
    Case("In web.py bitte den Standardwert von delay in wait von 1 auf 2 ändern.", T + "change-default", "de"),
    # --- ambiguous (a default changed without saying where)
    Case("The default timeout should be 20.", F + "ambiguous"),
    Case("set default retries to 3 thx", F + "ambiguous"),
    Case("Mettez le timeout par défaut à 30.", F + "ambiguous", "fr"),
    Case("Cambie el timeout por defecto a 15.", F + "ambiguous", "es"),
    Case("Setzen Sie den Standard-Timeout auf 12.", F + "ambiguous", "de"),
    # --- big-module-value
    Case("In `settings.py`, `MAX_WORKERS` should be 8.", F + "big-module-value"),
    Case("MAX_ITEMS in limits.py needs to be changed from 100 to 200.", F + "big-module-value"),
    Case("- set PAGE_LIMIT in conf.py to 25", F + "big-module-value"),
    Case("Dans config.py, mettez MAX_SIZE à 1024.", F + "big-module-value", "fr"),
    Case("En limites.py, cambie MAX_FILAS a 500.", F + "big-module-value", "es"),
    Case("Setzen Sie in konfig.py MAX_LOGS auf 30.", F + "big-module-value", "de"),
    Case("Bitte in konfig.py TIMEOUT_S auf 60 setzen.", F + "big-module-value", "de"),
    # --- copy-value
    Case("`RETRY_LIMIT` in worker.py should match the one in api.py.", F + "copy-value"),
    Case("Copy the value of DB_NAME from prod.py into test.py.", F + "copy-value"),
    Case("Copiez la valeur de HOST de prod.py dans local.py.", F + "copy-value", "fr"),
    Case("Copia el valor de PUERTO de base.py a dev.py.", F + "copy-value", "es"),
    Case("Kopieren Sie den Wert von TOKEN_TTL aus auth.py nach api.py.", F + "copy-value", "de"),
    # --- create-readme
    Case("A README should be written for this repo.", F + "create-readme"),
    Case("The project has no docs at all. New people keep asking me how to run it. Could you write a "
         "README?", F + "create-readme"),
    Case("- create a README", F + "create-readme"),
    Case("write a readme pls 🙏", F + "create-readme"),
    Case("Rédigez un README pour le projet, s'il vous plaît.", F + "create-readme", "fr"),
    Case("Escriba un README para este proyecto.", F + "create-readme", "es"),
    Case("Bitte eine README für das Projekt schreiben.", F + "create-readme", "de"),
    # --- explain-function
    Case("What does `merge_dicts` in `helpers.py` do?", F + "explain-function"),
    Case("I've been staring at tokenize() in lexer.py for an hour. It's full of regexes. Can you "
         "explain it?", F + "explain-function"),
    Case("could u explian what normalize in text.py does", F + "explain-function"),
    Case("Expliquez-moi la fonction calculer dans prix.py, s'il vous plaît.", F + "explain-function", "fr"),
    Case("Que fait la fonction parse_args dans cli.py ?", F + "explain-function", "fr"),
    Case("¿Podría explicarme qué hace la función ordenar en listas.py?", F + "explain-function", "es"),
    Case("Erklären Sie mir bitte die Funktion teile in mathe.py.", F + "explain-function", "de"),
    # --- fix-failing-test
    Case("A test is failing on main. Could it be fixed?", F + "fix-failing-test"),
    Case("test_login keeps failing since this morning, pls fix thx", F + "fix-failing-test"),
    Case("Un test échoue. Pourriez-vous le corriger ?", F + "fix-failing-test", "fr"),
    Case("Hay una prueba que falla, arréglela por favor.", F + "fix-failing-test", "es"),
    Case("Ein Test schlägt fehl. Könnten Sie ihn bitte reparieren?", F + "fix-failing-test", "de"),
    Case("Bitte den fehlschlagenden Test reparieren.", F + "fix-failing-test", "de"),
    # --- list-todos
    Case("Which TODOs are still open in the codebase?", F + "list-todos"),
    Case("- find all TODOs", F + "list-todos"),
    Case("Are there any TODO comments in `jobs.py`?", F + "list-todos"),
    Case("Trouvez tous les TODO du projet.", F + "list-todos", "fr"),
    Case("Lista todos los TODO del código.", F + "list-todos", "es"),
    Case("Zeigen Sie mir alle TODOs im Projekt.", F + "list-todos", "de"),
    # --- refuse-empty
    Case("Please empty `scratch.py`.", F + "refuse-empty"),
    Case("All the contents of draft.py should be cleared.", F + "refuse-empty"),
    Case("Videz le fichier notes.py.", F + "refuse-empty", "fr"),
    Case("Vacíe el archivo borrador.py, por favor.", F + "refuse-empty", "es"),
    Case("Leere bitte die Datei temp.py.", F + "refuse-empty", "de"),
    # --- rename
    Case("Please rename `fetchData` to `fetch_data`.", F + "rename"),
    Case("The function calc should be renamed to compute.", F + "rename"),
    Case("rename proces to process_item thx", F + "rename"),
    Case("Renommez la fonction lire en load_text.", F + "rename", "fr"),
    Case("Renombre la función cargar a load_items.", F + "rename", "es"),
    Case("Benennen Sie die Funktion lade in load_all um.", F + "rename", "de"),
    # --- add-parameter
    Case("Add a `timeout` parameter to `fetch` in `net.py`, defaulting to 30.", F + "add-parameter"),
    Case("A verbose parameter should be added to build() in make.py.", F + "add-parameter"),
    Case("Ajoutez un paramètre retries à la fonction send dans mail.py.", F + "add-parameter", "fr"),
    Case("Agregue un parámetro debug a la función run en app.py.", F + "add-parameter", "es"),
    Case("Fügen Sie der Funktion sende in post.py einen Parameter eilig hinzu.", F + "add-parameter", "de"),
    # --- add-function
    Case("Please add a function `is_odd(n)` to `numbers.py`.", T + "add-function"),
    Case("A function clamp(x, lo, hi) should be added to mathx.py.", T + "add-function"),
    Case("- implement slug(text) in strs.py", T + "add-function"),
    Case("Ajoutez une fonction carre(x) dans calc.py.", T + "add-function", "fr"),
    Case("Agregue una función doble(n) a util.py.", T + "add-function", "es"),
    Case("Fügen Sie eine Funktion halbiere(x) zu rechnen.py hinzu.", T + "add-function", "de"),
    # --- create
    Case("Create `greet.py` with a function hello() that prints hi.", T + "create"),
    Case("A new file banner.py that prints welcome should be created.", T + "create"),
    Case("- create hi.py that prints hello world", T + "create"),
    Case("Créez un fichier bonjour.py qui affiche salut.", T + "create", "fr"),
    Case("Cree un archivo hola.py que imprima hola mundo.", T + "create", "es"),
    Case("Bitte eine neue Datei hallo.py mit einer Funktion gruss() anlegen.", T + "create", "de"),
    # --- remember
    Case("Please remember: deployments are frozen on Fridays.", T + "remember"),
    Case("For the rest of this session, remember that we use tabs.", T + "remember"),
    Case("Souvenez-vous que la branche principale s'appelle trunk.", T + "remember", "fr"),
    Case("Recuerde que usamos Python 3.11.", T + "remember", "es"),
    Case("Merken Sie sich, dass wir black benutzen.", T + "remember", "de"),
    # --- compact
    Case("Our conversation is getting very long. Please compact it.", T + "compact"),
    Case("Could the chat history be condensed?", T + "compact"),
    Case("Résumez notre conversation, s'il vous plaît.", T + "compact", "fr"),
    Case("Resuma la conversación hasta ahora.", T + "compact", "es"),
    Case("Bitte unser Gespräch zusammenfassen.", T + "compact", "de"),
    # --- research
    Case("Where is `Cart` defined and where is it used?", T + "research"),
    Case("I need to find out where send_email gets called.", T + "research"),
    Case("Où la fonction publier est-elle définie ?", T + "research", "fr"),
    Case("¿Dónde está definida la función cobrar?", T + "research", "es"),
    Case("Wo wird die Klasse Kunde verwendet?", T + "research", "de"),
    # --- module-summary
    Case("Please write a summary of each module in the payments package.", T + "module-summary"),
    Case("Make a SUMMARY.md for the auth package, one line per module.", T + "module-summary"),
    Case("Could each module of the storage package be summarized in a markdown file?", T + "module-summary"),
    # --- mixed languages
    Case("Bitte run the tests.", T + "run-tests", "de"),
    Case("Peux-tu add a docstring to parse in io.py ?", T + "docstring", "fr"),
    # --- near misses: the past, someone else, a hypothesis
    Case("I ran the tests before lunch and all of them passed 🎉", None),
    Case("The README was written by the intern last month.", None),
    Case("Our build script deletes temp.py after every run.", None),
    Case("If I renamed fetch to load, would anything break?", None),
    Case("We were going to add a main block to cli.py but decided against it.", None),
    Case("Maria is fixing the failing test right now.", None),
    Case("Nice work on the docstrings yesterday.", None),
    Case("Has anyone deleted old.py?", None),
    Case("Did the test suite pass on CI last night?", None),
    Case("The function parse in io.py was documented last week.", None),
    Case("What would a main block in utils.py even do?", None),
    # --- negations and put-offs
    Case("- don't run the tests", None),
    Case("Please do not delete config.py!", None),
    Case("Never touch `settings.py` without asking me first.", None),
    Case("I'd rather you didn't summarize the files, I know them well.", None),
    Case("I think the default timeout is too low, but let's leave it for now.", None),
    Case("Maybe later we could rename the module.", None),
    Case("Don't add any TODO comments please.", None),
    # --- general how-to questions
    Case("Should I add a docstring to every private helper?", None),
    Case("How do I add a parameter with a default value in Python?", None),
    Case("What's the best way to write a README?", None),
    Case("How do you list all files in a directory with Python?", None),
    Case("Why are my tests slow?", None),
    Case("Is it ok to delete __pycache__ folders?", None),
    Case("Can you remember things between chats?", None),
    Case("When should a test be deleted?", None),
    Case("What is the difference between a list and a tuple?", None),
    Case("Explain quantum computing in simple terms.", None),
    # --- a task's verb on something the tutor has no task for
    Case("Summarize the plot of The Matrix, thx", None),
    Case("Create a new Gmail account for me.", None),
    Case("Rename my wifi network to HomeNet.", None),
    Case("Run to the store and buy milk 😄", None),
    Case("List three reasons to learn Rust.", None),
    Case("Read me a bedtime story.", None),
    Case("Fix the typo in my email to the boss.", None),
    Case("Where is the nearest train station?", None),
    Case("What time is it in Tokyo?", None),
    # --- thanks and chit-chat
    Case("The tests are green now, thanks a lot!", None),
    Case("thx, that's all for today 👋", None),
    Case("`main.py` looks fine to me.", None),
    Case("ok cool 👍", None),
    # --- near misses in French, Spanish and German
    Case("Ne supprimez surtout pas config.py.", None, "fr"),
    Case("Les tests ont été lancés hier par Paul.", None, "fr"),
    Case("Comment écrire une bonne docstring ?", None, "fr"),
    Case("Merci, c'est tout pour aujourd'hui 🙂", None, "fr"),
    Case("Résumez-moi le film Amélie.", None, "fr"),
    Case("Qu'est-ce qu'un paramètre par défaut ?", None, "fr"),
    Case("No borre nada todavía, por favor.", None, "es"),
    Case("Ayer Juan ejecutó las pruebas.", None, "es"),
    Case("¿Cómo se lista un directorio en Python?", None, "es"),
    Case("Gracias, eso es todo.", None, "es"),
    Case("Resuma las noticias de hoy.", None, "es"),
    Case("¿Qué es un bloque main?", None, "es"),
    Case("Bitte noch keine Tests ausführen.", None, "de"),
    Case("Die Datei alt.py wurde gestern gelöscht.", None, "de"),
    Case("Wie schreibt man eine gute README?", None, "de"),
    Case("Danke, das war's 👍", None, "de"),
    Case("Fassen Sie den Roman Faust zusammen.", None, "de"),
    Case("Was ist ein Docstring?", None, "de"),
    Case("merci, that's all", None, "fr"),
)
