public import HeraldJSON
import HeraldLint

/// `herald lsp`'s state and its answers: one message in, the messages to write out.
/// Used from one thread (`ServerLoop` runs it); what arrives while a request runs waits.
public final class LanguageServer {
    /// Where the server's own settings come from (`herald lsp` flags, then the client's
    /// `initializationOptions`).
    public struct Options: Sendable {
        /// How long edits settle before a document is linted again (a save, an open or a
        /// close flushes at once). 0: every change is linted at once.
        public var debounceMilliseconds = 250
        /// A URL each rule's id is appended to (`…/validate-rules.md#missing-key`).
        public var ruleDocumentation: String? = nil

        public init() {}
    }

    /// What the loop does after a message.
    public enum Next: Equatable {
        case goOn
        /// `exit` arrived: the process ends with this status (0 after `shutdown`, else 1).
        case exit(Int32)
    }

    public internal(set) var options: Options
    let send: (String) -> Void
    var documents: [String: TextDocument] = [:]
    var bundleFiles = BundleFiles(root: nil)
    var linter = Linter()
    var initialized = false
    var shuttingDown = false
    /// Documents edited since they were last linted.
    public private(set) var stale: Set<String> = []
    /// The workspace's Localizable tables, read when a payload first needs them; dropped
    /// when a document is saved.
    var workspaceCache: WorkspaceTables? = nil
    /// The last bundle hover or references read, with what identifies its files' contents.
    var viewCache: (signature: [String], view: BundleView)? = nil
    /// Lint runs made (what tests count instead of timing).
    public private(set) var lintRuns = 0

    /// `send` writes one message body (the loop frames it).
    public init(options: Options = Options(), send: @escaping (String) -> Void) {
        self.options = options
        self.send = send
    }

    /// Handles one message.
    public func handle(_ message: RPCMessage) -> Next {
        switch message {
        case .response:
            return .goOn
        case .notification(let method, let params):
            return notify(method, params)
        case .request(let id, let method, let params):
            do {
                send(RPCOutgoing.result(id: id, try answer(method, params)))
            } catch {
                send(RPCOutgoing.error(id: id, error))
            }
            return .goOn
        }
    }

    /// Answers a request the loop will not run: it was cancelled before it started.
    public func cancelled(_ id: JSONValue) {
        send(RPCOutgoing.error(id: id, RPCError(.requestCancelled, "cancelled")))
    }

    /// A message that could not be read.
    public func unreadable(_ error: RPCError) {
        send(RPCOutgoing.error(id: .null, error))
    }

    func answer(_ method: String, _ params: JSONValue) throws(RPCError) -> JSONValue {
        if method == "initialize" {
            guard !initialized else { throw RPCError(.invalidRequest, "initialize was already sent") }
            return initialize(params)
        }
        guard initialized else { throw RPCError(.serverNotInitialized, "initialize has not been sent") }
        guard !shuttingDown else { throw RPCError(.invalidRequest, "the server is shutting down") }
        switch method {
        case "shutdown":
            shuttingDown = true
            return .null
        case "textDocument/documentSymbol":
            let doc = try document(params)
            guard let place = place(of: doc) else { return .array([]) }
            return .array(TableOutline(relativePath: place.relativePath, bytes: doc.bytes).symbols(in: doc))
        default:
            if let answer = try features(method, params) { return answer }
            throw RPCError(.methodNotFound, "\(method) is not supported")
        }
    }

    func notify(_ method: String, _ params: JSONValue) -> Next {
        if method == "exit" { return .exit(shuttingDown ? 0 : 1) }
        guard initialized, !shuttingDown else { return .goOn }
        let uri = params["textDocument"]?["uri"]?.stringValue
        switch method {
        case "textDocument/didOpen":
            guard let uri, let text = params["textDocument"]?["text"]?.stringValue else { return .goOn }
            let version = params["textDocument"]?["version"]?.intValue ?? 0
            documents[uri] = TextDocument(uri: uri, version: Int(version), text: text)
            stale.insert(uri)
            publishStale()
        case "textDocument/didChange":
            guard let uri, var doc = documents[uri] else { return .goOn }
            let version = Int(params["textDocument"]?["version"]?.intValue ?? Int64(doc.version + 1))
            for change in params["contentChanges"]?.arrayValue ?? [] {
                guard let text = change["text"]?.stringValue else { continue }
                doc.apply(range: LSPJSON.readRange(change["range"]), text: text, version: version)
            }
            documents[uri] = doc
            stale.insert(uri)
            if options.debounceMilliseconds == 0 { publishStale() }
        case "textDocument/didSave":
            workspaceCache = nil
            guard let uri else { return .goOn }
            stale.insert(uri)
            publishStale()
        case "textDocument/didClose":
            guard let uri, let doc = documents.removeValue(forKey: uri) else { return .goOn }
            stale.remove(uri)
            viewCache = nil
            if let place = place(of: doc), !documents.values.contains(where: { self.place(of: $0).map { $0.directory == place.directory && $0.table == place.table } ?? false }) {
                bundleFiles.forget(place)
            }
            send(RPCOutgoing.notification("textDocument/publishDiagnostics", .object(JSONObject([("uri", .string(uri)), ("diagnostics", .array([]))]))))
        default:
            break
        }
        return .goOn
    }

    /// Lints every document edited since its last run and publishes its findings.
    public func publishStale() {
        for uri in stale.sorted() {
            guard let doc = documents[uri] else { continue }
            publishDiagnostics(doc)
        }
        stale.removeAll()
    }

    func publishDiagnostics(_ doc: TextDocument) {
        guard let place = place(of: doc) else { return }
        var siblings = bundleFiles.siblings(of: place)
        // Other open documents of the bundle count with their unsaved text.
        for other in documents.values where other.uri != doc.uri {
            if let p = self.place(of: other), p.directory == place.directory, p.table == place.table { siblings[p.relativePath] = other.bytes }
        }
        let provider = BufferDiagnostics(linter: linter, documentation: options.ruleDocumentation)
        let found = provider.diagnostics(for: doc, place: place, siblings: siblings)
        lintRuns += 1
        let params = JSONObject([("uri", .string(doc.uri)), ("version", .int(doc.version)), ("diagnostics", .array(found))])
        send(RPCOutgoing.notification("textDocument/publishDiagnostics", .object(params)))
    }

    func document(_ params: JSONValue) throws(RPCError) -> TextDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { throw RPCError(.invalidParams, "textDocument.uri is missing") }
        guard let doc = documents[uri] else { throw RPCError(.invalidParams, "\(uri) is not open") }
        return doc
    }

    func place(of doc: TextDocument) -> BundlePlace? {
        FileURI.path(doc.uri).flatMap(BundlePlace.init(path:))
    }
}
