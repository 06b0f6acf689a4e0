// libFuzzer harness: the `.strings` reader (old-style plist text and binary
// plists, every text encoding it detects), then the renderer on what it read.
import HeraldTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = "fuzz.lproj/Localizable.strings"
    let result = StringsReader.read(bytes: fuzzBytes(data, size), file: file)
    for d in result.diagnostics { require(!d.message.isEmpty, "empty diagnostic message") }
    renderSome(result.entries, file: file)
    return 0
}
