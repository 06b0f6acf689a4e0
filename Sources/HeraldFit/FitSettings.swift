public import HeraldJSON

/// What a team sets for the fit check, the `"fit"` object of `.herald-validate.json`:
///
/// ```json
/// "fit": {
///   "family": "Inter",
///   "fonts": { "400": "Fonts/Text-Regular.otf", "600": "Fonts/Text-Semibold.otf" },
///   "surfaces": [
///     { "name": "lock-screen", "device": "compact", "width": 283,
///       "title": { "size": 15, "weight": 600, "lines": 1, "reserve": 40 },
///       "subtitle": { "size": 15, "weight": 600, "lines": 1 },
///       "body": { "size": 15, "weight": 400, "lines": 4 } }
///   ],
///   "arguments": { "Localizable:lottery.title": ["Mega Millions", "EuroJackpot"] }
/// }
/// ```
///
/// `family`: the font family fontconfig looks up for the text (default Inter, the nearest
/// stand-in for the system font Debian packages). `fonts`: font files by weight, relative
/// to the configuration's folder, used before the family (other scripts still fall back
/// through fontconfig). `surfaces`: replaces the built-in table (`Surface.standard`).
/// `arguments`: for the keys a `Table:key` glob names, the texts its `%@` arguments really
/// take (what its pushes send), tried instead of the long amount and the long name.
public struct FitSettings: Sendable, Hashable {
    /// The family of the text's primary font.
    public var family = "Inter"
    /// The user's own font files by OpenType weight (absolute paths once read).
    public var fonts: [Int: String] = [:]
    /// The surfaces every notification is laid out on.
    public var surfaces: [Surface] = Surface.standard
    /// `Table:key` globs with the text arguments their keys are tried with, in order.
    public var arguments: [Arguments] = []

    /// The text arguments of the keys a glob names.
    public struct Arguments: Sendable, Hashable {
        /// A `Table:key` glob (`*` matches any text).
        public var pattern: String
        /// The values each text argument is tried with.
        public var values: [String]

        /// Makes an entry.
        public init(pattern: String, values: [String]) {
            self.pattern = pattern
            self.values = values
        }
    }

    /// The defaults: Inter, the built-in surfaces, no key's arguments known.
    public init() {}

    /// Reads the `"fit"` object; `folder` is the configuration file's folder ("" for the
    /// working directory), `path` the file as named in messages. Throws the message.
    public static func parse(_ value: JSONValue, folder: String, path: String) throws(FitSettingsError) -> FitSettings {
        func fail(_ what: String) -> FitSettingsError { FitSettingsError(message: "\(path): \"fit\": \(what)") }
        guard let obj = value.objectValue else { throw fail("is an object (family, fonts, surfaces)") }
        var s = FitSettings()
        for (key, v) in obj {
            switch key {
            case "family":
                guard let f = v.stringValue, !f.isEmpty, f.count <= 200 else { throw fail("\"family\" is a font family name") }
                s.family = f
            case "fonts":
                guard let map = v.objectValue else { throw fail("\"fonts\" maps weights (\"400\") to font files") }
                for (w, file) in map {
                    guard let weight = Int(w), (1...1000).contains(weight) else { throw fail("a \"fonts\" weight is a number from 1 to 1000, not \"\(w.prefix(20))\"") }
                    guard let name = file.stringValue, !name.isEmpty, !name.hasPrefix("/"),
                        !name.split(separator: "/").contains("..")
                    else { throw fail("\"fonts\" names files inside the configuration's folder (a relative path without \"..\")") }
                    s.fonts[weight] = folder.isEmpty ? name : folder + "/" + name
                }
            case "surfaces":
                guard let list = v.arrayValue, !list.isEmpty, list.count <= 64 else { throw fail("\"surfaces\" is a list of 1 to 64 surfaces") }
                s.surfaces = try list.enumerated().map { (i, e) throws(FitSettingsError) in try surface(e, number: i + 1, fail: fail) }
            case "arguments":
                guard let map = v.objectValue else { throw fail("\"arguments\" maps Table:key globs to lists of argument texts") }
                for (pattern, list) in map {
                    guard let values = list.arrayValue?.compactMap(\.stringValue), values.count == list.arrayValue?.count, !values.isEmpty,
                        values.count <= 64
                    else { throw fail("\"arguments\": \"\(pattern.prefix(40))\" maps to a list of 1 to 64 texts") }
                    s.arguments.append(Arguments(pattern: pattern, values: values))
                }
            default:
                throw fail("unknown setting \"\(key.prefix(40))\" (known: family, fonts, surfaces, arguments)")
            }
        }
        return s
    }

    static func surface(_ v: JSONValue, number: Int, fail: (String) -> FitSettingsError) throws(FitSettingsError) -> Surface {
        let at = "surface \(number)"
        guard let obj = v.objectValue else { throw fail("\(at) is an object (name, device, width, title, subtitle, body)") }
        guard let name = obj["name"]?.stringValue, !name.isEmpty, name.count <= 40 else { throw fail("\(at) needs a \"name\"") }
        let device = obj["device"]?.stringValue ?? ""
        guard let width = obj["width"]?.doubleValue, width >= 20, width <= 4000 else { throw fail("\(at): \"width\" is points from 20 to 4000") }
        var styles: [LineKind: LineStyle] = [:]
        for (key, _) in obj where !["name", "device", "width", "title", "subtitle", "body"].contains(key) {
            throw fail("\(at): unknown setting \"\(key.prefix(40))\"")
        }
        for kind in LineKind.allCases {
            guard let o = obj[kind.rawValue] else { throw fail("\(at) needs \"\(kind.rawValue)\" (size, weight, lines)") }
            guard let size = o["size"]?.doubleValue, size >= 4, size <= 200,
                let weight = o["weight"]?.intValue, (1...1000).contains(weight),
                let lines = o["lines"]?.intValue, (1...50).contains(lines)
            else { throw fail("\(at): \"\(kind.rawValue)\" has a size (4–200), a weight (1–1000) and lines (1–50)") }
            let reserve = o["reserve"]?.doubleValue ?? 0
            guard reserve >= 0, reserve < width else { throw fail("\(at): \"\(kind.rawValue)\" reserve is under the width") }
            styles[kind] = LineStyle(size: size, weight: Int(weight), lines: Int(lines), reserve: reserve)
        }
        return Surface(name: name, device: device, width: width, styles: styles)
    }
}

/// A `"fit"` setting that cannot be read: the file and what is wrong.
public struct FitSettingsError: Error, Sendable {
    /// What is wrong.
    public var message: String
}
