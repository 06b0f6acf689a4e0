// What the HeraldLint product's public API is made of, so that `import HeraldLint`
// alone is enough: the tables, diagnostics and origins a lint report is made of.
@_exported public import HeraldTables
// And the pseudo-locales `Linter.pseudoLocales` names.
@_exported public import HeraldPseudo
// And the fit rule's settings (`LintConfiguration.fit`: fonts, surfaces).
@_exported public import HeraldFit
