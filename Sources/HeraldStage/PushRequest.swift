import Foundation
import HeraldDiagnostics
import HeraldJSON
import HeraldMedia
import HeraldPayload
import HeraldSealing

/// What a push asks the stage for: the open step's value, decoded once from the push
/// under the sealing rule of the configuration (`SealingPolicy`).
///
/// Sealing required (the default): only the fields an HPKE or AES-GCM envelope
/// authenticated are used. A plaintext `herald` object, plain fields next to
/// `herald.sealed`, the ROT13 `custom-encrypted-message` and a `rot13` envelope
/// are ignored, each with a diagnostic that names it; the push then shows its
/// own `aps` alert as a fallback. Legacy input allowed: everything is used as
/// before (plain fields merged under the sealed ones).
///
/// Decoding is in two steps: `read(_:policy:)` needs no key (everything but the
/// content of a sealed envelope, so that the deadline's first best attempt is known at
/// once); `opened(with:)` opens the envelope (key files: blocking) and decodes its content
/// the same way.
struct PushRequest: Sendable {
    /// The work a push names.
    enum Kind: Sendable {
        case lottery(LotteryRequest)
        case reminder(id: String)
        case message(text: String, from: String?)
        /// Nothing of ours: the (loc-key resolved) alert is passed on.
        case none

        /// The kind a display receipt records.
        var receiptKind: String {
            switch self {
            case .lottery: return "lottery.draw"
            case .reminder: return "reminder"
            case .message: return "message"
            case .none: return "alert"
            }
        }
    }

    /// The push as parsed.
    let payload: APNsPayload
    /// What it asks for.
    private(set) var kind: Kind = .none
    /// True when the push asked for work that was refused or could not be read: its own alert is shown as a fallback.
    private(set) var refused = false
    /// True when the `herald` object came sealed: its values are never quoted in a diagnostic.
    var sealed: Bool { payload.herald?["sealed"] != nil }
    /// Strings of the push that must never be shown: ciphertext and legacy secrets.
    let secrets: [String]
    /// Values of the opened sealed object (and their URLs' hosts), kept out of every diagnostic.
    private(set) var withheld: [String] = []
    /// The media references the stage may fetch, and what was skipped.
    private(set) var media: MediaReferences.Extraction
    /// The display receipt the push asks for: its top-level `push_id`, else the (opened) `herald.receipt`.
    private(set) var receiptID: String?
    /// What opening said, in the order it was found.
    private(set) var opening: [Diagnostic] = []
    /// The legacy `media-url` refusal, said after everything opening says.
    private var legacyMediaNote: Diagnostic?
    /// The envelope still to open (`opened(with:)`), when the `herald` object is sealed.
    private var envelope: JSONObject?
    private let policy: SealingPolicy

    /// Everything the open step says about the push.
    var diagnostics: [Diagnostic] { opening + (legacyMediaNote.map { [$0] } ?? []) }

    /// Reads `payload` without opening a sealed envelope (no key is read).
    static func read(_ payload: APNsPayload, policy: SealingPolicy) -> PushRequest {
        var out = PushRequest(payload: payload, policy: policy)
        if let herald = payload.herald {
            let isSealed = herald["sealed"] != nil
            if !isSealed {
                guard policy.allowUnsealed else {
                    out.opening.append(SealingPolicy.unsealedRefusal("the \"herald\" object is not sealed", at: "/herald"))
                    out.refused = true
                    return out
                }
                out.decode(herald, sealed: false)
            } else {
                var envelope = herald
                if !policy.allowUnsealed {
                    let plain = herald.keys.filter { $0 != "sealed" }
                    if !plain.isEmpty {
                        let names = plain.map { "\"\(OutsideText.escaped($0, limit: 40))\"" }.joined(separator: ", ")
                        out.opening.append(
                            SealingPolicy.unsealedRefusal(
                                "the herald fields outside the sealed envelope (\(names)) are not authenticated", at: "/herald"))
                        envelope = JSONObject([("sealed", herald["sealed"] ?? .null)])
                    }
                }
                out.envelope = envelope
            }
        } else if let message = payload.legacyEncryptedMessage {
            if policy.usesLegacyROT13Fields {
                out.kind = .message(text: ROT13.apply(message), from: nil)
            } else {
                out.opening.append(
                    policy.allowUnsealed
                        ? SealingPolicy.rot13Refusal("\"custom-encrypted-message\" is legacy ROT13", at: "/custom-encrypted-message")
                        : SealingPolicy.unsealedRefusal(
                            "\"custom-encrypted-message\" is legacy ROT13, not sealed", at: "/custom-encrypted-message"))
                out.refused = true
            }
        } else if let id = payload.legacyReminderID {
            // An id naming a record already on the device, not content: no secret to protect.
            out.kind = .reminder(id: id)
        }
        return out
    }

