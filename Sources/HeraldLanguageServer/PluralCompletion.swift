import Foundation
import HeraldICU
import HeraldJSON

/// Completion of plural categories in a `.stringsdict`: after `<key>`, the categories the
/// file's language selects, each with the numbers that select it.
enum PluralCompletion {
    static func items(line: String, character: Int, localization: String) -> [JSONValue] {
        let before = String(decoding: Array(line.utf16.prefix(character)), as: UTF16.self)
        guard let open = before.range(of: "<key>", options: .backwards) else { return [] }
        let typed = before[open.upperBound...]
        guard typed.allSatisfy({ $0.isLetter }) else { return [] }
        guard let locale = try? LocaleID(localization), let rules = try? PluralRules.for(locale) else { return [] }
        return rules.categories.map { category in
            let samples = rules.samples(for: category)
            let shown = (samples.integers.prefix(4) + samples.decimals.prefix(samples.integers.isEmpty ? 3 : 0)).joined(separator: ", ")
            return .object(JSONObject([
                ("label", .string(category.rawValue)), ("kind", .int(12)),
                ("detail", .string("\(localization): \(shown)…")),
            ]))
        }
    }
}
