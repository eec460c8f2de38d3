"""A fifth blind batch of requests for the offline tutor: phrasings of its tasks and near
misses, in English, French, Spanish and German, with some in Italian and Portuguese.

Written from the documented behaviour only (the task names, their slots and near misses in
docs/TUTOR-SCRIPT.md's generated table), without reading the matcher's code or the earlier
batches' cases (only request_corpus_blind4.py's format), and saved before anything was run
on it. More than half of it is not in English; it holds the kinds the fourth batch missed
(German and Spanish run-tests, summarize, rename and compact; notes without "that"; slips
in a task's word) and near misses: questions about a task, negations, hypotheticals, other
objects, past tense, and requests the tutor has no task for. Same format as
request_corpus_blind4.py: `route` is "family:<name>" or "task:<name>", or None for a near
miss (a request the tutor should answer with a reply, a refusal or its help text, never a
task's move). Names of files, functions and constants are made up.

First contact and tuned figures: see tests/tutor/test_request_corpus.py.
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
    Case("What does the read_lines tool do?", T + "explain-tool"),
    Case("How do I use the edit_file tool?", T + "explain-tool"),
    Case("Explique-moi l'outil search_file.", T + "explain-tool", "fr"),
    Case("¿Para qué sirve la herramienta list_files?", T + "explain-tool", "es"),
    Case("Was macht das Werkzeug read_lines?", T + "explain-tool", "de"),
    Case("Cosa fa lo strumento edit_file?", T + "explain-tool", "it"),
    # --- run-tests
    Case("Run the tests.", T + "run-tests"),
    Case("Please run pytest and tell me what fails.", T + "run-tests"),
    Case("Rnu the tests please.", T + "run-tests"),
    Case("Lance les tests, s'il te plaît.", T + "run-tests", "fr"),
    Case("Exécute les tests unitaires.", T + "run-tests", "fr"),
    Case("Ejecuta las pruebas.", T + "run-tests", "es"),
    Case("Corre los tests, por favor.", T + "run-tests", "es"),
    Case("Führe die Tests aus.", T + "run-tests", "de"),
    Case("Starte die Tests.", T + "run-tests", "de"),
    Case("Lass bitte die Testsuite laufen.", T + "run-tests", "de"),
    Case("Esegui i test.", T + "run-tests", "it"),
    Case("Rode os testes.", T + "run-tests", "pt"),
    # --- summarize
    Case("Summarize every file in the repository.", T + "summarize"),
    Case("Give me a summary of each file.", T + "summarize"),
    Case("Résume chaque fichier du projet.", T + "summarize", "fr"),
    Case("Resume todos los archivos del proyecto.", T + "summarize", "es"),
    Case("Fasse jede Datei des Projekts zusammen.", T + "summarize", "de"),
    Case("Gib mir eine Zusammenfassung aller Dateien.", T + "summarize", "de"),
    Case("Riassumi ogni file del progetto.", T + "summarize", "it"),
    # --- list
    Case("Which files are in the project?", T + "list"),
    Case("Show me the file list.", T + "list"),
    Case("Quels fichiers y a-t-il dans le projet ?", T + "list", "fr"),
    Case("Montre-moi tous les fichiers.", T + "list", "fr"),
    Case("Lista los archivos del proyecto.", T + "list", "es"),
    Case("¿Qué archivos hay en el proyecto?", T + "list", "es"),
    Case("Zeig mir alle Dateien.", T + "list", "de"),
    Case("Liste alle Dateien des Projekts auf.", T + "list", "de"),
    Case("Elenca i file del progetto.", T + "list", "it"),
    # --- read-many
    Case("Open main.py and utils.py.", T + "read-many"),
    Case("Read cli.py, config.py and db.py.", T + "read-many"),
    Case("Lis main.py et utils.py.", T + "read-many", "fr"),
    Case("Montre-moi le contenu de app.py et de models.py.", T + "read-many", "fr"),
    Case("Abre config.py y db.py.", T + "read-many", "es"),
    Case("Lies main.py und helpers.py.", T + "read-many", "de"),
    Case("Leggi main.py e utils.py.", T + "read-many", "it"),
    Case("Leia app.py e models.py.", T + "read-many", "pt"),
    # --- delete
    Case("Delete tmp.py.", T + "delete"),
    Case("Please remove scratch.py.", T + "delete"),
    Case("Delte old.py.", T + "delete"),
    Case("Supprime old.py.", T + "delete", "fr"),
    Case("Elimina el archivo tmp.py.", T + "delete", "es"),
    Case("Lösche die Datei alt.py.", T + "delete", "de"),
    Case("Cancella il file vecchio.py.", T + "delete", "it"),
    Case("Apague o arquivo velho.py.", T + "delete", "pt"),
    # --- refuse-empty
    Case("Wipe the contents of cache.py.", F + "refuse-empty"),
    Case("Empty out log.py.", F + "refuse-empty"),
    Case("Vide le contenu de cache.py.", F + "refuse-empty", "fr"),
    Case("Vacía el archivo log.py.", F + "refuse-empty", "es"),
    Case("Leere die Datei cache.py.", F + "refuse-empty", "de"),
    Case("Svuota il file log.py.", F + "refuse-empty", "it"),
    # --- docstring
    Case("Write a docstring for the area function in geometry.py.", T + "docstring"),
    Case("Add a docsting to parse in parser.py.", T + "docstring"),
    Case("Ajoute une docstring à la fonction area dans geometry.py.", T + "docstring", "fr"),
    Case("Añade un docstring a la función parse en parser.py.", T + "docstring", "es"),
    Case("Füge der Funktion area in geometry.py einen Docstring hinzu.", T + "docstring", "de"),
    Case("Aggiungi una docstring alla funzione area in geometry.py.", T + "docstring", "it"),
    # --- main-block
    Case("Add a main block to tool.py.", T + "main-block"),
    Case("Give runner.py an entry point.", T + "main-block"),
    Case("Ajoute un bloc main à tool.py.", T + "main-block", "fr"),
    Case("Añade un bloque main a runner.py.", T + "main-block", "es"),
    Case("Füge tool.py einen Main-Block hinzu.", T + "main-block", "de"),
    # --- change-default
    Case("In http.py, change the default timeout of get from 5 to 10.", T + "change-default"),
    Case("Change the default of retries in fetch (client.py) to 4.", T + "change-default"),
    Case("Dans http.py, change la valeur par défaut de timeout de get de 5 à 10.", T + "change-default", "fr"),
    Case("En client.py, cambia el valor por defecto de retries en fetch de 3 a 4.", T + "change-default", "es"),
    Case("Ändere in http.py den Standardwert von timeout in get von 5 auf 10.", T + "change-default", "de"),
    Case("In http.py, cambia il valore predefinito di timeout in get da 5 a 10.", T + "change-default", "it"),
    # --- ambiguous
    Case("Set the timeout to 30.", F + "ambiguous"),
    Case("Change the default retries to 7.", F + "ambiguous"),
    Case("Mets le timeout à 30.", F + "ambiguous", "fr"),
    Case("Cambia el timeout a 30.", F + "ambiguous", "es"),
    Case("Setze den timeout auf 30.", F + "ambiguous", "de"),
    # --- big-module-value
    Case("Change MAX_RETRIES in settings.py from 3 to 6.", F + "big-module-value"),
    Case("In config.py, set BATCH_SIZE to 64.", F + "big-module-value"),
    Case("Dans settings.py, mets MAX_RETRIES à 6.", F + "big-module-value", "fr"),
    Case("En config.py, cambia BATCH_SIZE a 64.", F + "big-module-value", "es"),
    Case("Setze in settings.py MAX_RETRIES auf 6.", F + "big-module-value", "de"),
    # --- copy-value
    Case("Copy TIMEOUT from client.py to server.py.", F + "copy-value"),
    Case("Make PAGE_SIZE in api.py the same as in web.py.", F + "copy-value"),
    Case("Copie la valeur de TIMEOUT de client.py dans server.py.", F + "copy-value", "fr"),
    Case("Copia TIMEOUT de client.py a server.py.", F + "copy-value", "es"),
    Case("Kopiere TIMEOUT von client.py nach server.py.", F + "copy-value", "de"),
    # --- create-readme
    Case("Write a README for this project.", F + "create-readme"),
    Case("Generate a README.md.", F + "create-readme"),
    Case("Crée un README pour le projet.", F + "create-readme", "fr"),
    Case("Escribe un README para el proyecto.", F + "create-readme", "es"),
    Case("Schreibe eine README für das Projekt.", F + "create-readme", "de"),
    Case("Crie um README para o projeto.", F + "create-readme", "pt"),
    # --- explain-function
    Case("What does parse_row in reader.py do?", F + "explain-function"),
    Case("Walk me through the load function in store.py.", F + "explain-function"),
    Case("Explique la fonction parse_row dans reader.py.", F + "explain-function", "fr"),
    Case("¿Qué hace la función load en store.py?", F + "explain-function", "es"),
    Case("Erkläre die Funktion load in store.py.", F + "explain-function", "de"),
    Case("Spiega la funzione load in store.py.", F + "explain-function", "it"),
    # --- fix-failing-test
    Case("Fix the broken test.", F + "fix-failing-test"),
    Case("One of the tests fails. Can you fix it?", F + "fix-failing-test"),
    Case("Corrige le test qui échoue.", F + "fix-failing-test", "fr"),
    Case("Repara la prueba que falla.", F + "fix-failing-test", "es"),
    Case("Repariere den fehlschlagenden Test.", F + "fix-failing-test", "de"),
    Case("Correggi il test che fallisce.", F + "fix-failing-test", "it"),
    # --- list-todos
    Case("Show me all TODOs.", F + "list-todos"),
    Case("Are there any TODOs in app.py?", F + "list-todos"),
    Case("Trouve tous les TODO.", F + "list-todos", "fr"),
    Case("Muestra todos los TODO del proyecto.", F + "list-todos", "es"),
    Case("Zeig mir alle TODOs im Projekt.", F + "list-todos", "de"),
    # --- rename
    Case("Rename fetch to download everywhere.", F + "rename"),
    Case("Rename the function parse to parse_line in the whole project.", F + "rename"),
    Case("Renomme la fonction fetch en download partout.", F + "rename", "fr"),
    Case("Renombra la función fetch a download en todo el proyecto.", F + "rename", "es"),
    Case("Benenne fetch überall in download um.", F + "rename", "de"),
    Case("Benenne die Funktion parse in parse_line um.", F + "rename", "de"),
    Case("Rinomina fetch in download ovunque.", F + "rename", "it"),
    # --- add-parameter
    Case("Add a timeout parameter to fetch in client.py.", F + "add-parameter"),
    Case("Add a parameter strict to parse in parser.py.", F + "add-parameter"),
    Case("Ajoute un paramètre timeout à la fonction fetch dans client.py.", F + "add-parameter", "fr"),
    Case("Añade un parámetro strict a parse en parser.py.", F + "add-parameter", "es"),
    Case("Füge der Funktion fetch in client.py einen Parameter timeout hinzu.", F + "add-parameter", "de"),
    # --- add-function
    Case("Add a function square(x) to mathx.py.", T + "add-function"),
    Case("Implement a function clamp in numbers.py.", T + "add-function"),
    Case("Ajoute une fonction square à mathx.py.", T + "add-function", "fr"),
    Case("Añade una función square a mathx.py.", T + "add-function", "es"),
    Case("Füge mathx.py eine Funktion square hinzu.", T + "add-function", "de"),
    # --- create
    Case("Create hi.py with a function that prints hello.", T + "create"),
    Case("Write a new file bye.py with a function that prints goodbye.", T + "create"),
    Case("Crée le fichier hi.py avec une fonction qui affiche bonjour.", T + "create", "fr"),
    Case("Crea el archivo hola.py con una función que imprime hola.", T + "create", "es"),
    Case("Erstelle hallo.py mit einer Funktion, die hallo ausgibt.", T + "create", "de"),
    Case("Crea il file ciao.py con una funzione che stampa ciao.", T + "create", "it"),
    # --- remember
    Case("Remember that the API key lives in .env.", T + "remember"),
    Case("Note: we deploy on Fridays.", T + "remember"),
    Case("Keep in mind that the tests need Python 3.12.", T + "remember"),
    Case("Souviens-toi que nous utilisons pytest.", T + "remember", "fr"),
    Case("Retiens que la branche principale s'appelle main.", T + "remember", "fr"),
    Case("Recuerda que usamos tabs.", T + "remember", "es"),
    Case("Merk dir, dass wir pytest benutzen.", T + "remember", "de"),
    Case("Denk daran, dass der Server auf Port 8080 läuft.", T + "remember", "de"),
    Case("Ricorda che usiamo pytest.", T + "remember", "it"),
    # --- compact
    Case("Compact the conversation.", T + "compact"),
    Case("Summarize our chat so far.", T + "compact"),
    Case("Résume notre conversation jusqu'ici.", T + "compact", "fr"),
    Case("Compacta la conversación.", T + "compact", "es"),
    Case("Resume nuestra conversación hasta ahora.", T + "compact", "es"),
    Case("Fasse unser Gespräch zusammen.", T + "compact", "de"),
    Case("Komprimiere den Chatverlauf.", T + "compact", "de"),
    Case("Riassumi la conversazione.", T + "compact", "it"),
    # --- research
    Case("Where is parse_row defined?", T + "research"),
    Case("Who calls save_user?", T + "research"),
    Case("Où est définie la fonction parse_row ?", T + "research", "fr"),
    Case("¿Dónde se usa save_user?", T + "research", "es"),
    Case("Wo wird save_user definiert?", T + "research", "de"),
    # --- module-summary
    Case("Write MODULES.md with one line per module in the billing package.", T + "module-summary"),
    Case("Document every module of the api package in API.md.", T + "module-summary"),
    Case("Écris MODULES.md avec une ligne par module du paquet billing.", T + "module-summary", "fr"),
    # --- near misses
    Case("Do not run the tests.", None),
    Case("Did you run the tests?", None),
    Case("How do I delete a branch in git?", None),
    Case("Should I delete tmp.py?", None),
    Case("What is a README?", None),
    Case("I already added a docstring.", None),
    Case("Summarize the news for me.", None),
    Case("What's a good name for a test file?", None),
    Case("Can you tell me a joke?", None),
    Case("Goodbye!", None),
    Case("Why is my code slow?", None),
    Case("The tests pass now, thanks.", None),
    Case("Ne lance pas les tests.", None, "fr"),
    Case("Qu'est-ce qu'un test unitaire ?", None, "fr"),
    Case("Merci beaucoup !", None, "fr"),
    Case("Pourquoi supprimer des fichiers inutiles ?", None, "fr"),
    Case("Quelle heure est-il ?", None, "fr"),
    Case("No borres nada todavía.", None, "es"),
    Case("¿Cómo se escribe un docstring?", None, "es"),
    Case("Gracias por tu ayuda.", None, "es"),
    Case("¿Qué es pytest?", None, "es"),
    Case("¿Debería renombrar esta función?", None, "es"),
    Case("Lösch noch nichts.", None, "de"),
    Case("Was ist ein Docstring?", None, "de"),
    Case("Wie spät ist es?", None, "de"),
    Case("Warum schlagen Tests fehl?", None, "de"),
    Case("Schreib mir ein Gedicht.", None, "de"),
    Case("Grazie mille!", None, "it"),
    Case("Cos'è un test?", None, "it"),
    Case("Obrigado pela ajuda!", None, "pt"),
    Case("O que é um docstring?", None, "pt"),
)
