"""`make site`: the course as a static website, built from the repository's own sources.

    python -m agentcourse.site.build               # stage, then build .site/html
    python -m agentcourse.site.build --stage-only  # only write .site/src and .site/mkdocs.yml

Two steps. The stage writes the site's Markdown into `.site/src/`: the lectures, the docs
pages and the READMEs as they are, with their relative links made the site's; a page per
checkpoint (its README, then its new and changed files with line numbers and the lesson's
lines highlighted), its diff from the checkpoint before, each lab's released notebook and
each measuring notebook with its figures, the glossary (docs/GLOSSARY.md) and the index of
the API features taught. It also writes `.site/mkdocs.yml` (the navigation is generated,
so a new lecture, docs page or checkpoint needs no change here). Then Zensical builds
`.site/html/`, in strict mode: a broken link or anchor fails the build. Nothing the pages
load comes from another host: the theme, its search and `mermaid.min.js` (vendored in
`agentcourse/site/assets/`) are all in the built site.

`SITE_REPO_URL` (for example https://github.com/OWNER/REPO) makes links to files that have
no page of their own (a test, a module of the support library) point at the forge;
without it those links keep their text and lose their target.
"""

from __future__ import annotations

import argparse
import os
import posixpath
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

from agentcourse.course import nbfile
from agentcourse.paths import REPO_ROOT, checkpoint_dirs, checkpoint_modules, checkpoint_program
from agentcourse.site import api_index, pages
from agentcourse.site.markdown import chunks, relative, rewrite_links

SITE_DIR = REPO_ROOT / ".site"  # gitignored: src/ (staged Markdown), html/ (the site), screenshots/
ASSETS = Path(__file__).resolve().parent / "assets"
IMAGE_SUFFIXES = {".png", ".svg", ".jpg", ".jpeg", ".gif"}
SITE_NAME = "Build a coding agent from first principles"


@dataclass
class Page:
    """One page of the site before the generator sees it."""

    path: str  # where it is staged, relative to src/ ("lectures/06-1-agent-loop.md")
    source: str  # the repository path its relative links start from
    text: str


def _section(text: str, heading: str) -> str:
    """A `## heading` section of a Markdown text, without the heading line."""
    if f"\n{heading}\n" not in text:
        raise SystemExit(f"README.md has no '{heading}' section: the home page is built from it")
    return text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0].strip("\n")


def _intro(text: str) -> str:
    """What README.md says before its first `##` section, without its title."""
    head = text.split("\n## ", 1)[0]
    return "\n".join(line for line in head.splitlines() if not line.startswith("# ")).strip()


