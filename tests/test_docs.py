"""The README is for players and newcomers, short enough to read; the rest is in docs/, and
every link between them leads somewhere."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README_MOST_LINES = 300
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("#")}


def broken_links(page: Path) -> list[str]:
    found = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if "://" in target or target.startswith("mailto:"):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists() or (anchor and linked.suffix == ".md" and anchor not in anchors(linked)):
            found.append(target)
    return found


def test_the_readme_is_short_and_sends_the_rest_to_docs():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MOST_LINES
    linked = {target.partition("#")[0] for target in LINK.findall(text)}
    for page in ("docs/architecture.md", "docs/figures.md", "docs/arena/README.md"):
        assert page in linked, f"the README does not link {page}"


def test_every_link_of_the_readme_and_docs_leads_somewhere():
    assert len(PAGES) > 5
    assert {page.name: broken_links(page) for page in PAGES if broken_links(page)} == {}


def test_the_link_check_finds_a_missing_page_and_a_missing_heading(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Here\n[a](page.md#here) [b](gone.md) [c](page.md#nowhere) [d](https://example.org)\n",
                    encoding="utf-8")
    assert broken_links(page) == ["gone.md", "page.md#nowhere"]
