// Renders one key for one locale with explicit arguments, with `import HeraldRender` alone.
//
//   format-key TABLES KEY LOCALE [ARG]...
//
// A numeric argument is passed as a number (its written decimals kept), the rest as text.
import Foundation
import HeraldRender

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: format-key TABLES KEY LOCALE [ARG]...\n".utf8))
    exit(2)
}

do {
    let renderer = Renderer(catalog: try Catalog(root: arguments[0]))
    let values: [RenderArgument] = arguments.dropFirst(3).map { text in
        NumericValue(literal: text).map(RenderArgument.number) ?? .text(text)
    }
    let result = try renderer.render(key: arguments[1], locale: try LocaleID(arguments[2]), arguments: values)
    for d in result.diagnostics { FileHandle.standardError.write(Data("format-key: \(d)\n".utf8)) }
    print(result.text)
} catch {
    FileHandle.standardError.write(Data("format-key: error: \(error)\n".utf8))
    exit(error is RenderError ? 4 : 2)
}
