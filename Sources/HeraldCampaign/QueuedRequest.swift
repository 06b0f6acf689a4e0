public import HeraldJSON

/// One line of a batch file read for enqueueing: what identifies it within its campaign,
/// where it was, its locale, and its bytes as they are (the worker answers those bytes,
/// so a job's answer is the one the batch would have given the line).
public struct QueuedRequest: Sendable, Equatable {
    /// `id:<the id as compact JSON>` for a line with an `"id"` member; `line:<N>` for a line
    /// without one (any line that is not a JSON object with an id: format requests, which
    /// have no id, and malformed lines): enqueueing a file again finds each line's job by it.
    public var key: String
    public var lineNumber: Int
    /// The request's `"locale"` string, when it has one.
    public var locale: String?
    /// The line's bytes (a trailing `\r` kept, as the batch sees it); nil for a line longer
    /// than a batch line may be.
    public var request: [UInt8]?

    /// The request on `line` (line `lineNumber` of its file), or nil for a blank line,
    /// which the batch skips without an answer.
    public init?(_ line: LineReader.Line, lineNumber: Int) {
        self.lineNumber = lineNumber
        guard case .text(let text) = line else {
            key = "line:\(lineNumber)"
            locale = nil
            request = nil
            return
        }
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        let bytes = Array(text)
        request = bytes
        let object = (try? JSONParser.parse(bytes: bytes))?.objectValue
        if let id = object?["id"] {
            key = "id:" + JSONWriter.write(id)
        } else {
            key = "line:\(lineNumber)"
        }
        locale = object?["locale"]?.stringValue
    }
}
