// What the HeraldRender product's public API is made of, so that `import HeraldRender`
// alone is enough: the tables and `Catalog` a `Renderer` reads (which bring `LocaleID`).
@_exported public import HeraldTables
