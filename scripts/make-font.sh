#!/usr/bin/env bash
# Builds resources/font/ukai-subset.ttf: the AR PL UKai CN face (Debian's fonts-arphic-ukai)
# cut down to every non-ASCII character that the app can show: translation files,
# resources/font/extra-chars.txt, string literals in gui/, gui/board/, game/ and play/, and Fyne's own zh_Hans strings.
# Run it again whenever a new character appears in the UI; TestFontCoversUIText fails until then.
set -euo pipefail
cd "$(dirname "$0")/.."

src=/usr/share/fonts/truetype/arphic/ukai.ttc
if [ ! -f "$src" ] || ! /usr/bin/python3 -c 'import fontTools' 2>/dev/null; then
  apt-get install -y --no-install-recommends fonts-arphic-ukai python3-fonttools
fi

fyne_dir=$(go list -m -f '{{.Dir}}' fyne.io/fyne/v2)
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT

/usr/bin/python3 - "$chars" "$fyne_dir/lang/translations/base.zh_Hans.json" <<'PY'
import glob, json, re, sys
out, fyne_zh = sys.argv[1], sys.argv[2]
# No ASCII but the space: Latin text falls through to Fyne's own sans font (see gui/theme.go).
chars = set()

def strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from strings(v)

for path in sorted(glob.glob("resources/translations/*.json")) + [fyne_zh]:
    with open(path, encoding="utf-8") as f:
        for s in strings(json.load(f)):
            chars.update(s)
with open("resources/font/extra-chars.txt", encoding="utf-8") as f:
    for line in f:
        if not line.startswith("#"):
            chars.update(line.strip())
literal = re.compile(r'"(?:[^"\\\n]|\\.)*"|`[^`]*`')
for path in sorted(glob.glob("gui/*.go") + glob.glob("gui/board/*.go") + glob.glob("game/*.go") + glob.glob("play/*.go")):
    with open(path, encoding="utf-8") as f:
        for lit in literal.findall(f.read()):
            chars.update(c for c in lit if ord(c) > 0x7f)
# The space stays: a space between two Chinese characters is shaped with their font.
chars = {c for c in chars if ord(c) > 0x7f} | {" "}
with open(out, "w", encoding="utf-8") as f:
    f.write("".join(sorted(chars)))
print(f"{len(chars)} characters", file=sys.stderr)
PY

/usr/bin/python3 -m fontTools.subset "$src" --font-number=0 \
  --text-file="$chars" --layout-features='*' --no-hinting \
  --name-IDs='*' --name-legacy --name-languages='*' \
  --output-file=resources/font/ukai-subset.ttf

# Give the subset the vertical metrics of Fyne's sans face (Noto Sans: ascent 1.069 em,
# descent 0.293 em), so that a line mixing both fonts is measured and drawn alike: Fyne
# measures a line with the font of its space and places each run's baseline by that run's
# font, so different ascents would push Latin text below the box measured for it.
/usr/bin/python3 - resources/font/ukai-subset.ttf <<'PY'
import sys
from fontTools.ttLib import TTFont
path = sys.argv[1]
f = TTFont(path)
em = f["head"].unitsPerEm
ascent, descent = round(1.069 * em), round(0.293 * em)
f["hhea"].ascent, f["hhea"].descent, f["hhea"].lineGap = ascent, -descent, 0
os2 = f["OS/2"]
os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
os2.usWinAscent, os2.usWinDescent = ascent, descent
f.save(path)
PY
ls -l resources/font/ukai-subset.ttf
