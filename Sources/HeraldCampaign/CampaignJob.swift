/// What a campaign job asks for: one line of `herald render --batch` or of
/// `herald format --batch` input (Docs/batch.md).
public enum JobKind: String, Sendable, CaseIterable {
    case render
    case format
}

/// One queued request, as a job source hands it to a worker.
public struct CampaignJob: Sendable, Equatable {
    /// The source's id of the job (unique within the source).
    public var id: Int64
    public var kind: JobKind
    /// The request's line number in the file it was enqueued from: the `line N:` of an
    /// error answer, as the batch would have said it.
    public var lineNumber: Int
    /// The request line's bytes, or nil when the line was longer than a batch line may be
    /// (answered with the batch's too-long error).
    public var request: [UInt8]?
    /// How many times the job has been claimed, this claim included.
    public var attempts: Int

    public init(id: Int64, kind: JobKind, lineNumber: Int, request: [UInt8]?, attempts: Int = 1) {
        (self.id, self.kind, self.lineNumber, self.request, self.attempts) = (id, kind, lineNumber, request, attempts)
    }
}

/// A job's one result: the answer line the batch would have written for its request, and
/// whether that answer is a failure (an `"error"` answer, or a job given up on).
public struct JobResult: Sendable, Equatable {
    public var jobID: Int64
    /// The answer line (compact JSON, no newline).
    public var answer: String
    /// Why the job failed (the answer's `"error"`), or nil when it was answered.
    public var failure: String?

    public init(jobID: Int64, answer: String, failure: String?) {
        (self.jobID, self.answer, self.failure) = (jobID, answer, failure)
    }

    public var succeeded: Bool { failure == nil }
}
