// herald-mf2-conformance: runs the Unicode MessageFormat working group's test suite
// (tests/**/*.json in the folder given) against HeraldMF2 and prints, per file, how
// many tests pass, each failure with its reason, and the totals. Exit status 1 when
// any test fails.
//
//     swift run herald-mf2-conformance <folder holding tests/>
import HeraldICU
import HeraldJSON
import HeraldMF2

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
guard let root = arguments.first(where: { !$0.hasPrefix("-") }) else {
    print("usage: herald-mf2-conformance <suite folder> [--verbose]")
    exit(2)
}
let verbose = arguments.contains("--verbose")

let functions = MF2Functions.standard
    .adding("test:function", TestFunction(canFormat: true, canSelect: true))
    .adding("test:select", TestFunction(canFormat: false, canSelect: true))
    .adding("test:format", TestFunction(canFormat: true, canSelect: false))

var files = SuiteFiles.list(root + "/tests")
files.sort()
guard !files.isEmpty else {
    print("no tests/**/*.json under \(root)")
    exit(2)
}
var totalPass = 0
var totalFail = 0
for file in files {
    let name = String(file.dropFirst(root.count + "/tests/".count))
    guard let bytes = SuiteFiles.read(file), case .object(let top) = try? JSONParser.parse(bytes: bytes) else {
        print("FAIL \(name): cannot read or parse")
        totalFail += 1
        continue
    }
    let defaults = top["defaultTestProperties"]?.objectValue
    var pass = 0
    var failures: [String] = []
    for (n, t) in (top["tests"]?.arrayValue ?? []).enumerated() {
        guard let test = t.objectValue else { continue }
        let result = ConformanceTest(test, defaults: defaults).run(functions: functions)
        if let reason = result.failure {
            failures.append("  #\(n + 1) \(Show.quote(test["src"]?.stringValue ?? defaults?["src"]?.stringValue ?? "")): \(reason)")
        } else {
            pass += 1
            if verbose { print("  ok #\(n + 1) \(Show.quote(test["src"]?.stringValue ?? "")) -> \(Show.quote(result.text))") }
        }
    }
    totalPass += pass
    totalFail += failures.count
    print("\(failures.isEmpty ? "PASS" : "FAIL") \(name): \(pass)/\(pass + failures.count)")
    for f in failures { print(f) }
}
print("total: \(totalPass) passed, \(totalFail) failed, of \(totalPass + totalFail)")
exit(totalFail == 0 ? 0 : 1)
