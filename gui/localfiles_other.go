//go:build !js

package gui

// localFiles is true where the app's storage is a local directory that the os package
// can write atomically (desktop and phones).
const localFiles = true
