import Foundation
import HeraldJSON
import HeraldPayload
import HeraldSealing
import HeraldSync
import HeraldDiagnostics

/// What of a push's own content the stage uses, under the sealing rule of its
/// configuration (`StageConfiguration.allowUnsealed`).
///
/// Sealing required (the default): only the fields an HPKE or AES-GCM envelope
/// authenticated are used. A plaintext `herald` object, plain fields next to
/// `herald.sealed`, the ROT13 `custom-encrypted-message` and a `rot13` envelope
/// are ignored, each with a diagnostic that names it; the push then shows its
/// own `aps` alert as a fallback. Legacy input allowed: everything is used as
/// before (plain fields merged under the sealed ones).
struct PushContent: Sendable {
    /// The `herald` object to work from (opened when it was sealed), if any is used.
    var herald: JSONObject?
    var job: Stage.Job
    var diagnostics: [String]
    /// True when the push asked for work that was refused or could not be read.
    var failed: Bool
    /// True when `herald` came out of an envelope: its values are never quoted in a diagnostic.
    var sealed: Bool
}

extension Stage {
    /// The content of `payload` the stage may use (see `PushContent`).
    func content(of payload: APNsPayload) -> PushContent {
        let legacy = configuration.allowUnsealed
        let legacyROT13 = usesLegacyROT13Fields
        var out = PushContent(herald: nil, job: .none, diagnostics: [], failed: false, sealed: false)
        if let herald = payload.herald {
            let isSealed = herald["sealed"] != nil
            guard isSealed || legacy else {
                out.diagnostics.append(Self.unsealedRefusal("the \"herald\" object is not sealed"))
                out.failed = true
                return out
            }
            var envelope = herald
            if isSealed, !legacy {
                let plain = herald.keys.filter { $0 != "sealed" }
                if !plain.isEmpty {
                    let names = plain.map { "\"\(OutsideText.escaped($0, limit: 40))\"" }.joined(separator: ", ")
                    out.diagnostics.append(
                        Self.unsealedRefusal("the herald fields outside the sealed envelope (\(names)) are not authenticated")
                    )
                    envelope = JSONObject([("sealed", herald["sealed"] ?? .null)])
                }
            }
            out.sealed = isSealed
            do {
                let opened = try open(envelope)
                out.herald = opened
                out.job = try Self.job(from: opened)
            } catch {
                out.diagnostics.append(isSealed ? error.sealedDescription : error.description)
                out.failed = true
            }
        } else if let message = payload.legacyEncryptedMessage {
            if legacyROT13 {
                out.job = .message(text: ROT13.apply(message), from: nil)
            } else {
                out.diagnostics.append(
                    legacy
                        ? Self.rot13Refusal("\"custom-encrypted-message\" is legacy ROT13")
                        : Self.unsealedRefusal("\"custom-encrypted-message\" is legacy ROT13, not sealed"))
                out.failed = true
            }
        } else if let id = payload.legacyReminderID {
            // An id naming a record already on the device, not content: no secret to protect.
            out.job = .reminder(id: id)
        }
        if !legacyROT13, payload.legacyMediaURL != nil {
            out.diagnostics.append(
                legacy
                    ? Self.rot13Refusal("\"media-url\" is legacy ROT13")
                    : Self.unsealedRefusal("\"media-url\" is legacy ROT13, not sealed"))
        }
        return out
    }

    /// Whether the legacy ROT13 fields (`custom-encrypted-message`, `media-url`) are
    /// used: they count as rot13, so only when rot13 envelopes are opened too
    /// (legacy input allowed and `rot13` among the configured algorithms).
    var usesLegacyROT13Fields: Bool { openedAlgorithms.contains(.rot13) }

    /// A diagnostic for a legacy ROT13 field ignored because rot13 is not accepted.
    static func rot13Refusal(_ what: String) -> String {
        "\(what); it is ignored because rot13 is not among the accepted algorithms"
    }

    /// A diagnostic for unsealed input that sealing-required mode ignores.
    static func unsealedRefusal(_ what: String) -> String {
        "\(what); it is ignored because sealing is required (allow legacy input with --allow-unsealed)"
    }

    /// The envelope algorithms opened: the configured ones, less `rot13` unless legacy input is allowed.
    var openedAlgorithms: Set<SealingAlgorithm> {
        var set = configuration.sealingAlgorithms
        if !configuration.allowUnsealed { set.remove(.rot13) }
        return set
    }

    func open(_ herald: JSONObject) throws(StageWorkError) -> JSONObject {
        guard herald["sealed"] != nil else { return herald }
        do {
            switch configuration.keys {
            case .none: throw StageWorkError.failed("the herald object is sealed and no key directory was given")
            case .directory(let path):
                return try PayloadSealing.open(
                    herald: herald, keys: CachedKeys(directory: KeyDirectory(path: path), cache: keyCache),
                    allowing: openedAlgorithms)
            case .inMemory(let keys):
                return try PayloadSealing.open(herald: herald, keys: keys, allowing: openedAlgorithms)
            }
        } catch let error as SealingError {
            if case .algorithmNotAllowed(.rot13) = error, !configuration.allowUnsealed {
                throw .failed(Self.unsealedRefusal("the herald object is sealed with rot13, which anyone can forge"))
            }
            throw .failed("the sealed herald object could not be opened: \(error)")
        } catch let error as StageWorkError {
            throw error
        } catch {
            throw .failed("the sealed herald object could not be opened")
        }
    }

    static func job(from herald: JSONObject) throws(StageWorkError) -> Job {
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
            if key == "kind", let kind = v.stringValue, Self.kinds.contains(kind) { continue }
            walk(v)
        }
        return out.sorted { $0.count > $1.count }
    }

    /// The kinds of work a `herald` object names.
    static let kinds: Set<String> = ["lottery.draw", "reminder", "message"]
}

/// The values that no diagnostic of one push may quote (set once its envelope is opened).
final class Withheld: Sendable {
    private let values = Locked<[String]>([])

    func set(_ v: [String]) { values.withLock { $0 = v } }

    /// `diagnostics` with every withheld value replaced by "‹sealed›".
    func scrub(_ diagnostics: [String]) -> [String] {
        let list = values.withLock { $0 }
        guard !list.isEmpty else { return diagnostics }
        return diagnostics.map { d in
            var t = d
            for v in list where t.contains(v) { t = t.replacingOccurrences(of: v, with: "\u{2039}sealed\u{203A}") }
            return t
        }
    }
}
