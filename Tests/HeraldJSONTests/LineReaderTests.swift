import Foundation
import HeraldJSON
import Testing

/// `LineReader`, the one reader of JSON Lines input (`render --batch`, `format --batch`):
/// lines in order without their newline, a last line without one, nothing for an empty
/// input, a line longer than the limit answered once as `.tooLong` and skipped, lines
/// that cross the 128 KiB read block whole. Expected lines are the input split by hand.
@Suite struct LineReaderTests {
    enum Read: Equatable {
        case text(String)
        case tooLong
    }

    static func lines(of bytes: [UInt8], limit: Int = InputLimits.batchLineBytes) throws -> [Read] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try LineReader(path: path, limit: limit)
        var out: [Read] = []
        while let line = try reader.next() {
            switch line {
            case .text(let b): out.append(.text(String(decoding: b, as: UTF8.self)))
            case .tooLong: out.append(.tooLong)
            }
        }
        return out
    }

    @Test func splitsAtNewlinesKeepingCarriageReturnsAndEmptyLines() throws {
        #expect(try Self.lines(of: Array("a\nb\r\n\nc".utf8)) == [.text("a"), .text("b\r"), .text(""), .text("c")])
        #expect(try Self.lines(of: Array("a\n".utf8)) == [.text("a")])
        #expect(try Self.lines(of: []) == [])
    }

    @Test func aLineLongerThanTheLimitIsAnsweredOnceAndSkipped() throws {
        let long = String(repeating: "x", count: 40)
        #expect(try Self.lines(of: Array("ok\n\(long)\nafter\n".utf8), limit: 16) == [.text("ok"), .tooLong, .text("after")])
        // The limit itself fits; a too-long last line without a newline is still answered.
        #expect(try Self.lines(of: Array("\(String(repeating: "y", count: 16))\n\(long)".utf8), limit: 16)
            == [.text(String(repeating: "y", count: 16)), .tooLong])
    }

    @Test func linesAcrossTheReadBlockComeBackWhole() throws {
        var text = ""
        var expected: [Read] = []
        for i in 0..<3_000 {
            let line = "{\"key\":\"k\(i)\",\"pad\":\"\(String(repeating: "p", count: i % 300))\"}"
            text += line + "\n"
            expected.append(.text(line))
        }
        // One line longer than the first block, so the block grows.
        let big = String(repeating: "z", count: LineReader.blockSize + 10)
        text += big + "\n"
        expected.append(.text(big))
        #expect(try Self.lines(of: Array(text.utf8)) == expected)
    }

    @Test func aMissingFileIsSaidWithTheSystemsReason() {
        #expect(throws: InputFileError.self) { try LineReader(path: "/nonexistent/lines.jsonl") }
        do {
            _ = try LineReader(path: "/nonexistent/lines.jsonl")
        } catch {
            #expect(error.description == "/nonexistent/lines.jsonl: no such file or directory")
        }
    }

    @Test func inputFileStopsPastItsLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 100))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try InputFile.read(path, limit: 100).count == 100)
        do {
            _ = try InputFile.read(path, limit: 99, what: "a test file")
            Issue.record("read past the limit")
        } catch {
            #expect(error.description == "\(path): more than 99 bytes, the most a test file may hold")
        }
    }
}
