internal import CHeraldText
import HeraldSync

/// A font file the engine shapes with: its fontconfig family (what a browser is told to
/// use), the file and face, and the open HarfBuzz font.
final class Font: @unchecked Sendable {
    /// Index in the engine's list (the shaping cache's key).
    let id: Int
    let family: String
    let path: String
    let index: Int
    let weight: Int
    let upem: Double
    /// Immutable once open (HarfBuzz fonts are shaped with from any thread).
    let handle: OpaquePointer

    init(id: Int, family: String, path: String, index: Int, weight: Int, handle: OpaquePointer) {
        self.id = id
        self.family = family
        self.path = path
        self.index = index
        self.weight = weight
        self.handle = handle
        upem = Double(max(htext_font_upem(handle), 1))
    }

    func has(_ scalar: Unicode.Scalar) -> Bool { htext_font_has(handle, scalar.value) != 0 }
}

/// HarfBuzz and fontconfig, opened once: the fonts a text is set in (the primary family
/// at a weight, then fontconfig's choice for each character it lacks) and the advance of
/// every UTF-16 unit of a run, cached per (font, language, run).
public final class TextEngine: Sendable {
    /// Why the engine cannot measure (a library or the primary font missing); nil: it can.
    public let unavailable: String?
    let settings: FitSettings
    private let state = Locked(State())

    struct State {
        var fonts: [Font] = []
        var byFile: [String: Int] = [:]
        /// (language, weight) → the primary font, then fallbacks in the order found.
        var chains: [ChainKey: [Int]] = [:]
        /// (language, weight, scalar) → the font that draws it (an index into fonts).
        var fallback: [FallbackKey: Int] = [:]
        /// (language, weight) → a table of the Basic Multilingual Plane: the font of each
        /// scalar (-1 none, -2 not asked yet), so the common case is one array read.
        var tableIndex: [ChainKey: Int] = [:]
        var tables: [[Int32]] = []
        /// (language, weight, size) → the width of "…".
        var ellipses: [EllipsisKey: Double] = [:]
        /// (font, language, run) → advance per UTF-16 unit, in font units.
        var shaped: [ShapeKey: [Int32]] = [:]
        var shapedUnits = 0
    }

    struct ChainKey: Hashable {
        var lang: String
        var weight: Int
    }

    struct FallbackKey: Hashable {
        var lang: String
        var weight: Int
        var scalar: UInt32
    }

    struct EllipsisKey: Hashable {
        var lang: String
        var weight: Int
        var size: Double
    }

    struct ShapeKey: Hashable {
        var font: Int
        var lang: String
        var text: [UInt16]
    }

    /// The engine for these settings: nil `unavailable` when the libraries open and the
    /// primary family (or the user's font files) can be read.
    public init(settings: FitSettings = FitSettings()) {
        self.settings = settings
        var why = [CChar](repeating: 0, count: 256)
        guard htext_open(&why, Int32(why.count)) != 0 else {
            unavailable = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return
        }
        var problem: String? = nil
        for (weight, path) in settings.fonts.sorted(by: { $0.key < $1.key }) where htext_font_open(path, 0) == nil {
            problem = problem ?? "the font file \(path) for weight \(weight) cannot be read"
        }
        if problem == nil, settings.fonts.isEmpty {
            if let m = Self.match(family: settings.family, weight: 400, lang: "", scalar: 0), m.family.lowercased() != settings.family.lowercased() {
                problem = "the font family \(settings.family) is not installed (fontconfig offers \(m.family) instead; Debian: fonts-inter)"
            }
        }
        unavailable = problem
    }

    /// The engine for `settings`, made once per settings and shared (fonts and shapes cached).
    public static func shared(_ settings: FitSettings) -> TextEngine {
        engines.withLock { e in
            if let hit = e[settings] { return hit }
            let made = TextEngine(settings: settings)
            e[settings] = made
            return made
        }
    }

