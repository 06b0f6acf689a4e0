/// The lock-screen banner of `herald preview --format html`, as numbers: the
/// page's CSS is written from them, and `validate --pseudo` derives its
/// characters-per-line budget from them, so the gallery and the check agree.
///
/// A banner is `bannerWidth` CSS pixels wide; its card has `cardPadding` on
/// each side, leaving a text box of `textWidth`. Title, subtitle and body are
/// set at `fontSize`; Latin text in the page's sans-serif fonts advances about
/// half an em per character (`averageAdvance`, 7.5 px at 15 px), so a line
/// holds ⌊textWidth ÷ (fontSize × averageAdvance)⌋ characters. The title and
/// the subtitle show one line each, the body `bodyLines`.
public enum LockScreenLayout {
    /// Width of a banner (CSS px).
    public static let bannerWidth = 360
    /// The card's horizontal padding on each side (CSS px).
    public static let cardPadding = 14
    /// Font size of title, subtitle and body (CSS px).
    public static let fontSize = 15
    /// Lines of body the banner shows before its ellipsis.
    public static let bodyLines = 4
    /// Average advance of a character, in em (Latin text, sans-serif).
    public static let averageAdvance = 0.5

    /// Width of the text box (CSS px): 360 − 2 × 14 = 332.
    public static var textWidth: Int { bannerWidth - 2 * cardPadding }
    /// Characters on one line: ⌊332 ÷ 7.5⌋ = 44.
    public static var charactersPerLine: Int { Int(Double(textWidth) / (Double(fontSize) * averageAdvance)) }
    /// Characters of a title or subtitle shown (one line).
    public static var titleCharacters: Int { charactersPerLine }
    /// Characters of a body shown: 44 × 4 = 176.
    public static var bodyCharacters: Int { charactersPerLine * bodyLines }
}
