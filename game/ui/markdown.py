"""A small Markdown to pygame-gui HTML converter for the rules viewer.

It covers what seeds/<id>.md uses: headings, paragraphs, bullet and numbered
lists, **bold**, *italic*, `code`, and small tables (| a | b | rows), which
pygame-gui's HTML cannot line up: the caller turns each into HTML of its own
(the rules viewer draws it as an image).
"""
from __future__ import annotations

import html
import re

HEADING_SIZES = {1: 6, 2: 5, 3: 4}  # pygame-gui's HTML sizes: 24, 18 and 14 px
HEADING_SCALE = {1: 1.6, 2: 1.2, 3: 1.0}  # the same, as parts of the text's own size (given one)
HEADING_COLOUR = "#ffd890"
HARD_BREAK = "\x00"  # stands for a paragraph's line break until the paragraph is written


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<font color='#e8d8b8'>\1</font>", text)
    text = re.sub(r"`([^`]+)`", r"<font color='#f0c070'>\1</font>", text)
    return text


def table_rows(line: str) -> list[str] | None:
    """The cells of a table row ("| a | b |"), [] for its rule line ("|---|---|"), None if no row."""
    if not (line.startswith("|") and line.endswith("|")):
        return None
    cells = [c.strip() for c in line[1:-1].split("|")]
    return [] if all(re.fullmatch(r":?-+:?", c) for c in cells) else cells


def to_html(markdown: str, after_heading: dict | None = None, table=None, text_size: int | None = None) -> str:
    """`after_heading`: heading text -> HTML put under that heading as it is (a line ends
    with its own <br>; a picture may float beside what follows); `table`: rows of cells -> the HTML that shows them
    (without it a table reads as lines of cells); `text_size`: the letters' size in px (the headings in
    proportion), else the text box's own."""
    out: list[str] = []
    paragraph: list[str] = []
    rows: list[list[str]] = []
    item: list[str] = []  # a list item being read, [its start, its words]: a **bold** may span its lines

    def end_item():
        if item:
            start, words = item
            out.append(f"{start}{_inline(words)}<br>")
            item.clear()

    def flush(gap: bool = True):
        end_item()
        if paragraph:  # a blank line after a paragraph, none before a list that follows it at once
            text = _inline(" ".join(paragraph)).replace(HARD_BREAK + " ", "<br>").replace(HARD_BREAK, "")
            out.append(text + ("<br><br>" if gap else "<br>"))
            paragraph.clear()
        if rows:
            if out and out[-1].endswith("<br><br>"):  # a table stays with the words that lead into it
                out[-1] = out[-1][: -len("<br>")]
            out.append(table(list(rows)) if table else "".join(_inline(" · ".join(r)) + "<br>" for r in rows))
            out.append("<br>")
            rows.clear()

    for raw in markdown.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        cells = table_rows(stripped)
        if cells is not None:
            end_item()
            if paragraph:
                flush()
            if cells:
                rows.append(cells)
            continue
        if rows:
            flush()
        heading = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        bullet = re.match(r"^[-*+]\s+(.*)$", stripped)
        numbered = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        indent = "&nbsp;" * (4 + 2 * ((len(line) - len(line.lstrip())) // 2))
        if heading:
            flush()
            level = len(heading.group(1))
            size = (f"pixel_size={round(text_size * HEADING_SCALE.get(level, 1.0))}" if text_size
                    else f"size={HEADING_SIZES.get(level, 4)}")
            out.append(f"<font {size} color='{HEADING_COLOUR}'><b>{_inline(heading.group(2))}</b></font><br>")
            extra = (after_heading or {}).get(heading.group(2).strip())
            if extra:
                out.append(extra)
        elif bullet:
            flush(gap=False)
            item.extend((f"{indent}• ", bullet.group(1)))
        elif numbered:
            flush(gap=False)
            item.extend((f"{indent}<b>{numbered.group(1)}.</b> ", numbered.group(2)))
        elif item and raw.startswith("  "):
            item[1] += " " + stripped  # a list item's wrapped line
        else:  # a line ending in a backslash ends its line of the paragraph there (as in CommonMark)
            end_item()
            paragraph.append(stripped[:-1].rstrip() + HARD_BREAK if stripped.endswith("\\") else stripped)
    flush()
    return f"<font pixel_size={text_size}>{''.join(out)}</font>" if text_size else "".join(out)
