// libFuzzer harness: the `.stringsdict` reader (XML and binary plists), then
// the renderer on the plural, width and device entries it read.
import HeraldTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = "fuzz.lproj/Localizable.stringsdict"
    let result = StringsdictReader.read(bytes: fuzzBytes(data, size), file: file)
    for d in result.diagnostics { require(!d.message.isEmpty, "empty diagnostic message") }
    renderSome(result.entries, file: file)
    return 0
}
