// libFuzzer harness: ICU MessageFormat patterns, as `.icu` tables hold them
// (`{count, plural, one {# item} other {# items}}`): ICU's own parser through
// HeraldICU, and Herald's argument scan and renderer on top.
import HeraldICU
import HeraldRender
import HeraldTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    if let format = try? MessageFormat.for(pattern: text, locale: fuzzLocales[0]) {
        _ = try? format.format([("0", .number(.int(1))), ("count", .number(.decimal("2.5"))), ("name", .string("Zoë"))])
    }
    let message = Message.plain(SourceText(text, origin: Origin(file: "fuzz.icu", line: 1, column: 1)))
    for locale in fuzzLocales {
        let result = Renderer.renderUncached(message: message, locale: locale, arguments: fuzzArguments, icu: true)
        require(result.text.utf8.count < 1 << 24, "rendered \(result.text.utf8.count) bytes")
    }
    return 0
}
