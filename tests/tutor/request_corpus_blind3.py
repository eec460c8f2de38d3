"""A third blind corpus of requests: how students ask for the tutor's tasks, and near misses.

Written from the task names and the one-line descriptions in the section comments of
request_corpus_blind.py (its module docstring, its data structures and its first three
cases were read; none of its other phrasings, nor request_corpus_blind2.py, the tutor's
code, tables or docs), before anything was run on it. Each case is a request, the route it
should take on its first response ("family:<name>" or "task:<name>"), and its language
("en", "fr", "es", "de", "it", "pt"); a near miss (`None`) resembles a task but is none of
them: a question about a task instead of a request for it, a different object (a branch, a
folder, a line, a JSON string, an article), a hypothetical, a negation ("don't rename
anything yet"), or something the tutor has no task for. It must get the help reply, a
refusal or a plain answer, never a task's move.

File, function and constant names are made up; the "ambiguous" cases change the default of
a parameter several functions could have, naming neither file nor function.

First contact (written without seeing the tables, measured before any change, routed as
request_blind_score.py routes, with checkpoint 04's tools): phrasings routed to their task
95 of 189 (50.3%); not in English 32 of 79 (40.5%; Italian and Portuguese have no lexicon,
so those 5 were expected to fall to the help reply); near misses routed to a task 0 of 56.
"""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    text: str
    route: str | None  # "family:<name>", "task:<name>", or None for a near miss
    lang: str = "en"


F, T = "family:", "task:"

