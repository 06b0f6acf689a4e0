// What the HeraldTables product's public API is made of, so that `import HeraldTables`
// alone is enough: locale ids (`LocaleID`), the JSON model the export functions return,
// and the diagnostic shape (`Diagnostic`, `Origin`).
@_exported public import HeraldICU
@_exported public import HeraldJSON
@_exported public import HeraldDiagnostics
