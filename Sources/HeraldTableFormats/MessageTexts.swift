/// Every piece of text a message holds, with its origin, in a fixed order: a plural's format
/// string, then its variables by name, each one's forms in CLDR order; width variants by
/// width; device variants by device name; App Shortcuts phrases as listed.
///
/// A walk, not an array: each text is made when it is reached, so a caller that looks at
/// one at a time never holds them all (a `.stringsdict` entry of thousands of variables
/// has tens of thousands of forms). Iterate it again to walk again.
public struct MessageTexts: Sequence, Sendable {
    private let message: Message?

    /// The texts of `message`.
    public init(_ message: Message) {
        self.message = message
    }

    /// No texts.
    public init() {
        self.message = nil
    }

    /// The first text (a plural's format string), nil for a message without any.
    public var first: SourceText? {
        var walk = makeIterator()
        return walk.next()
    }

    public func makeIterator() -> Iterator { Iterator(message) }

    /// Walks a message depth first, keeping what is left to visit on a stack.
    public struct Iterator: IteratorProtocol, Sendable {
        private enum Pending: Sendable {
            case message(Message)
            case text(SourceText)
            /// A plural's variables, `names` sorted, from `next` on.
            case variables([String: PluralVariable], names: [String], next: Int)
            /// A variable's forms from `next` on.
            case forms(PluralForms, next: Int)
        }

        /// Last is next.
        private var pending: [Pending]

        init(_ message: Message?) {
            pending = message.map { [.message($0)] } ?? []
        }

        public mutating func next() -> SourceText? {
            while let top = pending.popLast() {
                switch top {
                case .text(let t):
                    return t
                case .message(let m):
                    switch m {
                    case .plain(let t):
                        return t
                    case .plural(let format, let variables):
                        pending.append(.variables(variables, names: variables.keys.sorted(), next: 0))
                        return format
                    case .widths(let ws):
                        pending.append(contentsOf: ws.reversed().map { .message($0.message) })
                    case .devices(let ds):
                        pending.append(contentsOf: ds.keys.sorted(by: >).compactMap { ds[$0].map { .message($0) } })
                    case .phrases(let ps):
                        pending.append(contentsOf: ps.reversed().map { .text($0) })
                    }
                case .variables(let variables, let names, let next):
                    guard next < names.count else { continue }
                    pending.append(.variables(variables, names: names, next: next + 1))
                    if let v = variables[names[next]] { pending.append(.forms(v.forms, next: 0)) }
                case .forms(let forms, let next):
                    guard next < forms.count else { continue }
                    pending.append(.forms(forms, next: next + 1))
                    return forms[next].value
                }
            }
            return nil
        }
    }
}
