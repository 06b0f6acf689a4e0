// HeraldMedia: rich-notification media for the extension stage.
//
// 1. `MediaReferences.extract(from:herald:)` finds what to attach: the `media`
//    list of the opened `herald` object (`{"url", "role": thumbnail|expanded|both,
//    "clip": {x, y, width, height}, "id", "receipt"}` or a bare URL string),
//    `aps.alert.image`, a top-level `image`, and the legacy ROT13 `media-url`.
// 2. `MediaFetcher(policy:downloader:).fetch(_:into:deadline:)` judges them
//    (https only, http per ATS-like `MediaPolicy.allowHTTP`) and hands the
//    accepted URLs to a `MediaDownloader`, which downloads them concurrently:
//    `HelperProcessMediaDownloader` runs `herald-net fetch` (this module has no
//    HTTP client of its own), HeraldNetwork's `HTTPMediaDownloader` does it
//    in process. Either way redirects are judged by the same rule, the body is
//    streamed to `<folder>/.herald-*.part` with back-pressure, the type sniffed
//    from the first 16 bytes, iOS's size limits (5 / 10 / 50 MB audio / image /
//    video, 1 MB = 1,000,000 bytes) enforced on Content-Length and while
//    streaming, then the file renamed to `<sha256>.<ext>`. One `MediaResult` per
//    reference; failures carry a `MediaFailure`, nothing throws.
// 3. `Attachments.json(results)` is the output's `"herald-attachments"` array:
//    `{identifier, file, type (UTI), thumbnailHidden, clip {X, Y, Width, Height}, receipt}`
//    in the order the app adds them (see `Attachment` for the thumbnail rule).
// 4. `AttachmentFolder.cleanUp(policy:keeping:)` keeps `<store>/attachments`
//    bounded by file count and bytes, oldest first.
