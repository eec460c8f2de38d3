"""The long task of the context-engineering step, and the check that it was done right.

    TASK                      the request: summarise every module of a package into SUMMARY.md
    write_package(root)       writes the package (26 modules of 194 lines, about 16,000 characters each)
    summary_problems(root)    [] when SUMMARY.md has a correct line for every module

An agent doing TASK must read every module whole (what a module is for is in its
docstring, what it defines is spread over the file), then write one file at the end:
about thirty API calls, each adding a few thousand tokens of file text to the context.
That is the shape where context grows quadratically (Lecture 6.4) and where checkpoint
06's stubs, notes and compaction pay off. The package is generated, deterministic, and
plausible Python; nothing in it is ever imported or run.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = "inventory"
SUMMARY_FILE = "SUMMARY.md"
TASK = (
    f"Write {SUMMARY_FILE} with one line for every module in the {PACKAGE} package: "
    "what the module is for and the functions it defines."
)

# (module, what it is for, the record it handles, its plural): 26 modules, one read each.
MODULES: tuple[tuple[str, str, str, str], ...] = (
    ("stock", "Track how many units of each item are on hand", "stock level", "stock_levels"),
    ("orders", "Accept, validate and fulfil customer orders", "order", "orders"),
    ("pricing", "Compute list prices and price changes", "price", "prices"),
    ("suppliers", "Keep the list of suppliers and their terms", "supplier", "suppliers"),
    ("shipping", "Plan shipments and estimate their cost", "shipment", "shipments"),
    ("returns", "Handle items that customers send back", "return", "returns"),
    ("invoices", "Issue and number invoices", "invoice", "invoices"),
    ("customers", "Store customer accounts and contact details", "customer", "customers"),
    ("warehouses", "Describe warehouses and their capacity", "warehouse", "warehouses"),
    ("reports", "Build the daily and monthly stock reports", "report", "reports"),
    ("audit", "Record who changed what, and when", "audit entry", "audit_entries"),
    ("discounts", "Apply discount rules to orders", "discount", "discounts"),
    ("taxes", "Compute sales tax per region", "tax rate", "tax_rates"),
    ("currency", "Convert amounts between currencies", "exchange rate", "exchange_rates"),
    ("barcodes", "Generate and check item barcodes", "barcode", "barcodes"),
    ("batches", "Group items into production batches", "batch", "batches"),
    ("forecasts", "Forecast demand from past sales", "forecast", "forecasts"),
    ("alerts", "Raise alerts when stock runs low", "alert", "alerts"),
    ("locations", "Map items to shelves and bins", "location", "locations"),
    ("transfers", "Move stock between warehouses", "transfer", "transfers"),
    ("vendors", "Keep vendor ratings and contacts", "vendor", "vendors"),
    ("catalog", "Publish the item catalogue", "catalogue entry", "catalogue_entries"),
    ("reservations", "Hold stock for pending orders", "reservation", "reservations"),
    ("payments", "Record customer payments", "payment", "payments"),
    ("refunds", "Pay money back to customers", "refund", "refunds"),
    ("labels", "Print shipping and shelf labels", "label", "labels"),
)

# Every module defines one function per verb; the bodies differ by template.
VERBS = ("load", "save", "validate", "merge", "summarize", "find", "archive", "export")


def _function(verb: str, record: str, plural: str, module: str, k: int) -> list[str]:
    """One function of 22 lines: a docstring, some checks, a loop, a return."""
    name, what, limit = f"{verb}_{plural}", plural.replace("_", " "), f"MAX_{plural.upper()}"
    field_a, field_b = ("quantity", "reference") if k % 2 else ("amount", "code")
    return [
        f"def {name}(records, *, limit={limit}, strict=False, log=LOG, clock=None):",
        f'    """{verb.capitalize()} {what} for the {module} module: at most `limit` records per call, kept in order.',
        "",
        f"    Each record is a plain dict with at least the keys `id`, `{field_a}` and `{field_b}`; every other",
        "    key is carried through untouched, so that callers can attach their own bookkeeping to a record.",
        "    With strict=True a malformed record raises ValueError at once; otherwise it is skipped, logged at",
        "    warning level, and counted in the result under `skipped`, so the caller can decide what to do.",
        '    """',
        "    done, skipped, started = [], 0, clock() if clock else None  # the clock is injectable, for tests",
        "    for position, record in enumerate(list(records)[:limit]):  # a copy, since callers may mutate theirs",
        '        if not isinstance(record, dict) or "id" not in record:  # without an id there is no way to report it',
        "            if strict:  # the caller asked to stop at the first bad record rather than skip it",
        f'                raise ValueError(f"{name}: record {{position}} is malformed: {{record!r:.80}}")',
        f'            log.warning("{name}: skipping malformed record %d of at most %d", position, limit)',
        "            skipped += 1  # counted, so that a caller can tell a short result from a clean one",
        "            continue",
        f'        value = record.get("{field_a}", 0) or 0  # a missing, None or empty {field_a} counts as zero here',
        f'        key = str(record.get("{field_b}", "")).strip().upper()  # {field_b}s are compared in upper case only',
        f'        done.append({{**record, "{field_a}": value, "{field_b}": key, "step": "{verb}", "module": "{module}",',
        '                     "position": position, "started": started})  # the step and module, for the audit log',
        f'    return {{"{verb}": done, "skipped": skipped, "limit": limit, "module": "{module}", "started": started}}',
        "",
        "",
    ]


