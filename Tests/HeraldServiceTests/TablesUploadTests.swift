import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

@testable import HeraldService

/// `POST /v1/validate` with a tar body. The archives are written by GNU tar (the system's
/// `tar`), in each format it writes; the report must be what `herald validate --format
/// json` prints for the same folder, run as a subprocess in it (so its paths are relative,
/// as the upload's are).
@Suite struct TablesUploadTests {
    static let tar = "application/x-tar"

    /// GNU tar's default format (gnu), then POSIX ustar and pax.
    @Test(arguments: [[], ["--format=ustar"], ["--format=pax"]])
    func tarReportEqualsHeraldValidate(format: [String]) async throws {
        let tables = try UploadFixtures.tables()
        let archive = try await UploadFixtures.tar(format + ["."], in: tables.path)
        let answer = try UploadFixtures.respond(archive, contentType: Self.tar)
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(answer.contentType == "application/json")
        let report = try UploadFixtures.json(answer.body)
        let cli = try await UploadFixtures.heraldValidate([".", "--format", "json"], in: tables.path)
        #expect(cli.status == 1, "the fixture has errors: \(cli.stderr)")
        let expected = try JSONParser.parse(bytes: Array(cli.stdoutData))
        #expect(UploadFixtures.comparable(report) == expected)
        // Findings of several kinds, each at a file of the upload.
        let files = Set(report["diagnostics"]?.arrayValue?.compactMap { $0["file"]?.stringValue } ?? [])
        #expect(files.contains("de.lproj/Localizable.strings"))
        #expect(files.contains("Catalog.xcstrings"))
        #expect(report["summary"]?["passed"] == .bool(false))
    }

    /// The repository's own tables with their `.herald-validate.json` (a strict
    /// configuration listing the locales): the service reads it as `herald validate` does.
    @Test func repositoryTablesWithTheirConfiguration() async throws {
        let folder = UploadFixtures.repository.appendingPathComponent("Localizations").path
        let archive = try await UploadFixtures.tar(["."], in: folder)
        let answer = try UploadFixtures.respond(archive, contentType: Self.tar)
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let report = try UploadFixtures.json(answer.body)
        let cli = try await UploadFixtures.heraldValidate([".", "--format", "json"], in: folder)
        #expect(try JSONParser.parse(bytes: Array(cli.stdoutData)) == UploadFixtures.comparable(report))
        #expect(report["summary"]?["passed"] == .bool(cli.status == 0))
        #expect((report["summary"]?["files"]?.intValue ?? 0) > 40)
    }

    /// Paths past ustar's 100-byte name: GNU tar writes an `L` entry before the header,
    /// pax an `x` header with `path`, ustar splits the path into `prefix` and `name`.
    @Test(arguments: [[], ["--format=pax"], ["--format=ustar"]])
    func longPaths(format: [String]) async throws {
        let tables = try TemporaryFolder("herald-upload-long")
        let deep = "Modules/" + String(repeating: "NotificationServiceExtension", count: 3) + "/Resources"
        let path = deep + "/de.lproj/Localizable.strings"
        try tables.write("\"a\" = \"b\"\n", to: path)
        try tables.write("\"a\" = \"b\";\n", to: deep + "/en.lproj/Localizable.strings")
        #expect(path.utf8.count > 100)
        let archive = try await UploadFixtures.tar(format + ["Modules"], in: tables.path)
        let answer = try UploadFixtures.respond(archive, contentType: Self.tar)
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let report = try UploadFixtures.json(answer.body)
        let cli = try await UploadFixtures.heraldValidate(["Modules", "--format", "json"], in: tables.path)
        #expect(try JSONParser.parse(bytes: Array(cli.stdoutData)) == UploadFixtures.comparable(report))
        #expect(report["diagnostics"]?.arrayValue?.first?["file"]?.stringValue == path)
    }

    @Test func sarifReportEqualsHeraldValidate() async throws {
        let tables = try UploadFixtures.tables()
        let archive = try await UploadFixtures.tar(["."], in: tables.path)
        let answer = try UploadFixtures.respond(archive, contentType: Self.tar, query: ["format": "sarif"])
        #expect(answer.status == 200)
        #expect(answer.contentType == "application/sarif+json")
        guard case .object(var top) = try UploadFixtures.json(answer.body), case .array(var runs)? = top["runs"],
            case .object(var run)? = runs.first
        else {
            Issue.record("not a SARIF log: \(String(decoding: answer.body, as: UTF8.self))")
            return
        }
        #expect(run["properties"]?["passed"] == .bool(false))
        guard case .object(var properties)? = run["properties"] else {
            Issue.record("the run has no properties")
            return
        }
        properties["passed"] = nil
        run["properties"] = .object(properties)
        runs[0] = .object(run)
        top["runs"] = .array(runs)
        let cli = try await UploadFixtures.heraldValidate([".", "--format", "sarif"], in: tables.path)
        #expect(try JSONParser.parse(bytes: Array(cli.stdoutData)) == .object(top))
    }

