// herald-embed-localizations OUTPUT ROOT FILE...
//
// Run by the EmbedLocalizations build-tool plugin (Plugins/EmbedLocalizations): writes OUTPUT,
// a Swift file giving `EmbeddedLocalizations.files` every FILE (a path relative to ROOT) with its
// contents, byte for byte. Files must be UTF-8 (what `herald` embeds is text); anything else
// stops the build with the file and the offset of the first bad byte. A table file under ROOT
// that is not among the FILEs (added since SwiftPM planned the build, which is when the plugin
// lists the folder) stops the build too, naming it: the embedded copy is never a stale listing.
import Foundation
import HeraldTableFormats

/// One Swift string-literal piece for `scalar`: itself, or an escape where the character would
/// end the literal, change meaning in source (`\`, `"`, a carriage return, which Swift reads as a
/// line break) or be invisible in a review (controls, format characters such as bidi marks,
/// line and paragraph separators, unassigned code points).
func escaped(_ scalar: Unicode.Scalar, keepLineFeed: Bool) -> String {
    switch scalar {
    case "\\": return "\\\\"
    case "\"": return "\\\""
    case "\n": return keepLineFeed ? "\n" : "\\n"
    case "\t": return "\t"
    default: break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
        return "\\u{" + String(scalar.value, radix: 16) + "}"
    default:
        return String(scalar)
    }
}

/// A one-line literal (for paths).
func lineLiteral(_ text: String) -> String {
    "\"" + text.unicodeScalars.map { escaped($0, keepLineFeed: false) }.joined() + "\""
}

/// A multi-line literal whose value is exactly `text`: line feeds stay line breaks (the line
/// before the closing delimiter is not part of the value), so the generated file reads like
/// the table it holds; the closing delimiter at column 0 strips no indentation.
func blockLiteral(_ text: String) -> String {
    "\"\"\"\n" + text.unicodeScalars.map { escaped($0, keepLineFeed: true) }.joined() + "\n\"\"\""
}

/// Where the first byte that is not part of a well-formed UTF-8 sequence is (one pass).
func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
    var input = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &input) {
        case .valid(let encoded): offset += encoded.count
        case .emptyInput, .error: return offset
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("herald-embed-localizations: " + message + "\n").utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else { fail("usage: herald-embed-localizations OUTPUT ROOT FILE...") }
let output = arguments[arguments.startIndex]
let root = arguments[arguments.startIndex + 1]
let folder = URL(fileURLWithPath: root).lastPathComponent

/// The table files below `root` (relative paths), as the plugin lists them: regular files
/// named .strings, .stringsdict or .xcstrings.
func tableFiles(below root: String) -> Set<String> {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var found = Set<String>()
    while let relative = walker.nextObject() as? String {
        guard walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular,
            TableFormat.isTableFileName(relative)
        else { continue }
        found.insert(relative)
    }
    return found
}

let unlisted = tableFiles(below: root).subtracting(arguments.dropFirst(2)).sorted()
if !unlisted.isEmpty {
    fail("""
        \(unlisted.count) table file(s) added to \(folder)/ since the build was planned: \
        \(unlisted.prefix(5).joined(separator: ", "))\(unlisted.count > 5 ? ", …" : ""). \
        Run `touch Package.swift` and build again, so that they are embedded too.
        """)
}

var source = """
    // Generated at build time by the EmbedLocalizations plugin from \(folder)/. Do not edit;
    // edit the tables themselves.

    extension EmbeddedLocalizations {
        public static let files: [(path: String, contents: String)] = [

    """
for relative in arguments.dropFirst(2) {
    guard let data = FileManager.default.contents(atPath: root + "/" + relative) else {
        fail("\(folder)/\(relative): cannot read the file")
    }
    let bytes = [UInt8](data)
    guard let text = String(validating: bytes, as: UTF8.self) else {
        fail("\(folder)/\(relative): not UTF-8 (first bad byte at offset \(firstInvalidOffset(bytes))); save the table as UTF-8")
    }
    source += "        (" + lineLiteral(relative) + ", " + blockLiteral(text) + "),\n"
}
source += "    ]\n}\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    fail("\(output): \(error)")
}
