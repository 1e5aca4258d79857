"""The repository explains itself: every source tag cited is defined in docs/rules.md, and
no code or doc points at material outside the repository."""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
SUFFIXES = (".py", ".md", ".html")
SKIP_DIRS = {"node_modules", "var", "staticfiles", "__pycache__"}
# The reference documents this project was specified from lived in a sibling folder; a
# path into it (or any "shared" folder) is a pointer out of the repository. Built from
# parts so that this file does not name it.
OUTSIDE = re.compile("shared" + "/")

# The shapes of a citation (docs/rules.md, "How to read the citations").
BRACKET = re.compile(r"\[([A-Z][A-Z0-9]+(?:-[A-Z0-9]+)?)(?=[\] ])")  # [PYW], [CL81 law 72]
SEED = re.compile(r"\bS\d\b")  # S0..S3
EXAMPLE = re.compile(r"\bT\d\d\b")  # T06, T12, ...
SECTION = re.compile(r"§ ?([A-F])(?: ?(\d+))?")  # §C, §B1, §F 8
DESIGN_DEFAULT = re.compile(r"(?<![\w-])DD(?![\w-])")
# Bracketed capitals that are not citations: command-line placeholders. (One letter, as in
# the type parameter [R] or the class [A-Z], is never a citation.)
NOT_CITATIONS = {"FILE", "ROUND", "LOCALE"}  # placeholders and code, not sources


def repo_files():
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS]
        for name in files:
            if name.endswith(SUFFIXES):
                yield Path(folder) / name


def citations(text: str) -> set[str]:
    found = {f"[{m}]" for m in BRACKET.findall(text) if m not in NOT_CITATIONS}
    found |= set(SEED.findall(text)) | set(EXAMPLE.findall(text))
    found |= {f"§{letter}{number}" for letter, number in SECTION.findall(text)}
    if DESIGN_DEFAULT.search(text):
        found.add("DD")
    return found


def defined_tags() -> set[str]:
    """Tags docs/rules.md defines: a Sources row, a section heading or an example heading."""
    text = RULES.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\[[A-Z][A-Z0-9-]*\]|S\d|DD) \|", text, re.M)
    sections = re.findall(r"^#{2,4} (§[A-F]\d*)\. ", text, re.M)
    examples = re.findall(r"^#{2,4} (T\d\d): ", text, re.M)
    return set(rows) | set(sections) | set(examples)


def test_every_citation_is_defined_in_docs_rules_md():
    defined = defined_tags()
    undefined = []
    for path in repo_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for tag in sorted(citations(line) - defined):
                undefined.append(f"{path.relative_to(ROOT)}:{number}: {tag}")
    assert not undefined, "cited but not defined in docs/rules.md:\n" + "\n".join(undefined)


def test_no_file_points_outside_the_repository():
    pointers = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in repo_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not pointers, "points outside the repository:\n" + "\n".join(pointers)


def test_the_scan_sees_the_citations_the_code_makes():
    """Guards the two tests above against a regex or a folder walk that finds nothing."""
    defined = defined_tags()
    assert {"[PYW]", "[GOA]", "[CL81]", "[FOS-R]", "S2", "DD", "T06", "T42", "§C", "§B1"} <= defined
    assert {"§F1", "§F22"} <= defined
    used = set().union(*(citations(p.read_text(encoding="utf-8")) for p in repo_files()))
    assert {"[PYW]", "[TAN]", "S1", "T13", "§B2", "§F3"} <= used
    assert citations("see [CL81 law 72 V], S0, T17 and §F 8 (DD)") == {
        "[CL81]",
        "S0",
        "T17",
        "§F8",
        "DD",
    }
    assert citations("python -m scoring SYSTEM [FILE]; Mapping[R]; [A-Z]; YYYY-MM-DD") == set()
    assert OUTSIDE.search("see ../" + "shared" + "/docs/rules.md")
    assert any(path.name == "drive.py" for path in repo_files())
