"""A held-out probe: requests in the styles of request_corpus_probe_general.py, written after
the rules it led to (understand/reshape.py, understand/inflect.py) and committed before the
tutor ran on them, to see whether those rules carry to sentences they were not made on. Never
tuned on. Same format as request_corpus_cold.py; names are made up.

Its figures: tests/tutor/test_probe_batch.py (HOLDOUT_FIRST_CONTACT).
"""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    text: str
    route: str | None  # "family:<name>", "task:<name>", or None for a near miss
    lang: str = "en"


F, T = "family:", "task:"

CASES: tuple[Case, ...] = (
    Case("* run the unit tests", T + "run-tests"),
    Case("2. Delete draft_v2.py.", T + "delete"),
    Case("Must the tests be run again? Yes please, run them.", T + "run-tests"),
    Case("These two files, api.py and db.py, should be opened side by side.", T + "read-many"),
    Case("Would you mind deleting scratch_old.py? 🙂", T + "delete"),
    Case("I'd appreciate it if a docstring were added to slugify in text.py.", T + "docstring"),
    Case("A main block needs to be added to cli_tool.py.", T + "main-block"),
    Case("report.py is never imported anywhere. Could you delete it?", T + "delete"),
    Case("The value TIMEOUT_MS in net.py should be 500.", F + "big-module-value"),
    Case("Could the whole conversation be compacted?", T + "compact"),
    Case("every file in this repo should be summarized pls", T + "summarize"),
    Case("Could you tell me which files the project has? thx 🙏", T + "list"),
    Case("A README has to be written for the project.", F + "create-readme"),
    Case("The function loadCfg should be renamed to load_config.", F + "rename"),
    Case("helper.py: add a docstirng to clean_up", T + "docstring"),
    Case("Führen Sie bitte die Tests aus.", T + "run-tests", "de"),
    Case("Die Tests bitte noch einmal ausführen.", T + "run-tests", "de"),
    Case("Bitte die Datei muell.py entfernen.", T + "delete", "de"),
    Case("Könnten Sie bitte alle Dateien auflisten?", T + "list", "de"),
    Case("Erstellen Sie bitte eine README für das Projekt.", F + "create-readme", "de"),
    Case("Bitte alle TODOs im Projekt finden.", F + "list-todos", "de"),
    Case("Lesen Sie bitte haupt.py und neben.py.", T + "read-many", "de"),
    Case("Bitte unser bisheriges Gespräch zusammenfassen.", T + "compact", "de"),
    Case("Ejecute las pruebas, por favor.", T + "run-tests", "es"),
    Case("Elimine el archivo temporal.py.", T + "delete", "es"),
    Case("Lea los archivos uno.py y dos.py, por favor.", T + "read-many", "es"),
    Case("¿Podria crear un README para el proyecto?", F + "create-readme", "es"),
    Case("Explique la funcion sumar en calc.py.", F + "explain-function", "es"),
    Case("Busque todos los TODO del proyecto.", F + "list-todos", "es"),
    Case("Resuma cada archivo del proyecto.", T + "summarize", "es"),
    Case("Lancez les tests, s'il vous plait.", T + "run-tests", "fr"),
    Case("Pourriez-vous supprimer le fichier vieux.py ?", T + "delete", "fr"),
    Case("Listez les fichiers du projet, svp.", T + "list", "fr"),
    Case("Expliquez la fonction trier dans listes.py.", F + "explain-function", "fr"),
    Case("Pouvez-vous résumer notre conversation ?", T + "compact", "fr"),
    Case("Creez un README pour ce projet.", F + "create-readme", "fr"),
    # --- near misses
    Case("The tests should be run by the nightly job, not now.", None),
    Case("Old scripts must be deleted by their owners.", None),
    Case("Why must the README be rewritten?", None),
    Case("Was old.py deleted by mistake?", None),
    Case("I was about to delete utils.py, then I stopped.", None),
    Case("Please don't ever delete main.py.", None),
    Case("I'd rather you not run the tests right now.", None),
    Case("- never touch the tests", None),
    Case("How would you summarize a long file?", None),
    Case("Would you mind if I renamed the module?", None),
    Case("Wir sollten die Tests morgen ausführen.", None, "de"),
    Case("Bitte die Datei alt.py nicht löschen.", None, "de"),
    Case("Die Tests wurden schon ausgeführt.", None, "de"),
    Case("Wie führt man Tests in Python aus?", None, "de"),
    Case("No elimine ningún archivo.", None, "es"),
    Case("Las pruebas ya se ejecutaron ayer.", None, "es"),
    Case("¿Cómo se escribe un docstring?", None, "es"),
    Case("Ne lancez pas les tests maintenant.", None, "fr"),
    Case("Les fichiers ont été supprimés par Marie.", None, "fr"),
    Case("Comment résumer un long texte ?", None, "fr"),
)