class Stage:
    """The site's pages, where each repository path went, and the files to copy beside them."""

    def __init__(self, root: Path = REPO_ROOT, repo_url: str | None = None) -> None:
        self.root = root
        self.repo_url = repo_url.rstrip("/") if repo_url else None
        self.pages: dict[str, Page] = {}
        self.routes: dict[str, str] = {}  # repository path (file or folder) -> staged path[#anchor]
        self.assets: dict[str, Path] = {}  # staged path -> file to copy there
        self.dropped: set[str] = set()  # repository paths linked that have no place on the site
        self.nav: list = []

    # ---------------------------------------------------------------- collecting pages

    def add(self, path: str, source: str, text: str, *routes: str) -> str:
        self.pages[path] = Page(path, source, text)
        for route in routes:
            self.routes[route] = path
        return path

    def lectures(self) -> list:
        folder = self.root / "lectures"
        entries = []
        if (folder / "README.md").is_file():
            entries.append(self.add("lectures/index.md", "lectures/README.md",
                                    (folder / "README.md").read_text(encoding="utf-8"),
                                    "lectures", "lectures/README.md"))
        for path in sorted(folder.glob("*.md")):
            if path.name != "README.md":
                rel = f"lectures/{path.name}"
                text = pages.excerpt_sources(path.read_text(encoding="utf-8"))
                entries.append(self.add(rel, rel, text, rel))
        return entries

    def docs(self) -> list:
        """docs/*.md, any Markdown page at the root besides README.md, and the conventions
        labs are written by (solutions/CONVENTIONS.md, an instructor's page), as they are."""
        entries = []
        conventions = [p for p in [self.root / "solutions" / "CONVENTIONS.md"] if p.is_file()]
        for path in [*sorted((self.root / "docs").glob("*.md")), *sorted(self.root.glob("*.md")), *conventions]:
            rel = path.relative_to(self.root).as_posix()
            if rel != "README.md":
                entries.append(self.add(rel, rel, path.read_text(encoding="utf-8"), rel))
        return entries

    def checkpoints(self) -> list:
        ladder = checkpoint_dirs()
        entries: list = [self.add("checkpoints/index.md", "checkpoints/README.md",
                                  pages.ladder_page(ladder), "checkpoints")]
        for index, folder in enumerate(ladder):
            rel = f"checkpoints/{folder.name}"
            readme = (folder / "README.md").read_text(encoding="utf-8")
            page = self.add(f"{rel}/index.md", f"{rel}/README.md",
                            readme.rstrip("\n") + "\n" + pages.program_section(folder, ladder),
                            rel, f"{rel}/README.md")
            for item in pages.checkpoint_files(folder, ladder):
                if item.status != "carried":
                    self.routes[f"{rel}/{item.path.name}"] = f"{page}#{item.anchor}"
            title = folder.name.replace("-", " ")
            if index == 0:
                entries.append({title: page})
                continue
            diff = self.add(f"{rel}/diff.md", f"{rel}/diff.md", pages.diff_page(folder, ladder[index - 1]),
                            f"{rel}/diff.md")
            entries.append({title: [page, {f"The diff from {ladder[index - 1].name[:2]}": diff}]})
        for folder in ladder:  # a carried module's link goes to the checkpoint that lists it
            for module in checkpoint_modules(folder):
                key = f"checkpoints/{folder.name}/{module.name}"
                if key not in self.routes:
                    origin = pages._origin(module, ladder)
                    self.routes[key] = self.routes[f"checkpoints/{origin.name}/{module.name}"]
            self.routes.setdefault(f"checkpoints/{folder.name}/{checkpoint_program(folder).name}",
                                   f"checkpoints/{folder.name}/index.md")
        return entries

    def labs(self) -> list:
        rows, entries = ["| lab | time box | tasks |", "|---|---|---|"], []
        for folder in sorted(p for p in (self.root / "labs").iterdir() if (p / f"{p.name}.ipynb").is_file()):
            notebook = folder / f"{folder.name}.ipynb"
            meta = nbfile.lab_meta(nbfile.read_notebook(notebook))
            rel = f"labs/{folder.name}"
            entries.append(self.add(f"{rel}/index.md", f"{rel}/{notebook.name}",
                                    pages.lab_page(notebook, meta), rel, f"{rel}/{notebook.name}"))
            number = int(folder.name[3:])
            rows.append(f"| [Lab {number}: {meta['title']}]({folder.name}/) | "
                        f"{meta['time_box_minutes']} min | {len(meta.get('tasks', []))} |")
        overview = ["# Labs", "",
                    "Each lab is a timed exercise in one Jupyter notebook, run on your machine "
                    "against the offline tutor model. The pages below show each released "
                    "notebook read-only; `agentcourse lab start N` copies it to `work/` and "
                    "starts the clock, and `agentcourse lab check N` runs your visible tests.",
                    "", *rows, ""]
        index = self.add("labs/index.md", "labs/README.md", "\n".join(overview), "labs")
        return [index, *entries]

    def notebooks(self) -> list:
        folder = self.root / "notebooks"
        entries = [self.add("notebooks/index.md", "notebooks/README.md",
                            (folder / "README.md").read_text(encoding="utf-8"),
                            "notebooks", "notebooks/README.md", "notebooks/figures")]
        for path in sorted(folder.glob("*.ipynb")):
            rel = f"notebooks/{path.name}"
            entries.append(self.add(f"notebooks/{path.stem}.md", rel,
                                    pages.notebook_page(path, folder / "figures"), rel))
        return entries

    def home(self) -> None:
        readme = (self.root / "README.md").read_text(encoding="utf-8")
        text = "\n".join([
            f"# {SITE_NAME}", "", _intro(readme), "", "## Course map", "",
            _section(readme, "## Course map"), "",
            "## On this site", "",
            "- **Lectures**: each ends with questions to check yourself, answers folded.",
            "- **Checkpoints**: each program with the lines its lesson added highlighted, "
            "and the diff from the checkpoint before.",
            "- **Labs**: each released notebook, and how to start it on your machine.",
            "- **Notebooks**: the measurements, with their figures.",
            "- [The glossary](docs/GLOSSARY.md) of the course's terms, and "
            "[the API features](api-index.md) it teaches, each with where.",
            "- [The repository's README](README.md): setup, the tutor model, grading, tests.", ""])
        self.add("index.md", "README.md", text)
        self.add("readme.md", "README.md", readme, "README.md")

    def collect(self) -> None:
        self.home()
        lectures, docs = self.lectures(), self.docs()
        checkpoints, labs, notebooks = self.checkpoints(), self.labs(), self.notebooks()
        self.add("api-index.md", "api-index.md", api_index.page(self.root), "api-index.md")
        reference = [p for p in docs if p.endswith("GLOSSARY.md")] + ["api-index.md"]
        reference += [p for p in docs if p not in reference] + [{"The repository's README": "readme.md"}]
        self.nav = [{"Home": "index.md"}, {"Lectures": lectures}, {"Checkpoints": checkpoints},
                    {"Labs": labs}, {"Notebooks": notebooks}, {"Reference": reference}]
        for asset in sorted((self.root / "notebooks" / "figures").glob("*.png")):
            self.assets[asset.relative_to(self.root).as_posix()] = asset

    # ---------------------------------------------------------------- links

    def resolve(self, page: Page, target: str, fragment: str, image: bool) -> str | None:
        """Where a link of `page` to repository path `target` goes on the site."""
        if target == "README.md" and fragment == "course-map":
            return relative("index.md", page.path) + "#course-map"
        dest = self.routes.get(target) or self.routes.get(target.rstrip("/"))
        if dest is None and (self.root / target).is_file() and Path(target).suffix in IMAGE_SUFFIXES:
            self.assets[target] = self.root / target
            dest = target
        if dest is None:
            if not self.repo_url or not (self.root / target).exists() or target.startswith(".."):
                self.dropped.add(target)
                return None
            kind = "tree" if (self.root / target).is_dir() else "blob"
            return f"{self.repo_url}/{kind}/main/{target}" + (f"#{fragment}" if fragment else "")
        path, _, anchor = dest.partition("#")
        link = relative(path, page.path) if path != page.path else ""
        return link + ("#" + (fragment or anchor) if fragment or anchor else "")

    def rendered(self, page: Page) -> str:
        text = rewrite_links(page.text, page.source, lambda t, f, i: self.resolve(page, t, f, i))
        return _with_mermaid(_fold_answers(text), page.path)

    # ---------------------------------------------------------------- writing

    def write(self, out: Path) -> None:
        source = out / "src"
        if source.exists():
            shutil.rmtree(source)
        for page in self.pages.values():
            path = source / page.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.rendered(page), encoding="utf-8")
        for rel, file in self.assets.items():
            (source / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, source / rel)
        (source / "assets").mkdir(parents=True, exist_ok=True)
        for asset in ASSETS.iterdir():
            if asset.suffix != ".md":  # the folder's README is for the repository, not the site
                shutil.copyfile(asset, source / "assets" / asset.name)
        (out / "mkdocs.yml").write_text(yaml.safe_dump(config(self.nav, self.repo_url),
                                                       sort_keys=False, allow_unicode=True),
                                        encoding="utf-8")


