@_spi(Compiler) import SwiftParser
import SwiftSyntax
import HeraldDiagnostics
import HeraldLint

/// One file's walk: the lookups it makes, its literals and key parts, the format calls
/// that name their format by a property (resolved across files by `SourceKeyScanner`).
final class LookupVisitor: SyntaxVisitor {
    let file: String
    private let converter: SourceLocationConverter
    private let lines: SourceLines
    var found = CodeLookups()
    /// Properties (declared outside any function) whose value is a lookup: name → lookup indexes.
    var properties: [String: [Int]] = [:]
    /// Format calls whose format is a name not declared in the function around them.
    var namedFormats: [(name: String, arguments: [CodeArgument], origin: Origin)] = []
    /// SwiftGen's lookups (`L10n.tr("Localizable", "about.title", p1)`), kept apart: they count
    /// only where the code declares SwiftGen's `tr(_ table: String, _ key: String, _ args: CVarArg...)`.
    var swiftGenLookups: [CodeLookup] = []
    /// Whether this file declares that `tr`.
    var declaresSwiftGenTr = false

    /// The lookups made by calls, by the call's position (to attach a format call's arguments).
    private var lookupAt: [AbsolutePosition: Int] = [:]
    /// Format calls whose format is a call, by that call's position (attached when it is visited).
    private var formatAt: [AbsolutePosition: (arguments: [CodeArgument], origin: Origin)] = [:]
    /// Function bodies and closures around the node: each one's typed names and lookups held in locals.
    private var scopes: [Scope] = []
    /// The parameters of the function whose body comes next.
    private var pendingParameters: [String: String] = [:]

    struct Scope {
        var types: [String: String] = [:]
        /// Locals holding a lookup: `let format = NSLocalizedString(…)`, or each lookup a
        /// `switch` or `if` assigns (`localized = NSLocalizedString(…)` in every case).
        var lookups: [String: [Int]] = [:]
        /// Locals declared here (where an assignment further in keeps its lookup).
        var names: Set<String> = []
    }

    /// False for a test's file: its lookups show nothing on a device (its literals still name keys).
    private let shipped: Bool
    /// Inside code a device never runs: `#Preview`, a `PreviewProvider`, `#if DEBUG`.
    private var unshipped = 0

    init(file: String, tree: SourceFileSyntax, bytes: [UInt8], shipped: Bool = true) {
        self.file = file
        self.shipped = shipped
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        self.lines = SourceLines(bytes)
        super.init(viewMode: .sourceAccurate)
    }

    func origin(_ node: some SyntaxProtocol) -> Origin {
        let loc = node.startLocation(converter: converter)
        return Origin(file: file, line: loc.line, column: lines.scalarColumn(line: loc.line, byteColumn: loc.column))
    }

    // MARK: - code that never runs on a device

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { unshipped += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: MacroExpansionDeclSyntax) { if node.macroName.text == "Preview" { unshipped -= 1 } }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { unshipped += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: MacroExpansionExprSyntax) { if node.macroName.text == "Preview" { unshipped -= 1 } }

    static func isPreviewProvider(_ node: StructDeclSyntax) -> Bool {
        node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "PreviewProvider" } ?? false
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isPreviewProvider(node) { unshipped += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { if Self.isPreviewProvider(node) { unshipped -= 1 } }

    static func isDebugOnly(_ node: IfConfigClauseSyntax) -> Bool {
        node.poundKeyword.tokenKind != .poundElse && node.condition?.trimmedDescription == "DEBUG"
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if Self.isDebugOnly(node) { unshipped += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: IfConfigClauseSyntax) { if Self.isDebugOnly(node) { unshipped -= 1 } }

    // MARK: - scopes

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isSwiftGenTr(node) { declaresSwiftGenTr = true }
        pendingParameters = Self.parameters(node.signature.parameterClause)
        return .visitChildren
    }

    /// SwiftGen's `tr(_ table: String, _ key: String, _ args: CVarArg...)`.
    static func isSwiftGenTr(_ node: FunctionDeclSyntax) -> Bool {
        let p = Array(node.signature.parameterClause.parameters)
        guard node.name.text == "tr", p.count >= 3 else { return false }
        func plain(_ i: Int, _ type: String) -> Bool { p[i].firstName.text == "_" && p[i].type.trimmedDescription == type }
        return plain(0, "String") && plain(1, "String") && p[2].ellipsis != nil
    }

    // A declaration without a body (a protocol's) leaves no parameters for the next body.
    override func visitPost(_ node: FunctionDeclSyntax) { pendingParameters = [:] }
    override func visitPost(_ node: InitializerDeclSyntax) { pendingParameters = [:] }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        pendingParameters = Self.parameters(node.signature.parameterClause)
        return .visitChildren
    }