    /// Warnings alone pass, unless `strict=true` (as `herald validate --strict` fails them).
    @Test func strictMakesWarningsFail() async throws {
        let tables = try TemporaryFolder("herald-upload-strict")
        try tables.write("\"a\" = \"Apple\";\n\"b\" = \"Banana\";\n", to: "en.lproj/Localizable.strings")
        // A key of the source missing in a translation: a `missing-key` warning (Docs/validate-rules.md).
        try tables.write("\"a\" = \"Apfel\";\n", to: "de.lproj/Localizable.strings")
        let cli = try await UploadFixtures.heraldValidate([".", "--format", "json"], in: tables.path)
        let expected = try JSONParser.parse(bytes: Array(cli.stdoutData))
        #expect(cli.status == 0)
        #expect((expected["summary"]?["warnings"]?.intValue ?? 0) > 0)
        #expect(expected["summary"]?["errors"]?.intValue == 0)
        let archive = try await UploadFixtures.tar(["."], in: tables.path)
        for (strict, passed) in [("false", true), ("true", false)] {
            let answer = try UploadFixtures.respond(archive, contentType: Self.tar, query: ["strict": strict])
            let report = try UploadFixtures.json(answer.body)
            #expect(report["summary"]?["passed"] == .bool(passed), "strict=\(strict)")
            #expect(UploadFixtures.comparable(report) == expected)
        }
    }

    @Test func badQueryAndContentType() async throws {
        let tables = try UploadFixtures.tables()
        let archive = try await UploadFixtures.tar(["."], in: tables.path)
        for query in [["format": "text"], ["strict": "yes"], ["fromat": "json"]] {
            let answer = try UploadFixtures.respond(archive, contentType: Self.tar, query: query)
            #expect(answer.status == 400, "\(query)")
            #expect(try UploadFixtures.error(answer).code == "bad-query")
        }
        let json = try UploadFixtures.respond(archive, contentType: "application/json")
        #expect(json.status == 415)
        #expect(try UploadFixtures.error(json).code == "unsupported-media-type")
        // Parameters and case do not change the type.
        let withParameters = try UploadFixtures.respond(archive, contentType: "Application/X-Tar; foo=bar")
        #expect(withParameters.status == 200)
    }

    /// Damaged archives: cut short, a header byte changed, not a tar at all, gzip'd.
    @Test func malformedArchives() async throws {
        let tables = try UploadFixtures.tables()
        let archive = try await UploadFixtures.tar(["."], in: tables.path)
        // Cut 50 bytes into the data of a file that has more (a header: `ustar` magic at
        // 257, type `0` at 156, the size in octal at 124; POSIX.1-2001 ustar).
        let header = stride(from: 0, to: archive.count - 512, by: 512).first { at in
            let size = Int(String(decoding: archive[(at + 124)..<(at + 135)], as: UTF8.self), radix: 8) ?? 0
            return archive[(at + 257)..<(at + 262)].elementsEqual("ustar".utf8) && archive[at + 156] == UInt8(ascii: "0") && size > 100
        }
        let cut = try #require(header) + 512 + 50
        var corrupt = archive
        corrupt[5] ^= 0x20
        let cases: [(String, [UInt8], String)] = [
            ("truncated", Array(archive[..<cut]), "truncated"),
            ("checksum", corrupt, "checksum"),
            ("not a tar", Array(String(repeating: "hello tar ", count: 100).utf8), "not a ustar"),
            ("short", Array("hi".utf8), "not a tar"),
            ("gzip", try await UploadFixtures.run("tar", ["-c", "-z", "-f", "-", "."], directory: tables.path), "gzip"),
        ]
        for (name, body, words) in cases {
            let answer = try UploadFixtures.respond(body, contentType: Self.tar)
            let error = try UploadFixtures.error(answer)
            #expect(answer.status == 400, "\(name)")
            #expect(error.code == "malformed-tar", "\(name): \(error)")
            #expect(error.message.contains(words), "\(name): \(error.message)")
        }
    }
}
