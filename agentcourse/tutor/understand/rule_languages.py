"""The words of the prompt rules in French, Spanish and German, and (thinner: the words of
the five rules and those around them) Italian and Portuguese, as data (LANGUAGES): the
rule reader (clauses.words) puts a sentence in any of them into the English words the
lexicon (lexicon.py) knows before it reads it.

A sentence is read in English words: each language whose markers it holds (words English
prompts do not use) has its phrases put into English before anything else is read, the
language with the most markers first, so that a word two languages share ("leer": to read in
Spanish, empty in German) is read in the sentence's own. The phrases are regexes applied in
order to the lower-cased sentence, whole words; a group they catch is kept in the English
("\\1"). Each table first puts the words in English order (the two
parts of a French negation around its verb, a German verb at the end of its clause, an
imperative before "nicht"), then its phrases, then its single words: the verbs of the rules
in every form a student writes (tu, vous, usted, du, Sie, the infinitive, the participle),
their objects, and the little words between them.

To add a language: an entry here with its name, its markers (a dozen frequent words of the
language that are not English words) and its phrases (at least the words of the five rules:
never, not, always, only, before, after, first, without, unless, even if, may, must; read,
edit, change, delete, file(s), folder, create, new, empty, leave; ask, question,
confirmation, permission, user, request, ambiguous, clear; answer, reply, short, brief,
concise, explain, step, detail; code, comment, commit message, function, line); then cases
in a rule corpus marked with its code ("#: it"), and
`python -m agentcourse.tutor.script_doc --write` for the lexicon table of
docs/TUTOR-SCRIPT.md. A word no table knows is left as it is: a rule in words the tutor
does not know is not found, and the tutor shows the failure, as a model that did not
understand it would. A table's words are also read in the English a table before it left
(every language whose markers a sentence holds is applied): a word that is English too
("no", "so", "as", "do", "per") is not one of its phrases, or only in a context ("se la").
"""

from __future__ import annotations

