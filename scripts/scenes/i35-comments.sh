# XQFEXAMA.XQF (../shared/testdata, third-party: read here, never copied) at ply 17, the
# move after which its fourth comment stands: comments, players, event and title.
f=$SHARED/testdata/xqf/XQFEXAMA.XQF
[ -f "$f" ] || exit 3
go run ./scripts/scenes/xqfsave "$f" 17
