import HeraldRender
import Testing

// Imports HeraldRender alone: the catalog and locale types come with it.

@Suite struct RenderProductTests {
    /// `lottery.loss.body` in Russian with 3 tickets: the README's example, whose text is the
    /// `few` form written in Localizations/ru.lproj/Localizable.stringsdict.
    @Test func renderOneKeyWithTheRenderImportAlone() throws {
        let tables = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/"))
        let renderer = Renderer(catalog: try Catalog(root: "/" + tables + "/Localizations"))
        let three = try #require(NumericValue(literal: "3"))
        let result = try renderer.render(key: "lottery.loss.body", locale: try LocaleID("ru"), arguments: [.number(three)])
        #expect(result.text == "В этот раз ваши 3 билета без выигрыша.")
    }

    /// A folder that is not there is a thrown CatalogError, not an empty catalog.
    @Test func catalogOfAMissingFolderThrows() {
        #expect(throws: CatalogError(path: "/no/such/tables", message: "no such file or directory")) {
            try Catalog(root: "/no/such/tables")
        }
    }
}
