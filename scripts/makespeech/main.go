// Command makespeech makes the clips of the spoken moves, resources/speech/NAME.wav, with
// espeak-ng (installed when missing, as make deps installs the build's packages): one clip
// for each word play.MoveWords can say, Mandarin from pinyin with tones (车 said jū, as
// in Xiangqi) and English, each cut to its sound, resampled to 11,025 Hz and stored as mono
// 4-bit IMA ADPCM, which audio.DecodeWAV reads. espeak-ng's voices vary between its
// versions, so the clips are committed and this is run again only to change them.
//
//	go run ./scripts/makespeech            # from the repository root
//	go run ./scripts/makespeech -out DIR   # somewhere else
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/xqfyne/xiangqi/play"
)

// words says what each clip says: the voice, and the text in it (pinyin with tone numbers
// for Mandarin).
var words = map[string][2]string{
	"zh-che": {zh, "ju1"}, "zh-ma": {zh, "ma3"}, "zh-pao": {zh, "pao4"}, "zh-xiang": {zh, "xiang4"},
	"zh-shi": {zh, "shi4"}, "zh-shuai": {zh, "shuai4"}, "zh-jiang": {zh, "jiang4"}, "zh-bing": {zh, "bing1"},
	"zh-zu": {zh, "zu2"}, "zh-jin": {zh, "jin4"}, "zh-tui": {zh, "tui4"}, "zh-ping": {zh, "ping2"},
	"zh-qian": {zh, "qian2"}, "zh-zhong": {zh, "zhong1"}, "zh-hou": {zh, "hou4"},
	"zh-1": {zh, "yi1"}, "zh-2": {zh, "er4"}, "zh-3": {zh, "san1"}, "zh-4": {zh, "si4"}, "zh-5": {zh, "wu3"},
	"zh-6": {zh, "liu4"}, "zh-7": {zh, "qi1"}, "zh-8": {zh, "ba1"}, "zh-9": {zh, "jiu3"},
	"zh-check": {zh, "jiang1 jun1"}, "zh-mate": {zh, "jue2 sha1"},
	"en-king": {en, "king"}, "en-advisor": {en, "advisor"}, "en-elephant": {en, "elephant"}, "en-horse": {en, "horse"},
	"en-chariot": {en, "chariot"}, "en-cannon": {en, "cannon"}, "en-pawn": {en, "pawn"},
	"en-1": {en, "one"}, "en-2": {en, "two"}, "en-3": {en, "three"}, "en-4": {en, "four"}, "en-5": {en, "five"},
	"en-6": {en, "six"}, "en-7": {en, "seven"}, "en-8": {en, "eight"}, "en-9": {en, "nine"},
	"en-forward": {en, "forward"}, "en-back": {en, "back"}, "en-across": {en, "across"},
	"en-front": {en, "front"}, "en-rear": {en, "rear"}, "en-check": {en, "check"}, "en-mate": {en, "checkmate"},
}

const (
	zh = "cmn-latn-pinyin"
	en = "en-us"
)

func main() {
	out := flag.String("out", filepath.Join("resources", "speech"), "directory to write the clips to")
	flag.Parse()
	if err := makeAll(*out); err != nil {
		fmt.Fprintln(os.Stderr, "makespeech:", err)
		os.Exit(1)
	}
}

func makeAll(dir string) error {
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		install := exec.Command("sh", "-c", `SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo; $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends espeak-ng`)
		install.Stdout, install.Stderr = os.Stdout, os.Stderr
		if err := install.Run(); err != nil {
			return fmt.Errorf("installing espeak-ng: %w", err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "makespeech")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	total := 0
	for _, name := range play.SpeechClips() {
		w, ok := words[name]
		if !ok {
			return fmt.Errorf("no text for the clip %s", name)
		}
		raw := filepath.Join(tmp, name+".wav")
		// -s: a little quicker than the default 175 words a minute, since a move is said
		// as several clips; -g 0: no gap of its own after the word.
		cmd := exec.Command("espeak-ng", "-v", w[0], "-s", "190", "-g", "0", "-w", raw, w[1])
		if msg, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("espeak-ng %s: %v: %s", name, err, strings.TrimSpace(string(msg)))
		}
		data, err := os.ReadFile(raw)
		if err != nil {
			return err
		}
		samples, rate, err := readPCM(data)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		clip := encodeIMAWAV(halve(trim(samples, rate), rate), rate/2)
		if err := os.WriteFile(filepath.Join(dir, name+".wav"), clip, 0o644); err != nil {
			return err
		}
		total += len(clip)
	}
	fmt.Printf("%d clips in %s, %d bytes\n", len(play.SpeechClips()), dir, total)
	return nil
}
