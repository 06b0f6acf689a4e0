import HeraldJSON
public import HeraldRender
public import HeraldStage

/// Answers campaign jobs exactly as `herald render --batch` (`RenderBatch`) and
/// `herald format --batch` (`FormatBatch`) answer the same lines: a job's answer is the
/// line the batch would have written for its request.
public struct JobRunner: Sendable {
    /// How `format` jobs are rendered: the renderer, and the options and table a request
    /// without its own falls back to (as `herald format --batch`'s flags).
    public struct FormatSettings: Sendable {
        public var renderer: Renderer
        public var options: RenderOptions
        public var table: String

        public init(renderer: Renderer, options: RenderOptions = RenderOptions(), table: String = "Localizable") {
            (self.renderer, self.options, self.table) = (renderer, options, table)
        }
    }

    public let stage: Stage
    public let format: FormatSettings
    /// A job claimed more often than this (its workers crashed or were killed while
    /// holding it) is failed instead of tried again.
    public let maximumAttempts: Int

    public init(stage: Stage, format: FormatSettings, maximumAttempts: Int = 3) {
        (self.stage, self.format, self.maximumAttempts) = (stage, format, max(1, maximumAttempts))
    }

    /// The answers of `jobs`, in order.
    public func answer(_ jobs: [CampaignJob]) async -> [JobResult] {
        var formatBatch = FormatBatch(renderer: format.renderer, options: format.options, table: format.table)
        var out = BufferedOutput.inMemory()
        var locales: [String: LocaleID] = [:]
        var results: [JobResult] = []
        results.reserveCapacity(jobs.count)
        for job in jobs {
            if job.attempts > maximumAttempts {
                let message = "line \(job.lineNumber): given up after \(job.attempts - 1) attempts: each worker that held the job stopped before answering it"
                results.append(Self.failed(job, message))
                continue
            }
            switch job.kind {
            case .format:
                Self.withLine(job.request) { formatBatch.answer($0, lineNumber: job.lineNumber, to: &out) }
                var bytes = out.takeBytes()
                if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
                // Enqueueing skips blank lines, as the batch does; one given anyway gets an answer.
                if bytes.isEmpty { results.append(Self.failed(job, "line \(job.lineNumber): a blank line is not a request")); continue }
                results.append(Self.result(job, answer: String(decoding: bytes, as: UTF8.self)))
            case .render:
                let answer: JSONObject
                if let request = job.request {
                    var line = request
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    answer = await RenderBatch.answer(stage, line: line, lineNumber: job.lineNumber, locales: &locales)
                } else {
                    answer = RenderBatch.errorLine(id: nil, "line \(job.lineNumber): \(LineReader.tooLongMessage)")
                }
                results.append(Self.result(job, answer: JSONWriter.write(.object(answer))))
            }
        }
        return results
    }

    /// Lends `request` to `body` as the line reader would have (nil: a too-long line).
    private static func withLine(_ request: [UInt8]?, _ body: (LineReader.Line) -> Void) {
        guard let request else { return body(.tooLong) }
        request.withUnsafeBufferPointer { body(.text($0)) }
    }

    /// A result for `answer`: a failure when the answer is an `"error"` line.
    static func result(_ job: CampaignJob, answer: String) -> JobResult {
        JobResult(jobID: job.id, answer: answer, failure: errorMessage(answer))
    }

    static func failed(_ job: CampaignJob, _ message: String) -> JobResult {
        JobResult(jobID: job.id, answer: JSONWriter.write(.object(RenderBatch.errorLine(id: nil, message))), failure: message)
    }

    /// The `"error"` of an answer line, or nil when it has none.
    static func errorMessage(_ answer: String) -> String? {
        guard answer.contains("\"error\""), let object = (try? JSONParser.parse(answer))?.objectValue else { return nil }
        return object["error"]?.stringValue
    }
}
