#!/usr/bin/env python3
"""Regenerates the font `replab figure` draws with (crates/publish/fonts/).

The runner rasterises figures itself (PNG, GIF), so it carries its own font:
Noto Sans CJK SC (SIL Open Font License 1.1), Regular and Bold, cut down to
the characters figures can show: printable ASCII and Latin-1, common
punctuation and arrows, and every non-ASCII character in the project's own
words (the Rust sources, which hold the English and Chinese sentences, the
preset scenarios, and the example post). The cut fonts are renamed
"Replab Figure Sans" (a modified version keeps the licence, not the name).

    pip install fonttools
    apt-get install fonts-noto-cjk          # or pass the .ttc files' paths
    tools/subset-font.py [REGULAR.ttc BOLD.ttc]

Run it again whenever new Chinese words appear; the CLI's tests fail when a
character the seed stories' Chinese figures use is missing from the font.
"""

import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "crates" / "cli" / "fonts"
FAMILY = "Replab Figure Sans"
DEFAULT_SOURCES = [
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
]
# The Simplified Chinese face in the Noto Sans CJK collections.
FACE = "Noto Sans CJK SC"

# Where the project's words are.
SOURCES = ["crates/**/*.rs", "web/scenarios/*.scn", "web/example-post.html"]


def characters():
    """The characters to keep, and among them those the project's words use."""
    chars = set(chr(c) for c in range(0x20, 0x7F))
    chars |= set(chr(c) for c in range(0xA0, 0x100))
    # General punctuation, arrows, a few shapes and the CJK and full-width punctuation.
    for lo, hi in [(0x2010, 0x2027), (0x2030, 0x203A), (0x2190, 0x2199), (0x25A0, 0x25CF),
                   (0x2713, 0x2714), (0x3000, 0x3011), (0xFF01, 0xFF1F)]:
        chars |= set(chr(c) for c in range(lo, hi + 1))
    chars.add("\u26a0")  # the safety mark
    words = set()
    for pattern in SOURCES:
        for path in sorted(ROOT.glob(pattern)):
            if "target" in path.parts:
                continue
            words |= set(c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7E)
    return chars | words, words


def face(path):
    for font in TTCollection(path).fonts:
        if font["name"].getDebugName(1) == FACE:
            return font
    sys.exit(f"{path}: no '{FACE}' face")


def rename(font, style):
    ps = f"ReplabFigureSans-{style}"
    names = {1: FAMILY, 2: style, 3: f"{ps};subset of Noto Sans CJK SC", 4: f"{FAMILY} {style}", 6: ps}
    table = font["name"]
    for record in list(table.names):
        if record.nameID in (16, 17):
            table.removeNames(nameID=record.nameID)
    for name_id, text in names.items():
        table.setName(text, name_id, 3, 1, 0x409)
        table.setName(text, name_id, 1, 0, 0)
    if "CFF " in font:
        cff = font["CFF "].cff
        top = cff[cff.fontNames[0]]
        cff.fontNames = [ps]
        top.FullName = f"{FAMILY} {style}"
        top.FamilyName = FAMILY


def main():
    sources = sys.argv[1:] or DEFAULT_SOURCES
    if len(sources) != 2:
        sys.exit(__doc__)
    chars, words = characters()
    OUT.mkdir(parents=True, exist_ok=True)
    for path, style in zip(sources, ["Regular", "Bold"]):
        font = face(path)
        cmap = font.getBestCmap()
        # Symbols of the page's buttons and of comments, not of figures.
        missing = sorted(c for c in words if ord(c) not in cmap)
        if missing and style == "Regular":
            print(f"(not in {FACE}, left out: {''.join(missing)})", file=sys.stderr)
        options = subset.Options()
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 11, 13, 14]
        options.name_languages = [0x409, 0]
        options.hinting = False
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[ord(c) for c in chars if ord(c) in cmap])
        subsetter.subset(font)
        rename(font, style)
        font.recalcTimestamp = False  # the same input gives the same bytes
        out = OUT / f"ReplabFigureSans-{style}.otf"
        font.save(out)
        print(f"{out.relative_to(ROOT)}: {len(font.getBestCmap())} characters, {out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
