// What the HeraldTables product's public API is made of, so that `import HeraldTables`
// alone is enough: the table files and their model (`HeraldTableFormats`: readers, `Entry`,
// `Message`, `TableFormat`), locale ids (`LocaleID`), the JSON model and the diagnostic
// shape (`Diagnostic`, `Origin`).
@_exported public import HeraldTableFormats
@_exported public import HeraldICU
@_exported public import HeraldJSON
@_exported public import HeraldDiagnostics