def module_text(module: str, purpose: str, record: str, plural: str, package: str = PACKAGE,
                verbs: tuple[str, ...] = VERBS) -> str:
    """The source of one generated module (194 lines, about 16,000 characters, with the
    eight verbs; the arena's smaller copies of the task pass fewer, and their package)."""
    head = [
        f'"""{purpose}.',
        "",
        f"Part of the {package} package. Every function here takes a list of {record} records",
        "(plain dicts) and returns a plain dict, so the functions compose without classes.",
        '"""',
        "",
        "import logging",
        "",
        f'LOG = logging.getLogger("{package}.{module}")',
        f"MAX_{plural.upper()} = 10_000  # the most {plural.replace('_', ' ')} one call handles",
        "",
        "",
    ]
    body: list[str] = []
    for k, verb in enumerate(verbs):
        body += _function(verb, record, plural, module, k)
    return "\n".join(head + body).rstrip("\n") + "\n"


def write_package(root: Path, modules: int | None = None) -> list[str]:
    """Write the package under `root`; return the module paths (relative, with /)."""
    package = Path(root) / PACKAGE
    package.mkdir(parents=True, exist_ok=True)
    chosen = MODULES[: modules or len(MODULES)]
    init = package / "__init__.py"
    init.write_text(f'"""The {PACKAGE} package: {len(chosen)} small modules."""\n', encoding="utf-8")
    paths = []
    for module, purpose, record, plural in chosen:
        target = package / f"{module}.py"
        tmp = target.with_suffix(".py.tmp")
        tmp.write_text(module_text(module, purpose, record, plural), encoding="utf-8")
        tmp.replace(target)
        paths.append(f"{PACKAGE}/{module}.py")
    return paths


def public_functions(source: str) -> list[str]:
    """Names of the top-level functions of a module that do not start with an underscore."""
    tree = ast.parse(source)
    return [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]


def summary_problems(root: Path) -> list[str]:
    """What is wrong with SUMMARY.md under `root`; [] when every module has a correct line.

    A correct line names the module's path and every public function it defines."""
    root = Path(root)
    summary = root / SUMMARY_FILE
    if not summary.is_file():
        return [f"{SUMMARY_FILE} does not exist"]
    modules = {f"{PACKAGE}/{p.name}": p.read_text(encoding="utf-8")
               for p in sorted((root / PACKAGE).glob("*.py")) if not p.name.startswith("_")}
    return line_problems(summary.read_text(encoding="utf-8"), modules, SUMMARY_FILE)


def line_problems(summary: str, modules: dict[str, str], name: str = SUMMARY_FILE,
                  bare: bool = False) -> list[str]:
    """What is wrong with a summary's text, given each module's path and source; [] when
    every module has exactly one line that names it and every public function it defines.
    With `bare`, a line may name the module without its folder (stock.py for
    inventory/stock.py)."""
    lines, problems = summary.splitlines(), []
    for rel, source in modules.items():
        named = rf"(?<![\w/]){re.escape(rel)}\b"
        if bare:
            folder, _, base = rel.rpartition("/")
            named = rf"(?<![\w/])(?:{re.escape(folder)}/)?{re.escape(base)}\b" if folder else named
        mine = [line for line in lines if re.search(named, line)]
        if len(mine) != 1:
            problems.append(f"{rel}: {len(mine)} lines in {name}, expected 1")
            continue
        missing = [f for f in public_functions(source) if not re.search(rf"\b{re.escape(f)}\b", mine[0])]
        if missing:
            problems.append(f"{rel}: the line does not name {', '.join(missing)}")
    return problems
