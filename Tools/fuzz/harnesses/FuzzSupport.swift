// Shared by every harness (compiled into each one by Tools/fuzz/build.sh).
import HeraldICU
import HeraldRender
import HeraldTables

/// The fuzzer's bytes as an array (the readers take `[UInt8]`).
func fuzzBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// A property every input must keep. A failure is a bug: it traps so that
/// libFuzzer records the input as a crash.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant broken: \(message())") }
}

/// Locales the harnesses render for: left-to-right and right-to-left, with
/// few and many plural categories.
let fuzzLocales: [LocaleID] = [LocaleID(unchecked: "en"), LocaleID(unchecked: "ar"), LocaleID(unchecked: "ru")]

/// Arguments a hostile table might meet: a number with written decimals, a
/// negative integer, a string with bidi and NUL characters.
let fuzzArguments: [RenderArgument] = [
    .number(.decimal("1.50")), .number(.int(-3)), .string("x\u{202E}y\u{0}z"), .number(.double(1e300)),
]

/// Checks an origin points inside the text it came from (1-based line and column).
func requireOrigin(_ origin: Origin, file: String) {
    require(origin.file == file, "origin file \(origin.file) is not \(file)")
    require(origin.line >= 1 && origin.column >= 1, "origin \(origin) is not 1-based")
}

/// Renders the first few entries of a table result for every fuzz locale: the
/// readers' output goes straight into the renderer on a device.
func renderSome(_ entries: some Sequence<Entry>, file: String) {
    for entry in entries.prefix(4) {
        requireOrigin(entry.origin, file: file)
        for locale in fuzzLocales {
            let result = Renderer.renderUncached(message: entry.message, locale: locale, arguments: fuzzArguments)
            require(result.text.utf8.count < 1 << 24, "rendered text of \(entry.key) is \(result.text.utf8.count) bytes")
        }
    }
}
