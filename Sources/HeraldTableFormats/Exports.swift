// What the HeraldTableFormats product's public API is made of, so that `import
// HeraldTableFormats` alone is enough: the plural category names, the JSON model, and the
// diagnostic shape (`Diagnostic`, `Origin`).
@_exported public import HeraldPluralCategory
@_exported public import HeraldJSON
@_exported public import HeraldDiagnostics
