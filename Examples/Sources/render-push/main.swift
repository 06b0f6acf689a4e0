// Renders one push the way a Notification Service Extension would, with `import HeraldStage` alone.
//
//   render-push TABLES PUSH.json LOCALE
//
// Prints the final payload; exit 3 when the stage had to fall back, 2 on bad input.
import Foundation
import HeraldStage

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: render-push TABLES PUSH.json LOCALE\n".utf8))
    exit(2)
}
let (tables, pushPath, tag) = (arguments[arguments.startIndex], arguments[arguments.startIndex + 1], arguments[arguments.startIndex + 2])

do {
    let catalog = try Catalog(root: tables)
    let locale = try LocaleID(tag)
    guard let push = FileManager.default.contents(atPath: pushPath) else {
        FileHandle.standardError.write(Data("render-push: error: \(pushPath): cannot read\n".utf8))
        exit(2)
    }
    // No store, no keys: a plain push. An app passes `.directory(...)` for both.
    let stage = Stage(configuration: StageConfiguration(catalog: catalog, sealingAlgorithms: [.hpke, .aesGCM]))
    let outcome = try await stage.process(push, locale: locale)
    print(outcome.json)
    for d in outcome.diagnostics {
        FileHandle.standardError.write(Data("render-push: warning: \(d.message) [\(d.rule)]\n".utf8))
    }
    exit(outcome.fallback ? 3 : 0)
} catch {
    FileHandle.standardError.write(Data("render-push: error: \(error)\n".utf8))
    exit(2)
}
