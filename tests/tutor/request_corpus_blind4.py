"""A fourth blind batch of requests for the offline tutor: phrasings of its tasks and near
misses, in English, French, Spanish and German.

Written after the third batch had been measured, without reading the intent table, the
lexicons or the matcher (only the task list and the section notes of
request_corpus_blind3.py), and committed before anything was run on it: it measures what
the tuning on the third batch generalised to. Same format as request_corpus_blind3.py:
`route` is "family:<name>" or "task:<name>", or None for a near miss (a request the tutor
should answer with a reply, a refusal or its help text, never a task's move). Names of
files, functions and constants are made up.

First contact (after the tuning on the third batch; routed as request_blind_score.py
routes, with checkpoint 04's tools): phrasings routed to their task 71 of 79 (89.9%; English
48 of 51, French, Spanish and German 23 of 28, 82.1%); near misses routed to a task 0 of 28.
Never tuned on: tests/tutor/test_request_corpus.py holds these figures.
"""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    text: str
    route: str | None  # "family:<name>", "task:<name>", or None for a near miss
    lang: str = "en"


F, T = "family:", "task:"

CASES: tuple[Case, ...] = (
    # --- explain-tool
    Case("What is the search_file tool good for?", T + "explain-tool"),
    Case("Explain the read_lines tool to me.", T + "explain-tool"),
    Case("Qu'est-ce que fait l'outil list_files ?", T + "explain-tool", "fr"),
    # --- run-tests
    Case("Run all the tests and report the failures.", T + "run-tests"),
    Case("Could you run the unit tests?", T + "run-tests"),
    Case("Exécute la suite de tests.", T + "run-tests", "fr"),
    Case("Lass die Tests laufen.", T + "run-tests", "de"),
    # --- summarize
    Case("Summarize each file of the project in a sentence or two.", T + "summarize"),
    Case("Give me an overview of all the files in this project.", T + "summarize"),
    Case("Haz un resumen de cada archivo del proyecto.", T + "summarize", "es"),
    # --- list
    Case("List all files.", T + "list"),
    Case("What's in this project? Just the file names.", T + "list"),
    Case("Liste les fichiers du projet.", T + "list", "fr"),
    Case("Welche Dateien gibt es hier?", T + "list", "de"),
    # --- read-many
    Case("Read api.py and models.py.", T + "read-many"),
    Case("Show me the contents of config.py, main.py and utils.py.", T + "read-many"),
    Case("Lee main.py y utils.py.", T + "read-many", "es"),
    # --- delete (the tutor refuses, as a task)
    Case("Delete old_utils.py.", T + "delete"),
    Case("Remove the file legacy.py from the project.", T + "delete"),
    Case("Supprime le fichier brouillon.py.", T + "delete", "fr"),
    Case("Borra el archivo viejo.py.", T + "delete", "es"),
    # --- refuse-empty
    Case("Empty the file notes.py.", F + "refuse-empty"),
    Case("Clear out everything in scratch.py so it's blank.", F + "refuse-empty"),
    Case("Vide le fichier temp.py.", F + "refuse-empty", "fr"),
    # --- docstring
    Case("Add a docstring to the parse function in parser.py.", T + "docstring"),
    Case("Give load_users in users.py a docstring.", T + "docstring"),
    Case("Ajoute une docstring à la fonction compute dans calc.py.", T + "docstring", "fr"),
    # --- main-block
    Case('Add an if __name__ == "__main__": block to cli.py.', T + "main-block"),
    Case("Make script.py runnable directly with a main guard.", T + "main-block"),
    # --- change-default
    Case("In db.py, change the default timeout of connect from 10 to 20.", T + "change-default"),
    Case("Change the default value of retries in fetch_data (net.py) from 3 to 5.", T + "change-default"),
    Case("Set the default port of serve() in app.py to 9000 instead of 8000.", T + "change-default"),
    Case("Dans db.py, change la valeur par défaut de timeout de connect de 10 à 20.", T + "change-default", "fr"),
    Case("En net.py, cambia el valor por defecto de retries en fetch_data de 3 a 5.", T + "change-default", "es"),
    Case("Ändere in app.py den Standardwert von port in serve von 8000 auf 9000.", T + "change-default", "de"),
    # --- ambiguous
    Case("Change the default retries to 4.", F + "ambiguous"),
    Case("Make the default timeout 45.", F + "ambiguous"),
    Case("Cambia el timeout por defecto a 45.", F + "ambiguous", "es"),
    # --- big-module-value
    Case("In settings.py, set MAX_WORKERS to 8.", F + "big-module-value"),
    Case("Change LOG_LEVEL in config.py to \"DEBUG\".", F + "big-module-value"),
    Case("Ändere in settings.py MAX_WORKERS auf 8.", F + "big-module-value", "de"),
    # --- copy-value
    Case("Copy DEFAULT_PORT from config.py to server.py.", F + "copy-value"),
    Case("Use the same value of MAX_SIZE in upload.py as in settings.py.", F + "copy-value"),
    Case("Copia el valor de PORT de config.py en server.py.", F + "copy-value", "es"),
    # --- create-readme
    Case("Please add a README to the project.", F + "create-readme"),
    Case("Create README.md with a short description and usage.", F + "create-readme"),
    Case("Erstelle eine README.md für dieses Projekt.", F + "create-readme", "de"),
    # --- explain-function
    Case("What does the function parse_args in cli.py do?", F + "explain-function"),
    Case("Explain load_config in config.py.", F + "explain-function"),
    Case("Que fait la fonction connect dans db.py ?", F + "explain-function", "fr"),
    # --- fix-failing-test
    Case("A test is failing, please fix it.", F + "fix-failing-test"),
    Case("Fix the failing test.", F + "fix-failing-test"),
    Case("Arregla el test que falla.", F + "fix-failing-test", "es"),
    # --- list-todos
    Case("List all the TODO comments in the code.", F + "list-todos"),
    Case("Find every TODO in the project.", F + "list-todos"),
    Case("Liste tous les TODO du projet.", F + "list-todos", "fr"),
    # --- rename
    Case("Rename the function get_data to fetch_data everywhere.", F + "rename"),
    Case("Rename calc_total to compute_total across the project.", F + "rename"),
    Case("Benenne die Funktion load in read_file um, überall im Projekt.", F + "rename", "de"),
    # --- add-parameter
    Case("Add a verbose parameter to the run function in main.py.", F + "add-parameter"),
    Case("Give save() in storage.py a new parameter overwrite with default False.", F + "add-parameter"),
    Case("Añade un parámetro verbose a la función run en main.py.", F + "add-parameter", "es"),
    # --- add-function
    Case("Add a function cube(x) to math_utils.py.", T + "add-function"),
    Case("Add a max_of(a, b) function to helpers.py.", T + "add-function"),
    Case("Ajoute une fonction cube(x) à math_utils.py.", T + "add-function", "fr"),
    # --- create
    Case("Create a new file shapes.py with a function area(w, h).", T + "create"),
    Case("Make greet.py with a function hello() that prints hi.", T + "create"),
    Case("Erstelle die Datei formen.py mit einer Funktion flaeche.", T + "create", "de"),
    # --- remember
    Case("Remember that we use black for formatting.", T + "remember"),
    Case("Keep in mind: the main branch is called trunk.", T + "remember"),
    Case("Recuerda que el proyecto usa Python 3.11.", T + "remember", "es"),
    # --- compact
    Case("Compact our conversation so far.", T + "compact"),
    Case("Condense the chat history, please.", T + "compact"),
    Case("Kompaktiere unser Gespräch.", T + "compact", "de"),
    # --- research
    Case("Where is the function save_order defined and where is it called?", T + "research"),
    Case("Find the definition of Config and every place that uses it.", T + "research"),
    Case("¿Dónde está definida la clase Cliente y dónde se usa?", T + "research", "es"),
    # --- module-summary
    Case("Write a summary file for the models package describing each of its modules.", T + "module-summary"),
    Case("Create MODULES.md in the services package with one line per module.", T + "module-summary"),
    # --- near misses: about a task rather than asking for it, other objects, hypotheticals,
    # negations, things the tutor has no task for
    Case("Don't delete anything, just tell me which files look unused.", None),
    Case("Is it safe to delete old_utils.py?", None),
    Case("Why do people write docstrings?", None),
    Case("What is a main guard in Python?", None),
    Case("Should I rename get_data to fetch_data?", None),
    Case("What does TODO mean in a comment?", None),
    Case("How do tests usually get run in Python projects?", None),
    Case("Explain what a default parameter value is.", None),
    Case("Thanks, that's all for now.", None),
    Case("Hello!", None),
    Case("What's the weather like today?", None),
    Case("Write me a poem about recursion.", None),
    Case("Translate 'hello world' into Spanish.", None),
    Case("What time is it?", None),
    Case("Do you like Python?", None),
    Case("Don't change any files yet, I'm still thinking.", None),
    Case("I renamed the function myself, no need to do anything.", None),
    Case("If I wanted a README, what should it contain?", None),
    Case("Never mind the tests.", None),
    Case("Who wrote this project?", None),
    Case("Ne supprime rien pour l'instant.", None, "fr"),
    Case("¿Qué es un docstring?", None, "es"),
    Case("Danke, das war's.", None, "de"),
    Case("Bonjour, comment ça va ?", None, "fr"),
    Case("¿Por qué fallan los tests a veces?", None, "es"),
    Case("Was ist eine TODO-Liste?", None, "de"),
    Case("Could you explain recursion with an example?", None),
    Case("What's the difference between a list and a tuple?", None),
)
