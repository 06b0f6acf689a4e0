import AsyncHTTPClient
import Foundation
import NIOCore
import HeraldExamples
import HeraldJSON
import HeraldTestSupport
import Testing

/// `/v1/format` and `/v1/render/batch` answer a request line with the bytes `herald format
/// --batch` and `herald render --batch` write for it: the oracle is the `herald` binary.
@Suite struct FormatAndBatchTests {
    static let tables = Repository.path("Localizations")

    static func herald(_ arguments: [String], stdin: String, store: TemporaryFolder) async throws -> Subprocess.Result {
        try await Subprocess.run(
            try BuiltExecutable.url(named: "herald"), arguments, environment: ["HERALD_STORE": store.path], stdin: Data(stdin.utf8))
    }

    @Test func formatAnswersAsFormatBatch() async throws {
        let lines = ExampleRequests.formatLines + [
            #"{"key":"no.such.key","locale":"en"}"#,
            #"{"key":"lottery.loss.body","locale":"en","args":[{"x":1}]}"#,
        ]
        let store = try TemporaryFolder()
        let cli = try await Self.herald(["format", "--batch", "-", "--tables", Self.tables], stdin: lines.joined(separator: "\n") + "\n", store: store)
        let expected = cli.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try await TestServer.with({ $0.tablesDirectory = Self.tables }) { server in
            var refused = 0
            for (i, line) in lines.enumerated() {
                let answer = try await server.json(.POST, "/v1/format", line)
                let batch = try JSONParser.parse(expected[i])
                // What the batch line says is wrong: its error (less its "line N: "), or its
                // error diagnostics ("error: … [rule]").
                var problems: [String] = []
                if let error = batch["error"]?.stringValue {
                    problems = [String(error.dropFirst("line \(i + 1): ".count))]
                } else {
                    problems = (batch["diagnostics"]?.arrayValue ?? []).compactMap(\.stringValue).filter { $0.hasPrefix("error: ") }
                        .map { String($0.dropFirst(7)) }
                }
                if problems.isEmpty {
                    #expect(answer.status == 200, "request \(line)")
                    #expect(answer.text == expected[i] + "\n", "request \(line)")
                } else {
                    // The one error shape: never a half-filled text with a 200.
                    refused += 1
                    #expect(answer.status == 422, "request \(line)")
                    let error = try JSONParser.parse(answer.text)["error"]
                    #expect(error?["code"]?.stringValue == "cannot-format")
                    #expect(error?["message"]?.stringValue == problems.joined(separator: "; "), "request \(line)")
                }
            }
            #expect(refused >= 2)
        }
    }

    @Test func formatTakesAPrettyPrintedBody() async throws {
        try await TestServer.with({ $0.tablesDirectory = Self.tables }) { server in
            let answer = try await server.json(.POST, "/v1/format", "{\n  \"key\": \"lottery.loss.body\",\n  \"locale\": \"ru\",\n  \"args\": [3]\n}\n")
            // The Russian 'few' form for 3, from the app's tables (the README's example).
            #expect(try JSONParser.parse(answer.text)["text"]?.stringValue == "В этот раз ваши 3 билета без выигрыша.")
        }
    }

    /// Requests that need no store (message pushes, a sealed push with no keys, bad lines), so
    /// a server without a context and `herald render --batch` over an empty store agree.
    static let batchLines: [String] = {
        var lines: [String] = []
        for (i, locale) in ExampleRequests.renderLocales.enumerated() {
            lines.append(#"{"id":\#(i),"locale":"\#(locale)","payload":{"aps":{"alert":{"loc-key":"lottery.title","loc-args":["Powerball"]},"mutable-content":1}}}"#)
        }
        lines.append("")
        lines.append(#"{"id":"bad","locale":"en"}"#)
        lines.append(#"{"id":"x","locale":"en","payload":{"aps":{"alert":"plain"}}}"#)
        lines.append("not json")
        lines.append("[1]")
        lines.append(#"{"id":"tag","locale":"@@","payload":{"aps":{}}}"#)
        return lines
    }()

    @Test func batchAnswersAsRenderBatch() async throws {
        let input = Self.batchLines.joined(separator: "\n") + "\n"
        let store = try TemporaryFolder()
        let cli = try await Self.herald(["render", "--batch", "-", "--tables", Self.tables, "--now", ExampleNotifications.now], stdin: input, store: store)
        #expect(cli.status == 0, "\(cli.stderr)")
        try await TestServer.with({ $0.tablesDirectory = Self.tables }) { server in
            let answer = try await server.send(.POST, "/v1/render/batch", body: Array(input.utf8), headers: [("Content-Type", "application/x-ndjson")])
            #expect(answer.status == 200)
            #expect(answer.headers["Content-Type"].first == "application/x-ndjson")
            #expect(answer.text == cli.stdout)
        }
    }

    /// A line split across the body's chunks, a CRLF line end and a last line without a
    /// newline are read as `herald render --batch` reads a file.
    @Test func batchLinesSplitAcrossChunks() async throws {
        let input = Self.batchLines.prefix(3).joined(separator: "\r\n")
        let store = try TemporaryFolder()
        let cli = try await Self.herald(["render", "--batch", "-", "--tables", Self.tables], stdin: input, store: store)
        try await TestServer.with({ $0.tablesDirectory = Self.tables }) { server in
            var request = HTTPClientRequest(url: server.base + "/v1/render/batch")
            request.method = .POST
            let bytes = Array(input.utf8)
            // 7-byte pieces: every line is cut several times.
            let pieces = stride(from: 0, to: bytes.count, by: 7).map { ByteBuffer(bytes: bytes[$0..<min($0 + 7, bytes.count)]) }
            request.body = .stream(AsyncStreamOfBuffers(pieces), length: .known(Int64(bytes.count)))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
            var body = try await response.body.collect(upTo: 1 << 24)
            #expect(body.readString(length: body.readableBytes) == cli.stdout)
        }
    }

    /// A line longer than the batch limit is answered once and skipped, as by `herald render --batch`.
    @Test func anOverlongLineIsAnsweredOnce() async throws {
        let long = #"{"id":1,"locale":"en","pad":""# + String(repeating: "x", count: (1 << 20) + 10) + #""}"#
        let input = long + "\n" + Self.batchLines[0] + "\n"
        let store = try TemporaryFolder()
        let cli = try await Self.herald(["render", "--batch", "-", "--tables", Self.tables], stdin: input, store: store)
        try await TestServer.with({ $0.tablesDirectory = Self.tables }) { server in
            let answer = try await server.send(.POST, "/v1/render/batch", body: Array(input.utf8))
            #expect(answer.text == cli.stdout)
            #expect(answer.text.split(separator: "\n").count == 2)
        }
    }
}

/// Buffers as an async sequence, for a streamed request body.
struct AsyncStreamOfBuffers: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let buffers: [ByteBuffer]
    init(_ buffers: [ByteBuffer]) { self.buffers = buffers }
    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<ByteBuffer>
        mutating func next() async -> ByteBuffer? { rest.popFirst() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: buffers[...]) }
}
