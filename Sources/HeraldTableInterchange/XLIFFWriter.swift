import HeraldTableFormats
import HeraldTables
// XLIFF text the way Xcode lays it out: UTF-8, two-space indent, LF line ends,
// a final newline; `<source/>` for an empty text and `<note/>` for no note.

extension XLIFFDocument {
    /// The tool named in each file's `header`.
    public struct Tool: Sendable {
        public var id: String
        public var name: String
        public var version: String
        public init(id: String, name: String, version: String) { (self.id, self.name, self.version) = (id, name, version) }
    }

    /// The document as XLIFF 1.2 text.
    public func text(tool: Tool) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" \
            xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">

            """
        for f in files {
            out += "  <file original=\"\(XLIFFText.attribute(f.original))\" source-language=\"\(XLIFFText.attribute(f.sourceLanguage))\""
            if let t = f.targetLanguage { out += " target-language=\"\(XLIFFText.attribute(t))\"" }
            out += " datatype=\"\(XLIFFText.attribute(f.datatype))\">\n"
            out += "    <header>\n"
            out += "      <tool tool-id=\"\(XLIFFText.attribute(tool.id))\" tool-name=\"\(XLIFFText.attribute(tool.name))\" tool-version=\"\(XLIFFText.attribute(tool.version))\"/>\n"
            out += "    </header>\n"
            out += "    <body>\n"
            for u in f.units {
                out += "      <trans-unit id=\"\(XLIFFText.attribute(u.id))\""
                if let r = u.resname { out += " resname=\"\(XLIFFText.attribute(r))\"" }
                out += " xml:space=\"preserve\">\n"
                out += "        " + XLIFFText.element("source", u.source) + "\n"
                if let t = u.target {
                    let state = u.state.map { " state=\"\(XLIFFText.attribute($0))\"" } ?? ""
                    out += "        " + XLIFFText.element("target", t, attributes: state) + "\n"
                }
                out += "        " + XLIFFText.element("note", u.note) + "\n"
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n"
            out += "  </file>\n"
        }
        return out + "</xliff>\n"
    }
}

/// XML escaping as Xcode does it.
enum XLIFFText {
    /// `<name attrs>text</name>`, or `<name attrs/>` when the text is empty.
    static func element(_ name: String, _ text: String, attributes: String = "") -> String {
        text.isEmpty ? "<\(name)\(attributes)/>" : "<\(name)\(attributes)>\(self.text(text))</\(name)>"
    }

    /// Element text: `&amp; &lt; &gt;`, CR as `&#13;` (a literal CR would read back as LF);
    /// quotes stay as they are.
    static func text(_ s: String) -> String { escaped(s, attribute: false) }

    /// An attribute value: also `&quot;`, and newline and tab as character references
    /// (literal ones would read back as spaces).
    static func attribute(_ s: String) -> String { escaped(s, attribute: true) }

    static func escaped(_ s: String, attribute: Bool) -> String {
        ScalarEscaping.escaped(s) { u in
            if u == "\r" || (attribute && (u == "\n" || u == "\t")) { return "&#\(u.value);" }
            if attribute, u == "\"" { return "&quot;" }
            return TableExport.xmlEscaped(u)
        }
    }
}
