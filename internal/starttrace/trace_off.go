//go:build !(starttrace && js)

// Package starttrace marks the phases of the app's start in the browser build's console
// when it is built with -tags starttrace (docs/budget.md, "First load"): each Mark prints
// the time since the page's navigation started. In every other build Mark does nothing.
package starttrace

// Mark does nothing without the starttrace tag.
func Mark(string) {}