    static func parameters(_ clause: FunctionParameterClauseSyntax) -> [String: String] {
        var out: [String: String] = [:]
        for p in clause.parameters {
            let name = (p.secondName ?? p.firstName).text
            if p.ellipsis == nil, let t = ArgumentTypes.typeName(p.type) { out[name] = t }
        }
        return out
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(Scope(types: pendingParameters))
        pendingParameters = [:]
        return .visitChildren
    }

    override func visitPost(_ node: CodeBlockSyntax) { scopes.removeLast() }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(Scope())
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) { scopes.removeLast() }

    /// The declared or evident type of a name in the functions around the node, else of a
    /// property of that name declared in this file (when every such property has one type).
    func typeOf(_ name: String) -> String? {
        for s in scopes.reversed() { if let t = s.types[name] { return t } }
        return memberTypes[name] ?? nil
    }
    /// Properties' declared types in this file (nil: two properties of the name differ).
    private var memberTypes: [String: String?] = [:]

    func localLookup(_ name: String) -> [Int]? {
        for s in scopes.reversed() { if let i = s.lookups[name] { return i } }
        return nil
    }

    // `let n: Int = …`, `let n = 5`, `let format = NSLocalizedString(…)`, and properties whose value is a lookup.
    override func visitPost(_ node: VariableDeclSyntax) {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var value = binding.initializer.map { Self.unwrapped($0.value) }
            if value == nil, case .getter(let items)? = binding.accessorBlock?.accessors, items.count == 1, let item = items.first {
                value = Self.singleExpression(item.item)
            }
            let lookup = value.flatMap { v in v.as(FunctionCallExprSyntax.self).flatMap { lookupAt[$0.position] } }
            if scopes.isEmpty {
                if let lookup { properties[name, default: []].append(lookup) }
                let type = binding.typeAnnotation.flatMap { ArgumentTypes.typeName($0.type) }
                if let known = memberTypes[name] { if known != type { memberTypes[name] = .some(nil) } } else { memberTypes[name] = type }
            } else {
                scopes[scopes.count - 1].names.insert(name)
                if let lookup { scopes[scopes.count - 1].lookups[name] = [lookup] }
                let type = binding.typeAnnotation.flatMap { ArgumentTypes.typeName($0.type) } ?? value.flatMap { ArgumentTypes.evidentType($0, typeOf) }
                if let type { scopes[scopes.count - 1].types[name] = type }
            }
        }
    }

    static func singleExpression(_ item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
        switch item {
        case .expr(let e): return unwrapped(e)
        case .stmt(let s): return s.as(ReturnStmtSyntax.self)?.expression.map(unwrapped)
        default: return nil
        }
    }

    /// Without parentheses, `try`, `await` and `as String`.
    static func unwrapped(_ e: ExprSyntax) -> ExprSyntax {
        var e = e
        for _ in 0..<8 {
            if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first, only.label == nil {
                e = only.expression
            } else if let t = e.as(TryExprSyntax.self) {
                e = t.expression
            } else if let a = e.as(AwaitExprSyntax.self) {
                e = a.expression
            } else if let a = e.as(AsExprSyntax.self) {
                e = a.expression
            } else {
                break
            }
        }
        return e
    }

    // MARK: - literals

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.representedLiteralValue {
            found.literals.insert(value)
        } else if !node.hasError, let parts = Self.literalParts(node) {
            // "onboarding.step.\(n)": the code builds keys starting (or ending) so.
            if let first = parts.first, !first.isEmpty { found.patterns.addPrefix(first) }
            if parts.count > 1, let last = parts.last, !last.isEmpty { found.patterns.addSuffix(last) }
        }
        return .visitChildren
    }

    // `"settings." + name`, `name + ".title"`.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (i, e) in elements.enumerated() {
            guard let value = e.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { continue }
            func isPlus(_ j: Int) -> Bool { elements.indices.contains(j) && elements[j].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" }
            if isPlus(i + 1) { found.patterns.addPrefix(value) }
            if isPlus(i - 1) { found.patterns.addSuffix(value) }
        }
        return .visitChildren
    }

    // `localized = NSLocalizedString(…)`: kept with the local's other lookups, in the scope that
    // declares it (the assignment is often in a `switch` case or an `if`).
    override func visitPost(_ node: SequenceExprSyntax) {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text,
            let call = Self.unwrapped(elements[2]).as(FunctionCallExprSyntax.self), let lookup = lookupAt[call.position],
            !scopes.isEmpty
        else { return }
        let at = scopes.lastIndex { $0.names.contains(name) } ?? scopes.count - 1
        scopes[at].lookups[name, default: []].append(lookup)
    }

    // `enum Key: String { case welcomeTitle }`: the case's name is its raw value.
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherits = node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "String" } ?? false
        guard inherits else { return .visitChildren }
        for member in node.memberBlock.members {
            guard let decl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in decl.elements where element.rawValue == nil { found.literals.insert(element.name.text) }
        }
        return .visitChildren
    }

    /// The literal text of a string literal's parts between its interpolations (nil when it has none).
    static func literalParts(_ node: StringLiteralExprSyntax) -> [String]? {
        guard let kind = node.stringLiteralKind, !node.hasError else { return nil }
        var parts = [""]
        for segment in node.segments {
            switch segment {
            case .stringSegment(let s):
                s.appendUnescapedLiteralValue(stringLiteralKind: kind, delimiterLength: node.delimiterLength, to: &parts[parts.count - 1])
            case .expressionSegment:
                parts.append("")
            }
        }
        return parts.count > 1 ? parts : nil
    }

    // MARK: - calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let format = FormatCall(node, visitor: self) {
            let at = origin(node)
            switch format.target {
            case .call(let position):
                if let i = lookupAt[position] { attach(i, format.arguments, at) } else { formatAt[position] = (format.arguments, at) }
            case .name(let name):
                if let list = localLookup(name) {
                    for i in list { attach(i, format.arguments, at) }
                } else {
                    namedFormats.append((name, format.arguments, at))
                }
            case .none: break
            }
        }
        guard shipped, unshipped == 0 else { return .visitChildren }
        if let tr = LookupCall.swiftGen(node, visitor: self) {
            swiftGenLookups.append(tr)
            return .visitChildren
        }
        switch LookupCall.read(node, visitor: self) {
        case .lookup(let lookup):
            let index = found.lookups.count
            found.lookups.append(lookup)
            lookupAt[node.position] = index
            if let pending = formatAt.removeValue(forKey: node.position) { attach(index, pending.arguments, pending.origin) }
        case .dynamic:
            found.dynamicLookups += 1
            if found.dynamicSamples.count < CodeLookups.dynamicSampleCount { found.dynamicSamples.append(origin(node)) }
        case .none:
            break
        }
        return .visitChildren
    }

    func attach(_ index: Int, _ arguments: [CodeArgument], _ at: Origin) {
        found.lookups[index].calls.append(CodeFormatCall(arguments: arguments, origin: at))
    }
}

/// A file's line starts, to turn swift-syntax's byte columns into Unicode scalar columns. The
/// walk asks in source order, so counting goes on from the last answer on the same line: a
/// file of one long line with many lookups is counted once, not once per lookup.
final class SourceLines {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]
    private var last = (line: 0, byte: 1, scalar: 1)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
    }

    func scalarColumn(line: Int, byteColumn: Int) -> Int {
        guard line >= 1, line <= starts.count, byteColumn >= 1 else { return byteColumn }
        let start = starts[line - 1]
        var (fromByte, scalar) = (1, 1)
        if last.line == line, last.byte <= byteColumn { (fromByte, scalar) = (last.byte, last.scalar) }
        let lower = min(bytes.count, start + fromByte - 1)
        let upper = min(bytes.count, start + byteColumn - 1)
        // Scalars are counted by their first bytes (continuation bytes are 10xxxxxx).
        if lower < upper { for b in bytes[lower..<upper] where b & 0xC0 != 0x80 { scalar += 1 } }
        last = (line, byteColumn, scalar)
        return scalar
    }
}