def _fold_answers(text: str) -> str:
    """`<details>` as written for GitHub, told to let the generator read Markdown inside."""
    return "\n".join(run if code else run.replace("<details>", '<details markdown="1">')
                     for code, run in chunks(text))


def _with_mermaid(text: str, path: str) -> str:
    """A page with diagrams loads the site's own copy of Mermaid (5 MB), before the theme's
    script looks for it; a page without diagrams does not load it at all. The theme would
    fetch Mermaid from a CDN if no page script had defined it."""
    if not any(code and run.lstrip().startswith(("```mermaid", "~~~mermaid")) for code, run in chunks(text)):
        return text
    script = relative("assets/mermaid.min.js", path)  # the generator makes it the page URL's
    return text.rstrip("\n") + f'\n\n<script src="{script}"></script>\n'


def config(nav: list, repo_url: str | None) -> dict:
    """The generator's settings (Zensical reads MkDocs' format)."""
    settings = {
        "site_name": SITE_NAME,
        "site_description": "A course in runnable steps: a coding agent on the Anthropic "
                            "Messages API, in Python, built one checkpoint at a time.",
        "docs_dir": "src",
        "site_dir": "html",
        "use_directory_urls": True,
        "theme": {
            "name": "material",
            "font": False,  # the reader's own fonts: nothing is fetched from a font service
            "features": ["navigation.sections", "navigation.indexes", "navigation.top",
                         "navigation.footer", "search.highlight", "content.code.copy", "toc.follow"],
            "palette": [
                {"media": "(prefers-color-scheme: light)", "scheme": "default",
                 "toggle": {"icon": "lucide/moon", "name": "Dark mode"}},
                {"media": "(prefers-color-scheme: dark)", "scheme": "slate",
                 "toggle": {"icon": "lucide/sun", "name": "Light mode"}},
            ],
        },
        "extra_css": ["assets/course.css"],
        "markdown_extensions": [
            "admonition", "attr_list", "def_list", "footnotes", "md_in_html", "tables",
            {"toc": {"permalink": True, "slugify": {"object": "agentcourse.site.markdown.slugify_factory"}}},
            "pymdownx.details",
            {"pymdownx.highlight": {"anchor_linenums": True, "line_spans": "__span",
                                    "pygments_lang_class": True}},
            "pymdownx.inlinehilite",
            {"pymdownx.superfences": {"custom_fences": [
                {"name": "mermaid", "class": "mermaid",
                 "format": "pymdownx.superfences.fence_code_format"}]}},
        ],
        "validation": {"invalid_links": True, "invalid_link_anchors": True},
        "nav": nav,
    }
    if repo_url:
        settings["repo_url"] = repo_url
    return settings


