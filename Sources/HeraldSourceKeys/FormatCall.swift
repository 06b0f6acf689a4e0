import SwiftSyntax
import HeraldLint

/// A call that formats a looked-up text with arguments: `String(format: F, a, b)`,
/// `String(format: F, locale: l, a)`, `String(format: F, arguments: [a, b])`,
/// `String.localizedStringWithFormat(F, a)`, `NSString(format: F, a)`. `F` is a lookup call
/// or a name (a local or a property holding one).
struct FormatCall {
    enum Target {
        /// The format is this call (a lookup, when it is one).
        case call(AbsolutePosition)
        /// The format is the value of this name.
        case name(String)
        case none
    }

    var target: Target
    var arguments: [CodeArgument]

    init?(_ call: FunctionCallExprSyntax, visitor: LookupVisitor) {
        let args = Array(call.arguments)
        guard let first = args.first else { return nil }
        let callee = call.calledExpression
        var formatIndex: Int
        if let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, name == "String" || name == "NSString" {
            guard first.label?.text == "format" else { return nil }
            formatIndex = 0
        } else if let member = callee.as(MemberAccessExprSyntax.self) {
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            switch member.declName.baseName.text {
            case "localizedStringWithFormat" where base == "String" || base == "NSString": formatIndex = 0
            case "init" where (base == "String" || base == "NSString") && first.label?.text == "format": formatIndex = 0
            default: return nil
            }
        } else {
            return nil
        }
        var rest = args[(formatIndex + 1)...]
        if rest.first?.label?.text == "locale" { rest = rest.dropFirst() }
        if let list = rest.first, list.label?.text == "arguments" {
            guard rest.count == 1, let array = LookupVisitor.unwrapped(list.expression).as(ArrayExprSyntax.self) else { return nil }
            arguments = array.elements.map { ArgumentTypes.argument($0.expression, visitor.typeOf) }
        } else {
            guard rest.allSatisfy({ $0.label == nil }) else { return nil }
            arguments = rest.map { ArgumentTypes.argument($0.expression, visitor.typeOf) }
        }
        let format = LookupVisitor.unwrapped(args[formatIndex].expression)
        if let inner = format.as(FunctionCallExprSyntax.self) {
            target = .call(inner.position)
        } else if let ref = format.as(DeclReferenceExprSyntax.self) {
            target = .name(ref.baseName.text)
        } else if let member = format.as(MemberAccessExprSyntax.self), member.base != nil {
            target = .name(member.declName.baseName.text)
        } else {
            target = .none
        }
    }
}

/// Types that are evident without a type checker: literals, declared parameter and local
/// types, `.count`, `String(…)`.
enum ArgumentTypes {
    static let integers: Set<String> = [
        "Int", "Int64", "Int32", "Int16", "Int8", "UInt", "UInt64", "UInt32", "UInt16", "UInt8", "NSInteger", "NSUInteger", "CInt", "CLong",
    ]
    static let floats: Set<String> = ["Double", "Float", "CGFloat", "TimeInterval", "CDouble", "CFloat"]
    static let objects: Set<String> = ["String", "NSString", "NSNumber", "Substring"]

    /// The name of a simple type (`Int`, `String`); nil for optionals, generics, tuples.
    static func typeName(_ type: TypeSyntax) -> String? {
        guard let t = type.as(IdentifierTypeSyntax.self), t.genericArgumentClause == nil else { return nil }
        return t.name.text
    }

    /// An expression's type name where it is evident; `typeOf` knows the names declared around it.
    static func evidentType(_ e: ExprSyntax, _ typeOf: (String) -> String?) -> String? {
        let e = LookupVisitor.unwrapped(e)
        if e.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if e.is(FloatLiteralExprSyntax.self) { return "Double" }
        if e.is(StringLiteralExprSyntax.self) { return "String" }
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            if p.expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
            if p.expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) { return typeOf(ref.baseName.text) }
        if let m = e.as(MemberAccessExprSyntax.self), m.base != nil, m.declName.baseName.text == "count" { return "Int" }
        if let call = e.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            // String(x), String(describing:), String(format:): a String; Int(someDouble) is an Int,
            // but Int("5") is optional, so only String's initializers count.
            let label = call.arguments.first?.label?.text
            if name == "String", call.arguments.count >= 1, label == nil || label == "describing" || label == "format" { return "String" }
        }
        return nil
    }

    /// How a format call's argument is read, as far as its type is evident.
    static func argument(_ e: ExprSyntax, _ typeOf: (String) -> String?) -> CodeArgument {
        guard let t = evidentType(e, typeOf) else { return .unknown }
        if integers.contains(t) { return .integer }
        if floats.contains(t) { return .floating }
        if objects.contains(t) { return .object }
        return .unknown
    }

    /// The specifier Xcode writes in a key for an interpolation (`\(count)` of an Int: `%lld`;
    /// SwiftUI's `\(value, specifier: "%.1f")`: that one); nil when the type is not evident.
    static func interpolationSpecifier(_ parts: LabeledExprListSyntax, _ typeOf: (String) -> String?) -> String? {
        let list = Array(parts)
        guard let value = list.first else { return nil }
        if list.count > 1 {
            if let spec = list.first(where: { $0.label?.text == "specifier" }),
                let text = LookupVisitor.unwrapped(spec.expression).as(StringLiteralExprSyntax.self)?.representedLiteralValue
            {
                return text
            }
            // `\(date, format: …)`, `\(value, style: …)`: formatted into a string.
            return "%@"
        }
        if let call = LookupVisitor.unwrapped(value.expression).as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, name == "Text" || name == "Image"
        {
            return "%@"
        }
        switch evidentType(value.expression, typeOf) {
        case "Int", "Int64": return "%lld"
        case "Int32": return "%d"
        case "UInt", "UInt64": return "%llu"
        case "UInt32": return "%u"
        case "Double": return "%lf"
        case "Float": return "%f"
        case "String", "Substring", "NSString": return "%@"
        default: return nil
        }
    }
}
