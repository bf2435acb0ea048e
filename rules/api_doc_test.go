package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// docs/rules-api.md is the reference the layers above read: every exported type, function,
// method, constant and variable of the package is named there, so the page cannot drift
// from the code (issue 47 found 8 methods missing).
func TestRulesAPIDocNamesEveryExport(t *testing.T) {
	doc, err := os.ReadFile("../docs/rules-api.md")
	if err != nil {
		t.Skipf("docs/rules-api.md: %v", err)
	}
	text := string(doc)
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	named := func(pattern string) bool { return regexp.MustCompile(pattern).MatchString(text) }
	var missing []string
	for _, f := range pkgs["rules"].Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					if !named(`func ` + d.Name.Name + `\b`) {
						missing = append(missing, "func "+d.Name.Name)
					}
					continue
				}
				recv := d.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				typ, _ := recv.(*ast.Ident)
				if typ == nil || !typ.IsExported() {
					continue
				}
				if !named(`\(\w+ \*?` + typ.Name + `\) ` + d.Name.Name + `\(`) {
					missing = append(missing, typ.Name+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() && !named(`type `+s.Name.Name+`\b`) {
							missing = append(missing, "type "+s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() && !named(`\b`+n.Name+`\b`) {
								missing = append(missing, n.Name)
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("docs/rules-api.md does not name %d exports of rules: %s", len(missing), strings.Join(missing, ", "))
	}
}
