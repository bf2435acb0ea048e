#!/usr/bin/env bash
# Smoke test of the browser (WebAssembly) build: build it with the pinned fyne tool, serve it
# on localhost, open it in headless Chromium (Debian's chromium, driven by playwright-core
# from npm), check that the board and its pieces are drawn, click the red cannon h2 and then
# e2 (炮二平五), wait for the engine's answer (in the save in IndexedDB and on screen), play
# MOVES-1 more moves chosen by the native engine, then reload the page and check that the
# saved game comes back. Then the installable web app: Chromium reports no installability
# errors, the service worker is active and controls the page, and with the network off (the
# browser offline and the server stopped) the page reloads, draws the board and the saved game
# comes back. It prints the first-load (the loading page's placeholder board painted, the app's
# board drawn), engine-ready and offline-load times and the bytes the server sent
# for the .wasm, and fails unless each browser profile fetched the .wasm once (the page's
# download goes into the worker's cache). Installability is checked in a persistent profile of its own (Chromium does
# not install from incognito), the game in an incognito context. The build is served by cmd/xqweb (brotli or gzip copies, application/wasm)
# on localhost, a secure context, so the service worker runs over plain HTTP. Screenshots,
# the browser console and the server's request log go to $OUT (default
# /tmp/xiangqi-smoke-web). Exits non-zero when the page does not draw, a click or move gets
# no answer, the app panics, the game does not survive a reload, the app is not installable
# or does not start offline.
#
#   bash scripts/smoke-web.sh                  # debug build (make web WEB_FLAGS=)
#   RELEASE=1 bash scripts/smoke-web.sh        # release build, as `make web` makes it
#   BROTLI_QUALITY=9 bash scripts/smoke-web.sh # faster brotli than make web's 11
#   WEB_DIR=wasm bash scripts/smoke-web.sh     # test an existing build, do not build
#   MOVES=9 bash scripts/smoke-web.sh          # a longer game (its save exceeds 512 bytes)
#   EVAL_COMPARE=1 bash scripts/smoke-web.sh   # then the engine's reply with each evaluation
#
# EVAL_COMPARE=1 adds, at the end (offline), the engine's reply at a full-strength time
# (EVAL_SECONDS a move, default 2.5: no level's time, so no strength limit) with the classical
# evaluation and with the built-in net: the saved settings get the evaluation (the key the
# settings dialog saves), that time, no book and no randomness; the page is reloaded (the
# start with the net decodes it) and the same move is played in the same position. It prints
# each reload's time and reply time (a screenshot taken meanwhile included), and screenshots
# the status line (the search's depth) half-way through the move: eval-classical.png and
# eval-neural.png.
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
rm -rf "$OUT/web" "$OUT/profile" "$OUT"/*.png "$OUT/console.log"

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
  cp -rp "$WEB_DIR" "$OUT/web"
else
  had_wasm=0
  [ -d wasm ] && had_wasm=1
  start=$(date +%s)
  # fyne package raises Build in FyneApp.toml on every run; keep the file as it was.
  cp FyneApp.toml "$OUT/FyneApp.toml.orig"
  status=0
  make --no-print-directory web WEB_FLAGS="${RELEASE:+--release}" BROTLI_QUALITY="${BROTLI_QUALITY:-11}" || status=$?
  cat "$OUT/FyneApp.toml.orig" >FyneApp.toml
  [ "$status" = 0 ] || { echo "the web build failed"; exit "$status"; }
  echo "built in $(($(date +%s) - start)) s"
  cp -rp wasm "$OUT/web"
  [ "$had_wasm" = 1 ] || rm -rf wasm
fi
[ -f "$OUT/web/index.html" ] || { echo "no index.html in the web build"; exit 1; }
wasm_file=$(ls "$OUT"/web/*.wasm | head -1)
size_of() { if [ -f "$1" ]; then stat -c %s "$1"; else echo none; fi; }
echo "wasm: $wasm_file, $(stat -c %s "$wasm_file") bytes; gzip $(size_of "$wasm_file.gz"), brotli $(size_of "$wasm_file.br")"
[ -f "$OUT/web/sw.js" ] && [ -f "$OUT/web/manifest.webmanifest" ] || { echo "no service worker or manifest in the web build"; exit 1; }
if [ "$MOVES" -gt 1 ] || [ -n "${EVAL_COMPARE:-}" ]; then
  go build -o "$OUT/xqengine" ./cmd/xqengine
fi

# cmd/xqweb serve on a free localhost port; it prints its URL first.
go build -o "$OUT/xqweb" ./cmd/xqweb
"$OUT/xqweb" serve -dir "$OUT/web" -addr 127.0.0.1:0 -log >"$OUT/http.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
url=""
for _ in $(seq 50); do
  url=$(sed -n 's/^serving .* on \(http:[^ ]*\)$/\1/p' "$OUT/http.log")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "the server did not start:"; cat "$OUT/http.log"; exit 1; }
header() { curl -fsI -H "Accept-Encoding: $2" "$url$(basename "$wasm_file")" | tr -d '\r' | awk -F': ' -v h="$1" 'tolower($1) == h { print $2 }'; }
ctype=$(header content-type identity)
[ "$ctype" = application/wasm ] || { echo "the server sends the wasm as '$ctype'"; exit 1; }
for enc in gzip br; do
  [ -f "$wasm_file.${enc/gzip/gz}" ] || continue
  got="$(header content-encoding "$enc") $(header content-type "$enc")"
  [ "$got" = "$enc application/wasm" ] || { echo "asked for $enc, the server sends the wasm as '$got'"; exit 1; }
done

cat >"$TOOLS/smoke-web.js" <<'EOF'
// Drives the page; see scripts/smoke-web.sh. Exit code 0 only when every step passed.
const { chromium } = require('playwright-core');
const { execFileSync } = require('child_process');
const fs = require('fs');
const [url, out, chromiumPath, movesArg, engine, serverPid] = process.argv.slice(2);
const MOVES = +movesArg;
const BOARD = [227, 193, 135];          // the wood colour (gui/board/styles.go colorBoard)
const log = [];
const t0 = Date.now();
const ts = () => ((Date.now() - t0) / 1000).toFixed(2) + 's';
const say = s => { console.log(s); log.push(s); };
let failed = false;
const fail = s => { say('FAIL: ' + s); failed = true; };

// The server's log lines of the .wasm's GETs (a 304 counts: a fetch, though not a download).
const wasmName = JSON.parse(fs.readFileSync(`${out}/web/sw.js`, 'utf8').match(/^const FILES = (\[.*\]);$/m)[1]).find(f => f.endsWith('.wasm'));
const wasmFetches = () => fs.readFileSync(`${out}/http.log`, 'utf8').split('\n').filter(l => l.startsWith(`GET /${wasmName} `));
let inProfile = 0;

(async () => {
  const args = ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];
  const viewport = { width: 900, height: 700 };

  // Installability, in a persistent profile (fresh, in $OUT/profile): Chromium does not
  // install apps from an incognito context. The game itself is played in an incognito
  // context below: on this machine, under load, the app's saves to IndexedDB stalled for
  // over a minute in a persistent profile (with or without the service worker).
  {
    const installCtx = await chromium.launchPersistentContext(`${out}/profile`, { executablePath: chromiumPath, viewport, args });
    const p = installCtx.pages()[0] || await installCtx.newPage();
    await p.goto(url);
    const end = Date.now() + 120000;
    let controlled = false;
    while (Date.now() < end && !(controlled = await p.evaluate(() => !!navigator.serviceWorker.controller))) await p.waitForTimeout(500);
    const cdp = await installCtx.newCDPSession(p);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    await installCtx.close();
    if (!controlled) fail('in a persistent profile the service worker did not take control of the page within 120 s');
    if (installabilityErrors.length) fail('installability errors: ' + JSON.stringify(installabilityErrors));
    else say(`[${ts()}] installable: Chromium reports no installability errors`);
    for (const e of manifest.errors) (e.critical ? fail : say)(`manifest ${e.critical ? 'error' : 'warning'}: ${e.message}`);
    if (!manifest.url.endsWith('/manifest.webmanifest')) fail(`the page links the manifest ${manifest.url || '(none)'}`);
    inProfile = wasmFetches().length;
    say(`[${ts()}] the .wasm was fetched ${inProfile} time(s) in the persistent profile: ${wasmFetches().join(' | ')}`);
    if (inProfile !== 1) fail(`the .wasm was fetched ${inProfile} times in one profile: the page and the service worker must fetch it once`);
    if (failed) process.exit(1);
  }

  const browser = await chromium.launch({ executablePath: chromiumPath, args });
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
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
  // drawnAt: when the board was first seen.
  let drawnAt = 0;
  // Fyne's loader hides its loading page (and the placeholder board on it, in the same wood)
  // when the app makes its canvas: only then is the wood the app's board.
  const appShown = () => page.evaluate(() => { const m = document.getElementById('main'); return !m || m.style.display === 'none'; });
  const waitDrawn = async (limitMs, stop) => {
    const end = Date.now() + limitMs;
    while (Date.now() < end && !failed) {
      if (stop && await stop()) return false;
      if (!(await appShown())) { await page.waitForTimeout(100); continue; }
      await pixels(); const r = await boardRect();
      if (r && r.w > 200) { rect = r; drawnAt = Date.now(); await page.waitForTimeout(300); return true; }
      await page.waitForTimeout(200);
    }
    return false;
  };

  // The loading page's first paint from the navigation's start (its placeholder board is an
  // inline SVG, cmd/xqweb), and whether the board is on it.
  const placeholderPaint = async what => {
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 60000 });
    const p = await page.evaluate(() => ({
      s: performance.getEntriesByName('first-contentful-paint')[0].startTime / 1000,
      board: !!document.getElementById('xq-placeholder-board'),
    }));
    if (!p.board) fail(`${what}: the loading page has no placeholder board`);
    return p.s.toFixed(2);
  };

  const tFirst = Date.now();
  await page.goto(url);
  say(`first load: placeholder board painted ${await placeholderPaint('first load')} s after the request`);
  await shot('0-loading'); // the loading page with its board, unless the app is up already
  if (!(await waitDrawn(120000))) { await shot('0-not-drawn'); fail('the board was not drawn'); return finish(1); }
  say(`[${ts()}] board drawn, ${rect.w}x${rect.h} at ${rect.x},${rect.y}`);
  say(`first load: board drawn ${((drawnAt - tFirst) / 1000).toFixed(2)} s after the request (empty cache)`);
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
      // The engine's readiness as a player meets it: the board drawn, then the first answer
      // (without the script's own pauses between the two).
      say(`engine ready: first answer ${((drawnAt - tFirst + Date.now() - tMove) / 1000).toFixed(2)} s after the request (board drawn + the first reply's ${Date.now() - tMove} ms)`);
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
  const tReload = Date.now();
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
  else say(`reload: board drawn after ${((drawnAt - tReload) / 1000).toFixed(2)} s, the saved game came back`);
  if (failed) return finish(1);

  // The offline web app (cmd/xqweb pwa): the service worker and its cache, and a start with
  // the network off.
  const swText = fs.readFileSync(`${out}/web/sw.js`, 'utf8');
  const wantCache = JSON.parse(swText.match(/^const CACHE = (".*");$/m)[1]);
  const wantFiles = JSON.parse(swText.match(/^const FILES = (\[.*\]);$/m)[1]);
  const worker = () => page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const names = await caches.keys();
    const files = names.length ? (await (await caches.open(names[0])).keys()).map(r => new URL(r.url).pathname.replace(/^\//, '')) : [];
    return { state: reg && reg.active ? reg.active.state : null, controlled: !!navigator.serviceWorker.controller, caches: names, files };
  });
  let sw = null;
  const ready = await until(120000, async () => {
    sw = await worker();
    return sw.state === 'activated' && sw.controlled && sw.files.length === wantFiles.length;
  });
  if (!ready) { fail(`the service worker does not control the page with a full cache: ${JSON.stringify(sw)}`); return finish(1); }
  if (sw.caches.length !== 1 || sw.caches[0] !== wantCache) fail(`caches ${sw.caches.join(' ')}, want only ${wantCache}`);
  const missing = wantFiles.filter(f => !sw.files.includes(f));
  if (missing.length) fail(`not cached: ${missing.join(' ')}`);
  say(`service worker: activated, controls the page; cache ${sw.caches.join(' ')} holds ${sw.files.length} files`);

  // Once per version: the first load's download is the only one in this context too (the
  // reload came from the worker's cache).
  const inContext = wasmFetches().length - inProfile;
  say(`[${ts()}] the .wasm was fetched ${inContext} time(s) in the incognito context (first load, reload, worker's precache)`);
  if (inContext !== 1) fail(`the .wasm was fetched ${inContext} times in one context: the page and the service worker must fetch it once`);

  // The network off: the browser offline and the server stopped.
  await context.setOffline(true);
  process.kill(+serverPid);
  const tOffline = Date.now();
  await page.reload();
  say(`offline reload: placeholder board painted ${await placeholderPaint('offline reload')} s after the request`);
  await page.waitForSelector('canvas', { timeout: 120000 });
  const offlineDrawn = await waitDrawn(120000, async () => (await setAside()).length > 0);
  await page.waitForTimeout(2500);
  await shot('6-offline');
  const offline = await readSave();
  if (!offlineDrawn) fail('offline, the board was not drawn after a reload');
  else if (offline.text !== before.text) fail('offline, the save after a reload differs from the one before');
  else say(`offline reload: board drawn after ${((drawnAt - tOffline) / 1000).toFixed(2)} s from the service worker's cache, the saved game came back`);
  if (failed || !process.env.EVAL_COMPARE) return finish(failed ? 1 : 0);

  // EVAL_COMPARE: the same position and move with each evaluation (see the script's header).
  const secs = +(process.env.EVAL_SECONDS || 2.5);
  const writeSave = text => page.evaluate(async text => {
    const key = '/fyne/game.json';
    const db = await new Promise((ok, ko) => { const r = indexedDB.open('files'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
    const tx = db.transaction(['meta', 'data'], 'readwrite');
    const blob = new Blob([text]);
    const meta = await new Promise(ok => { const r = tx.objectStore('meta').get(key); r.onsuccess = () => ok(r.result); });
    meta.size = blob.size; meta.mtime = Date.now();
    tx.objectStore('meta').put(meta, key);
    tx.objectStore('data').put(blob, key);
    await new Promise((ok, ko) => { tx.oncomplete = ok; tx.onerror = () => ko(tx.error); });
    db.close();
  }, text);
  const base = JSON.parse(before.text);
  if (!base.cursor) { fail('the save is not an envelope with settings'); return finish(1); }
  const baseMoves = base.cursor.line ? base.cursor.line.split(' ') : [];
  const res = execFileSync('bash', ['-c', `(printf '%s' "$0"; sleep 0.5; echo quit) | "$1"`,
    `uci\nposition startpos moves ${baseMoves.join(' ')}\ngo movetime 100\n`, engine]).toString();
  const mv = res.match(/^bestmove (\S+)/m)[1];
  for (const evaluation of ['classical', 'neural']) {
    const edited = JSON.parse(before.text);
    Object.assign(edited.settings, { evaluation, seconds: String(secs), book: 'false', random: 'false' });
    await writeSave(JSON.stringify(edited));
    const tLoad = Date.now();
    await page.reload();
    await page.waitForSelector('canvas', { timeout: 120000 });
    if (!(await waitDrawn(120000, async () => (await setAside()).length > 0))) { fail(`${evaluation}: the board was not drawn after a reload`); return finish(1); }
    const drawnAfter = drawnAt - tLoad;
    await page.waitForTimeout(2500);
    const [fx, fy] = sq(mv.slice(0, 2)), [tx, ty] = sq(mv.slice(2, 4));
    await page.mouse.click(fx, fy);
    await page.waitForTimeout(700);
    const tMove = Date.now();
    await page.mouse.click(tx, ty);
    // Half-way through the move, where the reply cannot have come yet even with a slow
    // screenshot: the status line shows the depth reached so far.
    await page.waitForTimeout(secs * 500);
    await shot(`eval-${evaluation}`);
    const want = baseMoves.length + 2;
    let got = [];
    while (Date.now() - tMove < secs * 1000 + 60000) {
      got = await savedMoves();
      if (got.length >= want) break;
      await page.waitForTimeout(50);
    }
    if (got.length < want || got[baseMoves.length] !== mv) { fail(`${evaluation}: no reply to ${mv} within ${secs + 60} s; the save holds ${got.join(' ')}`); return finish(1); }
    const after = JSON.parse((await readSave()).text);
    if (after.settings.evaluation !== evaluation) { fail(`${evaluation}: the app saved evaluation ${after.settings.evaluation}`); return finish(1); }
    say(`[${ts()}] evaluation ${evaluation}, ${secs} s a move: reload drew the board after ${(drawnAfter / 1000).toFixed(2)} s; ${mv} answered ${got[got.length - 1]} after ${Date.now() - tMove} ms (status half-way: ${out}/eval-${evaluation}.png)`);
  }
  return finish(0);
})().catch(async e => { fail(String(e && e.stack || e)); process.exit(1); });
EOF

echo "serving $OUT/web on $url"
NODE_PATH="$TOOLS/node_modules" node "$TOOLS/smoke-web.js" "$url" "$OUT" "$CHROMIUM" "$MOVES" "$OUT/xqengine" "$server"
# What went over the wire for the .wasm (the server's request log): once for the
# installability check's profile and once for the game's context (the page stores its
# download in the worker's cache, and the worker precaches only what that cache lacks).
grep "^GET /$(basename "$wasm_file") " "$OUT/http.log" | awk '{ n++; b += $5 ~ /^bytes=/ ? substr($5, 7) : 0; print "server sent: " $0 }
  END { print "the .wasm was fetched " n " time(s), " b " bytes sent in all" }'
echo "smoke-web: ok (screenshots and console.log in $OUT)"
