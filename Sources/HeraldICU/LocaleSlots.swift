import HeraldSync
import Synchronization

/// Per-locale shortcuts to the most used cached formatters, so the hot path
/// (plural rules and currency formatter of a locale already seen) is one
/// atomic load or a short scan instead of hashing string keys. Every
/// `LocaleID` with the same `icuID` shares one `LocaleSlots` (interned, up to
/// `internLimit` distinct ids; beyond that each value gets its own, which is
/// only slower, never wrong: the process-wide caches stay the source of truth).
final class LocaleSlots: Sendable {
    let cardinal = OnceReference<PluralRules>()
    let ordinal = OnceReference<PluralRules>()
    /// `NumberFormat.plainDecimal(for:)` of this locale.
    let plainDecimal = OnceReference<NumberFormat>()
    /// `NumberFormat.decimal(fractionDigits: i, locale:)` for i in 0..<decimalSlotCount.
    let decimals: [OnceBox<NumberFormat>] = (0..<LocaleSlots.decimalSlotCount).map { _ in OnceBox() }
    static let decimalSlotCount = 10
    /// The first currency formatter asked for in this locale: most callers
    /// use one currency per locale, and this check is lock-free.
    let firstCurrency = OnceReference<CurrencyFormat>()
    /// (ISO code as asked, width, formatter); a handful per locale at most.
    let currencies = Locked<[(code: String, width: String?, format: CurrencyFormat)]>([])

    /// `LocaleID.hasICUData`, once known: 0 not yet asked, 1 yes, 2 no.
    let hasICUData = Atomic<Int8>(0)

    static let internLimit = 4096
    private static let interned = Locked<[String: LocaleSlots]>([:])

    static func shared(for icuID: String) -> LocaleSlots {
        interned.withLock { table in
            if let hit = table[icuID] { return hit }
            let made = LocaleSlots()
            if table.count < internLimit { table[icuID] = made }
            return made
        }
    }

    func currency(code: String, width: String?) -> CurrencyFormat? {
        if let first = firstCurrency.load(), first.requestedCode == code, first.width == width { return first }
        return currencies.withLock { list in
            for entry in list where entry.code == code && entry.width == width { return entry.format }
            return nil
        }
    }

    func remember(_ format: CurrencyFormat, code: String, width: String?) {
        if format.requestedCode == code, format.width == width, firstCurrency.storeIfNil(format) === format { return }
        currencies.withLock { list in
            if list.count < 64, !list.contains(where: { $0.code == code && $0.width == width }) {
                list.append((code, width, format))
            }
        }
    }
}

/// A reference set at most once and then read without locking: an atomic
/// word holding a retained object pointer. (Synchronization's
/// AtomicLazyReference does the same but is not specialized across the module
/// boundary, and its generic metadata lookup cost more than the lookup it saves.)
struct OnceReference<T: AnyObject & Sendable>: ~Copyable, @unchecked Sendable {
    private let bits = Atomic<Int>(0)

    init() {}

    @inline(__always)
    func load() -> T? {
        let raw = bits.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: raw) else { return nil }
        return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Stores `value` unless another thread stored first; returns the winner.
    func storeIfNil(_ value: T) -> T {
        let mine = Unmanaged.passRetained(value)
        let desired = Int(bitPattern: mine.toOpaque())
        let (exchanged, original) = bits.compareExchange(expected: 0, desired: desired, ordering: .acquiringAndReleasing)
        if exchanged { return value }
        mine.release()
        guard let pointer = UnsafeRawPointer(bitPattern: original) else { return value }
        return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: bits.load(ordering: .acquiring)) {
            Unmanaged<T>.fromOpaque(pointer).release()
        }
    }
}

/// A `OnceReference` in a class, so a fixed array of them can be shared.
final class OnceBox<T: AnyObject & Sendable>: Sendable {
    let reference = OnceReference<T>()
}