    /// This request with its sealed envelope opened and decoded (itself when there is none).
    func opened(with keys: StageKeys) -> PushRequest {
        guard let envelope else { return self }
        var out = self
        out.envelope = nil
        do {
            out.decode(try keys.open(envelope, policy: policy), sealed: true)
        } catch {
            out.opening.append(error.diagnostic(sealed: true))
            out.refused = true
        }
        return out
    }

    /// True until `opened(with:)` has run on a sealed push.
    var needsOpening: Bool { envelope != nil }

    private init(payload: APNsPayload, policy: SealingPolicy) {
        self.payload = payload
        self.policy = policy
        self.secrets = Self.secrets(in: payload)
        (media, receiptID) = Self.mediaAndReceipt(of: payload, herald: nil, policy: policy)
        if !policy.usesLegacyROT13Fields, payload.legacyMediaURL != nil {
            legacyMediaNote =
                policy.allowUnsealed
                ? SealingPolicy.rot13Refusal("\"media-url\" is legacy ROT13", at: "/media-url")
                : SealingPolicy.unsealedRefusal("\"media-url\" is legacy ROT13, not sealed", at: "/media-url")
        }
    }

    /// The one place a `herald` object (plain, or opened from its envelope) is read.
    private mutating func decode(_ herald: JSONObject, sealed: Bool) {
        if sealed { withheld = Self.sealedValues(herald) }
        finish(herald: herald)
        do {
            kind = try Self.kind(of: herald)
        } catch {
            opening.append(error.diagnostic(sealed: sealed))
            refused = true
        }
    }

    /// The media and receipt of the push, once the `herald` object to use (if any) is known.
    private mutating func finish(herald: JSONObject?) {
        (media, receiptID) = Self.mediaAndReceipt(of: payload, herald: herald, policy: policy)
    }

    private static func mediaAndReceipt(
        of payload: APNsPayload, herald: JSONObject?, policy: SealingPolicy
    ) -> (MediaReferences.Extraction, String?) {
        var mediaRoot = payload.readMembers
        // Media named by unsealed Herald content are not fetched when sealing is required.
        if !policy.allowUnsealed, herald == nil { mediaRoot["herald"] = nil }
        // The legacy ROT13 media-url counts as rot13 (see `SealingPolicy.usesLegacyROT13Fields`).
        if !policy.usesLegacyROT13Fields { mediaRoot["media-url"] = nil }
        let media = MediaReferences.extractWithDiagnostics(from: .object(mediaRoot), herald: herald)
        for value in [payload.readMembers["push_id"], herald?["receipt"]] {
            if let s = value?.stringValue, !s.isEmpty { return (media, s) }
            if let n = value?.numberText { return (media, n) }
        }
        return (media, nil)
    }

    static func kind(of herald: JSONObject) throws(StageWorkError) -> Kind {
        guard let kind = herald["kind"]?.stringValue else { throw .invalid("no \"kind\" string") }
        switch kind {
        case "lottery.draw":
            return .lottery(try LotteryRequest(herald))
        case "reminder":
            guard let id = herald["id"]?.stringValue else { throw .invalid("a reminder needs an \"id\" string") }
            return .reminder(id: id)
        case "message":
            guard let text = herald["text"]?.stringValue, !AlertText.isBlank(text) else {
                throw .invalid("a message needs a non-empty \"text\" string")
            }
            return .message(text: text, from: herald["from"]?.stringValue)
        default:
            throw .invalid(
                "unknown kind \"\(OutsideText.escaped(kind, limit: 40))\" (expected lottery.draw, reminder or message)",
                field: "kind")
        }
    }

