// libFuzzer harness: the String Catalog (`.xcstrings`, JSON) reader, then the
// renderer on every localization it read; and the catalog's language scan
// (`XCStringsScanner`, which lists a catalog's languages without parsing it)
// against the reader: whenever the scan answers, the reader found no syntax
// error, the same source language, and no language the scan did not list.
@testable import HeraldTableFormats
import HeraldTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = "Fuzz.xcstrings"
    let bytes = fuzzBytes(data, size)
    let result = XCStringsReader.read(bytes: bytes, file: file)
    for d in result.diagnostics { require(!d.message.isEmpty, "empty diagnostic message") }
    if let scanned = XCStringsScanner.scan(bytes) {
        require(!result.diagnostics.contains { $0.rule == .syntax }, "the scan answered for a catalog with a syntax error")
        require(scanned.sourceLanguage == result.sourceLanguage,
            "scan says source \(String(describing: scanned.sourceLanguage)), reader \(String(describing: result.sourceLanguage))")
        // The scan may list a language whose every message is malformed; the reader does not.
        require(scanned.languages.isSuperset(of: result.localizations.keys),
            "reader has \(result.localizations.keys.sorted()), scan \(scanned.languages.sorted())")
    }
    for (_, localization) in result.localizations.sorted(by: { $0.key < $1.key }).prefix(3) {
        renderSome(localization.entries, file: file)
    }
    return 0
}
