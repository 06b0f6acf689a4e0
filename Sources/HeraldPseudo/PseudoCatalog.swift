public import HeraldICU
public import HeraldTables
import HeraldRender

/// The source language's tables served under pseudo-locale tags (`en-XA`,
/// `ar-XB`…): every message found for `source` in `base`, transformed by the
/// pseudo-locale the requested locale names. It serves nothing else, so a
/// key missing from the source is missing here too.
///
/// ICU MessageFormat tables (a name ending in `.icu`) are served unchanged:
/// the pseudo-localizer reads printf-style format strings only.
public struct PseudoCatalog: MessageCatalog {
    /// The tables transformed.
    public let base: any MessageCatalog
    /// The pseudo-locales served.
    public let pseudoLocales: [PseudoLocale]
    /// The language whose text is transformed.
    public let source: LocaleID

    /// Serves `pseudoLocales` from `base`'s `source` text (default `en`).
    public init(base: any MessageCatalog, pseudoLocales: [PseudoLocale], source: LocaleID = LocaleID(unchecked: "en")) {
        self.base = base
        self.pseudoLocales = pseudoLocales
        self.source = source
    }

    /// The pseudo-locales' tags, sorted.
    public var localizations: [String] { pseudoLocales.map(\.tag).sorted() }

    /// The base catalog's table names.
    public var tableNames: [String] { base.tableNames }

    /// The source message for `key`, transformed for the pseudo-locale `locale` names.
    public func lookup(key: String, table: String, locale: LocaleID) -> LookupResult? {
        guard let kind = PseudoLocale(locale: locale), pseudoLocales.contains(kind),
              let hit = base.lookup(key: key, table: table, locale: source)
        else { return nil }
        // The pseudo text is the source text transformed: its plural rules are the source's.
        return LookupResult(
            entry: Self.transform(hit.entry, kind, table: table), localization: kind.tag, table: hit.table, language: hit.language)
    }

    /// The source localization's table `name`, every entry transformed.
    public func table(_ name: String, localization: String) -> Table? {
        guard let kind = pseudoLocales.first(where: { $0.tag == localization }),
              let from = LocalizationLookup.match(source, available: base.localizations).first,
              let table = base.table(name, localization: from)
        else { return nil }
        var out = Table(name: name, localization: kind.tag)
        out.files = table.files
        out.catalogVersion = table.catalogVersion
        for e in table.entries {
            out.set(Self.transform(e, kind, table: name))
        }
        return out
    }

    static func transform(_ entry: Entry, _ kind: PseudoLocale, table: String) -> Entry {
        guard !Renderer.isICUTable(table) else { return entry }
        var e = entry
        e.message = Pseudolocalizer(kind).message(entry.message)
        return e
    }
}
