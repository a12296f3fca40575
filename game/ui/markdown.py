"""A small Markdown to pygame-gui HTML converter for the rules viewer.

It covers what seeds/<id>.md uses: headings, paragraphs, bullet and numbered
lists, **bold**, *italic* and `code`.
"""
from __future__ import annotations

import html
import re

HEADING_SIZES = {1: 6, 2: 5, 3: 4}
HEADING_COLOUR = "#ffd890"


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<font color='#e8d8b8'>\1</font>", text)
    text = re.sub(r"`([^`]+)`", r"<font color='#f0c070'>\1</font>", text)
    return text


def to_html(markdown: str, after_heading: dict | None = None) -> str:
    """`after_heading`: heading text -> HTML put on a line of its own under that heading."""
    out: list[str] = []
    paragraph: list[str] = []

    def flush():
        if paragraph:
            out.append(_inline(" ".join(paragraph)) + "<br><br>")
            paragraph.clear()

    for raw in markdown.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        bullet = re.match(r"^[-*+]\s+(.*)$", stripped)
        numbered = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        indent = "&nbsp;" * (4 + 2 * ((len(line) - len(line.lstrip())) // 2))
        if heading:
            flush()
            level = len(heading.group(1))
            size = HEADING_SIZES.get(level, 4)
            out.append(f"<font size={size} color='{HEADING_COLOUR}'><b>{_inline(heading.group(2))}</b></font><br>")
            extra = (after_heading or {}).get(heading.group(2).strip())
            if extra:
                out.append(f"{extra}<br>")
        elif bullet:
            flush()
            out.append(f"{indent}• {_inline(bullet.group(1))}<br>")
        elif numbered:
            flush()
            out.append(f"{indent}<b>{numbered.group(1)}.</b> {_inline(numbered.group(2))}<br>")
        elif out and out[-1].endswith("<br>") and not out[-1].endswith("<br><br>") and not paragraph and raw.startswith("  "):
            out[-1] = out[-1][: -len("<br>")] + " " + _inline(stripped) + "<br>"  # a list item's wrapped line
        else:
            paragraph.append(stripped)
    flush()
    return "".join(out)
