package store

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"github.com/xqfyne/xiangqi/server/proto"
)

// CheckName reads an account name as a person typed it. It returns the name to show
// (NFC, its words separated by single spaces) and its key: the words through PRECIS's
// UsernameCaseMapped profile (width and case folded, RFC 8265), then through the Unicode
// confusable skeleton (UTS #39), so that admin, Admin, Cyrillic аdmin and full-width
// ａｄｍｉｎ share one key and so one account. Invisible and control characters are
// refused outright, with the reason, rather than folded away.
func CheckName(raw string) (display, key string, err error) {
	bad := func(format string, a ...any) (string, string, error) {
		return "", "", proto.Errorf(proto.CodeBadRequest, fmt.Sprintf(format, a...))
	}
	// Length first, on the bytes: a huge name costs nothing more than this.
	if len(raw) > 4*maxName+64 || utf8.RuneCountInString(strings.TrimSpace(raw)) > maxName {
		return bad("name too long (max %d characters)", maxName)
	}
	if !utf8.ValidString(raw) {
		return bad("a name is UTF-8 text")
	}
	for i, r := range []rune(raw) {
		switch {
		case isBidiControl(r):
			return bad("a name may not contain text-direction controls (U+%04X at character %d)", r, i+1)
		case unicode.IsControl(r):
			return bad("a name may not contain control characters (U+%04X at character %d)", r, i+1)
		case invisible(r):
			return bad("a name may not contain invisible characters (U+%04X at character %d)", r, i+1)
		}
	}
	words := strings.FieldsFunc(norm.NFC.String(raw), unicode.IsSpace)
	if len(words) == 0 {
		return bad("a name needs at least one visible character")
	}
	keys := make([]string, len(words))
	for i, w := range words {
		k, err := precis.UsernameCaseMapped.String(w)
		if err != nil {
			return bad("a name has letters, digits, punctuation and symbols, not %s", offending(w))
		}
		keys[i] = k
	}
	display = strings.Join(words, " ")
	if utf8.RuneCountInString(display) > maxName {
		return bad("name too long (max %d characters)", maxName)
	}
	return display, confusables.Skeleton(strings.Join(keys, " ")), nil
}

// isBidiControl reports the characters that reorder text around them (the Trojan Source
// ones), so that a name cannot show as another.
func isBidiControl(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

// invisible reports format characters (zero-width space and joiners, word joiner, BOM,
// soft hyphen...) and the fillers that show as blank.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0 ||
		r == 0x180E || unicode.Is(unicode.Variation_Selector, r)
}

// offending names the first character of word the PRECIS profile refuses.
func offending(word string) string {
	for _, r := range word {
		if _, err := precis.UsernameCaseMapped.String(string(r)); err != nil {
			return fmt.Sprintf("%q (U+%04X)", r, r)
		}
	}
	return fmt.Sprintf("%q as a whole", word)
}

// legacyPrefix starts the key of a name stored before names were checked that the
// checks refuse (a control character, say): such an account keeps its name and signs in
// with exactly it. The prefix is a control character, so no checked name's key has it.
const legacyPrefix = "\x01legacy:"

// backfillNameKeys gives the names stored before name keys theirs, once, whichever
// instance starts first. Where look-alike names share a key, the oldest account keeps
// its name and the later ones are renamed name~id (their players sign in with that; the
// server logs each renaming).
func backfillNameKeys(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('xq name keys'))`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id, name FROM accounts WHERE name IS NOT NULL AND name_key IS NULL ORDER BY id`)
		if err != nil {
			return err
		}
		type named struct {
			id   int64
			name string
		}
		todo, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (named, error) {
			var n named
			return n, r.Scan(&n.id, &n.name)
		})
		if err != nil {
			return err
		}
		for _, n := range todo {
			name, key := n.name, ""
			if _, k, err := CheckName(name); err != nil {
				key = fmt.Sprintf("%s%d", legacyPrefix, n.id)
			} else {
				key = k
			}
			var taken bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM accounts WHERE name_key = $1)`, key).Scan(&taken); err != nil {
				return err
			}
			if taken {
				suffix := fmt.Sprintf("~%d", n.id)
				runes := []rune(name)
				name = string(runes[:min(len(runes), max(1, maxName-len(suffix)))]) + suffix
				if _, k, err := CheckName(name); err == nil {
					key = k
				} else {
					key = fmt.Sprintf("%s%d", legacyPrefix, n.id)
				}
				slog.Warn("store: a look-alike account name was renamed", "account", n.id, "from", n.name, "to", name)
			}
			if _, err := tx.Exec(ctx, `UPDATE accounts SET name = $2, name_key = $3 WHERE id = $1`, n.id, name, key); err != nil {
				return err
			}
		}
		return nil
	})
}
