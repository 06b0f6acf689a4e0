// libFuzzer harness: the printf-style format parser (`%1$@`, `%#@var@`,
// `%-*.*lld` …) and the renderer on the format as a plain message.
import HeraldRender
import HeraldTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    let parsed = FormatStringParser.parse(text)
    let length = text.utf8.count
    for s in parsed.specifiers {
        require(s.utf8Range.lowerBound >= 0 && s.utf8Range.upperBound <= length, "specifier range \(s.utf8Range) outside \(length) bytes")
        if let w = s.width { require(w <= FormatStringParser.maximumWidth, "width \(w) over the maximum") }
    }
    for p in parsed.problems {
        require(p.utf8Range.lowerBound >= 0 && p.utf8Range.upperBound <= length, "problem range \(p.utf8Range) outside \(length) bytes")
    }
    let message = Message.plain(SourceText(text, origin: Origin(file: "fuzz", line: 1, column: 1)))
    for locale in fuzzLocales {
        let result = Renderer.renderUncached(message: message, locale: locale, arguments: fuzzArguments)
        require(result.text.utf8.count < 1 << 24, "rendered \(result.text.utf8.count) bytes")
    }
    return 0
}