    /// The string values of a sealed `herald` object (three characters or more), and the
    /// hosts of those that are URLs, which no diagnostic may quote. A valid `kind` is left out: it is one of three words of the
    /// format ("lottery.draw", "reminder", "message"), which table keys also contain.
    static func sealedValues(_ herald: JSONObject) -> [String] {
        var out: [String] = []
        func walk(_ v: JSONValue) {
            if let s = v.stringValue, s.count >= 3 {
                out.append(s)
                // A network error quotes a media URL's host, not the URL: withhold it too.
                if let host = URLComponents(string: s)?.host, host.count >= 3 { out.append(host) }
            }
            if let a = v.arrayValue { a.forEach(walk) }
            if let o = v.objectValue { for (_, x) in o { walk(x) } }
        }
        for (key, v) in herald {
            if key == "kind", let kind = v.stringValue, kinds.contains(kind) { continue }
            walk(v)
        }
        return out.sorted { $0.count > $1.count }
    }

    /// The kinds of work a `herald` object names.
    static let kinds: Set<String> = ["lottery.draw", "reminder", "message"]

    /// Strings of the push that must never be shown: ciphertext and legacy secrets.
    static func secrets(in payload: APNsPayload) -> [String] {
        var out: [String] = []
        if let sealed = payload.herald?["sealed"]?.objectValue {
            for key in ["ct", "enc"] { if let s = sealed[key]?.stringValue { out.append(s) } }
        }
        if let s = payload.legacyEncryptedMessage { out.append(s) }
        if let s = payload.legacyMediaURL { out.append(s) }
        return out
    }

    /// `diagnostics` with every withheld value replaced by "‹sealed›".
    static func scrub(_ diagnostics: [Diagnostic], withholding withheld: [String]) -> [Diagnostic] {
        guard !withheld.isEmpty else { return diagnostics }
        return diagnostics.map { d in
            var out = d
            for v in withheld where out.message.contains(v) {
                out.message = out.message.replacingOccurrences(of: v, with: "\u{2039}sealed\u{203A}")
            }
            return out
        }
    }
}

/// The sealing rule of a configuration: what unsealed input and which envelopes are used.
struct SealingPolicy: Sendable {
    /// `StageConfiguration.allowUnsealed`.
    let allowUnsealed: Bool
    /// The envelope algorithms opened: the configured ones, less `rot13` unless legacy input is allowed.
    let algorithms: Set<SealingAlgorithm>

    init(_ configuration: StageConfiguration) {
        allowUnsealed = configuration.allowUnsealed
        var set = configuration.sealingAlgorithms
        if !configuration.allowUnsealed { set.remove(.rot13) }
        algorithms = set
    }

    /// Whether the legacy ROT13 fields (`custom-encrypted-message`, `media-url`) are
    /// used: they count as rot13, so only when rot13 envelopes are opened too
    /// (legacy input allowed and `rot13` among the configured algorithms).
    var usesLegacyROT13Fields: Bool { algorithms.contains(.rot13) }

    /// A diagnostic for a legacy ROT13 field ignored because rot13 is not accepted.
    static func rot13Refusal(_ what: String, at pointer: String) -> Diagnostic {
        .stage(.rot13Ignored, "\(what); it is ignored because rot13 is not among the accepted algorithms", at: pointer)
    }

    /// A diagnostic for unsealed input that sealing-required mode ignores.
    static func unsealedRefusal(_ what: String, at pointer: String) -> Diagnostic {
        .stage(.unsealedIgnored, unsealedRefusalText(what), at: pointer)
    }

    static func unsealedRefusalText(_ what: String) -> String {
        "\(what); it is ignored because sealing is required (allow legacy input with --allow-unsealed)"
    }
}
