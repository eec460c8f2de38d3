"""The vocabulary the families draw names from: modules, functions, variables, values.

Every generator takes its names from these lists with a random.Random seeded by the
family's name and the seed, so an instance is the same on every machine and a hidden
instance shares nothing with a practice one but its shape.
"""

from __future__ import annotations

import random

MODULES = ("billing", "catalog", "shipping", "inventory", "reports", "accounts", "payments",
           "orders", "pricing", "tickets", "schedule", "weather", "library", "garden", "fleet",
           "kitchen", "payroll", "survey", "archive", "metrics")
NOUNS = ("order", "invoice", "item", "ticket", "parcel", "account", "batch", "record",
         "route", "sample", "reading", "booking", "member", "shelf", "crate", "payment")
VERBS = ("compute", "load", "parse", "format", "validate", "merge", "count", "build",
         "normalize", "render", "score", "clean", "split", "collect", "resolve", "check")
PARAMS = ("limit", "retries", "timeout", "scale", "margin", "depth", "width", "rate",
          "threshold", "offset", "precision", "window")
CONSTANTS = ("MAX_ITEMS", "DEFAULT_RATE", "BATCH_SIZE", "RETRY_LIMIT", "CACHE_SECONDS",
             "PAGE_SIZE", "TAX_PERCENT", "TIMEOUT_SECONDS", "MAX_WORKERS", "MIN_SCORE")


def rng(family: str, seed: int) -> random.Random:
    """The generator's random source: one per (family, seed), stable across runs."""
    return random.Random(f"{family}:{seed}")


def function_name(r: random.Random, taken: set[str] | frozenset = frozenset()) -> str:
    """A snake_case function name such as `merge_invoice`, not in `taken`."""
    while True:
        name = f"{r.choice(VERBS)}_{r.choice(NOUNS)}"
        if name not in taken:
            return name


def module_name(r: random.Random, taken: set[str] | frozenset = frozenset()) -> str:
    while True:
        name = r.choice(MODULES)
        if name not in taken:
            return name
