"""A second batch of requests, written after the intent table was built and measured once,
with nothing tuned on it afterwards (the same author, who knew the matcher: read its figure
as an upper bound on what a batch by someone else would give).

Its figure when first measured: FIRST_CONTACT below (the two misses: "Kick off the test
suite for me." and "Relance les tests unitaires."). Both were taken in when the third batch
was worked on ("kick off" a run-tests verb, "relance" in the French lexicon), so it is
tuned now: 50 of 50.
"""

from __future__ import annotations

from request_corpus_blind import Case

F, T = "family:", "task:"

FIRST_CONTACT = {"phrasings": (48, 50), "non_english": (24, 25), "near_misses_routed": (0, 10)}

CASES: tuple[Case, ...] = (
    Case("Kick off the test suite for me.", T + "run-tests"),
    Case("Could you check if all tests are green?", T + "run-tests"),
    Case("Relance les tests unitaires.", T + "run-tests", "fr"),
    Case("Corre las pruebas, por favor.", T + "run-tests", "es"),
    Case("Bitte starte die Tests.", T + "run-tests", "de"),
    Case("Show me all the files in this project, please.", T + "list"),
    Case("What files do we have?", T + "list"),
    Case("Montre-moi les fichiers du projet.", T + "list", "fr"),
    Case("Muéstrame los archivos del proyecto.", T + "list", "es"),
    Case("Liste alle Dateien auf.", T + "list", "de"),
    Case("Please open utils.py and math_utils.py.", T + "read-many"),
    Case("Ouvre main.py et tests.py.", T + "read-many", "fr"),
    Case("Abre utils.py y tests.py.", T + "read-many", "es"),
    Case("Öffne main.py und utils.py.", T + "read-many", "de"),
    Case("Remove main.py from the project.", T + "delete"),
    Case("Efface tests.py.", T + "delete", "fr"),
    Case("Elimina main.py.", T + "delete", "es"),
    Case("Entferne utils.py.", T + "delete", "de"),
    Case("Please wipe math_utils.py.", F + "refuse-empty"),
    Case("Write a docstring for subtract in math_utils.py.", T + "docstring"),
    Case("Documente la fonction slugify dans utils.py.", T + "docstring", "fr"),
    Case("Documenta la función slugify en utils.py.", T + "docstring", "es"),
    Case("Dokumentiere die Funktion slugify in utils.py.", T + "docstring", "de"),
    Case("Put a main block at the end of hello.py.", T + "main-block"),
    Case("Add an entry point to math_utils.py.", T + "main-block"),
    Case("Add a subtract function to math_utils.py, please.", T + "add-function"),
    Case("Ajoute une fonction divide dans math_utils.py.", T + "add-function", "fr"),
    Case("Agrega una función power a math_utils.py.", T + "add-function", "es"),
    Case("Create bye.py with a function that prints 'See you'.", T + "create"),
    Case("Crée au_revoir.py avec une fonction qui affiche 'Au revoir'.", T + "create", "fr"),
    Case("Please remember that the build uses make.", T + "remember"),
    Case("Note: the staging server is down on Fridays.", T + "remember"),
    Case("Where is add_numbers used?", T + "research"),
    Case("Wo wird slugify verwendet?", T + "research", "de"),
    Case("Rename multiply to times everywhere in the code.", F + "rename"),
    Case("Renomme la fonction add en plus partout.", F + "rename", "fr"),
    Case("Change RATE_LIMIT in api.py from 10 to 20.", F + "big-module-value"),
    Case("Cambia MAX_SIZE en store.py de 100 a 200.", F + "big-module-value", "es"),
    Case("Copy TIMEOUT from server.py to client.py.", F + "copy-value"),
    Case("Generate a README.md for the project.", F + "create-readme"),
    Case("Erstelle eine README für das Projekt.", F + "create-readme", "de"),
    Case("What does parse_config in config_loader.py do?", F + "explain-function"),
    Case("Explique la fonction slugify dans utils.py.", F + "explain-function", "fr"),
    Case("Some tests fail now; please fix the code.", F + "fix-failing-test"),
    Case("Certains tests échouent, corrige le code.", F + "fix-failing-test", "fr"),
    Case("Show me the TODOs in main.py.", F + "list-todos"),
    Case("Zeig mir alle TODOs in utils.py.", F + "list-todos", "de"),
    Case("Summarize all files in the repo.", T + "summarize"),
    Case("Summarise the conversation so far.", T + "compact"),
    Case("Set the retries to 4.", F + "ambiguous"),
    # near misses
    Case("Why do my tests take so long?", None),
    Case("What is a main block?", None),
    Case("How should I name my files?", None),
    Case("I renamed utils.py last week.", None),
    Case("Is it safe to delete __pycache__?", None),
    Case("Pourquoi les tests sont-ils lents ?", None, "fr"),
    Case("¿Qué es un README?", None, "es"),
    Case("Was bedeutet TODO?", None, "de"),
    Case("Please be more concise.", None),
    Case("Good morning!", None),
)
