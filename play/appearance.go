package play

// BoardStyle is how the board is drawn.
type BoardStyle uint8

const (
	WoodBoard  BoardStyle = iota // warm wood with brown lines (the default)
	PlainBoard                   // white and grey with black lines, for contrast
)

// PieceSet is how the pieces are drawn.
type PieceSet uint8

const (
	CalligraphyPieces PieceSet = iota // the Chinese characters (the default)
	PictogramPieces                   // pictures, for players who do not read the characters
)

// ThemeChoice is the app's colour scheme.
type ThemeChoice uint8

const (
	SystemTheme ThemeChoice = iota // follow the system (the default)
	LightTheme
	DarkTheme
)

// Appearance is how the app looks: board, pieces, theme, and the face-to-face layout for
// two players at one device (the upper player's pieces and texts turned to face them).
type Appearance struct {
	Board      BoardStyle
	Pieces     PieceSet
	Theme      ThemeChoice
	FaceToFace bool
}

const (
	keyBoardStyle = "boardStyle"
	keyPieceSet   = "pieceSet"
	keyTheme      = "theme"
	keyFaceToFace = "faceToFace"
)

// The names the save file writes; the first of each list is the default.
var (
	boardStyleNames = []string{WoodBoard: "wood", PlainBoard: "plain"}
	pieceSetNames   = []string{CalligraphyPieces: "calligraphy", PictogramPieces: "pictogram"}
	themeNames      = []string{SystemTheme: "system", LightTheme: "light", DarkTheme: "dark"}
)

// BoardStyles lists the board styles in the order the settings offer them.
func BoardStyles() []BoardStyle { return []BoardStyle{WoodBoard, PlainBoard} }

// PieceSets lists the piece sets in the order the settings offer them.
func PieceSets() []PieceSet { return []PieceSet{CalligraphyPieces, PictogramPieces} }

// ThemeChoices lists the theme choices in the order the settings offer them.
func ThemeChoices() []ThemeChoice { return []ThemeChoice{SystemTheme, LightTheme, DarkTheme} }

// Name is the style's name in the save file, also the suffix of its translation key.
func (b BoardStyle) Name() string { return nameOf(boardStyleNames, int(b)) }

// Name is the set's name in the save file, also the suffix of its translation key.
func (p PieceSet) Name() string { return nameOf(pieceSetNames, int(p)) }

// Name is the choice's name in the save file, also the suffix of its translation key.
func (t ThemeChoice) Name() string { return nameOf(themeNames, int(t)) }

func nameOf(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return names[0]
	}
	return names[i]
}

// indexOf finds name in names; an unknown or missing name gives the default, 0, so that
// older saves and saves from newer versions load with today's look.
func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return 0
}

// appearanceOf reads the appearance from the settings as a save keeps them.
func appearanceOf(settings map[string]string, flag func(key string, def bool) bool) Appearance {
	return Appearance{
		Board:      BoardStyle(indexOf(boardStyleNames, settings[keyBoardStyle])),
		Pieces:     PieceSet(indexOf(pieceSetNames, settings[keyPieceSet])),
		Theme:      ThemeChoice(indexOf(themeNames, settings[keyTheme])),
		FaceToFace: flag(keyFaceToFace, false),
	}
}

// record writes the appearance into the settings as a save keeps them.
func (a Appearance) record(settings map[string]string) {
	settings[keyBoardStyle] = a.Board.Name()
	settings[keyPieceSet] = a.Pieces.Name()
	settings[keyTheme] = a.Theme.Name()
	if a.FaceToFace {
		settings[keyFaceToFace] = "true"
	} else {
		settings[keyFaceToFace] = "false"
	}
}
