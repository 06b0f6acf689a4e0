import Foundation
import HeraldJSON
import HeraldMCPTools
import Testing

/// `herald mcp`'s tools below one folder: paths that leave it are refused, answers name
/// files relative to it.
@Test func toolsStayInTheirFolder() throws {
    let root = NSTemporaryDirectory() + "herald-mcp-" + UUID().uuidString
    let outside = root + "-outside"
    defer {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: outside)
    }
    for dir in [root + "/en.lproj", root + "/de.lproj", outside] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
    try "\"a\" = \"Hello %@\";\n".write(toFile: root + "/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
    try "\"a\" = \"Hallo %d\";\n".write(toFile: root + "/de.lproj/Localizable.strings", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
    let tools = HeraldTools(folder: try TablesFolder(root))
    for bad in ["/etc", "../", "en.lproj/../../x", "out"] {
        #expect(throws: ToolError.self) { try tools.call("validate", JSONObject([("path", .string(bad))])) }
    }
    let answer = try tools.call("validate", JSONObject())
    let files = answer.data["diagnostics"]?.arrayValue?.compactMap { $0["file"]?.stringValue } ?? []
    #expect(files == ["de.lproj/Localizable.strings"])
    let formatted = try tools.call("format", JSONObject([("key", .string("a")), ("locales", .array([.string("de")])), ("arguments", .array([.string("7")]))]))
    #expect(formatted.data["results"]?.arrayValue?.first?["text"]?.stringValue == "Hallo 7")
    #expect(throws: ToolError.self) { try tools.call("write", JSONObject()) }
}
