// A run of specifiers written alike, one after another, each reading the next argument
// (`%@%@%@…`): compiled as one part and one step, so a template's size follows the
// format string's shape, not its number of specifiers.

/// `count` specifiers alike in a row, reading arguments `first`, `first + 1`… (`TemplatePart.repeated`).
final class SpecifierRun: Sendable {
    let specifier: CompiledSpecifier
    let first: Int
    let count: Int

    init(specifier: CompiledSpecifier, first: Int, count: Int) {
        self.specifier = specifier
        self.first = first
        self.count = count
    }

    /// The arguments the run reads.
    var arguments: Range<Int> { first..<(first + count) }

    /// Gathers a compiled format string's specifiers into runs as they come (a part each, and
    /// a step each, was ~60 bytes a specifier: 30 MB for a form of half a million `%@`).
    struct Builder {
        private var run: (specifier: CompiledSpecifier, first: Int, count: Int)? = nil

        /// Adds a specifier reading `argument`: to the open run when it continues it.
        mutating func append(_ c: CompiledSpecifier, argument: Int, into parts: inout [TemplatePart]) {
            if let r = run, r.specifier === c, r.first.addingReportingOverflow(r.count) == (argument, false) {
                run?.count += 1
                return
            }
            flush(into: &parts)
            run = (c, argument, 1)
        }

        /// Ends the open run (before text, a variable, or the end).
        mutating func flush(into parts: inout [TemplatePart]) {
            guard let r = run else { return }
            parts.append(
                r.count == 1
                    ? .specifier(r.specifier, argument: r.first)
                    : .repeated(SpecifierRun(specifier: r.specifier, first: r.first, count: r.count)))
            run = nil
        }
    }
}
