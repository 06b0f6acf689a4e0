// What the HeraldPreview product's public API is made of, so that `import HeraldPreview`
// alone is enough: the stage it runs every example through (and all it re-exports).
@_exported public import HeraldStage
// And the layout `PreviewFit` reports (surfaces, line kinds, text layouts).
@_exported public import HeraldFit
