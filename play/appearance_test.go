package play

import "testing"

// The appearance is saved with the game and read back, through the save file's text.
func TestAppearanceSurvivesSaveAndLoad(t *testing.T) {
	for _, want := range []Appearance{
		{Board: PlainBoard, Pieces: PictogramPieces, Theme: DarkTheme, FaceToFace: true},
		{Board: WoodBoard, Pieces: CalligraphyPieces, Theme: LightTheme},
	} {
		set := DefaultSettings(English)
		set.Appearance = want
		g := playedGame(t, "h2e2")
		data, err := encodeSave(g, set, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeSave(data)
		if err != nil {
			t.Fatal(err)
		}
		if got := settingsFrom(back.settings, English).Appearance; got != want {
			t.Fatalf("appearance after save and load: %+v, want %+v", got, want)
		}
	}
}

// A save written before styles existed, or with a name this version does not know,
// loads with today's look: wood, calligraphy, the system's theme, not face-to-face.
func TestAppearanceDefaultsForOldAndUnknownSaves(t *testing.T) {
	if got := settingsFrom(map[string]string{"book": "false"}, Chinese).Appearance; got != (Appearance{}) {
		t.Fatalf("old save: %+v, want the defaults", got)
	}
	saved := map[string]string{keyBoardStyle: "marble", keyPieceSet: "emoji", keyTheme: "sepia", keyFaceToFace: "maybe"}
	if got := settingsFrom(saved, Chinese).Appearance; got != (Appearance{}) {
		t.Fatalf("unknown names: %+v, want the defaults", got)
	}
	if DefaultSettings(English).Appearance != (Appearance{Board: WoodBoard, Pieces: CalligraphyPieces, Theme: SystemTheme}) {
		t.Fatal("the default appearance is not wood, calligraphy, system theme")
	}
}

// Every choice has its own name, and the names are what the lists offer.
func TestAppearanceNamesAreDistinct(t *testing.T) {
	seen := map[string]bool{}
	for _, b := range BoardStyles() {
		seen["b"+b.Name()] = true
	}
	for _, p := range PieceSets() {
		seen["p"+p.Name()] = true
	}
	for _, c := range ThemeChoices() {
		seen["t"+c.Name()] = true
	}
	if len(seen) != len(BoardStyles())+len(PieceSets())+len(ThemeChoices()) {
		t.Fatalf("names collide: %v", seen)
	}
	if BoardStyle(9).Name() != WoodBoard.Name() {
		t.Fatal("an out-of-range style has no default name")
	}
}

// Whatever a save's appearance fields say, they load as valid choices, and what is
// loaded is saved and loaded again unchanged.
func FuzzAppearanceSettings(f *testing.F) {
	f.Add("plain", "pictogram", "dark", "true")
	f.Add("wood", "calligraphy", "system", "false")
	f.Add("", "\x00", "DARK", "1")
	f.Fuzz(func(t *testing.T, board, pieces, theme, face string) {
		saved := map[string]string{keyBoardStyle: board, keyPieceSet: pieces, keyTheme: theme, keyFaceToFace: face}
		a := settingsFrom(saved, English).Appearance
		if a.Board.Name() != boardStyleNames[a.Board] || a.Pieces.Name() != pieceSetNames[a.Pieces] ||
			a.Theme.Name() != themeNames[a.Theme] {
			t.Fatalf("loaded an invalid appearance %+v", a)
		}
		set := DefaultSettings(English)
		set.Appearance = a
		if again := settingsFrom(set.encode(), English).Appearance; again != a {
			t.Fatalf("saved %+v, loaded %+v", a, again)
		}
	})
}
