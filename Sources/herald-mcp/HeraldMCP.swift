import Foundation
import HeraldJSON
import HeraldMCPTools
import MCP

/// `herald mcp` (this executable, installed beside `herald`, which runs it): a Model Context
/// Protocol server over stdio for coding assistants, over one tables folder (Docs/editors.md).
/// Only this executable links the MCP SDK.
@main
enum HeraldMCP {
    static let usage = """
        usage: herald mcp --tables DIR

        A Model Context Protocol server over stdin/stdout: the tools validate, format, render,
        preview and explain over the tables below DIR. Every tool only reads; nothing outside
        DIR is read. Configure it in an assistant as the command `herald mcp --tables DIR`
        (Docs/editors.md).
        """

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "mcp" { arguments.removeFirst() }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        guard arguments.count == 2, arguments[0] == "--tables" else {
            fail("herald mcp: give the tables folder: --tables DIR\n\n" + usage, status: 2)
        }
        let tools: HeraldTools
        do {
            tools = HeraldTools(folder: try TablesFolder(arguments[1]))
        } catch {
            fail("herald mcp: --tables \(error.message)", status: 2)
        }
        let server = Server(
            name: "herald", version: "0.1.0",
            instructions: "Herald renders and checks Apple-style translation tables (.strings, .stringsdict, .xcstrings) and push notification payloads. Tools only read.",
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in
            .init(tools: HeraldTools.definitions.map { d in
                Tool(name: d.name, description: d.description, inputSchema: MCPValue.from(d.inputSchema), annotations: .init(readOnlyHint: true, openWorldHint: false))
            })
        }
        await server.withMethodHandler(CallTool.self) { params in
            var object = JSONObject()
            for (name, value) in (params.arguments ?? [:]).sorted(by: { $0.key < $1.key }) { object[name] = MCPValue.json(value) }
            do {
                let answer = try tools.call(params.name, object)
                let data: Value? = MCPValue.from(answer.data)
                return CallTool.Result(content: [.text(text: answer.summary, annotations: nil, _meta: nil)], structuredContent: data, isError: false)
            } catch {
                let message = (error as? ToolError)?.message ?? "\(error)"
                return CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)], isError: true)
            }
        }
        do {
            try await server.start(transport: StdioTransport())
            await server.waitUntilCompleted()
        } catch {
            fail("herald mcp: \(error)", status: 1)
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}

/// Herald's JSON values and the SDK's, both ways.
enum MCPValue {
    static func from(_ v: JSONValue) -> Value {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return Int(n).map(Value.int) ?? .double(Double(n) ?? 0)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(from))
        case .object(let o):
            var out: [String: Value] = [:]
            for (k, value) in o { out[k] = from(value) }
            return .object(out)
        }
    }

    static func json(_ v: Value) -> JSONValue {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return d.isFinite ? .number(String(d)) : .null
        case .string(let s): return .string(s)
        case .data(_, let d): return .string(d.base64EncodedString())
        case .array(let a): return .array(a.map(json))
        case .object(let o):
            var out = JSONObject()
            for (k, value) in o.sorted(by: { $0.key < $1.key }) { out[k] = json(value) }
            return .object(out)
        }
    }
}
