// What the HeraldNetwork product's public API is made of, so that `import HeraldNetwork`
// alone is enough: the media policy and results it downloads under, and the store
// whose receipts it delivers.
@_exported public import HeraldMedia
@_exported public import HeraldStore
