//go:build js

package gui

// localFiles is false in a browser: there is no file system, so saves go through Fyne's
// storage repository for the app (the browser's IndexedDB).
const localFiles = false
