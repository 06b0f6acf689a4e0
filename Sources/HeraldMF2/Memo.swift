import HeraldICU
import HeraldSync

/// A formatter's own cache of the ICU number formatters its messages use: its locale is
/// fixed and a message uses a few skeletons, so a short list under one lock answers
/// without hashing the locale and skeleton (the process-wide cache's key).
final class MF2Memo: Sendable {
    private let formats = Locked<[(skeleton: String, locale: String, format: NumberFormat)]>([])
    static let limit = 8

    func numberFormat(skeleton: String, locale: LocaleID) throws(ICUError) -> NumberFormat {
        let id = locale.icuID
        if let hit = formats.withLock({ list in list.first { $0.skeleton == skeleton && $0.locale == id }?.format }) { return hit }
        let made = try NumberFormat.for(skeleton: skeleton, locale: locale)
        formats.withLock { list in
            if list.count < MF2Memo.limit { list.append((skeleton, id, made)) }
        }
        return made
    }
}
