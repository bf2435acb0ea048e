#!/usr/bin/env bash
# Builds resources/font/ukai-subset.ttf: the AR PL UKai CN face (Debian's fonts-arphic-ukai)
# cut down to ASCII plus every non-ASCII character that the app can show: translation files,
# resources/font/extra-chars.txt, string literals in gui/, game/ and play/, and Fyne's own zh_Hans strings.
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
chars = set(chr(c) for c in range(0x20, 0x7f))

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
for path in sorted(glob.glob("gui/*.go") + glob.glob("game/*.go") + glob.glob("play/*.go")):
    with open(path, encoding="utf-8") as f:
        for lit in literal.findall(f.read()):
            chars.update(c for c in lit if ord(c) > 0x7f)
chars.discard("\n")
with open(out, "w", encoding="utf-8") as f:
    f.write("".join(sorted(chars)))
print(f"{len(chars)} characters", file=sys.stderr)
PY

/usr/bin/python3 -m fontTools.subset "$src" --font-number=0 \
  --text-file="$chars" --layout-features='*' --no-hinting \
  --name-IDs='*' --name-legacy --name-languages='*' \
  --output-file=resources/font/ukai-subset.ttf
ls -l resources/font/ukai-subset.ttf
