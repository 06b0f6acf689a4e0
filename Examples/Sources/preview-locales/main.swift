// Renders every built-in example notification in every locale of a folder, with
// `import HeraldPreview` alone, and prints the table `herald preview` prints.
//
//   preview-locales DIR
import Foundation
import HeraldPreview

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: preview-locales DIR\n".utf8))
    exit(2)
}
do {
    let runner = PreviewRunner(catalog: try Catalog(root: CommandLine.arguments[1]))
    let items = try await runner.examples(locales: PreviewRunner.locales(of: runner.catalog))
    print(PreviewRenderer.render(items, as: .table), terminator: "")
} catch {
    FileHandle.standardError.write(Data("preview-locales: error: \(error)\n".utf8))
    exit(2)
}