LANGUAGES: dict[str, dict] = {
    "fr": {
        "name": "French",
        "markers": r"le|la|les|des|du|une|ne|n'|l'|d'|pas|jamais|toujours|est|et|avec|sans|tu|vous|ton|ta|tes"
        r"|votre|vos|ce|cette|que|qui|dans|aucun|aucune|chaque|avant|après|fichiers?|réponses?|supprim\w+"
        r"|modifi\w+|lis|lisez|lire|vide|créer|crée|demande|jamais|sois|soyez|brièvement|concis|utilisateur"
        r"|réponds|répondez|phrases?|mots|effacez|efface|demandez|posez|pose|hésitez|bref|brève|courte?s?"
        r"|concises|explications|étapes?|fichier|en|au|aux|ou|où|votre|nécessaire|interdite?s?|règles?|outil"
        r"|cet|maximum|deux|trois",
        "phrases": (
            (r"essa(?:ie|yez|yer) de ne pas|tâche(?:z)? de ne pas", "try not to"),  # a hedge, not a rule
            # the future as a command ("tu ne supprimeras point"): the present, and "point" as "pas"
            (r"(supprim|effac|modifi|édit|chang|demand|pos|appell|utilis|cré|vid|ajout|expliqu|résum|racont)"
             r"er(?:as|a|ez|ons|ont)", r"\1e"),
            (r"reli(?:ras|ra|rez)", "relis"), (r"li(?:ras|ra|rez)", "lis"), (r"répondr(?:as|a|ez)", "réponds"),
            (r"(ne [\w']+) point", r"\1 pas"),
            # a question's inverted subject, a pronoun after its verb, a pronoun object before an
            # infinitive ("peut vous poser": may ask you), a noun's complement as its kind
            (r"est-(?:elle|il|ce)", "is"), (r"(\w+)-y", r"\1"), (r"cahier des charges", "spec"),
            (r"(?:pas|non) comment (?:vous|tu) (?:y )?(?:êtes arrivée?s?|es arrivée?|avez procédé|as procédé"
             r"|l'avez fait|l'as fait)", "not how you got there"),
            (r"ajouter|ajoutez|ajoute", "add"), (r"(?<!en )lecture(?: préalable)?(?! seule)", "reading"), (r"(vous|tu) ne ([\w']+) aucune?\b", r"\1 not \2 any"),
            (r"(vous|te|me|nous) (poser|demander|dire|montrer)", r"\2 \1"),
            (r"(fichiers?) d(?:e |')(?!(?:la|le|les|l|un|une|ton|ta|tes|votre|vos|son|sa|ses|ce|cette|ces|mon|ma|mes|abord)\b)(\w+)",
             r"\2 \1"),
            (r"sinon", "otherwise"), (r"vraiment", "really"), (r"au moins", "at least"),
            (r"résultats?", "result"), (r"donne|donnez|donner", "give"),
            # English order: the two parts of a negation around the verb (and a pronoun before it)
            # a file that does not exist yet is a new one, whatever the tense
            (r"n'(?:existe|existent|existait|existera) (?:pas|plus)(?: encore)?|n'existe pas déjà", "does not exist yet"),
            (r"n'", "ne "),
            # a compound tense: the auxiliary with its negation ("que tu n'as pas lu")
            (r"ne (as|a|avez|ai|avons|ont|aies|ait|ayez|ayons|aient) (pas|jamais|plus)(?: encore)? ", r"have \2 "),
            # a modal's negation: "ne dois plus", "ne dois modifier aucun fichier" (must not edit any)
            (r"ne (doit|doivent|dois|devez|devons|devrait|devrais|peux|peut|pouvez|peuvent) plus jamais", r"\1 never"),
            (r"ne (doit|doivent|dois|devez|devons|devrait|devrais|peux|peut|pouvez|peuvent) (?:plus |pas )?([\w']+) aucune?",
             r"\1 not \2 any"),
            (r"ne (doit|doivent|dois|devez|devons|devrait|devrais|peux|peut|pouvez|peuvent) (?:plus |pas )?([\w']+) rien",
             r"\1 not \2 anything"),
            (r"ne (doit|doivent|dois|devez|devons|devrait|devrais|peux|peut|pouvez|peuvent) plus", r"\1 not"),
            (r"ne (doit|doivent|dois|devez|devons|devrait|devrais) (jamais|pas|plus)", r"\1 \2"),
            (r"ne pas|ne plus", "not"),
            (r"ne jamais", "never"),
            # "ne ... plus" is "no longer", "ne ... aucun" and "ne ... rien" stay after the verb
            # ("modifie aucun fichier": edit no file); a pronoun goes with its verb
            (r"ne ((?:(?:le|la|les|lui|leur|y|en|me|te|nous|vous) )?[\w']+) plus jamais", r"never \1"),
            (r"ne ((?:(?:le|la|les|lui|leur|y|en|me|te|nous|vous) )?(?!\w+(?:er|ir|re)\b)[\w']+) (?:plus |pas )?(aucune?|rien)\b",
             r"\1 \2"),
            (r"ne ((?:(?:le|la|les|lui|leur|y|en|me|te|nous|vous) )?[\w']+) plus", r"not \1"),
            (r"ne ((?:(?:le|la|les|lui|leur|y|en) )?[\w']+) (jamais|pas|plus|aucun|aucune|rien)", r"\2 \1"),
            (r"ne ([\w']+)((?: [\w']+){0,4}) qu(?:e\b|')", r"only \1\2 "),
            (r"(?:le |la |les |l')(lire|modifier|supprimer|effacer|éditer|changer|créer|relire|écrire|ouvrir)",
             r"\1 it"),
            # an adjective after its noun: "réponses longues", "demandes ambiguës"
            (r"(réponses?|explications?|messages?) (longues|longs|longue|détaillées|détaillés)", r"\2 \1"),
            (r"(demandes?|requêtes?|tâches?|instructions?|consignes?) (ambiguës|ambigües|ambiguë|ambigus|ambigu"
             r"|floues?|imprécises?)", r"\2 \1"),
            # phrases
            (r"même si|même lorsque|même quand|y compris si", " even if "),
            (r"à moins que|sauf si", "unless"),
            (r"il est interdit d'|il est interdit de|interdit de|interdit d'|interdiction de|interdiction d'"
             r"|défense de|défense d'", "it is forbidden to"),
            (r"il faut|il est obligatoire de|tu dois|vous devez", "you must"),
            (r"tu peux|vous pouvez|tu as le droit de|vous avez le droit de", "you may"),
            (r"inutile de|inutile d'|pas besoin de|pas besoin d'|pas nécessaire de", "no need to"),
            (r"si besoin|au besoin|si nécessaire|(?:lorsque|quand) (?:c'est|cela est) nécessaire", "if necessary"),
            (r"sans l'avoir lu|sans l'avoir lue|sans les avoir lus|sans avoir lu|sans le lire|sans la lire",
             "without reading it"),
            (r"après l'avoir (?:lu|lue|consulté|consultée|ouvert|ouverte)|après avoir lu", "after reading it"),
            (r"l'avoir lu|l'avoir lue|l'avoir modifié|l'avoir modifiée", "it"),
            (r"(?:en )?(?:poser|pose|posez|poses|posant)((?: \w+){0,3}?) (?:une|des|de) questions?", r"ask\1 questions"),
            (r"(?:fais|faites|faire) valider (.+?) par (l'utilisateur|l'utilisatrice)", r"validate \1 with \2"),
            (r"auprès de|auprès d'", "with"), (r"valide|validez|valider|validiez", "validate"),
            (r"(?:d'y |y )?apporter (?:le moindre |la moindre |un |une |des |aucun |aucune )?(?:changement|modification)s?",
             "making any change"),
            (r"surtout|en particulier|notamment", "especially"), (r"applique|appliquez|appliquer|appliques", "apply"),
            # a cap as a ban on going past it: "ne doivent pas dépasser trois phrases"
            (r"dépass(?:er|e|es|ent|ez|era|eront)|excéd(?:er|e|es|ent|ez)", "exceed"),
            (r"demander des précisions|demande des précisions|demandez des précisions|demande de précisions"
             r"|demander de précisions", "ask for clarification"),
            # an infinitive is a subject or an instruction: "Supprimer des fichiers est interdit."
            (r"supprimer|effacer", "deleting"), (r"lire|relire", "reading"), (r"modifier|éditer", "editing"),
            (r"créer", "creating"), (r"demander", "asking"),
            (r"avant de|avant d'|avant toute|avant tout|avant que|avant qu'", "before"),
            (r"d'abord|en premier|au préalable|préalablement", "first"),
            (r"la demande|une demande|les demandes|ta demande|sa demande|votre demande|cette demande"
             r"|la requête|une requête", "the request"),
            (r"poser une question|pose une question|posez une question|poser des questions|pose des questions"
             r"|posez des questions|poser de questions|pose de questions", "ask questions"),
            (r"demande confirmation|demandez confirmation|demander confirmation", "ask for confirmation"),
            # the user's asking, not the model's: "même si l'utilisateur vous le demande"
            (r"(l'utilisateur|l'utilisatrice|il|elle|on) (?:vous|te|nous) l[ea] (?:demande|exige|veut)", r"\1 asks for it"),
            (r"(l'utilisateur|l'utilisatrice|il|elle|on)((?: (?:vous|te|nous|le|la|les|l'|en))*) (?:demande|exige|veut)",
             r"\1\2 asks"),
            (r"ce que tu fais|ce que vous faites|ce que tu vas faire", "what you are doing"),
            (r"fais-le|faites-le|fais le", "do it"),
            (r"messages? de commit|messages? de validation", "commit messages"),
            (r"chaîne vide", "empty string"),
            (r"l'outil d'édition|outil d'édition", "the edit tool"),
            (r"en détail|en détails|de façon détaillée", "in detail"),
            (r"à la fin", "at the end"), (r"merci de|merci d'|veuillez|prière de|prière d'", "please"),
            (r"cet outil|cette fonction|cette commande", "this tool"),
            (r"pas plus de|pas plus d'|au maximum|au plus|maximum", "at most"), (r"par réponse", "per reply"),
            (r"sans (?:t'étendre|vous étendre|détours|blabla|bavardage)", "briefly"),
            (r"pas de blabla|pas de bavardage|pas de baratin", "no filler"),
            (r"du dossier|dans le dossier|du répertoire|dans le répertoire", "in the folder"),
            (r"en une (?:seule )?(phrase|ligne)", r"in one \1"),
            (r"pas claire?s?", "unclear"),
            # words
            (r"toujours", "always"), (r"jamais", "never"), (r"pas", "not"), (r"aucune?s?", "no"),
            (r"auparavant|avant cela", "first"), (r"encore", "yet"), (r"parce que|parce qu'|car", "because"),
            (r"que|qu'|qui|dont", "that"), (r"se crée|se créent|est créé|est créée", "is created"),
            (r"existe|existent", "exists"), (r"étant", "being"), (r"simples?", "simple"),
            # participles and the third person the table's verbs lack ("l'utilisateur lit")
            (r"toucher|touche|touchez|touches", "touch"), (r"consignes?", "instructions"), (r"noms?", "names"),
            # someone else who reads or deletes: not a rule for the model
            (r"relecteur|relectrice|réviseur|réviseuse|testeur|testeuse|collègues?", "reviewer"),
            (r"ouvert|ouverte|ouverts|ouvertes", "opened"), (r"vu|vue|vus|vues", "seen"), (r"lit|lisent", "reads"),
            (r"(?:le |la |les |l')(modifies|modifie|modifiez|supprimes|supprime|supprimez|lis|lisez)", r"\1 it"),
            (r"rien", "nothing"), (r"deux", "two"), (r"trois", "three"), (r"quatre", "four"), (r"cinq", "five"), (r"refuse|refusez|refuser|refuses", "refuse"),
            (r"décline|déclinez|décliner", "decline"), (r"hésite|hésitez|hésiter", "hesitate"),
            (r"phrases", "sentences"), (r"phrase", "sentence"), (r"en peu de mots", "in few words"),
            (r"fais court|faites court", "be brief"), (r"mots", "words"), (r"ligne", "line"),
            (r"en", "in"), (r"sans", "without"), (r"avant", "before"), (r"après", "after"),
            (r"ensuite|puis", "then"), (r"sauf", "except"), (r"seulement|uniquement", "only"),
            (r"interdite?s?|défendue?s?", "forbidden"), (r"autorisée?s?|permise?s?", "allowed"),
            (r"doit|doivent|dois|devez|devons", "must"), (r"devrait|devrais|devriez|devraient", "should"),
            (r"peux|peut|pouvez|peuvent", "may"), (r"veux|voulez", "want"),
            (r"relire|relis|relisez|lire|lis|lisez|lit|lu|lue|lus", "read"),
            (r"consulter|consulte|consultez", "read"), (r"ouvrir|ouvre|ouvrez", "open"),
            (r"regarder|regarde|regardez", "look at"), (r"vérifier|vérifie|vérifiez", "check"),
            (r"confirme|confirmez|confirmer", "confirm"),
            (r"modifier|modifie|modifiez|modifies|modifié|modifiée|modification|modifications", "edit"),
            (r"éditer|édite|éditez|édition", "edit"), (r"changer|changez", "change"),
            (r"écrire|écris|écrivez", "write"),
            (r"suppression|suppressions", "deletion"),
            (r"supprimer|supprime|supprimez|supprimes|supprimé|supprimée|supprimés|supprimées", "delete"),
            (r"effacer|efface|effacez|effacé|effacée|retirer|retire|retirez|enlever|enlève|enlevez", "delete"),
            (r"fichiers", "files"), (r"fichier", "file"), (r"dossiers|répertoires", "folders"),
            (r"dossier|répertoire", "folder"),
            (r"créer|crée|créez|crées|créé|créée|création", "create"), (r"nouveaux|nouveau|nouvelles?|nouvel", "new"),
            (r"vides?", "empty"), (r"laisser|laisse|laissez", "leave"),
            (r"demander|demande|demandez|demandes|demandé", "ask"), (r"autorisation|accord", "permission"),
            (r"l'utilisateur|l'utilisatrice|utilisateur|utilisatrice", "the user"),
            (r"réponds|répondre|répondez", "answer"), (r"réponses", "answers"), (r"réponse", "reply"),
            (r"brièvement|en bref", "briefly"), (r"brefs?|brèves?", "brief"), (r"courtes?|courts?", "short"),
            (r"con[cs]is|con[cs]ise|con[cs]ises", "concise"), (r"succinctement", "succinctly"),
            (r"sois|soyez|être", "be"), (r"garde|gardez|garder", "keep"), (r"évite|évitez|éviter", "avoid"),
            (r"longues|longue|longs", "long"), (r"explications?", "explanations"),
            (r"expliquer|explique|expliquez|détailler|détaille", "explain"),
            (r"raconter|raconte|racontez", "narrate"), (r"décrire|décris|décrivez", "describe"),
            (r"étapes?", "step"), (r"commentaires?", "comments"), (r"fonctions?", "functions"),
            (r"lignes?", "lines"), (r"ton|ta|tes|votre|vos", "your"), (r"son|sa|ses", "its"),
            (r"chaque|toute|tout|tous|toutes", "every"), (r"si", "if"), (r"quand|lorsque", "when"),
            (r"avec", "with"), (r"pour", "to"), (r"dans", "in"), (r"sur", "on"), (r"et", "and"), (r"ou", "or"), (r"le|la|les|l'", "the"),
            (r"un|une", "a"), (r"des|de|d'|du", ""), (r"tu|vous", "you"), (r"il|elle|cela|ça", "it"),
            (r"est", "is"), (r"sont", "are"), (r"outils?", "tool"), (r"appelle|appelez|appeler", "call"),
            (r"utilise|utilisez|utiliser", "use"), (r"passe|passez|passer", "pass"),
            (r"ambiguë|ambigüe|ambiguës|ambigus|ambigu", "ambiguous"), (r"floue?s?|imprécise?s?", "unclear"),
            (r"claire?s?", "clear"), (r"tâches?", "task"), (r"agis|agissez|agir|procède|procédez", "act"),
            (r"commencer|commence|commencez", "start"), (r"temporaires?", "temporary"),
            (r"actuel|actuelle", "current"), (r"contenu", "contents"), (r"s'il (?:te|vous) pla[iî]t|svp", "please"),
        ),
    },
    "es": {
        "name": "Spanish",
        "markers": r"el|los|las|una|unos|unas|nunca|jamás|siempre|archivos?|ficheros?|tus|usted|que|con|sin|para"
        r"|del|al|cada|antes|después|está|ningún|ninguna|borr\w+|elimin\w+|lee|leer|edites|editarlo|vacío"
        r"|pregunta|preguntar|respuestas?|breve|conciso|sé|usuario|petición|tarea|puedes|debes"
        r"|responde|responda|palabras|frases?|borra|borres|borre|elimina|elimines|lea|léelo|edita|modifica"
        r"|pide|pidas|corto|corta|cortas|carpeta|código|narres|en|lo|se|le|les|ni|contesta|brevemente|duda|dudas|pregunte"
        r"|nada|explicaciones|explicación|largas|largos|preguntas|haz|solo|sólo|cuando|siempre|nunca|también"
        r"|escribe|escribir|comentarios|breves|mensajes|funciones|líneas|cambios|cambio|crea|vacía|antes|detalle"
        r"|prohibidos?|prohibidas?|reglas|herramienta|esta|máximo|dos|tres",
        "phrases": (
            (r"(?:intenta|intente|procura|procure|trata de|trate de) no", "try not to"),  # a hedge, not a rule
            # the future as a command ("no borrarás ningún archivo"): the present
            (r"(borr|elimin|edit|modific|cambi|pregunt|llam|us|cre|vaci|explic|resum|detall)ar(?:ás|á|án|éis)",
             r"\1a"),
            (r"suprimir(?:ás|á|án)", "suprime"), (r"pedir(?:ás|á|án)", "pide"), (r"leer(?:ás|á|án)", "lee"),
            (r"responder(?:ás|á|án)", "responde"), (r"har(?:ás|á|án)", "haz"),
            # a pronoun object before its verb ("nunca los eliminas"), a noun's complement as its kind
            (r"(nunca|jamás|no) (lo|la|los|las) (\w+)", r"\1 \3 them"),
            (r"(archivos?|ficheros?|mensajes?) de (?!(?:la|el|los|las|un|una|tu|tus|su|sus|este|esta|estos|estas|mi|mis)\b)(\w+)",
             r"\2 \1"),
            (r"una sola|un solo", "a single"),
            (r"(?:nunca|jamás) (debe|debes|deben|debería|deberías)", r"\1 never"),
            (r"^(?:ningún|ninguna|ninguno)", "no"),
            (r"(respuestas?|explicaciones?|mensajes?|textos?) (largas|largos|larga|largo|extensas|extensos|detalladas)",
             r"\2 \1"),
            (r"(peticiones|petición|solicitudes|solicitud|tareas?|instrucciones) (ambiguas?|ambiguos?|confusas?|vagas?)",
             r"\2 \1"),
            (r"no (debe|debes|deben|debería|deberías)", r"\1 not"),
            (r"aunque|incluso si|aun si|aun cuando|incluso cuando", " even if "),
            (r"a menos que|salvo que|excepto si", "unless"),
            (r"está prohibido|esta prohibido|queda prohibido|se prohíbe|prohibido", "is forbidden"),
            (r"hay que|tienes que|tiene que|es obligatorio", "must"),
            # a file that does not exist yet is a new one; a compound tense with its negation
            (r"no (?:existe|existen|exista|existan)(?: (?:todavía|aún|aun))?|(?:todavía|aún|aun) no (?:existe|existen|exista)",
             "does not exist yet"),
            (r"no (hayas|haya|hayan|has|ha|han|hemos|he|haber|habías|había) ", "have not "),
            (r"(?:hayas|haya|hayan|haber|habías|había)|(?:has|ha|han|hemos)(?= \w+(?:ado|ada|ido|ida|ierto|isto)\b)", "have"),
            (r"no hace falta|no es necesario|no necesitas|no hay necesidad de", "no need to"),
            (r"añadir|añade|agregar|agrega", "add"),
            (r"no cómo (?:llegaste|has llegado|lo hiciste|lo has hecho)(?: a ello| a eso| ahí)?", "not how you got there"),
            (r"si hace falta|si es necesario|(?:cuando|si) sea necesario|cuando haga falta|de ser necesario",
             "if necessary"),
            # an imperative with its object pronoun ("edítalo", "bórralo")
            (r"edítalo|edítala|modifícalo|modifícala", "edit it"), (r"cámbialo|cámbiala", "change it"),
            (r"bórralo|bórrala|elimínalo|elimínala", "delete it"),
            (r"sin haberlo leído|sin haberla leído|sin leerlo|sin leerla|sin haber leído", "without reading it"),
            (r"de la carpeta|en la carpeta|del directorio|en el directorio", "in the folder"),
            (r"consulta con|consultar con|consultes con", "check with"),
            (r"consulta al|consulte al|consultar al|consultes al", "check with"),
            (r"créalos?|créalas?|crealos?|crealas?", "create it"), (r"dejando", "with"),
            (r"hacer preguntas|haz preguntas|hagas preguntas|hacer una pregunta|haz una pregunta", "ask questions"),
            (r"al menos|por lo menos", "at least"),
            (r"(?:haz|hacer|hagas|haga)((?: \w+){0,3}?) (?:una |unas |alguna |algunas )?preguntas?", r"ask\1 questions"),
            (r"una pregunta|la pregunta", "a question"),
            (r"(?:haz|hacer|hagas|haga)((?: \w+)?) preguntas?", r"ask\1 questions"),
            (r"nada de", "no"),
            (r"leerse|leerlos|leerlas", "be read"), (r"editarse|modificarse|cambiarse", "be edited"),
            (r"borrarse|eliminarse", "be deleted"), (r"crearse", "be created"),
            # an infinitive is a subject or an instruction: "Borrar archivos está prohibido."
            (r"borrar|eliminar|suprimir", "deleting"), (r"leer|releer", "reading"), (r"editar|modificar", "editing"),
            (r"crear", "creating"), (r"preguntar", "asking"),
            (r"de forma breve|de manera breve|brevemente", "briefly"),
            (r"cada paso|cada uno de los pasos", "each step"),
            (r"mensajes de commit|mensajes del commit", "commit messages"),
            (r"cadena vacía", "empty string"),
            (r"su contenido|el contenido", "its contents"),
            (r"poco clara|poco claro|poco claras|poco claros", "unclear"),
            (r"en detalle", "in detail"), (r"en blanco", "empty"), (r"historia|historial", "history"),
            (r"pregúntale|pregúntele|preguntarle|pregúntales", "ask"), (r"algo", "anything"),
            (r"esta herramienta|esta función|este comando", "this tool"),
            (r"(?:como )?máximo|a lo sumo|no más de", "at most"), (r"por respuesta", "per reply"),
            (r"dos", "two"), (r"tres", "three"), (r"cuatro", "four"), (r"cinco", "five"),
            (r"bajo ninguna circunstancia|en ningún caso|de ninguna manera|de ningún modo", "under no circumstances"),
            (r"lo que haces|lo que estás haciendo|lo que vas a hacer", "what you are doing"),
            (r"lo que hiciste|lo que has hecho", "what you did"),
            (r"(?:te|se|me) lo (?:pide|pida|pidan|piden|pidas)", "asks for it"),
            (r"ante la duda|en caso de duda|si tienes dudas|si tiene dudas", "when in doubt"),
            (r"guía de estilo", "style guide"), (r"guía|guías", "guide"),
            (r"(?:realizar|hacer|efectuar) (?:cualquier|algún|ningún|un|los) (?:cambio|cambios|modificación)", "making any change"),
            (r"consultar? (?=its contents|el contenido|los contenidos|el archivo|el fichero)", "read "), (r"más de", "more than"),
            (r"y (?:después|luego) se", "and then"), (r"asistente", "assistant"), (r"sin excepci(?:ón|ones)", "without exception"), (r"^primero se", "first"), (r"fichero|ficheros", "file"),
            (r"pregunte|pregunten|preguntad", "ask"), (r"paso (\d+)", r"step \1"),
            (r"consult(?:a|e|ar|ad|es|en)", "consult"), (r"sobre todo|especialmente|en especial", "especially"),
            (r"opcional|opcionales", "optional"), (r"aplic(?:a|as|ar|ad|ue|uen|ues)", "apply"),
            # a cap as a ban on going past it: "no deben superar tres frases"
            (r"super(?:ar|e|en|es|a|an)|exced(?:er|a|an|as|e|en)|sobrepas(?:ar|e|en|es|a|an)", "exceed"),
            (r"en (?:una|un) (?:sola )?(frase|línea)", r"in one \1"),
            (r"antes de", "before"), (r"después de", "after"), (r"antes de que|antes que", "before"),
            (r"porque|ya que", "because"), (r"revisora?|revisores|compañeros?|compañeras?", "reviewer"), (r"todavía|aún", "yet"), (r"que", "that"),
            (r"abierto|abierta|abiertos|abiertas", "opened"), (r"visto|vista|vistos", "seen"),
            (r"autorice|autoricen|autoriza|autorizas|autorizar|permita|permite", "permits"),
            (r"sencillos|sencillas|sencillo|sencilla|simples", "simple"),
            # words
            (r"nunca|jamás", "never"), (r"siempre", "always"), (r"ningún|ninguna|ninguno", "any"),
            (r"nada", "nothing"), (r"niégate|niéguese|negarte|rechaza|rechace|rechazar", "refuse"),
            (r"dudes|dude|dudar", "hesitate"), (r"narrar|narres|narra|narre|relatar|relates", "narrate"),
            (r"frases", "sentences"), (r"frase", "sentence"), (r"palabras", "words"), (r"línea", "line"),
            (r"pocas|pocos", "few"), (r"en", "in"), (r"sin", "without"), (r"antes", "before"), (r"después|tras", "after"),
            (r"primero|previamente", "first"), (r"luego|entonces", "then"), (r"solo|sólo|solamente|únicamente", "only"),
            (r"salvo|excepto", "except"), (r"debes|debe|deben", "must"), (r"deberías|debería", "should"),
            (r"puedes|puede|pueden", "may"), (r"permitido|permitida", "allowed"),
            (r"léelo|léela|leerlo|leerla|leer|lee|lea|lees|leas|leído|leída|releer|relee", "read"),
            (r"revisar|revisa|revise|comprobar|comprueba|verificar|verifica", "check"),
            (r"confirma|confirmar|confirme|confirmes", "confirm"),
            (r"abrir|abre|abra", "open"), (r"mirar|mira", "look at"), (r"consulta|consultar", "read"),
            (r"editarlo|editarla|editar|edita|edites|edite|editado|edición", "edit"),
            (r"modificarlo|modificarla|modificar|modifica|modifiques|modifique|modificado|modificación|modificaciones",
             "edit"),
            (r"cambiarlo|cambiarla|cambiar|cambia|cambies|cambie|cambio|cambios", "change"),
            (r"escribir|escribe|escribas", "write"),
            (r"borrado|borrada|borrados|borradas|eliminado|eliminada|eliminados|eliminadas|suprimido", "deleted"),
            (r"leído|leída|leídos", "read"), (r"editado|editada|modificado|modificada|cambiado", "edited"),
            (r"creado|creada", "created"),
            (r"borrarlo|borrarla|borrar|borra|borres|borre", "delete"),
            (r"eliminarlo|eliminarla|eliminar|elimina|elimines|elimine|eliminado|eliminados|suprimir|suprime", "delete"),
            (r"quitar|quita|quites", "remove"), (r"eliminación|borrado", "deletion"),
            (r"archivos|ficheros", "files"), (r"archivo|fichero", "file"), (r"carpetas|directorios", "folders"),
            (r"carpeta|directorio", "folder"),
            (r"crear|crea|crees|cree|creado|creada|creación", "create"), (r"nuevos|nuevas|nuevo|nueva", "new"),
            (r"vacíos|vacías|vacío|vacía|vacio|vacia", "empty"), (r"déjalo|déjala|dejarlo|dejar|deja|deje", "leave"),
            (r"preguntas", "questions"), (r"preguntar|pregunta|preguntes|pregunte", "ask"),
            (r"pide|pedir|pidas|pida|solicita|solicitar", "ask for"),
            (r"confirmación", "confirmation"), (r"aprobación", "approval"), (r"permiso", "permission"),
            (r"el usuario|al usuario|del usuario|usuario", "the user"),
            (r"la petición|una petición|la solicitud|una solicitud|petición|solicitud", "the request"),
            (r"responde|responder|respondas|contesta|contestar", "answer"), (r"respuestas", "answers"),
            (r"respuesta", "reply"), (r"breves|breve", "brief"), (r"cortas|cortos|corta|corto", "short"),
            (r"concisas|concisos|concisa|conciso", "concise"), (r"se(?= (?:breve|conciso|concisa|claro|clara|directo|directa|preciso|precisa|amable|sucinto|sucinta"
             r"|brief|concise|clear))"
             r"|sea|sed", "be"),
            (r"mantén|mantenga|mantener|manten", "keep"),
            (r"explicar|explica|expliques|explique", "explain"), (r"explicaciones|explicación", "explanations"),
            (r"pasos?", "steps"), (r"detalladas|detallados|detallada|detallado", "detailed"),
            (r"largas|largos|larga|largo|extensas|extensos", "long"), (r"evita|evitar|evites", "avoid"),
            (r"comentarios|comentario", "comments"), (r"código", "code"), (r"líneas|línea", "lines"),
            (r"funciones|función", "functions"), (r"pruebas", "tests"), (r"notas", "notes"),
            (r"tus|tu|su|sus", "your"), (r"cada|todo|toda|todos|todas|cualquier|cualquiera", "every"),
            (r"si", "if"), (r"cuando", "when"), (r"con", "with"), (r"para", "to"), (r"el|la|los|las|lo", "the"),
            (r"un|una|unos|unas", "a"), (r"de|del|al", ""), (r"es|está|esta", "is"), (r"son|están", "are"),
            (r"herramienta", "tool"), (r"llama a|llamar a|llama|llamar|invoca", "call"),
            (r"usa|usar|utiliza|utilizar", "use"),
            (r"ambigua|ambiguo|ambiguas|ambiguos", "ambiguous"), (r"confusa|confuso|vaga|vago", "unclear"),
            (r"clara|claro|claras|claros", "clear"), (r"tarea|tareas", "task"), (r"hazla|hazlo", "do it"),
            (r"hacer|haz", "make"), (r"actúa|actuar|procede|proceder", "act"), (r"temporales|temporal", "temporary"),
            (r"ejecuta|ejecutar|ejecutes", "run"), (r"comandos", "commands"), (r"empezar|comenzar|empieza", "start"),
            (r"instrucciones", "instructions"), (r"documentación", "documentation"), (r"contenido", "contents"),
            (r"necesitas|necesita", "need"), (r"por favor", "please"), (r"y", "and"), (r"o", "or"),
            # the indicative second person ("solo lees, creas y editas"), more nouns and verbs
            (r"eliminas|borras|suprimes", "delete"), (r"editas|modificas|cambias", "edit"), (r"creas", "create"),
            (r"resultados?", "result"), (r"da|dame", "give"), (r"etapas?", "steps"), (r"registros?", "log"), (r"contar|contando", "tell"), (r"mensajes", "messages"), (r"mensaje", "message"),
        ),
    },
    "de": {
        "name": "German",
        "markers": r"der|die|das|den|dem|des|ein|eine|einen|einem|einer|und|oder|nicht|niemals|nie|immer|mit"
        r"|ohne|bevor|nach|vor|ist|sind|du|dich|dir|keine|kein|keinen|datei|dateien|wenn|falls|nur|zu|im|für"
        r"|von|jede|jeden|lies|lösche|bearbeite\w*|änder\w*|antworte|kurz|knapp|frage|rückfragen?|leer\w*"
        r"|antworten|lesen|löschen|fragen|nutzer|benutzer|schritt|erkläre|sei|halte|bitte|darf|dürfen"
        r"|musst|muss|sollst|sollen|sich|dich|einem|satz|wörter|keinen|verboten|regeln|werkzeug|dieses"
        r"|höchstens|sätzen|zwei|drei|leerer|bei|jedem|jeder|vorher|nachfragen|unklarheiten",
        "phrases": (
            # umlauts typed as ae/oe/ue ("loeschen"), in the words of the rules (read without accents)
            (r"loesch(\w*)", r"losch\1"), (r"aender(\w*)", r"ander\1"), (r"moeglich(\w*)", r"moglich\1"),
            (r"fuer", "fur"), (r"ueber(\w*)", r"uber\1"), (r"rueck(\w*)", r"ruck\1"), (r"bestaetig(\w*)", r"bestatig\1"),
            (r"duerf(\w*)", r"durf\1"), (r"muess(\w*)", r"muss\1"), (r"koenn(\w*)", r"konn\1"), (r"saetz(\w*)", r"satz\1"),
            (r"pruef(\w*)", r"pruf\1"), (r"oeffn(\w*)", r"offn\1"), (r"laeng(\w*)", r"lang\1"),
            (r"veraender(\w*)", r"verander\1"), (r"groess(\w*)", r"gross\1"), (r"erklaer(\w*)", r"erklar\1"),
            (r"erzaehl(\w*)", r"erzahl\1"),
            (r"(nicht nötig|nicht notwendig|nicht erforderlich|optional|unnötig),? ((?:[^\s,;.:!?]+ ){1,6})zu lesen", r"\1 to read \2"), (r"nicht länger als", "no longer than"),
            (r"sollten", "should"),
            (r"veränder\w*", "change"), (r"einsehen|einsieht|einsiehst", "read"), (r"inhalt|inhalte", "contents"),
            (r"vornimmt|vornimmst", "make"), (r"bittet (?:dich|sie|euch) jemand", "if someone asks you"),
            (r"lehn(?:e|st|t|en sie)? ((?:\w+ ){0,3})ab(?=\s*(?:[,;.:!?]|$))", r"refuse \1"),
            (r"(?:vorher|vorab|zuvor) (?:absprechen|abstimmen|abklären)", "ask first"),
            (r"sind ((?:\w+ ){0,4})zu lesen", r"must be read \1"),
            (r"versuch(?:e|en sie),? (keine|nicht)", r"try not to \1"),  # a hedge, not a rule
            (r"möglichst|wenn möglich|nach möglichkeit|soweit (?:es )?möglich", "where possible"),
            # an instruction in the infinitive: "vor jeder Änderung um Bestätigung bitten"
            (r"um (bestätigung|erlaubnis|zustimmung|freigabe) (?:bitten|bittest|bittet)", r"frage for \1"),
            # the head of a compound of files ("Lockdateien": lock files) is the files
            (r"(\w+)(dateien|datei)", r"\1 \2"),
            # English order: a separable verb put together, the verb at the end of a clause
            # moved after its modal, a negation after an imperative moved before it
            (r"frag(?:e|en|st)? ((?:\w+ ){0,3})nach", r"frage \1"),
            # a separable verb put together: its particle at the end of the clause goes back
            # on the stem ("Sieh dir die Datei an" -> "ansieh dir die Datei")
            (r"\b(sieh|siehe|seht|sehen|schau|schaue|schaut|schauen|stimm|stimme|stimmt|stimmen|lies|lest|lesen"
             r"|ruf|rufe|ruft|rufen|leg|lege|legst|legt|legen|fass|fasse|fasst|fassen"
             r"|sprich|sprecht|sprechen)((?: [^\s,;.:!?]+){1,8}?) (an|ab|durch|nach|zusammen|auf|ein)"
             r"(?=\s*(?:[,;.:!?]|$))", r"\3\1\2"),
            (r"(?:an|durch)(?:sieh|siehe|seht|sehen|schau|schaue|schaut|schauen|lies|lest|lesen)", "read"),
            (r"ab(?:stimm|stimme|stimmt|stimmen|sprich|sprecht|sprechen)", "confirm"),
            # "Kläre die Details mit dem Nutzer ab" (read without accents, "kläre" is "klare": clear)
            (r"(?:kläre|klär|klärt|klären)((?: [^\s,;.:!?]+){1,8}?) ab(?=\s*(?:[,;.:!?]|$))|abklären|abzuklären",
             r"clarify\1"),
            (r"auf(?:ruf|rufe|ruft|rufen)", "call"), (r"an(?:leg|lege|legst|legt|legen)", "create"),
            # the model as the agent of a passive ("von dir gelöscht") is the model's rule
            (r"von dir|von ihnen|durch dich", ""),
            # "erst ..., wenn/nachdem": only after; a clause opened by its verb is a condition
            (r"\berst\b([^,]*),? (?:wenn|nachdem)\b", r"nur\1 nachdem"),
            (r"^(existiert|existieren|gibt|ist|sind|fehlt|fehlen)\b([^,]*),", r"wenn\2 \1,"),
            # a file that does not exist yet is a new one
            (r"(?:noch )?nicht existiert|existiert (?:noch )?nicht|(?:noch )?nicht vorhanden ist|ist (?:noch )?nicht vorhanden"
             r"|gibt es (?:noch )?nicht", "does not exist yet"),
            # a passive with a dummy subject: "Es werden keine Dateien gelöscht."
            (r"^(?:es )?(?:werden|wird) ((?:[^\s,;.:!?]+ ){1,5}?)(gelöscht|entfernt|geändert|bearbeitet|gelesen|erstellt"
             r"|angelegt)(?=\s*(?:[,;.:!?]|$))", r"\1 werden \2"),
            # a subject after its modal ("darfst du", "muss old_str") goes before it
            (r"(darfst|darf|dürfen|dürft|musst|muss|müssen|sollst|soll|sollen|solltest|sollte|kannst|kann|können)"
             r" (du|sie|man|er|es|ihr|\w+_\w+)\b", r"\2 \1"),
            # an object between an imperative and its negation: "Bitte den Nutzer nicht um ..."
            (r"^(?:bitte )?(\w+)((?: (?:den|die|das|dem|der) \w+| (?:mich|uns|ihn|ihm|ihnen))) (niemals|nie|nicht)\b",
             r"\3 \1\2"),
            (r"bei unklarheiten?|bei unklaren anfragen|wenn etwas unklar ist", "if the request is unclear"),
            (r"nicht,? wie du (?:vorgegangen bist|es gemacht hast|dahin gekommen bist)", "not how you got there"),
            (r"bei bedarf|(?:falls|wenn|wo) (?:es )?(?:nötig|notwendig|erforderlich)(?: ist)?", "if necessary"),
            (r"zu löschen|zu entfernen", "deleting"), (r"zu lesen", "reading"), (r"zu ändern|zu bearbeiten", "editing"),
            (r"hole? dir|holen sie sich|einholen", "ask for"),
            (r"(?:hole|hol|holen sie) (.*?) ein(?=\s*(?:[,;.:!?]|$))", r"ask for \1"),
            (r"lass(?:e|en sie)? (?:dir|sich) (.+?) (?:vom|von dem|von) (nutzer|benutzer|anwender) bestätigen",
             r"confirm \1 with the \2"),
            (r"(darfst|darf|dürfen|dürft|sollst|soll|sollen) (keine[nmrs]?|kein)\b", r"\1 nicht alle"),
            (r"bestätige|bestätigen", "confirm"),
            (r"fasse dich kurz|fassen sie sich kurz|fass dich kurz", "be brief"),
            (r"unter keinen umständen|auf keinen fall|keinesfalls|in keinem fall", "niemals"),
            (r"(?:musst|muss|müssen|müsst) (?:aber |es |das )?nicht", "no need to"),
            (r"(?:musst|muss|müssen|müsst)((?: [^\s,;.:!?]+)*?) nicht ([^\s,;.:!?]+)(?=\s*(?:[,;.:!?]|$))",
             r"no need to \2\1"),
            (r"bitte ((?:\w+ ){1,6})um (bestätigung|erlaubnis|zustimmung|freigabe)", r"frage \1for \2"),
            (r"zögere nicht|zögern sie nicht", "do not hesitate"),
            (r"in (?:einem|einer) (?:einzigen )?(satz|zeile)", r"in one \1"),
            (r"ohne (?:sie|es|ihn|die datei) ?(?:vorher |zuerst )?(?:gelesen|geöffnet) zu haben", "without reading it first"),
            # the future as a command ("Sie werden keine Dateien löschen"): the auxiliary goes; its
            # infinitive at the clause's end tells it from the passive ("... gelöscht werden")
            (r"^sie werden(?=(?: [^\s,;.:!?]+)*? (?:löschen|entfernen|ändern|bearbeiten|lesen|anlegen|erstellen"
             r"|antworten)\s*(?:[,;.:!?]|$))", "du wirst"),  # "Sie" opening a command is the model
            (r"(?:wirst|werden|wird)((?: (?:nicht|niemals|nie))?)((?: [^\s,;.:!?]+)*?) (löschen|entfernen|ändern"
             r"|bearbeiten|lesen|anlegen|erstellen|antworten|fragen|stellen|bitten)(?=\s*(?:[,;.:!?]|$))", r"\1 \3\2"),
            (r"(darfst|darf|dürfen|dürft|musst|muss|müssen|sollst|soll|sollen|solltest|sollte|kannst|kann|können)"
             r"((?: (?:nicht|niemals|nie))?)((?: [^\s,;.:!?]+)*?)((?: (?:nicht|niemals|nie))?) ([^\s,;.:!?]+)"
             r"((?: (?:werden|worden|sein))?)(?=\s*(?:[,;.:!?]|$))", r"\1\2\4 \5\6\3"),
            (r"^(?:bitte )?(\w+)(?: sie| du)? (niemals|nie|nicht)", r"\2 \1"),
            (r"^(?:bitte )?(\w+)(?: sie| du)? (keine[nmrs]?|kein)", r"nicht \1 alle"),
            # "die Datei, die du ändern willst": the file to be changed, read before the change
            (r"(dateien|datei),? (?:die|der|das|den) (?:du|sie) (?:ändern|bearbeiten|anpassen) (?:willst|möchtest|wollen"
             r"|möchten|wirst|musst),?", r"\1 before editing it"),
            # "Nimm die Änderung vor": make the change
            (r"(?:nimm|nehmen sie|nimmst)((?: [^\s,;.:!?]+){1,6}?) vor(?=\s*(?:[,;.:!?]|$))|vornehmen", r"make\1"),
            # "die du nicht gelesen hast": a relative clause in English order
            (r"(?:die|der|das|den) (?:sie|du) (nicht|noch nicht) (gelesen|geöffnet|gesehen) (?:haben|hast)",
             r"that you have not read"),
            # an object put first, with its relative clause, before the verb and its subject:
            # "Eine Datei, die du nicht gelesen hast, darfst du nicht ändern."
            (r"^([^,]+), (that [^,]+), (?:you|du|sie) ([^,]+)$", r"du \3 \1 \2"),
            # phrases
            (r"auch wenn|selbst wenn|sogar wenn", " even if "),
            (r"es sei denn|außer wenn", "unless"),
            (r"kurz und knapp", "short and concise"),
            (r"commit[- ]?nachrichten|commit[- ]?nachricht|commit[- ]?meldungen", "commit messages"),
            (r"das löschen|das entfernen", "deleting"), (r"dem bearbeiten|das bearbeiten", "editing"),
            (r"vor dem|vor der|vor jeder|vor jedem", "before"), (r"nach dem|nach der", "after"),
            (r"jeden schritt|jeder schritt|jedem schritt", "each step"),
            (r"des nutzers|des benutzers|der nutzer|der benutzer|den nutzer|dem nutzer|des anwenders", "the user"),
            (r"rückfragen|rückfrage", "clarifying questions"),
            (r"noch einmal|erneut", "again"), (r"git[- ]?verlauf|verlauf|historie", "history"),
            (r"dieses werkzeug|dieses tool|diese funktion|diesen befehl", "this tool"),
            (r"höchstens|maximal|nicht mehr als", "at most"), (r"pro antwort", "per reply"),
            (r"schritt (\d+)", r"step \1"), (r"besonders|vor allem|insbesondere", "especially"),
            (r"nötig|notwendig|erforderlich", "necessary"), (r"optional", "optional"),
            # a cap as a ban on going past it: "dürfen drei Sätze nicht überschreiten"
            (r"überschreit(?:en|e|et|est)|übersteig(?:en|e|t|st)", "exceed"),
            (r"was (?:du|sie) (?:gerade )?(?:tust|tun|machst|machen|vorhast|vorhaben)", "what you are doing"),
            (r"was (?:du|sie) (?:getan|gemacht) (?:hast|haben)", "what you did"),
            (r"erzähle|erzähl|erzählen|erzählst", "narrate"),
            (r"zwei", "two"), (r"drei", "three"), (r"vier", "four"), (r"fünf", "five"), (r"sätzen", "sentences"),
            (r"leerer string|leere zeichenkette|leeren string|leerer zeichenkette", "empty string"),
            (r"codezeilen|codezeile", "lines of code"), (r"\w+zeilen|\w+zeile", "lines"),
            (r"\w+kommentare|\w+kommentar", "comments"), (r"dokumentation|doku|anleitung", "documentation"), (r"anforderungen", "requirements"),
            # words
            # a negation after the verb of a statement: "du löschst niemals Dateien"
            (r"(du|ihr|man) (?!(?:musst|muss|müsst|darfst|darf|dürft|sollst|soll|sollt|kannst|kann|könnt|brauchst)\b)(\w+)"
             r" (niemals|nie|nicht|keine[nmrs]?|kein)\b", r"\1 \3 \2"),
            (r"egal wer|ganz gleich wer", "whoever"), (r"gib|gebt|geben", "give"),
            (r"niemals|nie", "never"), (r"nicht", "not"), (r"keine[nmrs]?|kein", "no"), (r"nichts", "nothing"),
            (r"sätze", "sentences"), (r"satz", "sentence"), (r"wörter|worte", "words"), (r"zeile", "line"),
            (r"lehne|ablehnen|verweigere|verweigern", "refuse"),
            (r"immer|stets", "always"), (r"nur|ausschließlich", "only"), (r"erst (?:danach|dann|anschließend)", "only then"),
            (r"zuerst|vorher|zunächst|erst", "first"), (r"fehler", "error"),
            (r"dann|danach", "then"), (r"bevor|vor", "before"), (r"nachdem|nach", "after"), (r"ohne", "without"),
            (r"wenn|falls|sofern", "if"), (r"außer", "except"), (r"verboten|untersagt", "forbidden"),
            (r"erlaubt|gestattet", "allowed"),
            (r"darfst|darf|dürfen|dürft", "may"), (r"musst|muss|müssen", "must"),
            (r"sollst|soll|sollen|solltest|sollte", "should"), (r"kannst|kann|können", "can"),
            (r"gelöscht|entfernt", "deleted"), (r"geändert|bearbeitet", "edited"), (r"erstellt|angelegt", "created"),
            (r"werden|worden", "be"), (r"aber|jedoch", "but"), (r"im", "in the"),
            (r"lies|lesen|liest|lest|gelesen|durchlesen|anschauen|ansehen", "read"), (r"öffne|öffnen", "open"),
            (r"prüfe|prüfen|überprüfe|überprüfen", "check"),
            (r"bearbeite|bearbeiten|bearbeitest|bearbeitung", "edit"),
            (r"ändere|ändern|änderst|ändert|änderung|änderungen", "change"),
            (r"schreibe|schreiben|schreib", "write"), (r"aktualisiere|aktualisieren", "update"),
            (r"lösche|löschen|löschst|löscht|entferne|entfernen|entfernst", "delete"),
            (r"löschung", "deletion"),
            (r"dateien", "files"), (r"datei", "file"), (r"ordner|verzeichnisse", "folders"), (r"verzeichnis", "folder"),
            (r"erstelle|erstellen|anlegen|anzulegen|lege", "create"), (r"neue|neuen|neues|neuer|neu", "new"),
            (r"leerem|leeren|leerer|leere|leeres|leer", "empty"), (r"lass|lassen|lasse", "leave"),
            (r"frage|fragen|fragst|nachfragen|frag", "ask"), (r"bestätigung|zustimmung", "confirmation"),
            (r"erlaubnis|genehmigung", "permission"), (r"nutzer|benutzer|anwender", "user"),
            (r"antworte|antworten|antwortest", "answer"), (r"antwort", "reply"),
            (r"kurz|kurze|kurzen|kurzer|kurzes", "short"), (r"knapp|knappe|knappen", "concise"), (r"präzise", "precise"),
            (r"halte|halten|halt", "keep"), (r"sei|seien|sein", "be"),
            (r"erkläre|erklären|erklärst", "explain"), (r"erklärungen", "explanations"),
            (r"beschreibe|beschreiben", "describe"), (r"ausführlich|detailliert", "in detail"),
            (r"schritte?", "steps"), (r"lange|langen|langer|langes|lang", "long"), (r"vermeide|vermeiden", "avoid"),
            (r"kommentare|kommentar", "comments"), (r"funktionen|funktion", "functions"), (r"zeilen|zeile", "lines"),
            (r"notizen", "notes"), (r"deine|dein|deinen|deinem|deiner", "your"), (r"ihren|seinen|ihre|seine", "its"),
            (r"jede|jeden|jeder|jedes|jedem|alle|allen", "any"), (r"der|die|das|den|dem|des", "the"),
            (r"ein|eine|einen|einem|einer|eines", "a"), (r"und", "and"), (r"oder", "or"), (r"mit", "with"),
            (r"um", ""), (r"zu", "to"), (r"für|bei", "for"), (r"von", "of"), (r"du", "you"), (r"sie|es|ihn", "it"),
            (r"ist", "is"), (r"sind", "are"), (r"werkzeug", "tool"), (r"rufe|aufrufen|auf", "call"),
            (r"verwende|verwendest|verwenden|benutze|benutzt|nutze|nutzt", "use"),
            (r"mehrdeutig|mehrdeutige|mehrdeutigen|zweideutig", "ambiguous"), (r"unklar|unklare|unklaren", "unclear"),
            (r"klar|klare|eindeutig|eindeutige|eindeutigen", "clear"), (r"anfrage|anfragen", "request"),
            (r"aufgabenbeschreibung", "task description"), (r"aufgabe|aufgaben", "task"),
            (r"anweisungen|anweisung", "instructions"), (r"handle|handeln", "act"), (r"fertig", "done"),
            (r"temporäre|temporären|temporär", "temporary"), (r"verlangt|bittet|wünscht", "asks"),
            (r"aktuellen|aktuelle", "current"), (r"inhalt", "contents"), (r"fehlschlägt|scheitert", "fails"),
            (r"bitte", "please"), (r"stelle|stellen|stell|darum", ""),
            (r"prüfer|prüferin|gutachter|gutachterin|kollegen?|kollegin", "reviewer"),
            (r"noch", "yet"), (r"weil|da", "because"), (r"einfache|einfachen|einfacher|einfach", "simple"),
            (r"geöffnet", "opened"), (r"gesehen|angesehen|angeschaut", "seen"), (r"hast|haben|habe|hat", "have"),
            # the head of a compound noun names what it is ("Fehlermeldung": a message)
            (r"fehler(?:meldung|meldungen|ausgabe)", "error message"), (r"\w+meldungen|\w+meldung|\w+ausgaben?", "output"),
            (r"\w+dokumentation|\w+anleitung", "documentation"),
            (r"wörtern", "words"), (r"unter", "under"), (r"ergebnisse|ergebnis", "result"),
            (r"nenne|nennen|nenn|nennst", "state"), (r"einzelnen|einzelne|einzeln", "individual"),
            (r"projekt", "project"), (r"lastenheft|pflichtenheft", "spec"),
            (r"generiert|erzeugt", "generated"),
        ),
    },
    "it": {
        "name": "Italian",
        "markers": r"il|gli|della|dei|delle|nel|nella|mai|sempre|prima|dopo|senza|utente|ogni|averlo|averla"
        r"|leggi|leggere|leggilo|letto|modificare|modificarlo|modifica|cancellare|cancella|eliminare|elimina"
        r"|risposte|risposta|rispondi|breve|brevi|conciso|concisa|sii|domande|chiedi|chiedere|richiesta"
        r"|puoi|devi|deve|devono|vuoto|vuota|creare|crea|chiama|ambigua|chiara|permesso|conferma|cartella"
        r"|spiega|commenti|passo|dettaglio|essere|cancellati|eliminati",
        "phrases": (
            (r"non (devi|deve|devono|dovresti|dovrebbe)", r"\1 not"),
            (r"mai (devi|deve|devono)", r"\1 never"),
            (r"anche se|anche quando|perfino se", " even if "),
            (r"a meno che(?: non)?|salvo che|tranne se|eccetto se", "unless"),
            (r"e vietato|vietato|e proibito|proibito", "is forbidden"),
            (r"non e chiar[oa]|non sia chiar[oa]|poco chiar[oa]", "is unclear"),
            (r"e (?=(?:chiar|ambigu|permess|obbligatori)\w*)", "is "),
            (r"senza averlo letto|senza averla letta|senza leggerlo|senza leggerla|senza aver letto", "without reading it"),
            (r"essere (?:cancellat|eliminat|rimoss)\w+", "be deleted"), (r"essere lett\w", "be read"),
            (r"essere modificat\w", "be edited"),
            (r"in modo conciso|in modo breve|brevemente", "briefly"), (r"ogni passo|ogni passaggio", "each step"),
            (r"messaggi di commit", "commit messages"), (r"stringa vuota", "empty string"),
            (r"fai domande|fare domande|porre domande|poni domande", "ask questions"),
            (r"prima di", "before"), (r"dopo averlo|dopo averla|dopo aver|dopo", "after"), (r"in dettaglio", "in detail"),
            (r"i file", "the files"), (r"nessun file", "any file"),
            # words
            (r"non(?!-)", "not"), (r"mai", "never"), (r"sempre", "always"), (r"solo|soltanto|solamente", "only"),
            (r"prima", "first"), (r"senza", "without"), (r"tranne|eccetto|salvo", "except"),
            (r"devi|deve|devono", "must"), (r"dovresti|dovrebbe", "should"), (r"puoi|puo|possono", "may"),
            (r"leggilo|leggila|leggerlo|leggerla|leggere|leggi|legga|letto|letta|rileggi|rileggere", "read"),
            (r"modificarlo|modificarla|modificare|modifica|modifichi|modifiche|modificato|modificata", "edit"),
            (r"cambiarlo|cambiare|cambia|cambi", "change"),
            (r"cancellarlo|cancellarla|cancellare|cancella|cancelli|eliminarlo|eliminare|elimina|elimini"
             r"|rimuovere|rimuovi", "delete"),
            (r"cancellati|cancellato|cancellate|eliminati|eliminato|eliminate", "deleted"),
            (r"cartelle", "folders"), (r"cartella", "folder"),
            (r"creare|crea|crei|creato|creata", "create"), (r"nuovi|nuove|nuovo|nuova", "new"),
            (r"vuoti|vuote|vuoto|vuota", "empty"), (r"chiamare|chiama", "call"), (r"usare|usa|utilizza", "use"),
            (r"domande", "questions"), (r"domanda", "question"), (r"chiedere|chiedi|chieda", "ask"),
            (r"conferma", "confirmation"), (r"il permesso|permesso", "permission"),
            (r"l'utente|all'utente|dell'utente|utente", "the user"), (r"la richiesta|richiesta", "the request"),
            (r"ambigua|ambiguo", "ambiguous"), (r"chiara|chiaro", "clear"),
            (r"rispondere|rispondi|risponda", "answer"), (r"risposte", "answers"), (r"risposta", "reply"),
            (r"brevi|breve", "brief"), (r"corte|corti|corta|corto", "short"),
            (r"concise|concisi|concisa|conciso", "concise"), (r"sii|siate", "be"),
            (r"spiegare|spiega", "explain"), (r"passi|passo", "steps"), (r"dettaglio", "detail"),
            (r"commenti|commento", "comments"), (r"codice", "code"), (r"righe|riga", "lines"),
            (r"funzioni|funzione", "functions"), (r"scrivi|scrivere", "write"),
            (r"tuo|tua|tuoi|tue", "your"), (r"ogni|tutti|tutte|qualsiasi", "every"),
            (r"se(?= (?:il|lo|la|l'|i|gli|le|un|una|uno|tu|non|e|hai|ti|vuoi|devi|qualcosa|the|a|an|you|it|not|there)\b)",
             "if"), (r"quando", "when"),
            (r"con", "with"), (r"per(?= \w+re\b)", "to"), (r"nel|nella", "in"),
            (r"il|lo|la|gli|le|l'", "the"), (r"un|una|uno|un'", "a"), (r"di|del|della|dei|delle|degli", ""),
            (r"e", "and"), (r"o", "or"),
        ),
    },
    "pt": {
        "name": "Portuguese",
        "markers": r"uma|nunca|sempre|antes|depois|sem|arquivos?|ficheiros?|usuario|utilizador|apague|apagar"
        r"|exclua|excluir|excluidos|leia|ler|le-lo|edite|editar|edita-lo|modifica-lo|voce|nao|seja|responda"
        r"|respostas?|perguntas?|pergunte|peca|pedido|vazio|vazia|crie|criar|chame|com|deve|devem|pode"
        r"|breve|conciso|concisa|cada|passo|comentarios|curtos|permissao|confirmacao|claro|ambiguo|ser",
        "phrases": (
            (r"nao (deve|devem|deveria|pode|podem)", r"\1 not"),
            (r"mesmo que|mesmo se|ainda que", " even if "),
            (r"a menos que|a nao ser que|salvo se|exceto se", "unless"),
            (r"e proibido|proibido|e vetado", "is forbidden"),
            (r"nao (?:estiver|esta|for) clar[oa]|pouco clar[oa]", "is unclear"),
            (r"e (?=(?:claro|clara|ambigu|permitid|obrigatori)\w*)", "is "),
            (r"sem le-lo antes|sem le-la antes|sem le-lo|sem le-la|sem ler|sem ter lido", "without reading it"),
            (r"ser (?:excluid|apagad|removid)\w+", "be deleted"), (r"ser lid\w+", "be read"),
            (r"ser (?:editad|modificad|alterad)\w+", "be edited"),
            (r"de forma concisa|de forma breve|de maneira concisa|brevemente|resumidamente", "briefly"),
            (r"cada passo|cada etapa", "each step"), (r"mensagens de commit", "commit messages"),
            (r"string vazia", "empty string"), (r"fazer perguntas|faca perguntas", "ask questions"),
            (r"antes de", "before"), (r"depois de|apos", "after"), (r"em detalhe|em detalhes", "in detail"),
            # words
            (r"nao", "not"), (r"nunca|jamais", "never"), (r"sempre", "always"), (r"^so|somente|apenas", "only"),
            (r"antes", "before"), (r"depois", "after"), (r"sem", "without"), (r"primeiro", "first"),
            (r"exceto|salvo", "except"), (r"deve|devem|precisa", "must"), (r"deveria", "should"),
            (r"pode|podem|podes", "may"),
            (r"le-lo|le-la|leia|ler|lido|lida|releia|reler", "read"),
            (r"edita-lo|edita-la|modifica-lo|modifica-la|altera-lo|edite|editar|edita|modifique|modificar"
             r"|modifica|altere|alterar|altera|editado|modificado", "edit"),
            (r"apague|apagar|apaga|exclua|excluir|exclui|remova|remover|deletar", "delete"),
            (r"excluidos|excluidas|excluido|excluida|apagados|apagadas|apagado|removidos|removido", "deleted"),
            (r"arquivos|ficheiros", "files"), (r"arquivo|ficheiro", "file"), (r"pastas|diretorios", "folders"),
            (r"pasta|diretorio", "folder"),
            (r"criar|crie|cria|criado|criada", "create"), (r"novos|novas|novo|nova", "new"),
            (r"vazios|vazias|vazio|vazia", "empty"), (r"chame|chamar|chama", "call"),
            (r"use|usar|utilize|utilizar", "use"), (r"ficar|fique|fica", "be"),
            (r"perguntas", "questions"), (r"pergunte|perguntar|pergunta", "ask"),
            (r"peca|pedir|solicite", "ask for"), (r"confirmacao", "confirmation"),
            (r"permissao|autorizacao", "permission"), (r"aprovacao", "approval"),
            (r"o usuario|ao usuario|do usuario|usuario|o utilizador|utilizador", "the user"),
            (r"o pedido|pedido|a solicitacao|solicitacao", "the request"),
            (r"ambiguo|ambigua", "ambiguous"), (r"claro|clara", "clear"),
            (r"responda|responder|responde", "answer"), (r"respostas", "answers"), (r"resposta", "reply"),
            (r"breves|breve", "brief"), (r"curtos|curtas|curto|curta", "short"),
            (r"concisos|concisas|conciso|concisa", "concise"), (r"seja|sejam", "be"),
            (r"explique|explicar|explica", "explain"), (r"passos", "steps"), (r"detalhes|detalhe", "detail"),
            (r"comentarios|comentario", "comments"), (r"codigo", "code"), (r"linhas|linha", "lines"),
            (r"funcoes|funcao", "functions"), (r"escreva|escrever", "write"),
            (r"seu|sua|seus|suas", "your"), (r"cada|todo|toda|todos|todas|qualquer", "every"),
            (r"se(?= (?:o|a|os|as|um|uma|voce|nao|for|estiver|houver|algo|the|an|you|it|not|there)\b)", "if"),
            (r"quando", "when"), (r"com", "with"), (r"para", "to"), (r"em", "in"),
            (r"o|os", "the"), (r"um|uma", "a"), (r"de|da|dos|das", ""), (r"e", "and"), (r"ou", "or"),
        ),
    },
}
