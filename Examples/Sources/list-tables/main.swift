// Lists the localizations and tables of a folder, with `import HeraldTables` alone.
//
//   list-tables DIR
import Foundation
import HeraldTables

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: list-tables DIR\n".utf8))
    exit(2)
}
do {
    let catalog = try Catalog(root: CommandLine.arguments[1])
    for table in catalog.loadAll().tables {
        print("\(table.localization)\t\(table.name)\t\(table.entries.count) keys")
    }
    // The locale chain a device would walk for Brazilian Portuguese.
    let chain = LocalizationLookup.match(try LocaleID("pt-BR"), available: catalog.localizations)
    print("pt-BR is served by: \(chain.joined(separator: " → "))")
} catch {
    FileHandle.standardError.write(Data("list-tables: error: \(error)\n".utf8))
    exit(2)
}
