package main

import (
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The page starts the .wasm's download as its head is read, before Fyne's loader asks for
// it, and the loader's fetch gets that download instead of a second one; other fetches,
// and a later fetch of the .wasm, go to the network. The head's script runs in Node with a
// fake fetch.
func TestPageStartsTheWasmDownloadEarly(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run the page's script")
	}
	dir, icon := fakeBuild(t, "early")
	if err := makeWebApp(dir, icon, io.Discard); err != nil {
		t.Fatal(err)
	}
	index := readFile(t, filepath.Join(dir, "index.html"))
	var head string
	for _, m := range regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(index, -1) {
		if strings.Contains(m[1], "pageFetch") {
			head = m[1]
		}
	}
	if head == "" {
		t.Fatal("index.html has no script that wraps fetch")
	}
	harness := `
const requests = [];
globalThis.window = globalThis;
globalThis.location = { href: 'http://localhost/' };
Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true });
globalThis.addEventListener = () => {};
let n = 0;
window.fetch = input => { requests.push(String(input)); const id = ++n; return Promise.resolve({ ok: true, status: 200, id }); };
const check = (ok, what) => { if (!ok) { console.log('FAIL: ' + what + ' (requests: ' + requests.join(' ') + ')'); process.exit(1); } };
eval(require('fs').readFileSync(0, 'utf8'));
(async () => {
  check(requests.length === 1 && requests[0] === 'http://localhost/Xiangqi.wasm', 'the .wasm is not asked for as the head is read');
  const loaders = await fetch('Xiangqi.wasm');
  check(requests.length === 1 && loaders.id === 1, "the loader's fetch did not get the early download");
  await fetch('wasm_exec.js');
  check(requests.length === 2 && requests[1] === 'wasm_exec.js', 'another file was not fetched');
  const again = await fetch('Xiangqi.wasm');
  check(requests.length === 3 && again.id === 3, 'a second fetch of the .wasm got the first download');
  console.log('ok');
})();
`
	cmd := exec.Command(node, "-e", harness)
	cmd.Stdin = strings.NewReader(head)
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("node: %v\n%s", err, out)
	}
}
