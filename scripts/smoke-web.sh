#!/usr/bin/env bash
# Smoke test of the browser (WebAssembly) build: build it with the pinned fyne tool, serve it
# on localhost, open it in headless Chromium (Debian's chromium, driven by playwright-core
# from npm), check that the board and its pieces are drawn, click the red cannon h2 and then
# e2 (炮二平五), wait for the engine's answer (in the save in IndexedDB and on screen), play
# MOVES-1 more moves chosen by the native engine, then reload the page and check that the
# saved game comes back. Screenshots and the browser console go to $OUT
# (default /tmp/xiangqi-smoke-web). Exits non-zero when the page does not draw, a click or
# move gets no answer, the app panics, or the game does not survive a reload.
#
#   bash scripts/smoke-web.sh                  # debug build, as `make web` makes it
#   RELEASE=1 bash scripts/smoke-web.sh        # go tool fyne package -os web --release
#   WEB_DIR=wasm bash scripts/smoke-web.sh     # test an existing build, do not build
#   MOVES=9 bash scripts/smoke-web.sh          # a longer game (its save exceeds 512 bytes)
#
# Installs chromium (apt) and playwright-core (npm, into $TOOLS) when missing. The build is
# copied to $OUT/web; the repository's wasm/ is removed again unless it existed before, and
# FyneApp.toml keeps its Build number (fyne package raises it on every run).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/xiangqi-smoke-web}
TOOLS=${TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/xiangqi-smoke-web}
MOVES=${MOVES:-1}
CHROMIUM=${CHROMIUM:-}
mkdir -p "$OUT" "$TOOLS"
rm -rf "$OUT/web" "$OUT"/*.png "$OUT/console.log"

sudo_if_needed() { if [ "$(id -u)" -ne 0 ]; then sudo "$@"; else "$@"; fi; }
apt_install() {
  sudo_if_needed apt-get update -qq
  DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq --no-install-recommends "$@"
}

# Tools: chromium, node + npm, playwright-core.
if [ -z "$CHROMIUM" ]; then
  CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
  if [ -z "$CHROMIUM" ]; then
    echo "installing chromium"
    apt_install chromium
    CHROMIUM=$(command -v chromium)
  fi
fi
if ! command -v curl >/dev/null; then
  apt_install curl
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "installing nodejs and npm"
  apt_install nodejs npm
fi
if [ ! -f "$TOOLS/node_modules/playwright-core/package.json" ]; then
  echo "installing playwright-core into $TOOLS"
  (cd "$TOOLS" && { [ -f package.json ] || npm init -y >/dev/null; } && npm i --no-audit --no-fund playwright-core >/dev/null)
fi

# The build.
if [ -n "${WEB_DIR:-}" ]; then
  cp -r "$WEB_DIR" "$OUT/web"
else
  had_wasm=0
  [ -d wasm ] && had_wasm=1
  start=$(date +%s)
  # fyne package raises Build in FyneApp.toml on every run; keep the file as it was.
  cp FyneApp.toml "$OUT/FyneApp.toml.orig"
  status=0
  go tool fyne package -os web ${RELEASE:+--release} || status=$?
  cat "$OUT/FyneApp.toml.orig" >FyneApp.toml
  [ "$status" = 0 ] || { echo "the web build failed"; exit "$status"; }
  echo "built in $(($(date +%s) - start)) s"
  cp -r wasm "$OUT/web"
  [ "$had_wasm" = 1 ] || rm -rf wasm
fi
[ -f "$OUT/web/index.html" ] || { echo "no index.html in the web build"; exit 1; }
wasm_file=$(ls "$OUT"/web/*.wasm | head -1)
echo "wasm: $wasm_file, $(stat -c %s "$wasm_file") bytes ($(gzip -c "$wasm_file" | wc -c) gzipped)"
if [ "$MOVES" -gt 1 ]; then
  go build -o "$OUT/xqengine" ./cmd/xqengine
fi

# A static server on a free localhost port (Python serves .wasm as application/wasm).
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$OUT/web" >"$OUT/http.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -fs -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
ctype=$(curl -fsI "http://127.0.0.1:$port/$(basename "$wasm_file")" | tr -d '\r' | awk -F': ' 'tolower($1) == "content-type" { print $2 }')
[ "$ctype" = application/wasm ] || { echo "the server sends the wasm as '$ctype'"; exit 1; }

cat >"$TOOLS/smoke-web.js" <<'EOF'
// Drives the page; see scripts/smoke-web.sh. Exit code 0 only when every step passed.
const { chromium } = require('playwright-core');
const { execFileSync } = require('child_process');
const fs = require('fs');
const [url, out, chromiumPath, movesArg, engine] = process.argv.slice(2);
const MOVES = +movesArg;
const BOARD = [227, 193, 135];          // the wood colour (gui/board/styles.go colorBoard)
const log = [];
const t0 = Date.now();
const ts = () => ((Date.now() - t0) / 1000).toFixed(2) + 's';
const say = s => { console.log(s); log.push(s); };
let failed = false;
const fail = s => { say('FAIL: ' + s); failed = true; };

(async () => {
  const browser = await chromium.launch({ executablePath: chromiumPath,
    args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'] });
  const page = await (await browser.newContext({ viewport: { width: 900, height: 700 } })).newPage();
  const consoleLines = [];
  page.on('console', m => { const s = `[${ts()}] console.${m.type()}: ${m.text()}`; consoleLines.push(s); console.log(s); });
  page.on('pageerror', e => { consoleLines.push(`[${ts()}] pageerror: ${e.message}`); fail('page error: ' + e.message); });
  page.on('requestfailed', r => fail(`request failed: ${r.url()} ${r.failure().errorText}`));
  const finish = async code => {
    fs.writeFileSync(`${out}/console.log`, consoleLines.join('\n') + '\n');
    const bad = consoleLines.filter(l => /panic:|fatal error:/.test(l));
    if (bad.length) { fail('the app crashed: ' + bad[0]); code = 1; }
    const fyneErr = consoleLines.filter(l => /Fyne error/.test(l));
    if (fyneErr.length) say(`note: ${fyneErr.length} "Fyne error" console line(s), see ${out}/console.log`);
    await browser.close();
    process.exit(failed ? 1 : code);
  };
  const shot = async name => { await page.screenshot({ path: `${out}/${name}.png` }); say(`[${ts()}] screenshot ${out}/${name}.png`); };

  // A screenshot decoded in the page and kept there as window.__px; the pixel checks below
  // run in the page too, so that only small results cross over.
  const pixels = async () => {
    const png = await page.screenshot();
    await page.evaluate(async b64 => {
      const img = new Image(); img.src = 'data:image/png;base64,' + b64; await img.decode();
      const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
      const g = c.getContext('2d'); g.drawImage(img, 0, 0);
      window.__px = { w: img.width, h: img.height, data: g.getImageData(0, 0, img.width, img.height).data };
    }, png.toString('base64'));
  };
  // The board widget's rectangle: the box of the wood colour.
  const boardRect = () => page.evaluate(rgb => {
    const { w, h, data } = window.__px; let x0 = 1e9, y0 = 1e9, x1 = -1, y1 = -1, n = 0;
    for (let y = 0; y < h; y += 2) for (let x = 0; x < w; x += 2) {
      const i = 4 * (y * w + x);
      if (Math.abs(data[i] - rgb[0]) <= 6 && Math.abs(data[i + 1] - rgb[1]) <= 6 && Math.abs(data[i + 2] - rgb[2]) <= 6) {
        n++; x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
      }
    }
    return n > 2000 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
  }, BOARD);
  // Screen pixel of a board point (gui/board/geometry.go: margin 0.62, band 0.45 cells, centred).
  let rect = null;
  const point = (file, rank) => {
    const uw = 8 + 2 * 0.62, uh = 9 + 2 * 0.62 + 2 * 0.45;
    const cell = Math.min(rect.w / uw, rect.h / uh);
    const left = (rect.w - cell * uw) / 2, top = (rect.h - cell * uh) / 2;
    return [rect.x + left + (0.62 + file) * cell, rect.y + top + (0.62 + 0.45 + 9 - rank) * cell, cell];
  };
  const sq = s => point(s.charCodeAt(0) - 97, +s[1]);
  // Share of pixels of one kind within r pixels of a point: 'red' ink (a red piece's
  // character and ring) or 'green' (the dots on a selected piece's destinations).
  const share = (s, kind, radius) => {
    const [cx, cy, cell] = sq(s);
    return page.evaluate(([cx, cy, r, kind]) => {
      const { w, data } = window.__px; let hit = 0, all = 0;
      for (let y = Math.round(cy) - r; y <= Math.round(cy) + r; y++) for (let x = Math.round(cx) - r; x <= Math.round(cx) + r; x++) {
        const i = 4 * (y * w + x), R = data[i], G = data[i + 1], B = data[i + 2]; all++;
        if (kind === 'red' ? R > 150 && G < 90 && B < 90 : G > R + 30 && G > B + 30) hit++;
      }
      return hit / all;
    }, [cx, cy, radius === undefined ? Math.floor(cell * 0.4) : radius, kind]);
  };
  const redShare = s => share(s, 'red');
  const readSave = () => page.evaluate(async () => {
    const db = await new Promise((ok, ko) => { const r = indexedDB.open('files'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
    const names = db.objectStoreNames.contains('meta')
      ? await new Promise(ok => { const r = db.transaction('meta').objectStore('meta').getAllKeys(); r.onsuccess = () => ok(r.result); }) : [];
    const blob = db.objectStoreNames.contains('data')
      ? await new Promise(ok => { const r = db.transaction('data').objectStore('data').get('/fyne/game.json'); r.onsuccess = () => ok(r.result); }) : undefined;
    db.close();
    return { names, text: blob ? await blob.text() : null };
  });
  // A save holds the line shown as its cursor's line ("xiangqi-save"), a save of the first shape as moves.
  const savedMoves = async () => { const s = await readSave(); try { const j = JSON.parse(s.text); return j.cursor ? (j.cursor.line ? j.cursor.line.split(' ') : []) : (j.moves || []); } catch (e) { return []; } };
  // Polls cond every 200 ms until it holds (true) or limitMs pass (false).
  const until = async (limitMs, cond) => {
    const end = Date.now() + limitMs;
    while (Date.now() < end && !failed) {
      if (await cond()) return true;
      await page.waitForTimeout(200);
    }
    return false;
  };
  // Waits for the wood colour; stop() may end the wait early (a page error always does).
  const waitDrawn = async (limitMs, stop) => {
    const end = Date.now() + limitMs;
    while (Date.now() < end && !failed) {
      if (stop && await stop()) return false;
      await pixels(); const r = await boardRect();
      if (r && r.w > 200) { rect = r; await page.waitForTimeout(300); return true; }
      await page.waitForTimeout(200);
    }
    return false;
  };

  await page.goto(url);
  if (!(await waitDrawn(120000))) { await shot('0-not-drawn'); fail('the board was not drawn'); return finish(1); }
  say(`[${ts()}] board drawn, ${rect.w}x${rect.h} at ${rect.x},${rect.y}`);
  await page.waitForTimeout(1000);
  await shot('1-start');
  await pixels();
  const pieces = [], empty = [];
  for (const s of ['a0', 'b0', 'c0', 'd0', 'e0', 'b2', 'h2', 'a3', 'e3', 'i3']) pieces.push(await redShare(s));
  for (const s of ['e2', 'e4', 'd1']) empty.push(await redShare(s));
  say(`red ink on red pieces ${pieces.map(v => v.toFixed(3)).join(' ')}; on empty points ${empty.map(v => v.toFixed(3)).join(' ')}`);
  if (Math.min(...pieces) < 0.02 || Math.max(...empty) > 0.01) { fail('the red pieces are not drawn where they belong'); return finish(1); }

  let moves = [];
  for (let i = 0; i < MOVES; i++) {
    let mv = 'h2e2';
    if (i > 0) {
      const res = execFileSync('bash', ['-c', `(printf '%s' "$0"; sleep 0.5; echo quit) | "$1"`,
        `uci\nposition startpos moves ${moves.join(' ')}\ngo movetime 100\n`, engine]).toString();
      mv = res.match(/^bestmove (\S+)/m)[1];
    }
    const [fx, fy] = sq(mv.slice(0, 2)), [tx, ty] = sq(mv.slice(2, 4));
    await page.mouse.click(fx, fy);
    if (i === 0) {
      // the selection shows green dots on the legal destinations, e.g. on e2
      if (!(await until(10000, async () => { await pixels(); return await share('e2', 'green', 6) >= 0.05; }))) {
        await shot('2-not-selected'); fail('clicking the cannon on h2 did not select it (no legal-move dot on e2)'); return finish(1);
      }
      await shot('2-selected');
    } else {
      await page.waitForTimeout(700);
    }
    const tMove = Date.now();
    await page.mouse.click(tx, ty);
    const want = moves.length + 2;
    let got = moves;
    while (Date.now() - tMove < 60000) {
      got = await savedMoves();
      if (got.length >= want) break;
      await page.waitForTimeout(100);
    }
    if (got.length < want) { await shot(`move-${i + 1}-no-answer`); fail(`move ${i + 1} (${mv}): no answer within 60 s; the save holds ${got.join(' ') || 'nothing'}`); return finish(1); }
    if (got[moves.length] !== mv) { fail(`move ${i + 1}: clicked ${mv} but the game recorded ${got[moves.length]}`); return finish(1); }
    moves = got;
    say(`[${ts()}] move ${i + 1}: ${mv}, engine answered ${moves[moves.length - 1]} after ${Date.now() - tMove} ms`);
    if (i === 0) {
      const shown = await until(10000, async () => { await pixels(); return await redShare('e2') >= 0.02 && await redShare('h2') <= 0.01; });
      await shot('3-answered');
      if (!shown) fail('the board does not show the cannon on e2');
    }
  }
  if (MOVES > 1) await shot('4-after-moves');
  const before = await readSave();
  say(`save: ${before.text ? before.text.length : 0} bytes; storage holds ${before.names.join(' ')}`);

  // A reload must bring the same game back.
  // An unreadable save is set aside and reported in a dialog, which dims the board.
  await page.reload();
  await page.waitForSelector('canvas', { timeout: 120000 });
  const setAside = async () => (await readSave()).names.filter(n => n.includes('corrupt'));
  const drawn = await waitDrawn(120000, async () => (await setAside()).length > 0);
  await page.waitForTimeout(2500);
  await shot('5-reloaded');
  const after = await readSave();
  const aside = await setAside();
  if (aside.length) fail(`after a reload the save was declared unreadable and set aside as ${aside.join(' ')}`);
  else if (!drawn) fail('the board was not drawn after a reload');
  else if (after.text !== before.text) fail('after a reload the save differs from the one before');
  else say('reload: the saved game came back');
  return finish(0);
})().catch(async e => { fail(String(e && e.stack || e)); process.exit(1); });
EOF

echo "serving $OUT/web on http://127.0.0.1:$port/"
NODE_PATH="$TOOLS/node_modules" node "$TOOLS/smoke-web.js" "http://127.0.0.1:$port/" "$OUT" "$CHROMIUM" "$MOVES" "$OUT/xqengine"
echo "smoke-web: ok (screenshots and console.log in $OUT)"
