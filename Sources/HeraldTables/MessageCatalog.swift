public import HeraldICU
import HeraldTableFormats

/// The result of looking a key up for a locale.
public struct LookupResult: Sendable {
    /// The entry found.
    public var entry: Entry
    /// The localization that served it, as the folder or catalog names it ("pt-BR", "Base").
    public var localization: String
    /// The table it was found in.
    public var table: String
    /// The language the text is written in (`LocalizationLookup.textLanguage`): its plural
    /// rules choose the forms. `English.lproj` is `en`; `Base` the development language.
    public var language: LocaleID?

    /// Makes a result; `language` nil reads it from `localization` (`Base` then has none).
    public init(entry: Entry, localization: String, table: String, language: LocaleID? = nil) {
        self.entry = entry
        self.localization = localization
        self.table = table
        self.language = language ?? LocalizationLookup.textLanguage(of: localization, development: nil)
    }
}

/// Anything that can answer "what does `key` say in `table` for `locale`",
/// the way a device's bundle would: walk the locale's localization chain
/// (`LocalizationLookup.match`), and in each localization merge
/// `table.stringsdict` over `table.strings` (and String Catalogs).
/// `Catalog` (a folder of tables, loaded lazily) is the main one.
public protocol MessageCatalog: Sendable {
    /// The localizations present (folder or catalog names as written), sorted.
    var localizations: [String] { get }
    /// Looks `key` up along `locale`'s chain. Nil when no localization has it.
    func lookup(key: String, table: String, locale: LocaleID) -> LookupResult?
    /// One table of one localization, loaded on first use. Nil when absent.
    func table(_ name: String, localization: String) -> Table?
    /// The table names present in any localization, sorted.
    var tableNames: [String] { get }
}