    private static let engines = Locked([FitSettings: TextEngine]())

    // MARK: fonts

    static func match(family: String, weight: Int, lang: String, scalar: UInt32) -> (path: String, family: String, index: Int)? {
        var cap = 1024
        while cap <= 1 << 16 {
            var path = [CChar](repeating: 0, count: cap)
            var name = [CChar](repeating: 0, count: cap)
            var index: Int32 = 0
            let n = Int(htext_match(family, Int32(weight), lang, scalar, &path, &name, Int32(cap), &index))
            if n <= 0 { return nil }
            if n >= cap {
                cap = n + 1
                continue
            }
            func string(_ a: [CChar]) -> String { String(decoding: a.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            return (string(path), string(name), Int(index))
        }
        return nil
    }

    private func open(_ state: inout State, path: String, family: String, index: Int, weight: Int) -> Int? {
        let key = "\(index):\(path)"
        if let id = state.byFile[key] { return id }
        guard let handle = htext_font_open(path, Int32(index)) else { return nil }
        let id = state.fonts.count
        state.fonts.append(Font(id: id, family: family, path: path, index: index, weight: weight, handle: handle))
        state.byFile[key] = id
        return id
    }

    /// The primary font for a language and weight (the user's file nearest the weight, else
    /// the family through fontconfig).
    private func chain(_ state: inout State, lang: String, weight: Int) -> [Int] {
        let key = ChainKey(lang: lang, weight: weight)
        if let c = state.chains[key] { return c }
        var c: [Int] = []
        if let (w, path) = settings.fonts.min(by: { abs($0.key - weight) < abs($1.key - weight) }) {
            if let id = open(&state, path: path, family: settings.family, index: 0, weight: w) { c = [id] }
        } else if let m = Self.match(family: settings.family, weight: weight, lang: lang, scalar: 0),
            let id = open(&state, path: m.path, family: m.family, index: m.index, weight: weight)
        {
            c = [id]
        }
        state.chains[key] = c
        return c
    }

    /// The font that draws `scalar`: the first of the language's chain that has it, else
    /// fontconfig's choice (added to the chain); nil when no installed font has it.
    private func font(_ state: inout State, for scalar: Unicode.Scalar, lang: String, weight: Int) -> Int? {
        let fk = FallbackKey(lang: lang, weight: weight, scalar: scalar.value)
        if let hit = state.fallback[fk] { return hit >= 0 ? hit : nil }
        let c = chain(&state, lang: lang, weight: weight)
        var found: Int? = c.first { state.fonts[$0].has(scalar) }
        if found == nil, let m = Self.match(family: "sans-serif", weight: weight, lang: lang, scalar: scalar.value),
            let id = open(&state, path: m.path, family: m.family, index: m.index, weight: weight)
        {
            found = id
            state.chains[ChainKey(lang: lang, weight: weight)] = c + [id]
        }
        state.fallback[fk] = found ?? -1
        return found
    }

    /// The families a browser should be given, in order, to set text of `lang` at `weight`
    /// as the engine did (the primary font, then the fallbacks found so far).
    public func families(lang: String, weight: Int) -> [String] {
        state.withLock { s in
            var seen = Set<String>()
            return chain(&s, lang: lang, weight: weight).map { s.fonts[$0].family }.filter { seen.insert($0).inserted }
        }
    }

    // MARK: shaping

    /// The advance of each UTF-16 unit of `units` in points at `size` (a cluster's advance on
    /// its first unit, 0 on the others), and the number of characters no font draws.
    func advances(_ units: [UInt16], lang: String, weight: Int, size: Double) -> (advances: [Double], missing: Int) {
        var out = [Double](repeating: 0, count: units.count)
        var missing = 0
        // Runs of one font: each scalar's font (the first of the chain that draws it, as a
        // browser walks its font list); a default-ignorable or combining scalar stays in the
        // run before it.
        var runs: [(start: Int, end: Int, font: Int)] = []
        let fonts: [Font] = state.withLock { s in
            let key = ChainKey(lang: lang, weight: weight)
            let t: Int
            if let known = s.tableIndex[key] {
                t = known
            } else {
                t = s.tables.count
                s.tables.append([Int32](repeating: -2, count: 0x10000))
                s.tableIndex[key] = t
            }
            var i = 0
            var current = -1
            var start = 0
            for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
                let width = scalar.utf16.count
                let v = scalar.value
                let joins = current >= 0 && v >= 0x300 && (scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .nonspacingMark
                    || scalar.properties.generalCategory == .enclosingMark) || current >= 0 && v < 0x20
                var f = current
                if !joins {
                    var found: Int? = nil
                    if v < 0x10000 {
                        let known = s.tables[t][Int(v)]
                        if known == -2 {
                            found = font(&s, for: scalar, lang: lang, weight: weight)
                            s.tables[t][Int(v)] = Int32(found ?? -1)
                        } else if known >= 0 {
                            found = Int(known)
                        }
                    } else {
                        found = font(&s, for: scalar, lang: lang, weight: weight)
                    }
                    if let found {
                        f = found
                    } else {
                        missing += 1
                        f = current >= 0 ? current : (chain(&s, lang: lang, weight: weight).first ?? -1)
                    }
                }
                if f != current {
                    if current >= 0, i > start { runs.append((start, i, current)) }
                    start = i
                    current = f
                }
                i += width
            }
            if current >= 0, units.count > start { runs.append((start, units.count, current)) }
            return s.fonts
        }
        // Each run is shaped a word at a time, spaces apart, as a browser's word cache shapes
        // text: the same word in another message (another locale's sample, another surface)
        // is then shaped once.
        for run in runs {
            let font = fonts[run.font]
            let scale = size / font.upem
            var start = run.start
            while start < run.end {
                var end = start + 1
                if units[start] != 0x20 {
                    while end < run.end, units[end] != 0x20 { end += 1 }
                }
                let a = shaped(font, Array(units[start..<end]), lang: lang)
                for (k, v) in a.enumerated() { out[start + k] = Double(v) * scale }
                start = end
            }
        }
        return (out, missing)
    }

    /// The width of "…" in points for a language, weight and size (measured once).
    func ellipsisWidth(lang: String, weight: Int, size: Double) -> Double {
        let key = EllipsisKey(lang: lang, weight: weight, size: size)
        if let hit = state.withLock({ $0.ellipses[key] }) { return hit }
        let w = advances(Array(TextLayout.ellipsis.utf16), lang: lang, weight: weight, size: size).advances.reduce(0, +)
        state.withLock { $0.ellipses[key] = w }
        return w
    }

    /// A run's advances in font units, shaped once per (font, language, text).
    private func shaped(_ font: Font, _ run: [UInt16], lang: String) -> [Int32] {
        let key = ShapeKey(font: font.id, lang: lang, text: run)
        if let hit = state.withLock({ $0.shaped[key] }) { return hit }
        var out = [Int32](repeating: 0, count: run.count)
        var cap = run.count + 8
        while true {
            var clusters = [UInt32](repeating: 0, count: cap)
            var adv = [Int32](repeating: 0, count: cap)
            let n = Int(htext_shape(font.handle, run, Int32(run.count), 0, Int32(run.count), lang, &clusters, &adv, Int32(cap)))
            if n > cap {
                cap = n
                continue
            }
            for g in 0..<max(n, 0) where Int(clusters[g]) < out.count { out[Int(clusters[g])] += adv[g] }
            break
        }
        state.withLock { s in
            // Bounded: the cache is emptied when it holds a million units.
            if s.shapedUnits > 1_000_000 {
                s.shaped.removeAll(keepingCapacity: true)
                s.shapedUnits = 0
            }
            s.shaped[key] = out
            s.shapedUnits += run.count
        }
        return out
    }
}
