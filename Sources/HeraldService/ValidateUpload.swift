import Foundation
import HeraldDiagnostics
import HeraldJSON
import HeraldLint
import HeraldSync

/// `POST /v1/validate`: translation tables in the body → `herald validate`'s report.
///
/// The body is a tar (`application/x-tar`, as `tar cf` writes it) or a form
/// (`multipart/form-data`, one part per file, each named by its path in the upload) of
/// `.lproj` folders and String Catalogs. It is checked and unpacked into a fresh temporary
/// folder (`TablesUpload`), the linter `herald validate` runs reads it (with the upload's
/// own `.herald-validate.json` when it has one at its top, else the default rules), and the
/// folder is removed. The report names the files by their paths in the
/// upload, never the temporary folder.
///
/// Query: `format=json|sarif` (default json), `strict=true|false` (default false: whether
/// warnings fail). The report is `herald validate --format json|sarif`'s, plus the verdict
/// (`summary.passed` in JSON, the run's `properties.passed` in SARIF), and comes with
/// status 200 whatever the tables' findings. A malformed upload is 400, one over `limits`
/// 413, another content type 415, each with `{"error": {"code": "…", "message": "…"}}`.
public enum ValidateUpload {
    /// A report (status 200): its content type and its bytes.
    public struct Report: Sendable {
        public let contentType: String
        public let body: [UInt8]
    }

