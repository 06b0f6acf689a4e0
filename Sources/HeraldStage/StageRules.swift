public import HeraldDiagnostics

/// The rules the stage reports under (`StageOutcome.diagnostics`). Each id is stable:
/// a program may match on it. Docs/architecture.md lists them with what each means.
extension Diagnostic.Rule {
    /// The push would not run the extension (no `mutable-content`, no alert text…); it
    /// is passed on unchanged, less the fields that never leave the stage.
    public static let notEligible = Self("not-eligible")
    /// Unsealed input (a plaintext `herald` object, plain fields beside an envelope, the
    /// legacy ROT13 fields) ignored because sealing is required.
    public static let unsealedIgnored = Self("unsealed-ignored")
    /// A legacy ROT13 field ignored because `rot13` is not among the accepted algorithms.
    public static let rot13Ignored = Self("rot13-ignored")
    /// The sealed `herald` object could not be opened (no key, wrong key, tampered, refused algorithm).
    public static let notOpened = Self("not-opened")
    /// The `herald` object is not what the push format describes (kind, lottery fields, message text).
    public static let invalidHerald = Self("invalid-herald")
    /// No store is configured (or, for a preview, none exists): tickets, the reminder,
    /// the badge count or the display receipt are unknown; the message says what was shown instead.
    public static let noStore = Self("no-store")
    /// The store failed for the work (not opened, tickets or reminder not read): the best attempt is shown.
    public static let store = Self("store")
    /// The badge count could not be read or updated: the push's badge is dropped.
    public static let badge = Self("badge")
    /// The display receipt was not recorded (never a fallback).
    public static let receipt = Self("receipt")
    /// The reminder id is not a UUID, or the store has no such reminder: the generic reminder text is shown.
    public static let reminder = Self("reminder")
    /// Something about the lottery result worth knowing (an amount not announced, an amount not formatted).
    public static let lottery = Self("lottery")
    /// An `aps.alert` `*-loc-key` not in the tables.
    public static let locKey = Self("loc-key")
    /// A stage text rendered with a problem; the message names the table, the key and the renderer's rule.
    public static let render = Self("render")
    /// The output guard replaced the alert with the generic text (no text, a leftover
    /// specifier, a key, ciphertext…).
    public static let outputGuard = Self("output-guard")
    /// A media reference skipped or repaired, or a medium not fetched.
    public static let media = Self("media")
    /// The deadline passed before the work was done: the best attempt so far was emitted.
    public static let deadline = Self("deadline")
    /// Text shortened (at a grapheme boundary) so that the payload fits 4096 bytes.
    public static let shortened = Self("shortened")
    /// The final payload did not fit even shortened: custom keys were dropped, or the original was passed on.
    public static let payloadSize = Self("payload-size")
    /// The requested language has no data; the message names the localization that served.
    public static let unknownLanguage = Self("unknown-language")
}

extension Diagnostic {
    /// A stage diagnostic: a warning unless said otherwise, located by a JSON pointer into the push when there is one.
    static func stage(
        _ rule: Rule, _ message: String, severity: Severity = .warning, at pointer: String? = nil
    ) -> Diagnostic {
        Diagnostic(rule, severity, message, at: pointer.map(Location.pointer))
    }
}
