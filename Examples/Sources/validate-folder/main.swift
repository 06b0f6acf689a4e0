// Lints a folder of translation tables, with `import HeraldLint` alone.
//
//   validate-folder [DIR]...
//
// Prints one compiler-style line per finding; exit 1 when one of them is an error.
import Foundation
import HeraldLint

let paths = CommandLine.arguments.count > 1 ? Array(CommandLine.arguments.dropFirst()) : ["Localizations"]
do {
    let report = try Linter().run(paths: paths)
    print(LintOutput.render(report, format: .text), terminator: "")
    exit(report.fails(strict: false) ? 1 : 0)
} catch {
    FileHandle.standardError.write(Data("validate-folder: error: \(error)\n".utf8))
    exit(2)
}
