import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

@testable import HeraldService

/// What the upload tests share: a small tables folder with findings of several kinds, the
/// system's `tar` (GNU tar: the archives are made by it, not by code of this package),
/// `herald validate` as a subprocess (the report an upload must equal), and multipart
/// bodies written out by hand as RFC 7578 lays them out.
enum UploadFixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The files of the folder `tables()` writes, by relative path.
    static let files: [(String, String)] = [
        ("en.lproj/Localizable.strings", """
            /* The greeting */
            "greeting" = "Hello, %@!";
            "items" = "%d items";
            "farewell" = "Goodbye";

            """),
        // A dropped argument, a missing key, and a line without its `;`.
        ("de.lproj/Localizable.strings", """
            "greeting" = "Hallo!";
            "farewell" = "Tschüss"
            "items" = "%d Dinge";

            """),
        ("fr.lproj/Localizable.strings", """
            "greeting" = "Bonjour, %@ !";
            "items" = "%d éléments";
            "farewell" = "Au revoir";

            """),
        // A plural entry in a .stringsdict, and a String Catalog with a dropped argument in
        // German, each written compactly (the readers do not care about layout).
        ("en.lproj/Plural.stringsdict", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            <key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>
            </dict></dict></plist>

            """),
        ("Catalog.xcstrings", """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"hello": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Hello %@"}},
            "de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}}}}

            """),
    ]

    /// A fresh folder holding `files`.
    static func tables() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("herald-upload-tables")
        for (path, text) in files { try folder.write(text, to: path) }
        return folder
    }

    /// Runs `tool arguments…` (found on PATH) and returns its standard output; the test
    /// fails when it does not exit 0.
    static func run(_ tool: String, _ arguments: [String], directory: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [UInt8] {
        let result = try await Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, directory: directory.map { URL(fileURLWithPath: $0) })
        #expect(result.status == 0, "\(tool) \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return Array(result.stdoutData)
    }

    /// `tar cf - arguments…` run in `directory`: the archive GNU tar writes.
    static func tar(_ arguments: [String], in directory: String) async throws -> [UInt8] {
        try await run("tar", ["-c", "-f", "-"] + arguments, directory: directory)
    }

    /// `herald validate arguments…` run in `directory`.
    static func heraldValidate(_ arguments: [String], in directory: String) async throws -> Subprocess.Result {
        let herald = try BuiltExecutable.url(named: "herald", override: "HERALD_BINARY")
        return try await Subprocess.run(herald, ["validate"] + arguments, directory: URL(fileURLWithPath: directory))
    }

    /// A `multipart/form-data` body: each part a file whose `filename` is its path, as
    /// RFC 7578 §4 writes them (CRLF line ends, `--boundary` before each part, `--boundary--`
    /// at the end); `preamble` and `epilogue` are text RFC 2046 says a reader ignores.
    static func multipart(
        _ parts: [(filename: String, bytes: [UInt8])], boundary: String, preamble: String = "", epilogue: String = ""
    ) -> [UInt8] {
        var body = Array(preamble.utf8)
        if !preamble.isEmpty { body += Array("\r\n".utf8) }
        for (i, part) in parts.enumerated() {
            body += Array("--\(boundary)\r\n".utf8)
            body += Array("Content-Disposition: form-data; name=\"file\(i)\"; filename=\"\(part.filename)\"\r\n".utf8)
            body += Array("Content-Type: application/octet-stream\r\n\r\n".utf8)
            body += part.bytes
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n\(epilogue)".utf8)
        return body
    }

    /// `files` as multipart parts.
    static var parts: [(filename: String, bytes: [UInt8])] { files.map { ($0.0, Array($0.1.utf8)) } }

    /// A response's body read as JSON.
    static func json(_ body: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try JSONParser.parse(bytes: body)
    }

    /// The response of an upload, with a temporary parent of its own so the test can see
    /// that the unpacked folder is gone afterwards, and that no answer names it.
    static func respond(
        _ body: [UInt8], contentType: String, query: [String: String] = [:], limits: UploadLimits = UploadLimits(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (status: Int, contentType: String, body: [UInt8]) {
        let parent = try TemporaryFolder("herald-upload-parent")
        let answer: (status: Int, contentType: String, body: [UInt8])
        switch ValidateUpload.answer(body: body, contentType: contentType, query: query, limits: limits, temporaryParent: parent.path) {
        case .success(let report): answer = (200, report.contentType, report.body)
        case .failure(let error): answer = (error.status, "application/json", error.body(requestID: nil))
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? ["<unlistable>"]
        #expect(left.isEmpty, "the upload's folder is left behind: \(left)", sourceLocation: sourceLocation)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(!text.contains(parent.path), "the answer names the temporary folder: \(text)", sourceLocation: sourceLocation)
        return answer
    }

    /// The `{"error": {"code", "message"}}` of a refused upload.
    static func error(_ answer: (status: Int, contentType: String, body: [UInt8])) throws -> (code: String, message: String) {
        let value = try json(answer.body)
        return (value["error"]?["code"]?.stringValue ?? "", value["error"]?["message"]?.stringValue ?? "")
    }

    /// The diagnostics and the five counts of a JSON report (what `herald validate --format
    /// json` prints; the service adds `summary.passed`, which is left out here).
    static func comparable(_ report: JSONValue) -> JSONValue {
        guard case .object(var top) = report, case .object(var summary)? = top["summary"] else { return report }
        summary["passed"] = nil
        top["summary"] = .object(summary)
        return .object(top)
    }
}
