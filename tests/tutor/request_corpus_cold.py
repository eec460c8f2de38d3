"""A cold batch of requests for the offline tutor: phrasings of its tasks and near misses, in
English, French, Spanish and German, in the voice of people at work rather than of a manual.

Written from the task names, their slots and near misses (docs/TUTOR-SCRIPT.md's intent table)
and the format of the earlier batches, and committed before anything ran on it. Its style
differs from theirs on purpose: requests wrapped in context and reasons, polite and blunt,
lower case without punctuation, typos, questions that are requests ("could you ...?", "would
you mind ...?"), wishes ("I'd like ...", "it would be great if ..."), the file or the code name
first, and long requests beside one-word ones. Its near misses are requests that look like a
task but are not one: a task's words about the past, the future, a hypothesis or someone
else; a task's words in a negation; a task's verb on an object the tutor has no task for;
questions about how a task is done in general; chit-chat.

Same format as request_corpus_blind4.py: `route` is "family:<name>" or "task:<name>", or
None for a near miss (a request the tutor should answer with a reply, a refusal or its help
text, never a task's move). Names of files, functions and constants are made up.

First contact and later figures: tests/tutor/test_cold_batches.py.
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
    Case("quick one: what's search_file actually for?", T + "explain-tool"),
    Case("I keep seeing read_lines in the logs. What does that tool do exactly?", T + "explain-tool"),
    Case("Could you tell me what the edit_file tool does?", T + "explain-tool"),
    Case("how do i use list_files", T + "explain-tool"),
    Case("À quoi sert l'outil read_lines, au juste ?", T + "explain-tool", "fr"),
    Case("¿Me explicas qué hace la herramienta search_file?", T + "explain-tool", "es"),
    Case("Wozu dient eigentlich das Tool edit_file?", T + "explain-tool", "de"),
    # --- run-tests
    Case("ok, now run the tests and let me know how it goes", T + "run-tests"),
    Case("Could you run the test suite for me?", T + "run-tests"),
    Case("run pytest", T + "run-tests"),
    Case("Before I push, would you mind running the unit tests?", T + "run-tests"),
    Case("I changed a few things in billing.py, can you rerun the tests?", T + "run-tests"),
    Case("pls run teh tests", T + "run-tests"),
    Case("Peux-tu lancer la suite de tests ?", T + "run-tests", "fr"),
    Case("Tu peux faire tourner les tests, stp ?", T + "run-tests", "fr"),
    Case("¿Puedes ejecutar los tests, por favor?", T + "run-tests", "es"),
    Case("Kannst du mal die Tests laufen lassen?", T + "run-tests", "de"),
    # --- summarize (every file of the project)
    Case("I'm new to this codebase. Could you summarize every file for me?", T + "summarize"),
    Case("give me a summary of all the files in the repo", T + "summarize"),
    Case("Would you summarise the whole project, file by file?", T + "summarize"),
    Case("Fais-moi un résumé de tous les fichiers du dépôt.", T + "summarize", "fr"),
    Case("Hazme un resumen de cada archivo del repositorio.", T + "summarize", "es"),
    Case("Kannst du alle Dateien im Repo kurz zusammenfassen?", T + "summarize", "de"),
    # --- list
    Case("what files do we have here?", T + "list"),
    Case("Can you list the files in this project?", T + "list"),
    Case("Before anything else, show me all the files please.", T + "list"),
    Case("which files are there", T + "list"),
    Case("Quels sont les fichiers de ce projet ?", T + "list", "fr"),
    Case("Muéstrame la lista de archivos.", T + "list", "es"),
    Case("Welche Dateien gibt es hier?", T + "list", "de"),
    # --- read-many
    Case("Could you open models.py and views.py so we can look at them together?", T + "read-many"),
    Case("read router.py, handlers.py and middleware.py", T + "read-many"),
    Case("I'd like to see the contents of schema.py and queries.py.", T + "read-many"),
    Case("Have a look at cache.py and store.py, would you?", T + "read-many"),
    Case("Ouvre parser.py et lexer.py, s'il te plaît.", T + "read-many", "fr"),
    Case("¿Puedes leer api.py y auth.py?", T + "read-many", "es"),
    Case("Zeig mir bitte den Inhalt von jobs.py und queue.py.", T + "read-many", "de"),
    # --- delete
    Case("Please delete old_report.py, it's dead code.", T + "delete"),
    Case("rm scratch_2.py", T + "delete"),
    Case("Can you remove legacy_import.py from the project?", T + "delete"),
    Case("We don't need tmp_fixture.py anymore, delete it.", T + "delete"),
    Case("Supprime le fichier brouillon.py.", T + "delete", "fr"),
    Case("Borra el archivo viejo.py, ya no se usa.", T + "delete", "es"),
    Case("Lösch bitte die Datei alt.py.", T + "delete", "de"),
    # --- docstring
    Case("parse_header in http_utils.py has no docstring, could you add one?", T + "docstring"),
    Case("Please document normalize() in text.py with a docstring.", T + "docstring"),
    Case("I'd like a docstring on the merge_rows function in tables.py.", T + "docstring"),
    Case("add docstring to load_cfg in cfg.py", T + "docstring"),
    Case("Ajoute une docstring à la fonction tokenize de lexer.py.", T + "docstring", "fr"),
    Case("Añade un docstring a la función validar en forms.py.", T + "docstring", "es"),
    Case("Füge der Funktion berechne in steuer.py einen Docstring hinzu.", T + "docstring", "de"),
    # --- main-block
    Case("I want to run report.py straight from the command line. Add a main block?", T + "main-block"),
    Case("Could you put an if __name__ == '__main__' guard in seed.py?", T + "main-block"),
    Case("make export.py executable as a script", T + "main-block"),
    Case("Give cleanup.py an entry point please.", T + "main-block"),
    Case("Ajoute un bloc main à import_data.py.", T + "main-block", "fr"),
    Case("Añade un bloque main a migrar.py.", T + "main-block", "es"),
    # --- change-default
    Case("The default timeout of fetch() in client.py should be 30, not 10.", T + "change-default"),
    Case("In mailer.py, could you set the default retries of send_mail to 5?", T + "change-default"),
    Case("change default of page_size in paginate (views.py) from 20 to 50", T + "change-default"),
    Case("I'd like resize() in images.py to default width to 800 instead of 640.", T + "change-default"),
    Case("Dans cache.py, passe la valeur par défaut de ttl de get_item de 60 à 300.", T + "change-default", "fr"),
    Case("En server.py, cambia el valor por defecto de port en run de 8000 a 8080.", T + "change-default", "es"),
    Case("Setz in worker.py den Standardwert von batch in process von 10 auf 25.", T + "change-default", "de"),
    # --- ambiguous (a default changed without saying where)
    Case("can you bump the default timeout to 60", F + "ambiguous"),
    Case("Set the default retries to 7, please.", F + "ambiguous"),
    Case("I'd like the default page size to be 100.", F + "ambiguous"),
    Case("Mets le timeout par défaut à 90.", F + "ambiguous", "fr"),
    Case("Setz den Standard-Timeout auf 45.", F + "ambiguous", "de"),
    # --- big-module-value
    Case("In constants.py, MAX_RETRIES should be 9.", F + "big-module-value"),
    Case("Could you change BATCH_SIZE in settings.py to 256?", F + "big-module-value"),
    Case("set CACHE_TTL=600 in config.py", F + "big-module-value"),
    Case("Please raise MAX_CONNECTIONS in pool.py from 10 to 40.", F + "big-module-value"),
    Case("Dans réglages.py, mets MAX_USERS à 500.", F + "big-module-value", "fr"),
    Case("En ajustes.py, cambia LIMITE_DIARIO a 20.", F + "big-module-value", "es"),
    # --- copy-value
    Case("Take the value of API_VERSION from client.py and use it in server.py.", F + "copy-value"),
    Case("server.py should use the same TIMEOUT as config.py.", F + "copy-value"),
    Case("copy MAX_SIZE from limits.py into upload.py", F + "copy-value"),
    Case("Copie la valeur de PORT de base.py dans dev.py.", F + "copy-value", "fr"),
    Case("Übernimm den Wert von RETRIES aus net.py in sync.py.", F + "copy-value", "de"),
    # --- create-readme
    Case("this project really needs a README, can you write one?", F + "create-readme"),
    Case("Could you generate a README.md that explains what the project does?", F + "create-readme"),
    Case("Make a README for us, nothing fancy.", F + "create-readme"),
    Case("Écris un README pour ce projet.", F + "create-readme", "fr"),
    Case("¿Puedes crear un README para el proyecto?", F + "create-readme", "es"),
    Case("Schreib bitte eine README für das Projekt.", F + "create-readme", "de"),
    # --- explain-function
    Case("I don't get what reconcile() in ledger.py does. Can you explain it?", F + "explain-function"),
    Case("walk me through apply_discount in pricing.py", F + "explain-function"),
    Case("How does the retry_with_backoff function in net.py work?", F + "explain-function"),
    Case("What is build_index in search.py for?", F + "explain-function"),
    Case("Explique-moi la fonction fusionner dans outils.py.", F + "explain-function", "fr"),
    Case("¿Qué hace la función calcular_iva en impuestos.py?", F + "explain-function", "es"),
    Case("Was macht die Funktion pruefe in validierung.py?", F + "explain-function", "de"),
    # --- fix-failing-test
    Case("CI is red because a test fails. Could you fix it?", F + "fix-failing-test"),
    Case("one of the tests is broken, pls fix", F + "fix-failing-test"),
    Case("Can you make the failing test pass again?", F + "fix-failing-test"),
    Case("Please repair the failing test.", F + "fix-failing-test"),
    Case("Un test échoue, tu peux le corriger ?", F + "fix-failing-test", "fr"),
    Case("Hay un test que falla, ¿lo puedes arreglar?", F + "fix-failing-test", "es"),
    Case("Ein Test schlägt fehl, bitte repariere ihn.", F + "fix-failing-test", "de"),
    # --- list-todos
    Case("are there any TODOs left in the code?", F + "list-todos"),
    Case("Could you find all the TODO comments in tasks.py?", F + "list-todos"),
    Case("Show me every TODO we still have.", F + "list-todos"),
    Case("Montre-moi tous les TODO du code.", F + "list-todos", "fr"),
    Case("Busca todos los TODO del proyecto.", F + "list-todos", "es"),
    Case("Finde alle TODOs im Code.", F + "list-todos", "de"),
    # --- refuse-empty
    Case("Wipe everything in draft.py, I'll start over.", F + "refuse-empty"),
    Case("could you clear the contents of notes.py", F + "refuse-empty"),
    Case("Make legacy.py empty please.", F + "refuse-empty"),
    Case("Vide complètement brouillon.py.", F + "refuse-empty", "fr"),
    Case("Vacía el archivo pruebas.py.", F + "refuse-empty", "es"),
    # --- rename
    Case("The name getData is awful, rename it to get_data everywhere.", F + "rename"),
    Case("Could you rename calc to calculate_total?", F + "rename"),
    Case("rename function do_it to run_job", F + "rename"),
    Case("Renomme la fonction charger en load_data.", F + "rename", "fr"),
    Case("Renombra la función procesar a process_batch.", F + "rename", "es"),
    Case("Benenne speichern in save_record um.", F + "rename", "de"),
    # --- add-parameter
    Case("export_csv in reports.py needs a delimiter parameter with default ','.", F + "add-parameter"),
    Case("Could you add a dry_run argument to deploy() in ops.py, defaulting to False?", F + "add-parameter"),
    Case("add param verbose=False to sync in mirror.py", F + "add-parameter"),
    Case("Ajoute un paramètre timeout à la fonction fetch dans net.py.", F + "add-parameter", "fr"),
    Case("Füge der Funktion senden in mail.py einen Parameter retries hinzu.", F + "add-parameter", "de"),
    # --- add-function
    Case("utils.py needs a function clamp(value, low, high).", T + "add-function"),
    Case("Could you write a slugify(text) function in strings.py?", T + "add-function"),
    Case("I'd like a median(values) function added to stats.py.", T + "add-function"),
    Case("implement is_even(n) in numbers.py", T + "add-function"),
    Case("Ajoute une fonction moyenne(valeurs) dans stats.py.", T + "add-function", "fr"),
    Case("Añade una función es_primo(n) a numeros.py.", T + "add-function", "es"),
    Case("Füge eine Funktion verdoppeln(x) zu mathe.py hinzu.", T + "add-function", "de"),
    # --- create
    Case("Create a file called colors.py with a function to_hex(r, g, b).", T + "create"),
    Case("could you make a new file hello.py that prints hello world", T + "create"),
    Case("I need a new module timer.py with a function elapsed(start).", T + "create"),
    Case("Crée un fichier salut.py qui affiche bonjour.", T + "create", "fr"),
    Case("Crea un archivo nuevo saludo.py con una función hola().", T + "create", "es"),
    Case("Leg eine neue Datei gruss.py mit einer Funktion hallo() an.", T + "create", "de"),
    # --- remember
    Case("Please remember that staging deploys happen on Fridays.", T + "remember"),
    Case("note that we never commit directly to main", T + "remember"),
    Case("Keep in mind that the API key lives in an environment variable.", T + "remember"),
    Case("Souviens-toi que nous utilisons des tabulations.", T + "remember", "fr"),
    Case("Recuerda que los tests van en la carpeta tests.", T + "remember", "es"),
    Case("Merk dir, dass wir Python 3.12 verwenden.", T + "remember", "de"),
    # --- compact
    Case("This chat is getting long, could you compact it?", T + "compact"),
    Case("summarize our conversation so far", T + "compact"),
    Case("Please condense the history before we go on.", T + "compact"),
    Case("Résume notre conversation jusqu'ici.", T + "compact", "fr"),
    Case("Resume la conversación hasta ahora.", T + "compact", "es"),
    Case("Fass unser Gespräch bisher zusammen.", T + "compact", "de"),
    # --- research
    Case("where is parse_invoice defined, and who calls it?", T + "research"),
    Case("Could you track down where the Session class is used?", T + "research"),
    Case("I need to know where load_plugins is called from.", T + "research"),
    Case("Où est définie la fonction envoyer et où est-elle appelée ?", T + "research", "fr"),
    Case("¿Dónde se usa la clase Pedido?", T + "research", "es"),
    Case("Wo wird die Funktion laden definiert?", T + "research", "de"),
    # --- module-summary
    Case("Could you write a summary of each module in the billing package?", T + "module-summary"),
    Case("document the modules of the core package in a markdown file", T + "module-summary"),
    Case("Make a MODULES.md for the api package, one line per module.", T + "module-summary"),
    # --- near misses: a task's words about the past, the future, a hypothesis or someone else
    Case("I already ran the tests this morning, they were fine.", None),
    Case("My colleague deleted config_old.py last week.", None),
    Case("We renamed fetch to load in the last release.", None),
    Case("Someone added a docstring to parse() yesterday.", None),
    Case("If the tests fail tomorrow, what should I check first?", None),
    Case("Later today I might delete utils.py myself.", None),
    Case("Bob is going to write the README next sprint.", None),
    Case("The failing test was fixed by Alice.", None),
    # --- a task's words in a negation or a put-off
    Case("Please don't run the tests yet.", None),
    Case("Do not rename anything, I'm just reading.", None),
    Case("No need to summarize the files, I know them.", None),
    Case("Don't touch notes.py.", None),
    Case("Leave the TODOs alone for now.", None),
    Case("hold off on deleting anything", None),
    # --- a task's verb on something the tutor has no task for
    Case("Run a marathon with me.", None),
    Case("Delete my Twitter account.", None),
    Case("Summarize the news of the day.", None),
    Case("Rename my cat.", None),
    Case("Create a Spotify playlist for coding.", None),
    Case("List the planets of the solar system.", None),
    Case("Do you remember what we talked about last week?", None),
    Case("Read me the weather forecast.", None),
    Case("Translate this error message into Japanese.", None),
    Case("Fix my bike.", None),
    Case("Summarize this paragraph: the meeting moved to Tuesday.", None),
    Case("Write a haiku about failing tests.", None),
    Case("Is there a TODO app you'd recommend?", None),
    # --- questions about how a task is done in general, or what a word means
    Case("How do you usually structure a README?", None),
    Case("What's the point of an if __name__ == '__main__' block?", None),
    Case("Is it bad practice to have TODO comments in production code?", None),
    Case("How would I write a function that reverses a string?", None),
    Case("What is a default argument in Python?", None),
    Case("Why would a test fail only on CI?", None),
    Case("What does pytest's -x flag do?", None),
    Case("Is deleting files with os.remove safe?", None),
    Case("Do you think functions should always have docstrings?", None),
    Case("What is the difference between rename and move in git?", None),
    Case("What would happen if I deleted the tests folder?", None),
    Case("Do I need to run the tests before every commit?", None),
    Case("How many files should a small project have?", None),
    Case("The README is outdated, but I'll update it myself.", None),
    Case("Can you explain what a linked list is?", None),
    # --- chit-chat and thanks
    Case("thanks, that was helpful", None),
    Case("hi there", None),
    Case("Good morning! How are you?", None),
    Case("Who are you?", None),
    Case("lol ok", None),
    Case("Tell me a joke about programmers.", None),
    Case("I'm tired, it's been a long day.", None),
    # --- near misses in French, Spanish and German
    Case("J'ai déjà lancé les tests hier soir.", None, "fr"),
    Case("Ne renomme rien pour le moment.", None, "fr"),
    Case("Qu'est-ce qu'une docstring ?", None, "fr"),
    Case("Merci beaucoup, c'est parfait !", None, "fr"),
    Case("Pourquoi les tests échouent-ils parfois ?", None, "fr"),
    Case("Supprime mon compte Facebook.", None, "fr"),
    Case("Ya borré ese archivo ayer.", None, "es"),
    Case("No ejecutes las pruebas todavía.", None, "es"),
    Case("¿Cómo se escribe un buen README?", None, "es"),
    Case("¡Hola! ¿Qué tal?", None, "es"),
    Case("Resume la película Titanic.", None, "es"),
    Case("Die Tests sind gestern durchgelaufen.", None, "de"),
    Case("Bitte noch nichts löschen.", None, "de"),
    Case("Was ist ein Standardwert in Python?", None, "de"),
    Case("Guten Morgen, wie geht's?", None, "de"),
    Case("Fass mir den Film Inception zusammen.", None, "de"),
)
