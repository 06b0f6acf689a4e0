// libFuzzer harness: the String Catalog (`.xcstrings`, JSON) reader, then the
// renderer on every localization it read.
import HeraldTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = "Fuzz.xcstrings"
    let result = XCStringsReader.read(bytes: fuzzBytes(data, size), file: file)
    for d in result.diagnostics { require(!d.message.isEmpty, "empty diagnostic message") }
    for (_, localization) in result.localizations.sorted(by: { $0.key < $1.key }).prefix(3) {
        renderSome(localization.entries, file: file)
    }
    return 0
}
