# Xiangqi app and engine. `make test` runs every test, `make run` starts the app; both
# first install what a fresh Debian machine lacks (Go modules, and the X11/GL and ALSA headers
# Fyne and the sound need, only when missing).

GO        ?= go
BIN       ?= dist
APT_DEPS  := libgl1-mesa-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libasound2-dev pkg-config gcc postgresql
SMOKE_DEPS := xvfb xdotool imagemagick x11-utils xclip
SOAK_KILLS ?= 20
WEB_FLAGS ?= --release
BROTLI_QUALITY ?= 11
# Build tags of the app: no_emoji leaves out Fyne's 4.2 MB colour emoji font, which the app's
# texts never need and which Fyne parses again for every text style (docs/budget.md).
TAGS ?= no_emoji

.PHONY: all deps run server load load-faults test test-race test-wasm test-nnue-paths build engine package android android-release ios ios-release budget web bench match nnue-smoke smoke smoke-deps smoke-online smoke-web soak speech font icon portability puzzles-check puzzles-mine clean smoke-people smoke-social

all: build

# Install the C headers Fyne's desktop driver and the sound (ALSA) link against, and
# PostgreSQL for the online server and its tests, only when some are missing.
deps:
	@missing=""; for p in $(APT_DEPS); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	$(GO) mod download

run: deps
	$(GO) run -tags $(TAGS) .

# The online server on :8080. Without DATABASE_URL it runs a PostgreSQL of its own in
# .xqserver/ (as the postgres user when run as root, since PostgreSQL refuses root).
SERVER_ADDR ?= :8080
server: deps
	$(GO) run ./cmd/xqserver -addr $(SERVER_ADDR) $(SERVER_FLAGS)

# Load and fault test of the online server on loopback: a PostgreSQL of its own, two
# instances, bots playing GAMES games (WATCHERS bots watching each); KILL=1 kills one instance halfway, RESTART_DB=1
# restarts PostgreSQL halfway. It prints latency percentiles, CPU and losses/duplicates.
GAMES ?= 200
WATCHERS ?= 0
load: deps
	mkdir -p $(BIN)
	$(GO) build -o $(BIN)/xqserver ./cmd/xqserver
	$(GO) build -o $(BIN)/xqload ./cmd/xqload
	$(BIN)/xqload -xqserver $(BIN)/xqserver -games $(GAMES) -watchers $(WATCHERS) $(if $(KILL),-kill) $(if $(RESTART_DB),-restart-db) $(LOAD_FLAGS)

# The full run of docs/scaling.md: 1,000 games of 16 plies, bots thinking 3 s on average,
# one instance killed with SIGKILL and PostgreSQL killed and restarted halfway (a few
# minutes, most of two cores: run it niced on a shared machine).
load-faults:
	$(MAKE) load GAMES=1000 KILL=1 RESTART_DB=1 LOAD_FLAGS="-plies 16 -think 3s -time 8m"

test: deps
	$(GO) test ./...

test-race: deps
	$(GO) test -race -short ./gui ./gui/board ./gui/present ./play/... ./match/... ./audio ./game ./rules ./book ./engine ./uci ./server/... ./cmd/...

