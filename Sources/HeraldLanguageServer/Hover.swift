import HeraldICU
import HeraldJSON
import HeraldRender
import HeraldTables

/// Hover on a key or its value: the message in every language of the bundle, rendered with
/// sample arguments (a number per plural category of the language), with the localization
/// that serves each language when it is not its own.
enum HoverText {
    /// At most this many languages are shown (a hover is read, not scrolled).
    static let languageLimit = 60

    static func markdown(key: String, view: BundleView) -> String {
        let catalog = view.catalog
        let renderer = Renderer(catalog: catalog)
        var lines = ["**\(escape(key))** — table \(escape(view.place.table))", ""]
        let localizations = catalog.localizations.filter { $0.lowercased() != "base" }
        for name in localizations.prefix(languageLimit) {
            guard let locale = try? LocaleID(name) else { continue }
            guard let found = catalog.lookup(key: key, table: view.place.table, locale: locale) else {
                lines.append("- `\(name)`: *missing* (no table on its chain has the key)")
                continue
            }
            let served = LocalizationLookup.normalize(found.localization) == LocalizationLookup.normalize(name) ? "" : " *(served by \(found.localization))*"
            let arguments = MessageSamples.arguments(for: found.entry.message)
            switch found.entry.message {
            case .plural:
                lines.append("- `\(name)`\(served):")
                let rules = try? PluralRules.for(locale)
                for category in rules?.categories ?? [] {
                    guard let sample = rules?.samples(for: category).integers.first ?? rules?.samples(for: category).decimals.first else { continue }
                    let args = arguments.map { $0.isNumber ? RenderArgument.number(NumericValue(literal: sample) ?? .int(0)) : $0.value }
                    lines.append("  - \(category.rawValue) (\(sample)): \(render(renderer, key, view.place.table, locale, args))")
                }
            default:
                lines.append("- `\(name)`\(served): \(render(renderer, key, view.place.table, locale, arguments.map(\.value)))")
            }
        }
        if localizations.count > languageLimit { lines.append("- … and \(localizations.count - languageLimit) more") }
        return lines.joined(separator: "\n")
    }

    static func render(_ renderer: Renderer, _ key: String, _ table: String, _ locale: LocaleID, _ args: [RenderArgument]) -> String {
        do {
            let text = try renderer.render(key: key, table: table, locale: locale, arguments: args).text
            return escape(TableOutline.oneLine(text))
        } catch {
            return "*\(escape(TableOutline.oneLine("\(error)")))*"
        }
    }

    /// Markdown's punctuation escaped, so a translation shows as written.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            if "\\`*_{}[]<>()#+-.!|".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
