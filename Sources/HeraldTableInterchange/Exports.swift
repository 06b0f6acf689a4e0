// What the HeraldTableInterchange product's public API is made of, so that `import
// HeraldTableInterchange` alone is enough: the catalog it reads and writes (`HeraldTables`,
// which brings the table model, locale ids, JSON and diagnostics).
@_exported public import HeraldTables
