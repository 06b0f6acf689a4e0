import HeraldICU
import HeraldRender
import HeraldTables

/// A catalog held in memory: localization → table → key → message.
struct TestCatalog: MessageCatalog {
    var tables: [String: [String: [String: Message]]]

    var localizations: [String] { tables.keys.sorted() }
    var tableNames: [String] { Array(Set(tables.values.flatMap(\.keys))).sorted() }

    func lookup(key: String, table: String, locale: LocaleID) -> LookupResult? {
        for loc in LocalizationLookup.match(locale, available: localizations) {
            if let t = self.table(table, localization: loc), let e = t[key] {
                return LookupResult(entry: e, localization: loc, table: table)
            }
        }
        return nil
    }

    func table(_ name: String, localization: String) -> Table? {
        guard let keys = tables[localization]?[name] else { return nil }
        var t = Table(name: name, localization: localization)
        for (k, m) in keys.sorted(by: { $0.key < $1.key }) {
            t.set(Entry(key: k, message: m, format: .strings, origin: origin))
        }
        return t
    }
}

let origin = Origin(file: "test", line: 1, column: 1)

func text(_ s: String) -> SourceText { SourceText(s, origin: origin) }

func plain(_ s: String) -> Message { .plain(text(s)) }

/// A one-variable plural message: format `%#@v@` and the given forms.
func plural(
    _ format: String = "%#@v@", name: String = "v", type: String? = "d", argNum: Int? = nil,
    _ forms: [PluralCategory: String]
) -> Message {
    .plural(
        format: text(format),
        variables: [name: PluralVariable(name: name, valueType: type, argNum: argNum, forms: forms.mapValues(text), origin: origin)])
}

func loc(_ s: String) -> LocaleID { (try? LocaleID(s)) ?? LocaleID(unchecked: s) }

/// Renders a message directly for a locale.
func render(_ m: Message, _ locale: String, _ args: [RenderArgument], options: RenderOptions = .init()) -> RenderResult {
    Renderer.renderUncached(message: m, locale: loc(locale), arguments: args, options: options)
}

func n(_ i: Int64) -> RenderArgument { .number(.int(i)) }
func d(_ s: String) -> RenderArgument { .number(.decimal(s)) }
func s(_ v: String) -> RenderArgument { .string(v) }