def stage(out: Path = SITE_DIR, repo_url: str | None = None) -> Stage:
    """Write the site's sources and settings under `out`; return what was staged."""
    site = Stage(repo_url=repo_url if repo_url is not None else os.environ.get("SITE_REPO_URL"))
    site.collect()
    site.write(out)
    return site


def build(out: Path = SITE_DIR, repo_url: str | None = None) -> float:
    """Stage, then build `out`/html with the generator (strict); return the seconds taken."""
    start = time.monotonic()
    stage(out, repo_url)
    if (out / "html").exists():
        shutil.rmtree(out / "html")
    command = [sys.executable, "-m", "zensical", "build", "--strict", "--clean",
               "--config-file", str(out / "mkdocs.yml")]
    # the generator imports this package for the headings' anchors: this checkout's copy
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(command, cwd=out, capture_output=True, text=True, env=env)
    if done.returncode != 0 or not (out / "html" / "index.html").is_file():
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"the site did not build (exit status {done.returncode})")
    return time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agentcourse.site.build", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=SITE_DIR, help="the folder to build in (default .site)")
    parser.add_argument("--stage-only", action="store_true", help="write the Markdown and settings only")
    args = parser.parse_args(argv)
    if args.stage_only:
        site = stage(args.out)
        print(f"staged {len(site.pages)} pages in {args.out / 'src'}")
        return 0
    seconds = build(args.out)
    html = args.out / "html"
    print(f"built {html} in {seconds:.1f} s; open it with: "
          f"python -m http.server --directory {posixpath.relpath(html)} 8000")
    return 0


if __name__ == "__main__":
    sys.exit(main())
