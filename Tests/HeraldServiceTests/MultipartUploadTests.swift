import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

@testable import HeraldService

/// `POST /v1/validate` with a `multipart/form-data` body, written by hand as RFC 7578 lays
/// it out (RFC 2046 §5.1.1 for the boundary lines, preamble and epilogue): the same report
/// as `herald validate --format json` on the folder the parts' filenames describe.
@Suite struct MultipartUploadTests {
    @Test func formReportEqualsHeraldValidate() async throws {
        let tables = try UploadFixtures.tables()
        let boundary = "----HeraldBoundary7MA4YWxkTrZu0gW"
        let body = UploadFixtures.multipart(
            UploadFixtures.parts, boundary: boundary, preamble: "This is the preamble, to be ignored.",
            epilogue: "This is the epilogue, also ignored.")
        let answer = try UploadFixtures.respond(body, contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let cli = try await UploadFixtures.heraldValidate([".", "--format", "json"], in: tables.path)
        #expect(try JSONParser.parse(bytes: Array(cli.stdoutData)) == UploadFixtures.comparable(try UploadFixtures.json(answer.body)))
    }

    /// RFC 2046's own example boundary, quoted because it holds a space; a part's content
    /// that holds the boundary without the CRLF and dashes in front is content.
    @Test func quotedBoundaryAndLookAlikes() throws {
        let boundary = "simple boundary"
        let source = "\"a\" = \"simple boundary --simple boundary\";\n"
        let body = UploadFixtures.multipart(
            [("en.lproj/A.strings", Array(source.utf8)), ("de.lproj/A.strings", Array(source.utf8))], boundary: boundary)
        let answer = try UploadFixtures.respond(body, contentType: "multipart/form-data; charset=utf-8; boundary=\"simple boundary\"")
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let report = try UploadFixtures.json(answer.body)
        #expect(report["summary"]?["files"]?.intValue == 2)
        #expect(report["summary"]?["errors"]?.intValue == 0)
    }

    @Test(arguments: ["../en.lproj/A.strings", "/etc/en.lproj/A.strings", "en.lproj/../../A.xcstrings"])
    func unsafeFilenames(name: String) throws {
        let body = UploadFixtures.multipart([(name, Array("\"a\" = \"b\";\n".utf8))], boundary: "b0undary")
        let answer = try UploadFixtures.respond(body, contentType: "multipart/form-data; boundary=b0undary")
        let error = try UploadFixtures.error(answer)
        #expect(answer.status == 400)
        #expect(error.code == "unsafe-entry")
        #expect(error.message.contains("\"\(name)\""), "\(error.message)")
    }

    @Test func malformedForms() throws {
        let good = UploadFixtures.multipart(UploadFixtures.parts, boundary: "XyZ")
        let noFilename = Array((
            "--XyZ\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\njson\r\n--XyZ--\r\n").utf8)
        let noDisposition = Array("--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--\r\n".utf8)
        let cases: [(String, [UInt8], String, String)] = [
            ("no boundary parameter", good, "multipart/form-data", "without a boundary"),
            ("another boundary", good, "multipart/form-data; boundary=Other", "no multipart boundary"),
            ("no closing boundary", Array(good.dropLast(9)), "multipart/form-data; boundary=XyZ", "does not end with the boundary"),
            ("a field, not a file", noFilename, "multipart/form-data; boundary=XyZ", "(\"format\") has no filename"),
            ("no Content-Disposition", noDisposition, "multipart/form-data; boundary=XyZ", "no Content-Disposition"),
            ("a boundary over 70 bytes", good, "multipart/form-data; boundary=" + String(repeating: "b", count: 71), "at most 70"),
        ]
        for (name, body, type, words) in cases {
            let answer = try UploadFixtures.respond(body, contentType: type)
            let error = try UploadFixtures.error(answer)
            #expect(answer.status == 400, "\(name)")
            #expect(error.code == "malformed-multipart", "\(name): \(error)")
            #expect(error.message.contains(words), "\(name): \(error.message)")
        }
    }

    @Test func duplicateFilenamesAndTooManyParts() throws {
        let part = ("en.lproj/A.strings", Array("\"a\" = \"b\";\n".utf8))
        let twice = try UploadFixtures.respond(
            UploadFixtures.multipart([part, part], boundary: "q"), contentType: "multipart/form-data; boundary=q")
        #expect(twice.status == 400)
        #expect(try UploadFixtures.error(twice).code == "duplicate-entry")
        let many: [(filename: String, bytes: [UInt8])] = (0..<20).map { ("en.lproj/T\($0).strings", part.1) }
        let tooMany = try UploadFixtures.respond(
            UploadFixtures.multipart(many, boundary: "q"), contentType: "multipart/form-data; boundary=q",
            limits: UploadLimits(maxEntries: 10))
        #expect(tooMany.status == 413)
        #expect(try UploadFixtures.error(tooMany).code == "too-many-entries")
    }

    /// The public entry point (what the server calls) answers the same as the worker it runs.
    @Test func publicEntryPoint() async throws {
        let body = UploadFixtures.multipart(UploadFixtures.parts, boundary: "e")
        let answer = try await ValidateUpload.respond(
            body: body, contentType: "multipart/form-data; boundary=e", query: ["format": "sarif"], limits: UploadLimits()
        ).get()
        #expect(answer.contentType == "application/sarif+json")
        let direct = try UploadFixtures.respond(body, contentType: "multipart/form-data; boundary=e", query: ["format": "sarif"])
        #expect(answer.body == direct.body)
    }
}
