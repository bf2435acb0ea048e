#!/usr/bin/env bash
# Builds the two bundled font subsets:
#  - resources/font/ui-subset.otf: Noto Sans CJK SC (Debian's fonts-noto-cjk), the face of every
#    control, list and dialog. It keeps ASCII, Latin-1, the common punctuation and every
#    character the app itself can show: translation files, resources/font/extra-chars.txt,
#    string literals in gui/, gui/board/, gui/present/, game/ and play/, Fyne's own zh_Hans strings
#    and the bundled data (opening names, puzzle titles). Not all of GB2312 any more (3.0 MB,
#    parsed once per text style and theme scope by Fyne: docs/budget.md): a name in an opened
#    file outside that set is drawn with a system CJK font (desktops, Android and iOS have one;
#    Fyne looks one up per character).
#  - resources/font/ukai-subset.ttf: AR PL UKai CN (fonts-arphic-ukai), the brush face of the
#    pieces and the board's labels: only resources/font/brush-chars.txt.
# Run it again whenever a new character appears in the UI or the data; TestUIFontCoversText and
# TestBoardTextsUseBrushFace fail until then.
set -euo pipefail
cd "$(dirname "$0")/.."

ukai=/usr/share/fonts/truetype/arphic/ukai.ttc
noto=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
if [ ! -f "$ukai" ] || [ ! -f "$noto" ] || ! /usr/bin/python3 -c 'import fontTools' 2>/dev/null; then
  apt-get install -y --no-install-recommends fonts-arphic-ukai fonts-noto-cjk python3-fonttools
fi

fyne_dir=$(go list -m -f '{{.Dir}}' fyne.io/fyne/v2)
ui_chars=$(mktemp)
brush_chars=$(mktemp)
trap 'rm -f "$ui_chars" "$brush_chars"' EXIT

/usr/bin/python3 - "$ui_chars" "$brush_chars" "$fyne_dir/lang/translations/base.zh_Hans.json" <<'PY'
import glob, json, re, sys
ui_out, brush_out, fyne_zh = sys.argv[1], sys.argv[2], sys.argv[3]

def strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v)

def listed(path):
    with open(path, encoding="utf-8") as f:
        return {c for line in f if not line.startswith("#") for c in line.strip()}

chars = {chr(c) for c in range(0x20, 0x7f)} | {chr(c) for c in range(0xa0, 0x100)}
chars |= {chr(c) for c in range(0x2000, 0x2070)}  # general punctuation
chars |= {chr(c) for c in range(0x3000, 0x3040)}  # CJK symbols and punctuation
chars |= {chr(c) for c in range(0xff01, 0xff5f)}  # full-width forms
for path in sorted(glob.glob("resources/translations/*.json")) + [fyne_zh]:
    with open(path, encoding="utf-8") as f:
        for s in strings(json.load(f)):
            chars.update(s)
chars |= listed("resources/font/extra-chars.txt") | listed("resources/font/brush-chars.txt")
literal = re.compile(r'"(?:[^"\\\n]|\\.)*"|`[^`]*`')
for path in sorted(glob.glob("gui/*.go") + glob.glob("gui/board/*.go") + glob.glob("gui/present/*.go") + glob.glob("game/*.go") + glob.glob("play/*.go")):
    with open(path, encoding="utf-8") as f:
        for lit in literal.findall(f.read()):
            chars.update(lit)
# Bundled data: the opening book's names and the puzzles' titles.
for path in sorted(glob.glob("resources/openings.txt") + glob.glob("resources/puzzles/**/*", recursive=True)):
    try:
        with open(path, encoding="utf-8") as f:
            chars.update(f.read())
    except (UnicodeDecodeError, IsADirectoryError):
        pass
chars = {c for c in chars if c.isprintable() or c == " "}
with open(ui_out, "w", encoding="utf-8") as f:
    f.write("".join(sorted(chars)))
brush = {c for c in listed("resources/font/brush-chars.txt") if ord(c) > 0x7f} | {" "}
with open(brush_out, "w", encoding="utf-8") as f:
    f.write("".join(sorted(brush)))
print(f"{len(chars)} characters for the UI face, {len(brush)} for the brush face", file=sys.stderr)
PY

subset() { # source face-number chars output
  /usr/bin/python3 -m fontTools.subset "$1" --font-number="$2" \
    --text-file="$3" --layout-features='*' --no-hinting \
    --name-IDs='*' --name-legacy --name-languages='*' \
    --output-file="$4"
}
subset "$noto" 2 "$ui_chars" resources/font/ui-subset.otf  # face 2: Noto Sans CJK SC
subset "$ukai" 0 "$brush_chars" resources/font/ukai-subset.ttf

# Give both subsets the vertical metrics of Fyne's sans face (Noto Sans: ascent 1.069 em,
# descent 0.293 em), so that a line is measured as before and a character that falls back
# to Fyne's or a system font sits on the same baseline: Fyne measures a line with the font
# of its space and places each run's baseline by that run's font.
/usr/bin/python3 - resources/font/ui-subset.otf resources/font/ukai-subset.ttf <<'PY'
import sys
from fontTools.ttLib import TTFont
for path in sys.argv[1:]:
    f = TTFont(path)
    em = f["head"].unitsPerEm
    ascent, descent = round(1.069 * em), round(0.293 * em)
    f["hhea"].ascent, f["hhea"].descent, f["hhea"].lineGap = ascent, -descent, 0
    os2 = f["OS/2"]
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
    os2.usWinAscent, os2.usWinDescent = ascent, descent
    f.save(path)
PY
ls -l resources/font/ui-subset.otf resources/font/ukai-subset.ttf
