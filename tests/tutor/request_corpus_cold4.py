"""A fourth cold batch of requests for the offline tutor: phrasings of its tasks and near
misses, more than half of them in French, Spanish or German, written as students and
developers type them.

Written from the documentation only: docs/TUTOR-SCRIPT.md's section
"Tasks" (the tasks and families with their verbs, objects, slots, routes and near misses as
that document shows them), a skim of docs/TUTOR.md's requests, and the first 60 lines of
request_corpus_cold2.py for the format. The writer never opened the intent table's module,
the request lexicon's module or the matcher's code, never read any other corpus, and ran
nothing on the batch; it was committed before anything ran on it. A training batch: its
first contact is reported, then its misses were read and the kinds of request they show
taught to the matcher (the third cold batch measures whether that carries over).

Its style: at least half of the requests are in French, Spanish or German (about equal
shares), phrased the many ways native speakers write them: imperatives and bare infinitives
("Supprimer deprecated.py svp", "Bitte ... ändern"), "pourriez-vous", "tu peux", "¿me
puedes ...?", "¿podría ...?", "kannst du ... bitte", the formal vous / usted / Sie beside
informal forms, "il faudrait que", colloquial words ("stp", "porfa", "mal"), accents and
umlauts left out ("deberia", "Fuege"), English code words inside the sentence ("el tool",
"den Test fixen"). The English requests mix imperatives, questions, indirect requests ("the
tests need running"), context before the request, code names in backticks, typos, lower
case without punctuation, very short and long requests. Its near misses look like a task
but are not one: a task's words about the past, about someone else, in a hypothesis or the
future, under a negation, a task's verb on an object no task handles, general how-to
questions, opinions, thanks and small talk.

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
    Case("In `shipping/rates.py`, add a keyword parameter `express` with default False to "
         "quote_price, and pass express=True at every call.", F + "add-parameter"),
    Case("quote_price in pricing.py needs a new argument currency defaulting to 'EUR'; pass "
         "currency='GBP' at every call site pls", F + "add-parameter"),
    Case("can u add a param max_rows=100 to dump_table in export/sql_dump.py and pass "
         "max_rows=500 wherever it gets called", F + "add-parameter"),
    Case("Pourriez-vous ajouter un paramètre `retries` (valeur par défaut 3) à la fonction "
         "fetch_feed dans rss.py, puis passer retries=5 à tous les appels ?",
         F + "add-parameter", "fr"),
    Case("¿Me puedes añadir un parámetro timeout con valor por defecto 20 a send_mail en "
         "notify.py y pasar timeout=60 en todas las llamadas?", F + "add-parameter", "es"),
    Case("Agregar a la funcion parse_log de logs.py un argumento nuevo `strict` con valor por "
         "defecto False, y en cada llamada pasar strict=True.", F + "add-parameter", "es"),
    Case("Kannst du bitte der Funktion build_index in search.py einen Parameter `depth` mit "
         "Standardwert 2 geben und bei allen Aufrufen depth=4 übergeben?",
         F + "add-parameter", "de"),
    # --- ambiguous: a parameter and a value, but no file and no function
    Case("change the retries to 7", F + "ambiguous"),
    Case("Set the default port to 8081.", F + "ambiguous"),
    Case("I want the page_size changed to 25.", F + "ambiguous"),
    Case("Could you raise the default timeout to 90?", F + "ambiguous"),
    Case("Mets le timeout à 45, stp.", F + "ambiguous", "fr"),
    Case("Cambia el puerto por defecto a 8443.", F + "ambiguous", "es"),
    Case("Setz bitte das Timeout auf 120.", F + "ambiguous", "de"),
    # --- big-module-value: a constant in a (big) module set to a new value
    Case("`MAX_UPLOAD_MB` in settings/limits.py should be 50, not 25.", F + "big-module-value"),
    Case("Bump CACHE_TTL in cache_config.py to 600 please", F + "big-module-value"),
    Case("We keep hitting the provider's rate limit. Lower REQUESTS_PER_MINUTE in throttle.py "
         "from 120 to 60.", F + "big-module-value"),
    Case("Dans constants.py, il faudrait passer MAX_WORKERS de 4 à 8.",
         F + "big-module-value", "fr"),
    Case("En defaults.py, MAX_ITEMS deberia ser 40 en vez de 20.", F + "big-module-value", "es"),
    Case("Cambia RETRY_DELAY en net/backoff.py de 2 a 5, porfa.", F + "big-module-value", "es"),
    Case("Bitte in app_config.py MAX_THREADS von 8 auf 16 ändern.", F + "big-module-value", "de"),
    Case("Könnten Sie SESSION_TIMEOUT in auth.py auf 3600 setzen?", F + "big-module-value", "de"),
    # --- copy-value: a constant in one file given the value it has in another
    Case("Copy the value of MAX_RETRIES from worker.py into scheduler.py.", F + "copy-value"),
    Case("Set PAGE_LIMIT in web/views.py to the same value as in api/views.py.", F + "copy-value"),
    Case("could you make CHUNK_SIZE in uploader.py match the one in downloader.py? they "
         "drifted apart", F + "copy-value"),
    Case("Copie la valeur de TIMEOUT_MS de server.py vers client.py.", F + "copy-value", "fr"),
    Case("Il faudrait que DEFAULT_LOCALE dans web.py ait la même valeur que dans mobile.py.",
         F + "copy-value", "fr"),
    Case("Pon en frontend.py el mismo valor de MAX_ITEMS que tiene backend.py.",
         F + "copy-value", "es"),
    Case("Übernimm bitte den Wert von RETRY_LIMIT aus producer.py in consumer.py.",
         F + "copy-value", "de"),
    # --- create-readme
    Case("Could you write a README for the repo?", F + "create-readme"),
    Case("I'd like a README.md for this codebase.", F + "create-readme"),
    Case("this project has no readme yet... pls generate one", F + "create-readme"),
    Case("Rédige un README pour ce projet, s'il te plaît.", F + "create-readme", "fr"),
    Case("Hazme un README para el proyecto.", F + "create-readme", "es"),
    Case("Erstell bitte eine README für das Projekt.", F + "create-readme", "de"),
    # --- explain-function: what a function or a module does
    Case("What does `normalize_email` in accounts/utils.py do?", F + "explain-function"),
    Case("walk me through the merge_intervals function in algo.py", F + "explain-function"),
    Case("I'm new on this team. Can you explain what scheduler.py is for?",
         F + "explain-function"),
    Case("Tu peux m'expliquer ce que fait la fonction apply_discount dans cart.py ?",
         F + "explain-function", "fr"),
    Case("¿Qué hace la función `hash_password` en security.py?", F + "explain-function", "es"),
    Case("Expliqueme el modulo reports.py, por favor.", F + "explain-function", "es"),
    Case("Erklär mir mal, wozu parser.py da ist.", F + "explain-function", "de"),
    # --- fix-failing-test
    Case("One of my tests has been failing since this morning. Please fix the code, not the "
         "test.", F + "fix-failing-test"),
    Case("test_checkout fails now. Can you fix the code so it passes again?",
         F + "fix-failing-test"),
    Case("Please fix the failing test.", F + "fix-failing-test"),
    Case("Depuis qu'on a migré vers httpx, un test echoue. Corrige le code, pas le test, stp.",
         F + "fix-failing-test", "fr"),
    Case("Hay un test que falla; arregla el código, no el test.", F + "fix-failing-test", "es"),
    Case("Ein Test schlägt fehl. Kannst du den Code reparieren, nicht den Test?",
         F + "fix-failing-test", "de"),
    Case("Bitte den fehlschlagenden Test fixen, danke!", F + "fix-failing-test", "de"),
    # --- list-todos
    Case("Find all the TODO coments in the codebase.", F + "list-todos"),
    Case("are there any TODOs left in billing.py?", F + "list-todos"),
    Case("show me every TODO", F + "list-todos"),
    Case("Liste tous les TODO du projet.", F + "list-todos", "fr"),
    Case("¿Puedes buscar los TODO que quedan en main.py?", F + "list-todos", "es"),
    Case("Gibt es noch offene TODOs im Code?", F + "list-todos", "de"),
    # --- refuse-empty: empty a file (refused)
    Case("Empty the file legacy_api.py.", F + "refuse-empty"),
    Case("wipe out scratch.py please", F + "refuse-empty"),
    Case("Clear the contents of notes.py, I want to start over.", F + "refuse-empty"),
    Case("Vide le fichier brouillon.py.", F + "refuse-empty", "fr"),
    Case("Vacía el archivo temp_data.py, por favor.", F + "refuse-empty", "es"),
    Case("Leere bitte die Datei cache.py.", F + "refuse-empty", "de"),
    Case("Lösch den ganzen Inhalt von old_views.py, die Datei selbst soll bleiben.",
         F + "refuse-empty", "de"),
    # --- rename: a function renamed everywhere
    Case("rename `calc_tot` to `calculate_total` everywhere", F + "rename"),
    Case("Could you rename the function getData to get_data?", F + "rename"),
    Case("I'd like fetchUser renamed to fetch_user across the project.", F + "rename"),
    Case("Renomme la fonction `chk` en `check_input` partout.", F + "rename", "fr"),
    Case("Renombra process a process_order en todo el proyecto.", F + "rename", "es"),
    Case("¿Podría renombrar la función calc a compute_total?", F + "rename", "es"),
    Case("Benenne die Funktion calc_avg in average um.", F + "rename", "de"),
    # --- compact: a summary of the conversation
    Case("Please condense our conversation so far into a summary I can hand to a colleague.",
         T + "compact"),
    Case("Summarize this chat so far.", T + "compact"),
    Case("compact the history pls, it's getting long", T + "compact"),
    Case("Résume notre conversation jusqu'ici.", T + "compact", "fr"),
    Case("Pourriez-vous condenser l'historique de la conversation ?", T + "compact", "fr"),
    Case("Haz un resumen de la conversación hasta ahora.", T + "compact", "es"),
    Case("Fass bitte unser Gespräch bis hierhin zusammen.", T + "compact", "de"),
    # --- explain-tool: what one of the offered tools does
    Case("What does read_lines do?", T + "explain-tool"),
    Case("how do I use the search_file tool?", T + "explain-tool"),
    Case("What is `list_files` for?", T + "explain-tool"),
    Case("À quoi sert l'outil edit_file ?", T + "explain-tool", "fr"),
    Case("¿Qué hace la herramienta search_file?", T + "explain-tool", "es"),
    Case("Que hace el tool list_files?", T + "explain-tool", "es"),
    Case("Was macht das Tool read_lines?", T + "explain-tool", "de"),
    # --- run-tests
    Case("Run teh test suite and tell me what fails.", T + "run-tests"),
    Case("could you kick off pytest?", T + "run-tests"),
    Case("The tests need running before I push.", T + "run-tests"),
    Case("do the tests still pass after my change?", T + "run-tests"),
    Case("Lance les tests, stp.", T + "run-tests", "fr"),
    Case("Pourriez-vous exécuter les tests unitaires ?", T + "run-tests", "fr"),
    Case("Ejecuta los tests y dime si pasan.", T + "run-tests", "es"),
    Case("Kannst du mal pytest laufen lassen?", T + "run-tests", "de"),
    # --- summarize: every file of the project
    Case("Give me a summary of every file in this repo.", T + "summarize"),
    Case("summarise the codebase for me", T + "summarize"),
    Case("What does each file do? A line per file is enough.", T + "summarize"),
    Case("Fais-moi un résumé de chaque fichier du projet.", T + "summarize", "fr"),
    Case("Resume todos los archivos del proyecto.", T + "summarize", "es"),
    Case("Fasse jede Datei im Projekt kurz zusammen.", T + "summarize", "de"),
    # --- list: the project's files
    Case("Which files does this project have?", T + "list"),
    Case("list all files please", T + "list"),
    Case("show me the files in the repo", T + "list"),
    Case("Quels fichiers y a-t-il dans ce projet ?", T + "list", "fr"),
    Case("¿Qué archivos hay en el proyecto?", T + "list", "es"),
    Case("Welche Dateien gibt es in diesem Projekt?", T + "list", "de"),
    # --- read-many: read the files named
    Case("Read models.py and views.py.", T + "read-many"),
    Case("Open config.py, db.py and routes.py for me.", T + "read-many"),
    Case("have a look at parser.py and lexer.py", T + "read-many"),
    Case("Lisez utils.py et helpers.py, s'il vous plaît.", T + "read-many", "fr"),
    Case("Lee main.py y settings.py.", T + "read-many", "es"),
    Case("Lies bitte app.py und db.py.", T + "read-many", "de"),
    Case("Öffne mal `handlers.py` und `middleware.py`.", T + "read-many", "de"),
    # --- delete: a file (refused with alternatives)
    Case("Delete old_main.py.", T + "delete"),
    Case("please remove tmp_test.py, we don't need it anymore", T + "delete"),
    Case("get rid of scratch_notes.py", T + "delete"),
    Case("Supprime le fichier ancien_script.py.", T + "delete", "fr"),
    Case("Supprimer deprecated.py svp", T + "delete", "fr"),
    Case("Estoy preparando la entrega de mañana y el profe quiere ver el proyecto ordenado. "
         "¿Me puedes borrar backup_old.py?", T + "delete", "es"),
    Case("Löschen Sie bitte die Datei draft.py.", T + "delete", "de"),
    # --- docstring
    Case("We're preparing the code review for Friday and the reviewer complained that half "
         "the helpers are undocumented. For now just one: add a docstring to `parse_date` in "
         "dates.py.", T + "docstring"),
    Case("slugify in text_utils.py is missing a docstring, can you add one?", T + "docstring"),
    Case("I'd like docstrings on every function in geometry.py.", T + "docstring"),
    Case("Ajoute une docstring à la fonction compute_tax dans tax.py.", T + "docstring", "fr"),
    Case("Agrega un docstring a la función `clean_text` en nlp.py.", T + "docstring", "es"),
    Case("Fuege der Funktion load_config in settings.py einen Docstring hinzu.",
         T + "docstring", "de"),
    Case("Könnten Sie alle Funktionen in io_helpers.py mit Docstrings dokumentieren?",
         T + "docstring", "de"),
    # --- main-block
    Case("Add a main block to cli.py", T + "main-block"),
    Case("make runner.py runnable as a script", T + "main-block"),
    Case("give greet.py an `if __name__ == '__main__':` guard", T + "main-block"),
    Case("Ajoute un bloc main à demo.py.", T + "main-block", "fr"),
    Case("Añade un bloque main a script.py.", T + "main-block", "es"),
    Case("Füg bitte einen Main-Block zu tool.py hinzu.", T + "main-block", "de"),
    # --- change-default: a function's default in a file
    Case("get_json's default timeout in http_client.py should be 30 instead of 10.",
         T + "change-default"),
    Case("Set the default value of retries for download in fetcher.py to 5.",
         T + "change-default"),
    Case("In db.py, connect()'s port should default to 5433, not 5432.", T + "change-default"),
    Case("Dans mailer.py, change la valeur par défaut de retries dans send_batch de 3 à 5.",
         T + "change-default", "fr"),
    Case("En api.py, cambia el valor por defecto de page_size de list_items de 20 a 50.",
         T + "change-default", "es"),
    Case("Ändere in worker.py den Standardwert von timeout in run_job von 30 auf 60.",
         T + "change-default", "de"),
    # --- add-function
    Case("Write a function called `divide` in math_ops.py.", T + "add-function"),
    Case("I'd like a subtract function added to arith.py.", T + "add-function"),
    Case("mathlib.py needs a power function", T + "add-function"),
    Case("Ajoute une fonction multiply dans maths.py.", T + "add-function", "fr"),
    Case("Añade una función divide a operaciones.py.", T + "add-function", "es"),
    Case("Füge eine Funktion multiply zu rechner.py hinzu.", T + "add-function", "de"),
    # --- create: a new file with a small function
    Case("Create greet.py with a hello world function.", T + "create"),
    Case("make a new file hi.py that prints 'Hi there'", T + "create"),
    Case("Can you write a hello world in hello.js?", T + "create"),
    Case("Crée un fichier bonjour.py avec une fonction qui affiche 'Bonjour'.", T + "create",
         "fr"),
    Case("Crea hola.py con una función que imprima hola mundo.", T + "create", "es"),
    Case("Necesito un archivo nuevo saludo.py que imprima 'buenos dias'.", T + "create", "es"),
    Case("Erstellen Sie eine Datei hallo.py mit einer Funktion, die 'Hallo Welt' ausgibt.",
         T + "create", "de"),
    # --- remember: a note kept for later
    Case("Remember that the staging server is called atlas.", T + "remember"),
    Case("note: we use tabs, not spaces, in this repo", T + "remember"),
    Case("Please keep in mind that deploys happen on Fridays.", T + "remember"),
    Case("Retiens que la branche principale s'appelle develop.", T + "remember", "fr"),
    Case("Notez que la base de test s'appelle qa_db.", T + "remember", "fr"),
    Case("Recuerda que usamos Python 3.11 en este proyecto.", T + "remember", "es"),
    Case("Merk dir, dass wir black für die Formatierung benutzen.", T + "remember", "de"),
    # --- module-summary: one line per module of a package, written to a .md file
    Case("Write SUMMARY.md with one line per module in the billing package.",
         T + "module-summary"),
    Case("Create OVERVIEW.md describing every module of the ingest package, a line each.",
         T + "module-summary"),
    Case("Summarize each module in the `shop` package into SUMMARY.md, one line per module.",
         T + "module-summary"),
    Case("Écris SUMMARY.md avec une ligne par module du package inventory.",
         T + "module-summary", "fr"),
    Case("Crea SUMMARY.md con una línea por cada módulo del paquete reports.",
         T + "module-summary", "es"),
    Case("Schreib eine SUMMARY.md mit einer Zeile pro Modul im Paket analytics.",
         T + "module-summary", "de"),
    Case("Bitte für jedes Modul des Pakets payments eine Zeile in MODULES.md schreiben.",
         T + "module-summary", "de"),
    # --- research: where a name is defined and used
    Case("Where is `format_price` defined, and where is it used?", T + "research"),
    Case("who calls validate_token?", T + "research"),
    Case("Find where load_settings is defined.", T + "research"),
    Case("Où est définie la fonction build_url, et où est-elle utilisée ?", T + "research",
         "fr"),
    Case("Peux-tu trouver où est utilisée la classe TokenCache ?", T + "research", "fr"),
    Case("¿Dónde se define parse_args y dónde se usa?", T + "research", "es"),
    Case("Wo ist send_alert definiert und wo wird es aufgerufen?", T + "research", "de"),
    # --- near misses, English
    Case("I already ran the tests this morning and they all passed.", None),
    Case("My teammate deleted old_main.py by accident yesterday, so don't worry about it.",
         None),
    Case("Don't delete anything in this folder, I'm just looking around.", None),
    Case("How do you rename a function in PyCharm?", None),
    Case("What is a docstring, exactly?", None),
    Case("Should every module have a main block? Just curious.", None),
    Case("Thanks, that README looks great!", None),
    Case("hi! how's your day going?", None),
    Case("Rename the Slack channel to #backend-team.", None),
    Case("Delete my account on your website, please.", None),
    Case("Summarize the plot of Inception for me.", None),
    Case("Could you read me a bedtime story?", None),
    Case("Write a poem about Python and coffee.", None),
    Case("If I emptied config.py, would the app still start?", None),
    Case("Tomorrow I'm going to add docstrings to everything in utils.py myself.", None),
    Case("We were going to rename parse to parse_input, but we dropped the idea.", None),
    Case("Is pytest better than unittest, in your opinion?", None),
    Case("What's the current value of MAX_RETRIES in net.py?", None),
    Case("Why do tests sometimes fail randomly on CI?", None),
    Case("The tests were run by the CI pipeline an hour ago.", None),
    Case("Is scratch.py empty or is there still code in it?", None),
    Case("Copy the logs folder to /tmp/logs_backup.", None),
    Case("Install the numpy package, please.", None),
    Case("What's a Python package, in simple words?", None),
    Case("Where is the nearest train station?", None),
    Case("What does API stand for?", None),
    Case("Can you explain what recursion is?", None),
    Case("Why are mutable default arguments a bad idea?", None),
    Case("Set an alarm for 7am tomorrow.", None),
    Case("Should I run the tests before every push, or is CI enough?", None),
    Case("Write a test that fails when the input list is empty.", None),
    Case("Nice work, thank you so much!", None),
    Case("Who invented Python?", None),
    Case("The function was renamed last week by Sam.", None),
    Case("Did you already list the files earlier?", None),
    Case("What's your favourite programming language?", None),
    Case("Is it bad practice to leave TODO comments in production code?", None),
    Case("I don't need a docstring on every tiny helper, right?", None),
    # --- near misses, French
    Case("Merci beaucoup, c'est parfait !", None, "fr"),
    Case("J'ai déjà lancé les tests hier soir, tout est vert.", None, "fr"),
    Case("Ne supprime surtout pas config.py.", None, "fr"),
    Case("Comment on supprime un fichier en Python ?", None, "fr"),
    Case("Mon collègue a renommé la fonction parse hier.", None, "fr"),
    Case("C'est quoi une docstring ?", None, "fr"),
    Case("Résume-moi le film Titanic.", None, "fr"),
    Case("Salut, ça va ?", None, "fr"),
    Case("Si je vidais cache.py, est-ce que ça casserait quelque chose ?", None, "fr"),
    Case("Demain, j'ajouterai moi-même un README au projet.", None, "fr"),
    Case("À ton avis, pytest ou unittest ?", None, "fr"),
    Case("Où se trouve la gare la plus proche ?", None, "fr"),
    Case("Les tests ont été exécutés par la CI ce matin.", None, "fr"),
    Case("Supprime mon compte sur votre site.", None, "fr"),
    # --- near misses, Spanish
    Case("Gracias, ya funciona todo.", None, "es"),
    Case("Ayer mi compañero borró el archivo viejo.", None, "es"),
    Case("No ejecutes los tests todavía, por favor.", None, "es"),
    Case("¿Cómo se renombra una función en Python?", None, "es"),
    Case("¿Qué es un README?", None, "es"),
    Case("Escríbeme un poema sobre los archivos.", None, "es"),
    Case("Hola, ¿qué tal estás?", None, "es"),
    Case("Si borrara utils.py, ¿fallarían los tests?", None, "es"),
    Case("La semana que viene vamos a añadir docstrings a todo.", None, "es"),
    Case("¿Dónde está Madrid?", None, "es"),
    Case("¿Crees que vale la pena escribir un README para un script tan pequeño?", None, "es"),
    Case("Los tests ya se ejecutaron esta mañana.", None, "es"),
    Case("Instala el paquete requests.", None, "es"),
    Case("Hazme un resumen del libro Don Quijote.", None, "es"),
    # --- near misses, German
    Case("Danke, das hat super geklappt!", None, "de"),
    Case("Ich habe die Tests gestern schon ausgeführt.", None, "de"),
    Case("Bitte lösch nichts, ich schaue mir nur den Code an.", None, "de"),
    Case("Wie benennt man in Python eine Datei um?", None, "de"),
    Case("Mein Kollege hat die Datei old.py letzte Woche gelöscht.", None, "de"),
    Case("Was ist ein Docstring?", None, "de"),
    Case("Fass mir bitte den Film Matrix zusammen.", None, "de"),
    Case("Guten Morgen! Wie geht's?", None, "de"),
    Case("Wenn ich config.py leeren würde, was würde dann passieren?", None, "de"),
    Case("Nächste Woche wollen wir eine README schreiben.", None, "de"),
    Case("Was hältst du von pytest im Vergleich zu unittest?", None, "de"),
    Case("Wo ist der nächste Bahnhof?", None, "de"),
    Case("Was ist ein Python-Paket?", None, "de"),
    Case("Die Tests wurden heute Morgen von der CI ausgeführt.", None, "de"),
)
