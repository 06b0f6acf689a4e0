import Foundation
import HeraldJSON
@testable import HeraldLanguageServer
import Testing

/// A server with its output collected, over a bundle on disk (en and de).
final class Session {
    var sent: [JSONValue] = []
    var server: LanguageServer!
    let root: String

    init(files: [String: String], debounce: Int = 250) throws {
        root = NSTemporaryDirectory() + "herald-lsp-" + UUID().uuidString
        for (rel, text) in files {
            let path = root + "/" + rel
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        var options = LanguageServer.Options()
        options.debounceMilliseconds = debounce
        server = LanguageServer(options: options) { [unowned self] body in
            self.sent.append(try! JSONParser.parse(body))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func uri(_ rel: String) -> String { FileURI.uri(root + "/" + rel) }

    @discardableResult
    func request(_ id: Int, _ method: String, _ params: String = "{}") throws -> LanguageServer.Next {
        server.handle(try RPCMessage.read(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
    }

    @discardableResult
    func notify(_ method: String, _ params: String = "{}") throws -> LanguageServer.Next {
        server.handle(try RPCMessage.read(Array(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#.utf8)))
    }

    func initialize() throws {
        try request(0, "initialize", #"{"rootUri":"\#(FileURI.uri(root))","capabilities":{}}"#)
        try notify("initialized")
    }

    func open(_ rel: String, _ text: String) throws {
        try notify("textDocument/didOpen", #"{"textDocument":{"uri":"\#(uri(rel))","languageId":"strings","version":1,"text":\#(JSONWriter.quote(text))}}"#)
    }

    /// The last diagnostics published for a document: rule ids.
    func rules(_ rel: String) -> [String]? {
        let target = uri(rel)
        for m in sent.reversed() where m["method"]?.stringValue == "textDocument/publishDiagnostics" && m["params"]?["uri"]?.stringValue == target {
            return (m["params"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
        }
        return nil
    }

    func answer(_ id: Int) -> JSONValue? {
        sent.last { $0["id"]?.intValue == Int64(id) }
    }
}

let bundle = [
    "en.lproj/Localizable.strings": "\"greeting\" = \"Hello %@\";\n\"count\" = \"%d new messages\";\n",
    "de.lproj/Localizable.strings": "\"greeting\" = \"Hallo %@\";\n\"count\" = \"%d neue Nachrichten\";\n",
]

@Test func requestsBeforeInitializeAreRefused() throws {
    let s = try Session(files: bundle)
    try s.request(1, "textDocument/documentSymbol", #"{"textDocument":{"uri":"x"}}"#)
    #expect(s.answer(1)?["error"]?["code"]?.intValue == -32002)
}

@Test func unsavedTextIsLintedAgainstTheSourceOnDisk() throws {
    let s = try Session(files: bundle)
    try s.initialize()
    #expect(s.answer(0)?["result"]?["capabilities"]?["textDocumentSync"]?["change"]?.intValue == 2)
    let de = "de.lproj/Localizable.strings"
    try s.open(de, "\"greeting\" = \"Hallo %d\";\n\"count\" = \"%d neue Nachrichten\";\n")
    #expect(s.rules(de) == ["specifier-mismatch"], "opening lints at once")
    let runs = s.server.lintRuns
    // Fix the %d in the buffer (not on disk): debounced, nothing is linted yet.
    try s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(s.uri(de))","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":21},"end":{"line":0,"character":22}},"text":"@"}]}"#)
    #expect(s.server.lintRuns == runs)
    #expect(s.server.stale.count == 1)
    // A save flushes.
    try s.notify("textDocument/didSave", #"{"textDocument":{"uri":"\#(s.uri(de))"}}"#)
    #expect(s.rules(de) == [])
    #expect(s.server.lintRuns == runs + 1)
}

@Test func zeroDebounceLintsEveryChangeAndSourceEditsCount() throws {
    let s = try Session(files: bundle, debounce: 0)
    try s.initialize()
    let de = "de.lproj/Localizable.strings", en = "en.lproj/Localizable.strings"
    try s.open(de, bundle[de]!)
    #expect(s.rules(de) == [])
    // The source, open with unsaved text, is what the translation is compared with.
    try s.open(en, "\"greeting\" = \"Hello %@\";\n\"count\" = \"%d new messages\";\n\"extra\" = \"New key\";\n")
    try s.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(s.uri(de))","version":2},"contentChanges":[{"text":"\"greeting\" = \"Hallo %@\";\n"}]}"#)
    #expect(s.rules(de) == ["missing-key", "missing-key"], "count (on disk) and extra (unsaved) are missing")
}

@Test func symbolsAreTheKeys() throws {
    let s = try Session(files: bundle)
    try s.initialize()
    try s.open("en.lproj/Localizable.strings", bundle["en.lproj/Localizable.strings"]!)
    try s.request(2, "textDocument/documentSymbol", #"{"textDocument":{"uri":"\#(s.uri("en.lproj/Localizable.strings"))"}}"#)
    let names = s.answer(2)?["result"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
    #expect(names == ["greeting", "count"])
    let line = s.answer(2)?["result"]?.arrayValue?.last?["selectionRange"]?["start"]?["line"]?.intValue
    #expect(line == 1)
}

@Test func shutdownThenExitIsZeroExitAloneIsOne() throws {
    let s = try Session(files: bundle)
    try s.initialize()
    try s.request(3, "shutdown")
    #expect(s.answer(3)?["result"] == .null)
    try s.request(4, "textDocument/documentSymbol", "{}")
    #expect(s.answer(4)?["error"]?["code"]?.intValue == -32600)
    #expect(try s.notify("exit") == .exit(0))
    let t = try Session(files: bundle)
    try t.initialize()
    #expect(try t.notify("exit") == .exit(1))
}

@Test func unknownRequestsAreMethodNotFound() throws {
    let s = try Session(files: bundle)
    try s.initialize()
    try s.request(5, "workspace/nothing")
    #expect(s.answer(5)?["error"]?["code"]?.intValue == -32601)
}

/// A cancel for a request still waiting replaces it; one for an unknown id changes nothing.
@Test func cancelReplacesAWaitingRequest() throws {
    let inbox = ServerLoop.Inbox()
    inbox.put(.message(try RPCMessage.read(Array(#"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover"}"#.utf8))))
    inbox.cancel(.number("8"))
    inbox.cancel(.number("7"))
    guard case .cancelled(let id) = inbox.take() else { Issue.record("not cancelled"); return }
    #expect(id == .number("7"))
}

/// An inbox freed while items wait (the input ended mid-session) does not trap: libdispatch
/// traps on a semaphore freed below the value it was made with.
@Test func anInboxFreedWithItemsWaitingDoesNotTrap() throws {
    do {
        let inbox = ServerLoop.Inbox()
        inbox.put(.end(nil))
        inbox.put(.end(nil))
        _ = inbox.take()
    }
    #expect(Bool(true))
}

/// The source buffer is linted with its own folder's files of the table; a translation with
/// its own and the source's.
@Test func whatABufferIsLintedWith() throws {
    let provider = BufferDiagnostics(linter: .init(), documentation: nil)
    let siblings: [String: [UInt8]] = [
        "en.lproj/Localizable.stringsdict": [], "de.lproj/Localizable.strings": [], "fr.lproj/Localizable.strings": [],
        "Base.lproj/Localizable.strings": [],
    ]
    let en = try #require(BundlePlace(path: "/b/App/en.lproj/Localizable.strings"))
    #expect(provider.bundle(for: en, text: [], siblings: siblings).keys.sorted() == ["en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict"])
    let de = try #require(BundlePlace(path: "/b/App/de.lproj/Localizable.strings"))
    #expect(
        provider.bundle(for: de, text: [], siblings: siblings).keys.sorted()
            == ["Base.lproj/Localizable.strings", "de.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict"])
}

@Test func aSourceBufferIsLintedOnItsOwn() throws {
    let s = try Session(files: bundle, debounce: 0)
    try s.initialize()
    try s.open("en.lproj/Localizable.strings", "\"greeting\" = \"Hello %@\";\n\"count\" = \"%d new messages % @\";\n")
    #expect(s.rules("en.lproj/Localizable.strings") == ["accidental-specifier"])
}

/// Sibling languages are read from real `.lproj` folders only: one that is a link (which
/// could lead out of the workspace) is not read.
@Test func aLinkedLprojFolderIsNotRead() throws {
    let s = try Session(files: bundle)
    let outside = s.root + "-outside"
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try "\"greeting\" = \"Salut %@\";\n".write(toFile: outside + "/Localizable.strings", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: s.root + "/fr.lproj", withDestinationPath: outside)
    var files = BundleFiles(root: s.root)
    let place = try #require(BundlePlace(path: s.root + "/en.lproj/Localizable.strings"))
    #expect(files.siblings(of: place).keys.sorted() == ["de.lproj/Localizable.strings"])
}
