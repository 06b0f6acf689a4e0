/// What a campaign job asks for: one line of `herald render --batch` or of
/// `herald format --batch` input (Docs/batch.md).
public enum JobKind: String, Sendable, CaseIterable {
    case render
    case format
}

/// One queued job, as a job source hands it to a worker: one request, or (a large
/// campaign's) several requests in file order, answered together and recorded as one.
public struct CampaignJob: Sendable, Equatable {
    /// One request of a job.
    public struct Line: Sendable, Equatable {
        /// The request's line number in the file it was enqueued from: the `line N:` of an
        /// error answer, as the batch would have said it.
        public var number: Int
        /// The request line's bytes, or nil when the line was longer than a batch line may
        /// be (answered with the batch's too-long error).
        public var request: [UInt8]?

        public init(number: Int, request: [UInt8]?) { (self.number, self.request) = (number, request) }
    }

    /// The source's id of the job (unique within the source).
    public var id: Int64
    public var kind: JobKind
    /// The job's requests, in file order (at least one).
    public var lines: [Line]
    /// How many times the job has been claimed, this claim included.
    public var attempts: Int

    /// A job of one request.
    public init(id: Int64, kind: JobKind, lineNumber: Int, request: [UInt8]?, attempts: Int = 1) {
        self.init(id: id, kind: kind, lines: [Line(number: lineNumber, request: request)], attempts: attempts)
    }

    public init(id: Int64, kind: JobKind, lines: [Line], attempts: Int = 1) {
        (self.id, self.kind, self.lines, self.attempts) = (id, kind, lines, attempts)
    }
}

/// A job's one result: the answer lines the batch would have written for its requests, and
/// which of them are failures (an `"error"` answer, or a job given up on).
public struct JobResult: Sendable, Equatable {
    public var jobID: Int64
    /// The answer lines (compact JSON each), joined by newlines, without a last one.
    public var answer: String
    /// Why requests of the job failed (each answer's `"error"`, one a line), or nil when
    /// every request was answered.
    public var failure: String?
    /// How many of the job's requests failed.
    public var failures: Int
    /// How many requests the job holds.
    public var requests: Int

    /// The result of a job of one request.
    public init(jobID: Int64, answer: String, failure: String?) {
        self.init(jobID: jobID, answer: answer, failure: failure, failures: failure == nil ? 0 : 1, requests: 1)
    }

    public init(jobID: Int64, answer: String, failure: String?, failures: Int, requests: Int) {
        (self.jobID, self.answer, self.failure, self.failures, self.requests) = (jobID, answer, failure, failures, requests)
    }

    public var succeeded: Bool { failure == nil }
}
