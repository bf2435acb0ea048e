//go:build !js

package gui

// openInBrowser and saveInBrowser are for the browser build (io_browser.go); elsewhere
// Fyne's file dialogs do the work and they report false.
func openInBrowser(*gameFiles) bool { return false }

func saveInBrowser(string, []byte) bool { return false }