build: deps
	mkdir -p $(BIN)
	$(GO) build -tags $(TAGS) -o $(BIN)/xiangqi .
	for d in cmd/*/; do $(GO) build -o $(BIN)/$$(basename $$d) ./$$d; done

engine:
	mkdir -p $(BIN)
	$(GO) build -o $(BIN)/xqengine ./cmd/xqengine

# Desktop package (tar.xz with icon and .desktop file) via the fyne tool pinned in go.mod.
package: deps
	$(GO) tool fyne package -os linux -release -tags $(TAGS)

# Phone builds need the Android NDK (ANDROID_NDK_HOME) or Xcode on macOS; see README, "Phones".
# android: a debug-signed APK for arm64 phones (ANDROID_OS=android for arm and arm64), to install
# with adb; android-release: the Play Store bundle (.aab), 16 KB-aligned, signed with
# KEYSTORE/KEY_NAME (the passwords are asked for); ios: an .app for a device, signed with the
# Xcode identity; ios-release: the App Store .ipa, with IOS_CERT and IOS_PROFILE.
ANDROID_OS ?= android/arm64
android: deps
	$(GO) tool fyne package -os $(ANDROID_OS) -tags $(TAGS)

android-release: deps
	@[ -n "$(KEYSTORE)" ] && [ -n "$(KEY_NAME)" ] || { echo "set KEYSTORE=path/to/release.keystore KEY_NAME=alias (README, Phones)"; exit 2; }
	$(GO) tool fyne release -os android -tags $(TAGS) -keyStore $(KEYSTORE) -keyName $(KEY_NAME)

ios:
	$(GO) tool fyne package -os ios -tags $(TAGS)

ios-release:
	@[ -n "$(IOS_CERT)" ] && [ -n "$(IOS_PROFILE)" ] || { echo "set IOS_CERT=\"Apple Distribution: ...\" IOS_PROFILE=name (README, Phones)"; exit 2; }
	$(GO) tool fyne release -os ios -tags $(TAGS) -certificate "$(IOS_CERT)" -profile "$(IOS_PROFILE)"

# The phone budget (docs/budget.md): memory and idle CPU of the desktop build and of the phone
# simulation through two games each (about 4 minutes each here), the web build's size, fetches
# and loads (several minutes more; PHASES="desktop phone" skips the web build).
budget: deps smoke-deps
	bash scripts/budget.sh

# Browser build: an installable, offline web app in wasm/ (see README, "Browser"): Fyne's
# index.html, .wasm and loader, then cmd/xqweb adds the manifest, the icons, the service
# worker and Xiangqi.wasm.gz, and brotli writes Xiangqi.wasm.br. Serve the folder with
# `go run ./cmd/xqweb serve -dir wasm`, which sends the compressed copies. Works offline with
# the pinned fyne tool (brotli is installed when missing).
# --release: without it the page loads Fyne's WebGL debug layer, which checks for a GL
# error after every draw call and makes the page several times slower.
# wasm/ starts empty, so that no file of an older build is precached.
web: deps
	@command -v brotli >/dev/null || { SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends brotli; }
	rm -rf wasm
	$(GO) tool fyne package -os web -tags $(TAGS) $(WEB_FLAGS)
	$(GO) run ./cmd/xqweb pwa -dir wasm -icon resources/Icon.png
	brotli -f -k -q $(BROTLI_QUALITY) wasm/*.wasm
	@ls -l wasm/*.wasm*

# The browser build in headless Chromium: the board draws, a move gets the engine's
# answer, a longer game survives a reload, the app is installable, its service worker
# controls the page and the app starts again with the network off (installs chromium and
# playwright-core if missing). Brotli at quality 9 there: 20 s instead of 2 min.
smoke-web: deps
	RELEASE=1 MOVES=$${MOVES:-9} BROTLI_QUALITY=$${BROTLI_QUALITY:-9} bash scripts/smoke-web.sh

# rules/, nnue/, book/, engine/, game/, i18n/, puzzle/ and audio/ tests compiled to WebAssembly and run in Node, as they run in a browser:
# one thread, no preemption (installs nodejs if missing).
test-wasm:
	@command -v node >/dev/null || { SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends nodejs; }
	PATH="$$PATH:$$($(GO) env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm $(GO) test -short ./rules ./nnue ./nnue/nets ./book ./engine ./game ./i18n ./puzzle ./audio

# The neural evaluation gives the same scores on every path: the pure-Go kernels (purego
# tag) natively, and arm64's NEON and Go kernels under qemu-user (installs qemu-user-static if
# missing); then bench with the kept net counts the same nodes on amd64 (AVX2, and SSE2),
# purego, arm64 under qemu and wasm in Node (scripts/nnue/same-bench.sh). `go test ./nnue`
# compares amd64's AVX2 and SSE2 kernels with the Go ones, and test-wasm runs the same
# kept-net score check in Node.
test-nnue-paths:
	@command -v qemu-aarch64-static >/dev/null || { SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends qemu-user-static; }
	$(GO) test -tags purego ./nnue
	$(GO) test -tags purego -short -run 'Net|NNUE' ./engine
	GOARCH=arm64 $(GO) test -short -exec qemu-aarch64-static ./nnue
	GOARCH=arm64 $(GO) test -short -exec qemu-aarch64-static -run 'Net|NNUE' ./engine
	@command -v node >/dev/null || { SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends nodejs; }
	GO=$(GO) bash scripts/nnue/same-bench.sh

# Speed figures: perft and search nodes/s, move-time accuracy, book, notation, board redraw.
bench: engine
	printf 'position startpos\ngo perft 5\n' | $(BIN)/xqengine | tail -2
	printf 'bench\nquit\n' | $(BIN)/xqengine | tail -3 # the built-in net, the default
	printf 'setoption name UseNNUE value false\nbench\nquit\n' | $(BIN)/xqengine | tail -3
	$(GO) test -run '^$$' -bench 'Perft' ./rules
	$(GO) test -run '^$$' -bench 'Book' ./book
	$(GO) test -run '^$$' -bench 'SearchStart' ./engine
	$(GO) test -run '^$$' -bench 'MoveTime' -benchtime 100x ./engine
	$(GO) test -run '^$$' -bench . ./game ./gui ./gui/board

# The neural evaluation's recipe in small (CI runs it; scripts/nnue/device-run.sh is the full
# size on a GPU machine): self-play data, a net trained on it on the CPU, the engine loading it
# and searching with it (bench's node count and nodes/s with the net, then without).
NNUE_DIR ?= /tmp/xq-nnue-smoke
nnue-smoke:
	mkdir -p $(BIN)
	$(GO) build -o $(BIN)/datagen ./cmd/datagen
	$(GO) build -o $(BIN)/train ./cmd/train
	$(GO) build -o $(BIN)/xqengine ./cmd/xqengine
	rm -rf $(NNUE_DIR) && mkdir -p $(NNUE_DIR)
	$(BIN)/datagen -out $(NNUE_DIR)/data -games 24 -workers 2 -nodes 1024 -seed 1
	$(BIN)/train -data $(NNUE_DIR)/data -out $(NNUE_DIR)/smoke.nnue -epochs 4 -val 0.1
	printf 'setoption name EvalFile value $(NNUE_DIR)/smoke.nnue\nsetoption name UseNNUE value true\nbench 6\nquit\n' | $(BIN)/xqengine | tail -4 | tee $(NNUE_DIR)/bench.txt
	grep -q 'evaluation NNUE smoke.nnue (' $(NNUE_DIR)/bench.txt # the trained net, not the built-in one
	printf 'setoption name UseNNUE value false\nbench 6\nquit\n' | $(BIN)/xqengine | tail -3

# Self-play match: the engine against itself limited to XQWLight 0.6's techniques and, as
# XQWLight, the classical evaluation.
match: engine
	$(GO) build -o $(BIN)/xqmatch ./cmd/xqmatch
	$(BIN)/xqmatch -engine1 $(BIN)/xqengine -options2 XQWLightOnly=true,UseNNUE=false -games 100 -movetime 50

# Starts the real app under Xvfb, clicks a move and screenshots the engine's answer.
smoke: deps smoke-deps
	bash scripts/smoke-gui.sh

# Online play with two real app instances under Xvfb and `make server`: invite, join, ten
# moves by clicking, kill -9 and resume, resignation, both libraries compared.
smoke-online: deps smoke-deps
	bash scripts/online-xvfb.sh

# People online with three real app instances under Xvfb and `make server`: a seek taken
# from the lobby's list, the game watched by the third, its moves seen on the watcher's board.
smoke-people: deps smoke-deps
	bash scripts/smoke-people.sh
# The people online by clicks: two apps, a follow by name, a challenge accepted from the
# prompt, a chat phrase that the other side's screen shows (scripts/smoke-social.sh).
smoke-social: deps smoke-deps
	bash scripts/smoke-social.sh

# Xvfb, xdotool and ImageMagick for the scripts that drive the real app, only when missing.
smoke-deps:
	@missing=""; for p in $(SMOKE_DEPS); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; fi

# Kill -9 soak test of the real app under Xvfb: the save survives every kill.
soak: deps smoke-deps
	bash scripts/soak-kill.sh $(SOAK_KILLS)

# The spoken moves' clips (resources/speech/) from eSpeak NG, which it installs when missing;
# the clips are committed, so only a change of the words needs it.
speech:
	$(GO) run ./scripts/makespeech

# Regenerate the bundled font subset and the icon after UI text changes.
font:
	bash scripts/make-font.sh

icon:
	bash scripts/make-icon.sh

# What CI checks for phones without an NDK or Xcode: every package below the GUI builds for
# android/arm64, android/arm and ios/arm64 with the phone tags and vets for android/arm64 (the Go
# toolchain will not vet for iOS or 32-bit arm without the C linker, and Fyne's mobile driver
# itself needs the C toolchain), the phone budget's test passes with the phone tags, the GUI and
# main vet in the phone simulation (-tags mobile), and the app compiles headless without cgo.
PHONE_PKGS := ./rules ./nnue/... ./book ./engine ./game ./i18n ./puzzle ./glicko ./match/... ./play/... ./resources ./uci
portability:
	for t in android/arm64 android/arm ios/arm64; do \
		CGO_ENABLED=0 GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) build -tags mobile,$(TAGS) $(PHONE_PKGS) || exit 1; \
	done
	CGO_ENABLED=0 GOOS=android GOARCH=arm64 $(GO) vet -tags mobile,$(TAGS) $(PHONE_PKGS)
	$(GO) test -tags mobile -run 'TestSessionEngineBudget' ./play
	$(GO) vet -tags mobile,$(TAGS) . ./gui/...
	CGO_ENABLED=0 GOOS=android GOARCH=arm64 $(GO) build -o /dev/null ./cmd/xqengine
	CGO_ENABLED=0 $(GO) build -tags ci ./...
	CGO_ENABLED=0 $(GO) vet -tags ci ./...
	GOOS=js GOARCH=wasm $(GO) build -o /dev/null .
	GOOS=js GOARCH=wasm $(GO) vet ./gui ./gui/board ./gui/present ./play ./audio ./resources .

# Every proof of resources/puzzles repeated (CI repeats a fixed sample, .ci/run).
puzzles-check:
	$(GO) run ./cmd/puzzlegen -check -all

# More engine-mined puzzles, appended to resources/puzzles/mined.tsv: MINE_GAMES self-play
# games from seed MINE_SEED (one game a seed; continue with the next unused seed).
MINE_SEED  ?= 1
MINE_GAMES ?= 20
puzzles-mine:
	nice -n 19 $(GO) run ./cmd/puzzlegen -mine -seed $(MINE_SEED) -games $(MINE_GAMES)

clean:
	rm -rf $(BIN) *.tar.xz wasm
