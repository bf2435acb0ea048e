package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// The test binary doubles as the app: with XIANGQI_TEST_RUN_APP set it runs
// main instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("XIANGQI_TEST_RUN_APP") != "" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Without a display the app says so and exits, where GLFW used to panic
// inside window creation (issue 35, item 21).
func TestAppWithoutDisplaySaysSo(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "freebsd" {
		t.Skip("only X11 and Wayland desktops need DISPLAY")
	}
	home := t.TempDir() // whatever the app would store goes here
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") &&
			!strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "XDG_CONFIG_HOME=") {
			env = append(env, kv)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(env, "XIANGQI_TEST_RUN_APP=1", "HOME="+home, "XDG_CONFIG_HOME="+home)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr.String(), "xiangqi: no display") ||
		strings.Contains(stderr.String(), "panic") {
		t.Fatalf("the app without a display: %v\n%s", err, stderr.String())
	}
}

// README says which Go go.mod asks for.
func TestREADMEStatesTheGoVersion(t *testing.T) {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("no go line in go.mod")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Go " + string(m[1]); !bytes.Contains(readme, []byte(want)) {
		t.Fatalf("README does not say %q, which go.mod asks for", want)
	}
}
