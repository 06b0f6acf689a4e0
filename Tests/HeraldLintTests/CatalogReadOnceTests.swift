import Foundation
import HeraldTables
import Testing

@testable import HeraldLint

/// `validate` reads each String Catalog once: the development localization (the catalog's
/// source language) is named after the catalog is read, from the text it holds. Asked
/// first, it read the whole file for that name and then again for the entries (two 4 MB
/// copies of the hostile catalog in one process).
@Suite struct CatalogReadOnceTests {
    @Test func aBundleOfACatalogAndAFolderReadsEachFileOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-read-once-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/fr.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"sourceLanguage":"de","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"A"}}}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/Localizable.xcstrings"))
        try Data(#""b" = "B";"#.utf8).write(to: URL(fileURLWithPath: folder + "/fr.lproj/Other.strings"))
        let files = try TableFiles.collect([folder], ignore: [])
        let group = try #require(files.groups.first)
        let bundle = BundleTables.load(group, development: nil) { _ in }
        // The catalog's source language names the development localization (not "en").
        #expect(bundle.development == "de")
        #expect(bundle.localizations == ["de", "en", "fr"])
        #expect(bundle.fileReads == 2)
    }
}
