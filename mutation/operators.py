"""Three classic mutants that cosmic-ray's own operators do not make, as cosmic-ray operators.

cosmic-ray flips comparisons, swaps arithmetic and boolean operators, changes numbers,
negates conditions, empties loops and removes decorators. The mistakes that matter most in
code that guards a file system are a little different, so the course adds:

    DropGuard     `if cond:` -> `if False:`          a check that silently stops checking
    SwapName      `realpath` -> `abspath`, ...       a near-miss library call
    DropOperand   `root + os.sep` -> `root`          a forgotten piece of an expression

They follow cosmic-ray's Operator interface (mutation_positions / mutate / examples) and
are registered in-process by mutation/mutate.py under the provider name "course".
"""

from __future__ import annotations

import parso
from cosmic_ray.operators.operator import Example, Operator
from parso.python.tree import IfStmt, Name

# Near-misses: each call replaced by one a hurried programmer might have typed instead.
SWAPS = {
    "realpath": "abspath",  # resolves symlinks vs. only normalises the text
    "isfile": "exists",  # a regular file vs. anything at all (folders, fifos, devices)
    "isdir": "exists",
    "lexists": "exists",  # sees a dangling symlink vs. does not
    "exists": "lexists",
    "islink": "isfile",
    "startswith": "endswith",
    "endswith": "startswith",
    "find": "rfind",
    "rfind": "find",
    "rstrip": "strip",
    "lstrip": "strip",
}


def _conditions(node: IfStmt) -> list:
    """The condition nodes of an if statement: the `if` one and every `elif` one."""
    return [node.children[i + 1] for i, child in enumerate(node.children)
            if child.type == "keyword" and child.value in ("if", "elif")]


class DropGuard(Operator):
    """Replaces the condition of an `if` or `elif` with False: the guarded code never runs."""

    def mutation_positions(self, node):
        if isinstance(node, IfStmt):
            for condition in _conditions(node):
                yield (condition.start_pos, condition.end_pos)

    def mutate(self, node, index):
        condition = _conditions(node)[index]
        position = node.children.index(condition)
        node.children[position] = parso.parse(" False")
        return node

    @classmethod
    def examples(cls):
        return (
            Example("if x:\n    raise E\n", "if False:\n    raise E\n"),
            Example("if a:\n    pass\nelif b:\n    pass\n", "if a:\n    pass\nelif False:\n    pass\n",
                    occurrence=1),
        )


class SwapName(Operator):
    """Replaces an attribute or function name with its near-miss from SWAPS."""

    def mutation_positions(self, node):
        if isinstance(node, Name) and node.value in SWAPS and node.parent.type == "trailer":
            yield (node.start_pos, node.end_pos)

    def mutate(self, node, index):
        node.value = SWAPS[node.value]
        return node

    @classmethod
    def examples(cls):
        return (Example("os.path.realpath(p)", "os.path.abspath(p)"),
                Example("s.startswith(x)", "s.endswith(x)"))


class DropOperand(Operator):
    """Removes one `+ operand` (or `- operand`) from a sum: `a + b` becomes `a`."""

    def mutation_positions(self, node):
        if node.type == "arith_expr":
            for child in node.children[1::2]:
                yield (child.start_pos, node.children[node.children.index(child) + 1].end_pos)

    def mutate(self, node, index):
        del node.children[2 * index + 1: 2 * index + 3]
        return node

    @classmethod
    def examples(cls):
        return (Example("x = root + os.sep", "x = root"),
                Example("x = a + b - c", "x = a + b", occurrence=1))


class CourseOperators:
    """The operator provider: cosmic-ray asks it for operators by name."""

    OPERATORS = {op.__name__: op for op in (DropGuard, SwapName, DropOperand)}

    def __iter__(self):
        return iter(self.OPERATORS)

    def __getitem__(self, name):
        return self.OPERATORS[name]
