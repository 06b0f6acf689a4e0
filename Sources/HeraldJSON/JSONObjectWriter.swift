/// One JSON object written member by member, as `JSONWriter` writes an object: `{`, the
/// members separated by `,` (each on its own line, indented, when `pretty`), `}`; `{}` when
/// it has none. The one place that layout is written: `JSONWriter`'s own objects, objects of
/// members kept as text (`PartlyParsedObject`), and objects written as they are made
/// (`herald export --format json`).
public struct JSONObjectWriter {
    let pretty: Bool
    /// The object's own depth: its members are one deeper.
    let indent: Int
    private var members = 0

    /// An object at depth `indent` (what `JSONWriter.append`'s `indent` says).
    public init(pretty: Bool, indent: Int = 0) {
        self.pretty = pretty
        self.indent = indent
    }

    /// Starts a member: the separator, its line when pretty, and `"key": `; the caller
    /// writes the value next.
    public mutating func key(_ key: String, into out: inout String) {
        writeKey(key, into: &out)
    }

    /// Ends the object.
    public func close(into out: inout String) {
        writeClose(into: &out)
    }

    mutating func writeKey<Out: JSONTextSink>(_ key: String, into out: inout Out) {
        startMember(into: &out)
        out.appendQuoted(key)
        out.appendText(pretty ? ": " : ":")
    }

    /// A whole member already written compactly (`"key":value`).
    mutating func writeMember<Out: JSONTextSink>(compactText text: ArraySlice<UInt8>, into out: inout Out) {
        startMember(into: &out)
        out.appendText(String(decoding: text, as: UTF8.self))
    }

    func writeClose<Out: JSONTextSink>(into out: inout Out) {
        if members == 0 {
            out.appendText("{}")
        } else {
            if pretty { out.appendText("\n" + String(repeating: "  ", count: indent)) }
            out.appendText("}")
        }
    }

    private mutating func startMember<Out: JSONTextSink>(into out: inout Out) {
        out.appendText(members == 0 ? "{" : ",")
        members += 1
        if pretty { out.appendText("\n" + String(repeating: "  ", count: indent + 1)) }
    }
}
