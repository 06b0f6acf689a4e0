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

    /// The answers of `jobs`, in order: one result per job, its requests answered in order.
    public func answer(_ jobs: [CampaignJob]) async -> [JobResult] {
        var formatBatch = FormatBatch(renderer: format.renderer, options: format.options, table: format.table)
        var out = BufferedOutput.inMemory()
        var locales: [String: LocaleID] = [:]
        var results: [JobResult] = []
        results.reserveCapacity(jobs.count)
        for job in jobs {
            var reasons: [String] = []
            for line in job.lines {
                if job.attempts > maximumAttempts {
                    let message = "line \(line.number): given up after \(job.attempts - 1) attempts: each worker that held the job stopped before answering it"
                    Self.write(RenderBatch.errorLine(id: nil, message), to: &out)
                    reasons.append(message)
                    continue
                }
                if let failure = await answer(line, of: job.kind, formatBatch: &formatBatch, locales: &locales, to: &out) {
                    reasons.append(failure)
                }
            }
            var bytes = out.takeBytes()
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            results.append(
                JobResult(
                    jobID: job.id, answer: String(decoding: bytes, as: UTF8.self),
                    failure: reasons.isEmpty ? nil : reasons.joined(separator: "\n"), failures: reasons.count,
                    requests: job.lines.count))
        }
        return results
    }

    /// Writes the answer line of one request (and a newline) to `out`; returns its
    /// `"error"`, nil when the request was answered.
    private func answer(
        _ line: CampaignJob.Line, of kind: JobKind, formatBatch: inout FormatBatch, locales: inout [String: LocaleID],
        to out: inout BufferedOutput
    ) async -> String? {
        switch kind {
        case .format:
            // Enqueueing skips blank lines, as the batch does (it writes nothing for one); one
            // given anyway gets an answer.
            if let request = line.request, request.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                let message = "line \(line.number): a blank line is not a request"
                Self.write(RenderBatch.errorLine(id: nil, message), to: &out)
                return message
            }
            Self.withLine(line.request) { formatBatch.answer($0, lineNumber: line.number, to: &out) }
            if case .refused(let error, _) = formatBatch.verdict { return error }
            return nil
        case .render:
            let answer: JSONObject
            if var request = line.request {
                if request.last == UInt8(ascii: "\r") { request.removeLast() }
                answer = await RenderBatch.answer(stage, line: request, lineNumber: line.number, locales: &locales)
            } else {
                answer = RenderBatch.errorLine(id: nil, "line \(line.number): \(LineReader.tooLongMessage)")
            }
            Self.write(answer, to: &out)
            return answer["error"]?.stringValue
        }
    }

    private static func write(_ object: JSONObject, to out: inout BufferedOutput) {
        out.write(JSONWriter.write(.object(object)))
        out.write("\n")
    }

    /// Lends `request` to `body` as the line reader would have (nil: a too-long line).
    private static func withLine<T>(_ request: [UInt8]?, _ body: (LineReader.Line) -> T) -> T {
        guard let request else { return body(.tooLong) }
        return request.withUnsafeBufferPointer { body(.text($0)) }
    }
}