    /// The report for an upload, or why there is none (400, 413, 415, 500 in the one error
    /// shape of every route). `lint` is the run's cancellation (a test may bring its own).
    static func respond(
        body: [UInt8], contentType: String, query: [String: String], limits: UploadLimits,
        temporaryParent: String? = nil, lint: LintCancellation = LintCancellation(), whenDone: @escaping @Sendable () -> Void = {}
    ) async -> Result<Report, ServiceError> {
        let temporaryParent = temporaryParent ?? NSTemporaryDirectory()
        // Unpacking and linting are blocking file work: on a thread outside Swift
        // concurrency's pool (as wide as the machine has cores) that serves requests — one of
        // the process's parked threads. When the request is cancelled (its deadline passed)
        // the work is told to stop: the linter checks between files and entries, the steps
        // around it between themselves, and the unpacked folder is removed at once.
        let stop = Stop(lint: lint)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                ParkedThreads.shared.run {
                    defer { whenDone() }
                    continuation.resume(returning: ValidateUpload.answer(
                        body: body, contentType: contentType, query: query, limits: limits, temporaryParent: temporaryParent, stop: stop))
                }
            }
        } onCancel: {
            stop.now()
        }
    }

    /// Tells a validate thread to stop: set once; the folder it unpacked into, if any, is
    /// removed at once.
    final class Stop: Sendable {
        private let state = Locked<(stopped: Bool, upload: TablesUpload?)>((false, nil))
        /// The lint run's own stop.
        let lint: LintCancellation

        init(lint: LintCancellation = LintCancellation()) { self.lint = lint }

        var stopped: Bool { state.withLock { $0.stopped } }

        func now() {
            let upload = state.withLock { state -> TablesUpload? in
                state.stopped = true
                return state.upload
            }
            lint.cancel()
            upload?.remove()
        }

        /// The folder being linted; removed now if the stop came first.
        func working(in upload: TablesUpload) {
            let stopped = state.withLock { state -> Bool in
                state.upload = upload
                return state.stopped
            }
            if stopped { upload.remove() }
        }

        func check() throws(UploadProblem) {
            if stopped { throw UploadProblem(kind: .serverFailure, code: "cancelled", message: "the request was cancelled") }
        }
    }

    /// The answer, worked out on the calling thread; the upload is unpacked below `temporaryParent`.
    static func answer(
        body: [UInt8], contentType: String, query: [String: String], limits: UploadLimits,
        temporaryParent: String = NSTemporaryDirectory(), stop: Stop = Stop()
    ) -> Result<Report, ServiceError> {
        do {
            let options = try Options(query)
            let uploaded = try entries(body: body, contentType: contentType, limits: limits)
            try stop.check()
            let upload = try TablesUpload.unpack(uploaded, limits: limits, below: temporaryParent)
            defer { upload.remove() }
            stop.working(in: upload)
            try stop.check()
            let (report, configuredStrict) = try lint(upload, cancellation: stop.lint)
            try stop.check()
            let body = render(report, strict: configuredStrict || options.strict, format: options.format)
            return .success(Report(contentType: options.format == .sarif ? "application/sarif+json" : "application/json", body: body))
        } catch {
            return .failure(error.serviceError)
        }
    }

    /// The query's choices.
    struct Options {
        var format: LintOutputFormat = .json
        var strict = false

        init(_ query: [String: String]) throws(UploadProblem) {
            for (key, value) in query {
                switch key {
                case "format":
                    guard value == "json" || value == "sarif", let f = LintOutputFormat(rawValue: value) else {
                        throw .malformed("bad-query", "format=\(Excerpt.escaped(value)): the report is json or sarif")
                    }
                    format = f
                case "strict":
                    guard let b = Bool(value) else {
                        throw .malformed("bad-query", "strict=\(Excerpt.escaped(value)): true or false")
                    }
                    strict = b
                default:
                    throw .malformed("bad-query", "unknown query parameter \(Excerpt.quoted(key)) (known: format, strict)")
                }
            }
        }
    }

    /// The body's entries, read as its content type says.
    static func entries(body: [UInt8], contentType: String, limits: UploadLimits) throws(UploadProblem) -> [UploadEntry] {
        switch MediaType.essence(of: contentType) {
        case "application/x-tar", "application/tar":
            return try TarArchive.entries(body, limits: limits)
        case "multipart/form-data":
            return try MultipartForm.entries(body, boundary: try MultipartForm.boundary(of: contentType), limits: limits)
        default:
            throw UploadProblem(
                kind: .unsupportedMediaType, code: "unsupported-media-type",
                message: "content type \(Excerpt.quoted(contentType)): send application/x-tar or multipart/form-data")
        }
    }

    /// `herald validate`'s linter over the unpacked folder, its paths made relative to the upload.
    static func lint(_ upload: TablesUpload, cancellation: LintCancellation? = nil) throws(UploadProblem) -> (LintReport, strict: Bool) {
        let configuration = try configuration(upload)
        var report: LintReport
        do {
            var linter = Linter(configuration: configuration)
            linter.cancellation = cancellation
            report = try linter.run(paths: [upload.root])
        } catch {
            throw UploadProblem(kind: .serverFailure, code: "validate-failed", message: upload.relative(error.message))
        }
        report.diagnostics = report.diagnostics.map { d in
            var d = d
            if var origin = d.origin {
                origin.file = upload.relative(origin.file)
                d.location = .file(origin)
            }
            d.message = upload.relative(d.message)
            return d
        }
        return (report, configuration.strict)
    }

    /// The upload's `.herald-validate.json` (as `herald validate DIR` reads DIR's), else the
    /// defaults. Its path globs (`ignore`, `notifications`) are not taken from an upload: a
    /// glob is matched against every path and key, and a hostile one costs far more than
    /// linear time; what an `ignore` would skip can simply be left out of the upload.
    static func configuration(_ upload: TablesUpload) throws(UploadProblem) -> LintConfiguration {
        guard let bytes = upload.configuration else { return LintConfiguration() }
        let configuration: LintConfiguration
        do {
            configuration = try LintConfiguration.parse(bytes, path: LintConfiguration.fileName)
        } catch {
            throw .malformed("bad-configuration", error.message)
        }
        // Nor the fit rule's font files (paths on the server) or argument globs.
        if !configuration.fit.fonts.isEmpty || !configuration.fit.arguments.isEmpty {
            throw .malformed(
                "bad-configuration",
                "\(LintConfiguration.fileName): \"fit\" \"fonts\" and \"arguments\" are not taken from an upload; its surfaces are")
        }
        if !configuration.ignore.isEmpty || configuration.notifications != LintConfiguration.defaultNotifications {
            throw .malformed(
                "bad-configuration",
                "\(LintConfiguration.fileName): \"ignore\" and \"notifications\" are not taken from an upload (leave ignored files out of it); the other settings are")
        }
        return configuration
    }

    /// The report in the format asked for, with the verdict.
    static func render(_ report: LintReport, strict: Bool, format: LintOutputFormat) -> [UInt8] {
        let passed = !report.fails(strict: strict)
        let document = format == .sarif ? LintOutput.sarif(report, passed: passed) : LintOutput.json(report, passed: passed)
        return Array((JSONWriter.write(document, pretty: true) + "\n").utf8)
    }
}

extension TablesUpload {
    /// `text` with the folder's path taken out: `<root>/de.lproj/x.strings` → `de.lproj/x.strings`,
    /// the folder itself → `.`.
    func relative(_ text: String) -> String {
        text.replacingOccurrences(of: root + "/", with: "").replacingOccurrences(of: root, with: ".")
    }
}
