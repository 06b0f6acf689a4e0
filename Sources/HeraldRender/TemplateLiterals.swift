// Where a template's literal text lives: copied into one buffer the template owns (short
// texts: rendering reads one small buffer), or read in place from the format string when
// the text is long and every literal is a slice of it (a 4 MB translation is not held a
// second time by each template compiled from it).

/// A template's steps and the bytes its `.text` steps are ranges of.
struct TemplateLiterals {
    /// Literal bytes from this many on are read from the format string when they can be.
    static let borrowThreshold = 1024

    let steps: UnsafeMutableBufferPointer<TemplateStep>
    /// The copied literals (one byte, unused, when `borrowed` is set).
    let literals: UnsafeMutableBufferPointer<UInt8>
    /// The format string the `.text` steps are ranges of, when they are not copied.
    let borrowed: String?

    /// Lays out `parts`; `source` is the format string they were compiled from.
    init(parts: [TemplatePart], source: String?) {
        var literalCount = 0
        for case .text(let text) in parts { literalCount += text.utf8.count }
        let borrowed = source.flatMap { Self.canBorrow(parts, from: $0, literalCount: literalCount) ? $0 : nil }
        let literals = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: borrowed == nil ? max(literalCount, 1) : 1)
        let steps = UnsafeMutableBufferPointer<TemplateStep>.allocate(capacity: max(parts.count, 1))
        var at = 0
        for (i, part) in parts.enumerated() {
            let step: TemplateStep
            switch part {
            case .text(let text):
                if borrowed != nil {
                    let base = text.base.utf8
                    step = .text(start: base.distance(from: base.startIndex, to: text.startIndex), count: text.utf8.count)
                } else {
                    let start = at
                    for b in text.utf8 {
                        literals[at] = b
                        at += 1
                    }
                    step = .text(start: start, count: at - start)
                }
            case .specifier(let c, let argument): step = .specifier(Unmanaged.passUnretained(c), argument: argument)
            case .repeated(let run): step = .repeated(Unmanaged.passUnretained(run))
            case .variable(let v): step = .variable(Unmanaged.passUnretained(v))
            case .broken(let b): step = .broken(Unmanaged.passUnretained(b))
            }
            (steps.baseAddress! + i).initialize(to: step)
        }
        self.literals = literals
        self.steps = UnsafeMutableBufferPointer(rebasing: steps[0..<parts.count])
        self.borrowed = borrowed
    }

    /// True when the literals are long and every one is a slice of `source`'s own storage
    /// (a `%%` makes its literal a new string: then they are all copied).
    static func canBorrow(_ parts: [TemplatePart], from source: String, literalCount: Int) -> Bool {
        guard literalCount >= borrowThreshold, let address = storageAddress(source) else { return false }
        for case .text(let text) in parts where storageAddress(text.base) != address { return false }
        return true
    }

    /// Where a string's UTF-8 is stored: equal for two strings that share their storage
    /// (only compared, never read through). Nil for a short string, kept inline in the value.
    static func storageAddress(_ s: String) -> UnsafeRawPointer? {
        guard s.utf8.count > 15 else { return nil }
        return s.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }
}

extension Renderer {
    /// Renders a template's steps, its `.text` steps read from `literals`.
    @inline(__always)
    static func renderSteps(
        _ steps: UnsafeMutableBufferPointer<TemplateStep>, literals: UnsafeBufferPointer<UInt8>, state: inout RenderState,
        into out: inout RenderBuffer
    ) {
        // Steps are plain values (byte ranges, unretained references the
        // template owns): reading them costs no reference counting, and
        // `_withUnsafeGuaranteedRef` lends each object without retaining it.
        for k in 0..<steps.count {
            switch steps[k] {
            case .text(let start, let count):
                out.append(UnsafeBufferPointer(rebasing: literals[start..<(start + count)]))
            case .specifier(let c, let argument):
                c._withUnsafeGuaranteedRef { SpecifierFormatting.field($0, argument: argument, state: &state, into: &out) }
            case .repeated(let run):
                run._withUnsafeGuaranteedRef { run in
                    let c = run.specifier
                    for argument in run.arguments { SpecifierFormatting.field(c, argument: argument, state: &state, into: &out) }
                }
            case .variable(let v):
                v._withUnsafeGuaranteedRef { renderVariable($0, state: &state, into: &out) }
            case .broken(let b):
                b._withUnsafeGuaranteedRef { renderBroken($0, state: &state, into: &out) }
            }
        }
    }
}
