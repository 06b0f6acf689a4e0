// What the HeraldTables product's public API is made of, so that `import HeraldTables`
// alone is enough: locale ids (`LocaleID`) and the JSON model the export functions return.
@_exported public import HeraldICU
@_exported public import HeraldJSON