CASES: tuple[Case, ...] = (
    # --- explain-tool: what one of the offered tools does (list_files, search_file,
    # read_lines, edit_file)
    Case("what's list_files for?", T + "explain-tool"),
    Case("Can you explain how the edit_file tool works?", T + "explain-tool"),
    Case("How do I use read_lines? What arguments does it take?", T + "explain-tool"),
    Case("search_file - what does that one do exactly?", T + "explain-tool"),
    Case("Tell me what the list_files tool returns.", T + "explain-tool"),
    Case("À quoi sert l'outil read_lines ?", T + "explain-tool", "fr"),
    Case("¿Qué hace la herramienta search_file?", T + "explain-tool", "es"),
    Case("Was macht das Tool edit_file eigentlich?", T + "explain-tool", "de"),
    # --- run-tests
    Case("Run the test suite.", T + "run-tests"),
    Case("can u run the tests pls", T + "run-tests"),
    Case("Please run pytest and tell me what fails.", T + "run-tests"),
    Case("Do the tests pass? Run them and see.", T + "run-tests"),
    Case("Execute the unit tests.", T + "run-tests"),
    Case("Lance les tests, s'il te plaît.", T + "run-tests", "fr"),
    Case("Ejecuta los tests.", T + "run-tests", "es"),
    Case("Führ mal die Tests aus.", T + "run-tests", "de"),
    Case("Roda os testes, por favor.", T + "run-tests", "pt"),
    # --- summarize: every file of the project
    Case("Give me a summary of every file in the project.", T + "summarize"),
    Case("Summarise this codebase for me, file by file.", T + "summarize"),
    Case("Go through each file in the project and summarize it.", T + "summarize"),
    Case("Summarize the whole repo, please.", T + "summarize"),
    Case("Fais-moi un résumé de chaque fichier du projet.", T + "summarize", "fr"),
    Case("Resume todos los archivos del proyecto.", T + "summarize", "es"),
    Case("Fass mir alle Dateien des Projekts kurz zusammen.", T + "summarize", "de"),
    # --- list: the project's files
    Case("List the files in the project.", T + "list"),
    Case("What files are there?", T + "list"),
    Case("show me the project's files", T + "list"),
    Case("Which files does this repo contain?", T + "list"),
    Case("Give me the file list.", T + "list"),
    Case("Quels fichiers y a-t-il dans le projet ?", T + "list", "fr"),
    Case("Enumera los archivos del proyecto.", T + "list", "es"),
    Case("Zeig mir, welche Dateien im Projekt sind.", T + "list", "de"),
    Case("Elenca i file del progetto.", T + "list", "it"),
    # --- read-many: several named files read
    Case("Read main.py, utils.py and config.py.", T + "read-many"),
    Case("Open models.py and views.py and show me what's in them.", T + "read-many"),
    Case("Have a look at app.py, db.py, and routes.py for me.", T + "read-many"),
    Case("Please read these three files: parser.py, lexer.py, tokens.py.", T + "read-many"),
    Case("Read both setup.py and requirements.txt.", T + "read-many"),
    Case("Lis main.py et utils.py.", T + "read-many", "fr"),
    Case("Lee app.py, db.py y models.py, por favor.", T + "read-many", "es"),
    Case("Lies bitte cli.py und core.py.", T + "read-many", "de"),
    # --- delete: a file deleted (the tutor refuses, as a task)
    Case("Delete old_utils.py.", T + "delete"),
    Case("Remove the file scratch.py from the project.", T + "delete"),
    Case("Get rid of legacy.py, we don't need it anymore.", T + "delete"),
    Case("please delete tmp_test.py", T + "delete"),
    Case("Can you erase backup.py?", T + "delete"),
    Case("Supprime le fichier brouillon.py.", T + "delete", "fr"),
    Case("Borra el archivo viejo.py.", T + "delete", "es"),
    Case("Lösch die Datei alt.py.", T + "delete", "de"),
    Case("Apague o arquivo teste_antigo.py.", T + "delete", "pt"),
    # --- refuse-empty: a file emptied
    Case("Empty notes.txt.", F + "refuse-empty"),
    Case("Clear out everything in config.py but keep the file.", F + "refuse-empty"),
    Case("Replace the contents of app.py with nothing.", F + "refuse-empty"),
    Case("Make log.py an empty file.", F + "refuse-empty"),
    Case("Wipe the contents of cache.py.", F + "refuse-empty"),
    Case("Vide le fichier journal.py.", F + "refuse-empty", "fr"),
    Case("Vacía el contenido de temp.py.", F + "refuse-empty", "es"),
    Case("Mach die Datei cache.py leer.", F + "refuse-empty", "de"),
    # --- docstring
    Case("Add a docstring to the greet function in hello.py.", T + "docstring"),
    Case("parse_args in cli.py has no docstring, write one.", T + "docstring"),
    Case("Document the function load_config with a docstring.", T + "docstring"),
    Case("Can you put a short docstring on compute_total?", T + "docstring"),
    Case("write a docstirng for main() in app.py", T + "docstring"),
    Case("Ajoute une docstring à la fonction parse dans parser.py.", T + "docstring", "fr"),
    Case("Añade un docstring a la función calcular en utils.py.", T + "docstring", "es"),
    Case("Schreib einen Docstring für die Funktion lade_daten in daten.py.", T + "docstring", "de"),
    # --- main-block
    Case('Add an if __name__ == "__main__": block to script.py.', T + "main-block"),
    Case("Make cli.py runnable as a script with a main guard.", T + "main-block"),
    Case("Put a main block at the bottom of app.py that calls main().", T + "main-block"),
    Case("add the usual `if __name__ == '__main__'` thing to run.py", T + "main-block"),
    Case('Ajoute un bloc if __name__ == "__main__" à outil.py.', T + "main-block", "fr"),
    Case(
        "Agrega un bloque main a script.py para poder ejecutarlo directamente.",
        T + "main-block",
        "es",
    ),
    Case(
        "Füg in tool.py einen if-__name__-Block hinzu, damit man es direkt starten kann.",
        T + "main-block",
        "de",
    ),
    # --- change-default: a function's default value in a named file
    Case(
        "In server.py, change the default port of start() from 8000 to 8080.",
        T + "change-default",
    ),
    Case(
        "Make the default of retries in fetch() in client.py 5 instead of 3.",
        T + "change-default",
    ),
    Case("greet() in hello.py should default name to 'World'.", T + "change-default"),
    Case(
        "Change the default value of timeout in http.py's get function to 30.",
        T + "change-default",
    ),
    Case("set verbose=True as the default for run() in runner.py", T + "change-default"),
    Case(
        "Dans client.py, passe la valeur par défaut de timeout de la fonction get à 30.",
        T + "change-default",
        "fr",
    ),
    Case(
        "En server.py, cambia el valor por defecto de port en start() a 8080.",
        T + "change-default",
        "es",
    ),
    Case(
        'Ändere in utils.py den Standardwert von sep in join_all auf ",".',
        T + "change-default",
        "de",
    ),
    # --- ambiguous: a parameter several functions have, no file or function named
    Case("Change the default timeout to 30.", F + "ambiguous"),
    Case("Set the default of verbose to True.", F + "ambiguous"),
    Case("Make retries default to 5.", F + "ambiguous"),
    Case("the default encoding should be utf-8, change it", F + "ambiguous"),
    Case("Mets la valeur par défaut de timeout à 60.", F + "ambiguous", "fr"),
    Case("Cambia el valor por defecto de verbose a False.", F + "ambiguous", "es"),
    Case("Setz den Standardwert von retries auf 10.", F + "ambiguous", "de"),
    # --- big-module-value: a constant changed in a named module
    Case("In config.py, change MAX_RETRIES to 5.", F + "big-module-value"),
    Case("Set DEBUG = False in settings.py.", F + "big-module-value"),
    Case("Bump TIMEOUT in constants.py to 60.", F + "big-module-value"),
    Case("settings.py: PAGE_SIZE should be 50 now.", F + "big-module-value"),
    Case(
        'Change the value of API_URL in config.py to "https://api.example.com/v2".',
        F + "big-module-value",
    ),
    Case("Dans config.py, mets MAX_SIZE à 1000.", F + "big-module-value", "fr"),
    Case("En settings.py cambia DEBUG a False.", F + "big-module-value", "es"),
    Case("Setz in constants.py BATCH_SIZE auf 64.", F + "big-module-value", "de"),
    # --- copy-value: a constant's value copied between modules
    Case("Copy the value of TIMEOUT from config.py into client.py.", F + "copy-value"),
    Case("Make MAX_RETRIES in worker.py the same as in settings.py.", F + "copy-value"),
    Case(
        "client.py should use the same BASE_URL value as config.py - copy it over.",
        F + "copy-value",
    ),
    Case("Take VERSION from version.py and put the same value in setup.py.", F + "copy-value"),
    Case("Copie la valeur de TIMEOUT de config.py dans client.py.", F + "copy-value", "fr"),
    Case("Copia el valor de MAX_SIZE de settings.py a uploads.py.", F + "copy-value", "es"),
    Case("Übernimm den Wert von PORT aus config.py in server.py.", F + "copy-value", "de"),
    # --- create-readme
    Case("Write a README for this project.", F + "create-readme"),
    Case(
        "Create a README.md explaining what the project does and how to run it.",
        F + "create-readme",
    ),
    Case("We need a readme. Can you make one?", F + "create-readme"),
    Case("generate README.md", F + "create-readme"),
    Case("Écris un README pour le projet.", F + "create-readme", "fr"),
    Case("Crea un archivo README para el proyecto.", F + "create-readme", "es"),
    Case("Schreib eine README für das Projekt.", F + "create-readme", "de"),
    Case("Crie um README para este projeto.", F + "create-readme", "pt"),
    # --- explain-function: what a function or module does
    Case("What does parse_config do?", F + "explain-function"),
    Case("Explain the function load_data in loader.py.", F + "explain-function"),
    Case("Can you walk me through what utils.py does?", F + "explain-function"),
    Case("I don't understand compute_total - what is it for?", F + "explain-function"),
    Case("what does main.py do", F + "explain-function"),
    Case("Que fait la fonction parse_args ?", F + "explain-function", "fr"),
    Case("¿Qué hace la función cargar_datos?", F + "explain-function", "es"),
    Case("Erklär mir, was die Funktion berechne_summe macht.", F + "explain-function", "de"),
    # --- fix-failing-test
    Case("test_parse_date is failing. Fix it.", F + "fix-failing-test"),
    Case("One of the tests fails - please fix the code so it passes.", F + "fix-failing-test"),
    Case("Make the failing test pass.", F + "fix-failing-test"),
    Case("tests/test_utils.py::test_slugify fails, can you fix it?", F + "fix-failing-test"),
    Case("Le test test_total échoue, corrige-le.", F + "fix-failing-test", "fr"),
    Case("Hay un test que falla; arréglalo.", F + "fix-failing-test", "es"),
    Case("Ein Test schlägt fehl - bitte reparier das.", F + "fix-failing-test", "de"),
    # --- list-todos
    Case("List all the TODOs in the code.", F + "list-todos"),
    Case("Find every TODO comment in the project.", F + "list-todos"),
    Case("What TODOs are left?", F + "list-todos"),
    Case("show me the todo comments", F + "list-todos"),
    Case("Liste tous les TODO du projet.", F + "list-todos", "fr"),
    Case("Busca todos los comentarios TODO del código.", F + "list-todos", "es"),
    Case("Zeig mir alle TODOs im Code.", F + "list-todos", "de"),
    # --- rename: a function renamed everywhere
    Case("Rename get_data to fetch_data everywhere.", F + "rename"),
    Case("Please rename the function calc to calculate across the project.", F + "rename"),
    Case("change the name of do_stuff to process_items, and update all the calls", F + "rename"),
    Case("I'd like load() to be called load_config instead, everywhere it's used.", F + "rename"),
    Case("Renomme la fonction get_data en fetch_data partout.", F + "rename", "fr"),
    Case(
        "Cambia el nombre de la función calc a calcular en todo el proyecto.",
        F + "rename",
        "es",
    ),
    Case("Benenne die Funktion holeDaten überall in lade_daten um.", F + "rename", "de"),
    # --- add-parameter
    Case("Add a verbose parameter to process() in worker.py.", F + "add-parameter"),
    Case(
        "Give the function save in storage.py a new argument overwrite=False.",
        F + "add-parameter",
    ),
    Case(
        "parse() in parser.py needs an extra parameter strict, defaulting to False.",
        F + "add-parameter",
    ),
    Case("add param `encoding='utf-8'` to read_text in io_utils.py", F + "add-parameter"),
    Case(
        "Ajoute un paramètre verbose à la fonction run dans runner.py.",
        F + "add-parameter",
        "fr",
    ),
    Case(
        "Añade un parámetro timeout=10 a la función fetch en client.py.",
        F + "add-parameter",
        "es",
    ),
    Case(
        "Füg der Funktion speichern in storage.py einen Parameter ueberschreiben=False hinzu.",
        F + "add-parameter",
        "de",
    ),
    # --- add-function: a known small function added to a file
    Case("Add a function is_even(n) to math_utils.py.", T + "add-function"),
    Case("Put an add(a, b) function in calc.py that returns the sum.", T + "add-function"),
    Case("In helpers.py, add a function that reverses a string.", T + "add-function"),
    Case("add a square(x) function to utils.py", T + "add-function"),
    Case("Ajoute une fonction is_even(n) dans utils.py.", T + "add-function", "fr"),
    Case("Añade una función add(a, b) a calc.py.", T + "add-function", "es"),
    Case("Füge in helpers.py eine Funktion reverse_string hinzu.", T + "add-function", "de"),
    # --- create: a new file with a function
    Case("Create hello.py with a function say_hello that prints hello.", T + "create"),
    Case("Make a new file greetings.py containing a greet(name) function.", T + "create"),
    Case("New file: mathx.py, with a function double(x) returning x*2.", T + "create"),
    Case("can you create utils2.py with an add function in it", T + "create"),
    Case("Crée un fichier bonjour.py avec une fonction saluer().", T + "create", "fr"),
    Case("Crea un archivo nuevo saludo.py con una función saludar.", T + "create", "es"),
    Case(
        "Leg eine neue Datei gruss.py mit einer Funktion begruessen an.",
        T + "create",
        "de",
    ),
    # --- remember: a fact noted
    Case("Remember that I prefer tabs over spaces.", T + "remember"),
    Case("Note this down: we deploy on Fridays.", T + "remember"),
    Case("Please keep in mind that the project uses Python 3.12.", T + "remember"),
    Case("For future reference, my name is Dana.", T + "remember"),
    Case("Retiens que je préfère les guillemets simples.", T + "remember", "fr"),
    Case("Recuerda que usamos pytest, no unittest.", T + "remember", "es"),
    Case("Merk dir, dass wir Python 3.11 verwenden.", T + "remember", "de"),
    # --- compact: the conversation summarised
    Case("Compact the conversation.", T + "compact"),
    Case(
        "Our chat is getting long - summarize it so far and carry on from the summary.",
        T + "compact",
    ),
    Case("Please condense the conversation history.", T + "compact"),
    Case("compact our context pls", T + "compact"),
    Case(
        "Résume notre conversation jusqu'ici pour gagner de la place.",
        T + "compact",
        "fr",
    ),
    Case("Compacta la conversación.", T + "compact", "es"),
    Case("Fass unseren bisherigen Chatverlauf kurz zusammen.", T + "compact", "de"),
    # --- research: where a name is defined and used
    Case("Where is parse_config defined, and where is it used?", T + "research"),
    Case("Find where the class User is defined and everywhere it's referenced.", T + "research"),
    Case("Who calls load_data? And where's it defined?", T + "research"),
    Case("Track down the definition of MAX_SIZE and all its uses.", T + "research"),
    Case(
        "Où est définie la fonction connect, et où est-elle utilisée ?",
        T + "research",
        "fr",
    ),
    Case("¿Dónde se define get_user y dónde se usa?", T + "research", "es"),
    Case("Wo wird process_order definiert und wo aufgerufen?", T + "research", "de"),
    # --- module-summary: a summary file for a package's modules
    Case(
        "Write a SUMMARY.md for the utils package that describes each module.",
        T + "module-summary",
    ),
    Case(
        "Create a file in the core package summarising what each of its modules does.",
        T + "module-summary",
    ),
    Case("Document the modules of the api package in a summary file.", T + "module-summary"),
    Case(
        "make a MODULES.md listing every module in the app package with a one-line summary",
        T + "module-summary",
    ),
    Case(
        "Crée un fichier de synthèse qui décrit chaque module du paquet utils.",
        T + "module-summary",
        "fr",
    ),
    Case(
        "Escribe un archivo de resumen con los módulos del paquete core.",
        T + "module-summary",
        "es",
    ),
    Case(
        "Leg für das Paket api eine Übersichtsdatei an, die jedes Modul kurz beschreibt.",
        T + "module-summary",
        "de",
    ),
    # --- near misses: questions about a task, other objects, hypotheticals, negations,
    # and things the tutor has no task for
    Case("How do I run the tests myself from the terminal?", None),
    Case("Don't rename anything yet, I'm still thinking.", None),
    Case("What does 'rename' do in git?", None),
    Case("Rename my git branch to feature-login.", None),
    Case("Rename the folder src to lib.", None),
    Case("Delete the last line of app.py.", None),
    Case("If I deleted utils.py, would anything break?", None),
    Case("What is a docstring?", None),
    Case("Should I add a main block to my scripts, in general?", None),
    Case("Tell me a joke about Python.", None),
    Case("What's the weather like in Paris?", None),
    Case("Forget what I told you about tabs.", None),
    Case("Do you remember what I said about tabs?", None),
    Case(
        "Summarize this article for me: 'The city council voted on Tuesday to widen the bridge.'",
        None,
    ),
    Case("Write a haiku about recursion.", None),
    Case("Create a GitHub repository for this project.", None),
    Case("Commit my changes with the message 'fix bug'.", None),
    Case("Install the requests package.", None),
    Case("What is a TODO comment, and why do people write them?", None),
    Case("Write a unit test for parse_config.", None),
    Case("Make the whole program faster.", None),
    Case("Change the default branch of the repo to main.", None),
    Case("Copy app.py to backup/app.py.", None),
    Case("Remind me tomorrow at 9 to call Bob.", None),
    Case("Empty the trash.", None),
    Case("Clear the terminal screen.", None),
    Case("Who wrote this project?", None),
    Case("Why is Python called Python?", None),
    Case("Would it be possible, in theory, to rename a function automatically?", None),
    Case("I don't need a README, thanks.", None),
    Case("Don't run the tests; I'll do it later.", None),
    Case("What's the difference between a list and a tuple?", None),
    Case("Translate 'good morning' into Japanese.", None),
    Case("List three famous computer scientists.", None),
    Case("Explain what a REST API is.", None),
    Case("Add 2 and 3.", None),
    Case('Can you compact this JSON for me? {"a": 1,   "b": 2}', None),
    Case("Read me a bedtime story.", None),
    Case("What does the word 'refactor' mean?", None),
    Case("Has anyone fixed the failing test yet?", None),
    Case("Why do the tests take so long?", None),
    Case("Summarise the plot of Hamlet.", None),
    Case("Ne renomme rien pour l'instant.", None, "fr"),
    Case("C'est quoi, une docstring ?", None, "fr"),
    Case("Quel temps fait-il à Lyon ?", None, "fr"),
    Case("Supprime la dernière ligne de main.py.", None, "fr"),
    Case("¿Qué es un test unitario?", None, "es"),
    Case("No borres nada todavía.", None, "es"),
    Case("Resume este texto: 'El ayuntamiento aprobó ayer el nuevo presupuesto.'", None, "es"),
    Case("Cuéntame un chiste.", None, "es"),
    Case("Was ist eigentlich ein Docstring?", None, "de"),
    Case("Lösch nichts, ich will mir das nur anschauen.", None, "de"),
    Case("Benenne den Ordner src in lib um.", None, "de"),
    Case("Erzähl mir einen Witz.", None, "de"),
    Case("Che cos'è un test unitario?", None, "it"),
    Case("Não apague nada ainda.", None, "pt"),
)
