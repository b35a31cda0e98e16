"""The documentation site as a reader sees it: built, and free of markup that
the renderer did not understand (issue 11, item 10)."""

from __future__ import annotations

import ast
import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "src", ROOT / "plugins", ROOT / "notation"]

SPHINX_ROLE = re.compile(r":(?:class|func|meth|data|attr|mod|exc|obj|py:\w+):`?")
"""A Sphinx role, raw (``:meth:`apply```) or as Markdown renders it
(``:meth:<code>apply</code>``)."""


def rendered_problems(page: str) -> list[str]:
    """What a built HTML page shows that its author did not mean: raw Sphinx
    roles, and doctest lines outside code blocks (Markdown turns ``>>>`` into
    nested block quotes)."""
    # Code blocks and inline code may show anything; the prose may not.
    prose = re.sub(r"<(pre|code)\b.*?</\1>", "", page, flags=re.DOTALL)
    problems = [f"raw Sphinx role {m[0]!r}" for m in SPHINX_ROLE.finditer(prose)]
    for marker in ("&gt;&gt;&gt;", ">>>", "<blockquote>\n<blockquote>"):
        if marker in prose:
            at = prose.index(marker)
            problems.append(f"a doctest line outside a code block: {prose[at : at + 80]!r}")
    # An indented paragraph of a docstring is a code block to Markdown: its
    # ``literals`` then show their backticks (the sampling module's sections).
    for block in re.findall(r"<pre\b.*?</pre>", page, flags=re.DOTALL):
        text = html.unescape(re.sub(r"<[^>]+>", "", block))
        if "``" in text and not _python(text):  # in a docstring of an example, it is code
            at = text.index("``")
            problems.append(f"prose shown as code: {text[max(0, at - 40) : at + 40]!r}")
    return problems


def _python(text: str) -> bool:
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def test_issue11_the_check_finds_roles_and_mangled_examples() -> None:
    assert rendered_problems("<p>Calls :meth:<code>apply</code> first.</p>")
    assert rendered_problems("<blockquote>\n<blockquote>\n<blockquote>\n<p>x = 1</p>")
    assert rendered_problems("<p>&gt;&gt;&gt; game.to_move</p>")
    assert rendered_problems(
        "<pre><code>the sampler (<span>``_colour``</span>) finds one</code></pre>"
    )
    fine = (
        '<p>Calls <a href="#x"><code>apply</code></a>.</p><pre><code>&gt;&gt;&gt; 1</code></pre>'
    )
    assert rendered_problems(fine) == []


def docstrings(path: Path) -> list[tuple[int, str]]:
    """Every docstring of a module (module, classes, functions, attributes)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for child in body if isinstance(body, list) else []:
            value = child.value if isinstance(child, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.append((child.lineno, value.value))
    return found


def test_issue11_no_docstring_writes_a_sphinx_role() -> None:
    problems = []
    for source in SOURCES:
        for path in sorted(source.rglob("*.py")):
            for line, text in docstrings(path):
                for match in SPHINX_ROLE.finditer(text):
                    problems.append(f"{path.relative_to(ROOT)}:{line}: {match[0]}")
    assert not problems, "\n".join(problems)


def _python_path() -> dict[str, str]:
    """The caller's PYTHONPATH, its folders made absolute (the build runs in
    the repository's root): the code the build's hook imports is the code
    under test, not an installed copy, nor nothing."""
    given = os.environ.get("PYTHONPATH")
    if not given:
        return {}
    return {"PYTHONPATH": os.pathsep.join(str(Path(p).resolve()) for p in given.split(os.pathsep))}


def test_issue11_built_site_has_no_raw_roles_or_mangled_examples(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs", reason="the docs tools come with the docs extra")
    pytest.importorskip("mkdocstrings")
    site = tmp_path / "site"
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "", **_python_path()},
    )
    assert built.returncode == 0, built.stderr
    pages = sorted(site.rglob("*.html"))
    assert any(p.parent.name == "api" for p in pages)
    problems = []
    for page in pages:
        for problem in rendered_problems(page.read_text(encoding="utf-8")):
            problems.append(f"{page.relative_to(site)}: {problem}")
    assert not problems, "\n".join(problems)
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    # The examples are code blocks, and the cross-references resolved into links.
    blocks = [
        html.unescape(re.sub(r"<[^>]+>", "", block))
        for block in re.findall(r"<pre\b.*?</pre>", api, flags=re.DOTALL)
    ]
    assert '>>> game = new_game("base", players=["Ann", "Bob"], seed=7)' in "".join(blocks)
    assert 'href="#trapper_core.Game.apply"' in api
    # The "Playing games" page: a real screen and the pictures, drawn by the build.
    playing = html.unescape((site / "playing" / "index.html").read_text(encoding="utf-8"))
    assert "$ trapper play --variant tactical" in playing
    assert "B, your action: 3" in playing
    pictures = re.findall(r'<img alt="[^"]*" src="([^"]+\.svg)"', playing)
    for variant in ("base", "children", "tactical"):
        for moment in ("start", "mid-game", "end"):
            assert f"../pictures/{variant}-{moment}.svg" in pictures
    assert "../pictures/tactical-auction.svg" in pictures
    for picture in pictures:
        drawn = (site / "playing" / picture).resolve().read_text(encoding="utf-8")
        assert drawn.startswith("<svg")
