#!/usr/bin/env bash
# Draws resources/Icon.png (512x512): a wooden Xiangqi disc with the red general 帅,
# lettered with the bundled subset font so the icon needs nothing outside the repo.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/convert >/dev/null || apt-get install -y --no-install-recommends imagemagick
/usr/bin/convert -size 512x512 xc:none \
  -fill '#5b3a1a' -draw 'circle 256,262 256,26' \
  -fill '#e9c48a' -draw 'circle 256,250 256,22' \
  -fill none -stroke '#b0201a' -strokewidth 14 -draw 'circle 256,250 256,62' \
  -stroke none -fill '#b0201a' -font resources/font/ukai-subset.ttf -pointsize 290 \
  -gravity center -annotate +0-8 '帅' \
  -strip resources/Icon.png
ls -l resources/Icon.png
