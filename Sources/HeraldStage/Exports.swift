// What the HeraldStage product's public API is made of, so that `import HeraldStage`
// alone is enough to configure and run the stage: the renderer and tables
// (`Catalog`, `LocaleID`), the payload model, the shared store (`Store`, `Ticket`,
// `DrawDate`, reminders), lottery games, sealing keys and algorithms, and the media
// downloader protocol.
@_exported public import HeraldRender
@_exported public import HeraldPayload
@_exported public import HeraldStore
@_exported public import HeraldLottery
@_exported public import HeraldSealing
@_exported public import HeraldMedia
