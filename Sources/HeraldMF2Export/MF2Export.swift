public import HeraldTables
import HeraldMF2
import HeraldDiagnostics

/// `herald export --format mf2`: translation tables as MessageFormat 2 tables (Docs/mf2.md,
/// "Converting tables"). Each key of each localization is converted when its MessageFormat 2
/// message renders the same text as the original (PrintfConversion says what does); the
/// others are refused, each with its place and reason, and left out: no guess is written.
public enum MF2Export {
    /// A key that was not converted.
    public struct Refusal: Sendable, Hashable, CustomStringConvertible {
        /// Where the key was written.
        public var origin: Origin
        public var localization: String
        public var table: String
        public var key: String
        /// Why, in one line.
        public var reason: String
        /// `file:line:column: warning: …` (keys and texts quoted as outside text).
        public var description: String {
            "\(origin): warning: \(Excerpt.quoted(key)) in \(localization)/\(table) not converted to MessageFormat 2: \(reason)"
        }
    }

    /// The result: the `.mf2` tables (`Notifications` → `Notifications.mf2`), the keys
    /// refused, and how many were converted.
    public struct Result: Sendable {
        public var tables: [Table] = []
        public var refusals: [Refusal] = []
        public var converted = 0
    }

    /// The name of the MessageFormat 2 table made from `table`.
    public static func tableName(_ table: String) -> String {
        if table.hasSuffix(".mf2") { return table }
        return (table.hasSuffix(".icu") ? String(table.dropLast(4)) : table) + ".mf2"
    }

    /// Converts every entry of `tables` (a table already in MessageFormat 2 is kept as it is).
    public static func convert(_ tables: [Table]) -> Result {
        var result = Result()
        for table in tables {
            var out = Table(name: tableName(table.name), localization: table.localization)
            out.files = table.files
            for entry in table.entries where !entry.isSourceFallback {
                do throws(ConversionRefusal) {
                    let message =
                        table.name.hasSuffix(".mf2") ? entry.message : try convert(entry.message, icu: table.name.hasSuffix(".icu"))
                    var e = Entry(key: entry.key, message: message, format: .strings, origin: entry.origin)
                    e.comment = entry.comment
                    _ = out.entries.set(e)
                    result.converted += 1
                } catch {
                    result.refusals.append(Refusal(
                        origin: entry.origin, localization: table.localization, table: table.name, key: entry.key, reason: error.reason))
                }
            }
            if !out.entries.isEmpty { result.tables.append(out) }
        }
        return result
    }

    /// One message (device and width variants converted one by one).
    /// `icu`: the message is an ICU MessageFormat pattern (a `.icu` table's).
    public static func convert(_ message: Message, icu: Bool = false) throws(ConversionRefusal) -> Message {
        switch message {
        case .plain(let text), .plural(let text, _):
            return .plain(SourceText(try source(message, icu: icu), origin: text.origin))
        case .widths(let variants):
            var out: [Message.WidthVariant] = []
            for v in variants { out.append(Message.WidthVariant(width: v.width, message: try convert(v.message, icu: icu))) }
            return .widths(out)
        case .devices(let devices):
            var out: [String: Message] = [:]
            for (device, m) in devices { out[device] = try convert(m, icu: icu) }
            return .devices(out)
        case .phrases:
            throw ConversionRefusal("an App Shortcuts phrase set is not a message")
        }
    }

    /// A `.plain` or `.plural` message as MessageFormat 2 source, checked to parse and to
    /// pass the data-model checks (a conversion that does not is refused, never written).
    public static func source(_ message: Message, icu: Bool = false) throws(ConversionRefusal) -> String {
        let source: String
        if icu {
            // Herald renders a `.icu` table's format string as the pattern (its plural
            // variables are not read).
            switch message {
            case .plain(let t), .plural(let t, _): source = try ICUConversion.convert(t.value)
            default: throw ConversionRefusal("not a single message")
            }
        } else {
            source = try PrintfConversion.convert(message)
        }
        do {
            let parsed = try MF2Parser.parse(source)
            if let e = MF2Validation.errors(in: parsed).first { throw e }
        } catch {
            throw ConversionRefusal("the converted message does not check (\(error)); please report it")
        }
        return source
    }
}
