import HeraldSync

/// A process-wide cache of ICU handles keyed by locale and options. Formatters
/// are expensive to open (milliseconds) and cheap to use, so each is opened
/// once and shared by every thread. Values are reference types that are
/// themselves safe to share.
///
/// Every formatter is opened for a locale and something of its own (a
/// pattern, a skeleton, a width, a plural type…): that is `Options`, and the
/// cache pairs it with the locale's ICU id, so no formatter declares a key.
/// The cache is made with the formatter's way to open one (`open`), so a
/// formatter's `for` is one call: `cache.value(for: locale, options)`.
///
/// Keys can come from input (message patterns, skeletons, locale tags), so the
/// cache holds at most `limit` values: when full it starts over (values still
/// in use stay alive with their users). Without the bound, a long-running
/// process fed ever new patterns grows without end (found by fuzzing).
final class FormatterCache<Options: Hashable & Sendable, Value: AnyObject & Sendable>: Sendable {
    private struct Key: Hashable, Sendable {
        let locale: String
        let options: Options
    }

    private let storage = Locked<[Key: Value]>([:])
    private let open: @Sendable (LocaleID, Options) throws(ICUError) -> Value
    let limit: Int

    init(limit: Int = 4096, open: @escaping @Sendable (LocaleID, Options) throws(ICUError) -> Value) {
        self.limit = max(1, limit)
        self.open = open
    }

    /// The value for `locale` and `options`, opened on a miss.
    func value(for locale: LocaleID, _ options: Options) throws(ICUError) -> Value {
        let key = Key(locale: locale.icuID, options: options)
        if let hit = storage.withLock({ $0[key] }) { return hit }
        // Open outside the lock: opening may take milliseconds.
        let made = try open(locale, options)
        return storage.withLock { dict in
            if let raced = dict[key] { return raced }
            if dict.count >= limit { dict.removeAll(keepingCapacity: true) }
            dict[key] = made
            return made
        }
    }

    var count: Int { storage.withLock { $0.count } }
}
