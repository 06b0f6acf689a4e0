import Synchronization

/// Per-locale shortcuts to the most used cached formatters, so the hot path
/// (plural rules and currency formatter of a locale already seen) is one
/// atomic load or a short scan instead of hashing string keys. Every
/// `LocaleID` with the same `icuID` shares one `LocaleSlots` (interned, up to
/// `internLimit` distinct ids; beyond that each value gets its own, which is
/// only slower, never wrong: the process-wide caches stay the source of truth).
final class LocaleSlots: Sendable {
    let cardinal = AtomicLazyReference<PluralRules>()
    let ordinal = AtomicLazyReference<PluralRules>()
    /// (ISO code as asked, width, formatter); a handful per locale at most.
    let currencies = Mutex<[(code: String, width: String?, format: CurrencyFormat)]>([])

    static let internLimit = 4096
    private static let interned = Mutex<[String: LocaleSlots]>([:])

    static func shared(for icuID: String) -> LocaleSlots {
        interned.withLock { table in
            if let hit = table[icuID] { return hit }
            let made = LocaleSlots()
            if table.count < internLimit { table[icuID] = made }
            return made
        }
    }

    func currency(code: String, width: String?) -> CurrencyFormat? {
        currencies.withLock { list in
            for entry in list where entry.code == code && entry.width == width { return entry.format }
            return nil
        }
    }

    func remember(_ format: CurrencyFormat, code: String, width: String?) {
        currencies.withLock { list in
            if list.count < 64, !list.contains(where: { $0.code == code && $0.width == width }) {
                list.append((code, width, format))
            }
        }
    }
}
