// herald-sourcekeys DIR: the lookups of the Swift code below DIR, as one JSON object on
// standard output (CodeLookups' wire form). `herald validate --sources DIR` runs it, found
// beside herald (or at $HERALD_SOURCEKEYS): swift-syntax is linked here and nowhere else,
// so herald itself starts without it. Exit 0 with the JSON; 2 for a usage error.
import Glibc
import HeraldJSON
import HeraldLint
import HeraldSourceKeys

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
    BufferedOutput.writeAll(fd: 1, "usage: herald-sourcekeys DIR\nPrints the table lookups of the Swift code below DIR as JSON (herald validate --sources runs it).\n")
    exit(0)
}
guard arguments.count == 1, let root = arguments.first, !root.isEmpty else {
    BufferedOutput.writeAll(fd: 2, "usage: herald-sourcekeys DIR\n")
    exit(2)
}
var info = stat()
guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
    BufferedOutput.writeAll(fd: 2, "herald-sourcekeys: \(OutsideText.escaped(root)): no such directory\n")
    exit(2)
}
BufferedOutput.writeAll(fd: 1, JSONWriter.write(SourceKeyScanner.scan(directory: root).wire) + "\n")
