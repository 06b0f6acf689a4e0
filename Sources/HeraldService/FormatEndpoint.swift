import HeraldJSON
import HeraldRender

/// `POST /v1/format` (Docs/service.md): one `herald format --batch` request
/// (`{"key", "locale", "args"?, "table"?, "device"?, "width"?}`) → its answer, written by
/// `FormatBatch` so it is the same object `herald format --batch` writes for that line: 200
/// with `{"text", …}`, or 422 with `{"error", …}` when the key cannot be rendered.
struct FormatEndpoint: Sendable {
    let tables: LiveTables

    func answer(_ body: [UInt8]) throws -> (status: Int, body: [UInt8]) {
        guard let generation = tables.current else { throw ServiceError.notReady(tables.status.lastFailure) }
        var batch = FormatBatch(renderer: generation.stage.renderer, options: RenderOptions(), table: "Localizable")
        var out = BufferedOutput.inMemory()
        // One request is one line: the newlines of a pretty-printed body are JSON whitespace.
        let line = body.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        line.withUnsafeBufferPointer { batch.answer(.text($0), to: &out) }
        let bytes = out.takeBytes()
        let failed = bytes.starts(with: Array(#"{"error""#.utf8))
        return (failed ? 422 : 200, bytes)
    }
}
