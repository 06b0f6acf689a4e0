@_spi(Compiler) import SwiftParser
import SwiftSyntax
import HeraldDiagnostics
import HeraldLint

/// What a call is: a lookup whose key is written out, a lookup whose key is computed
/// (counted, not guessed), or no lookup.
enum LookupCall {
    case lookup(CodeLookup)
    case dynamic
    case none

    /// SwiftUI views whose first unnamed argument, a string literal, is a `LocalizedStringKey`.
    static let views: Set<String> = [
        "Text", "Button", "Label", "Toggle", "Link", "NavigationLink", "Section", "Picker", "TextField", "SecureField",
        "Stepper", "Menu", "DatePicker", "LabeledContent", "ProgressView",
    ]
    /// SwiftUI modifiers whose first unnamed argument, a string literal, is a `LocalizedStringKey`.
    static let modifiers: Set<String> = [
        "navigationTitle", "navigationBarTitle", "alert", "confirmationDialog", "help", "accessibilityLabel", "accessibilityHint",
    ]

    static func read(_ call: FunctionCallExprSyntax, visitor: LookupVisitor) -> LookupCall {
        let args = Array(call.arguments)
        func labeled(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        let callee = call.calledExpression
        if let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text {
            switch name {
            case "NSLocalizedString":
                guard let key = args.first, key.label == nil else { return .none }
                return plain(api: "NSLocalizedString", key: key.expression, table: labeled("tableName"), value: labeled("value"), visitor)
            case "String" where args.first?.label?.text == "localized":
                return localized(api: "String(localized:)", args, visitor, table: labeled("table"), defaultValue: labeled("defaultValue"))
            case "LocalizedStringResource", "LocalizedStringKey":
                guard let first = args.first, first.label == nil || first.label?.text == "stringLiteral" else { return .none }
                return localized(api: name, args, visitor, table: labeled("table"), defaultValue: labeled("defaultValue"))
            case _ where views.contains(name):
                guard let first = args.first, first.label == nil, first.expression.is(StringLiteralExprSyntax.self) else { return .none }
                return localized(api: name, args, visitor, table: labeled("tableName"), defaultValue: nil)
            default:
                return .none
            }
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return .none }
        let name = member.declName.baseName.text
        switch name {
        case "init" where member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "String" && args.first?.label?.text == "localized":
            return localized(api: "String(localized:)", args, visitor, table: labeled("table"), defaultValue: labeled("defaultValue"))
        case "localizedString" where args.first?.label?.text == "forKey":
            // Bundle's `localizedString(forKey:value:table:)`.
            return plain(api: "localizedString(forKey:value:table:)", key: args[0].expression, table: labeled("table"), value: labeled("value"), visitor)
        case "localizedUserNotificationString" where args.first?.label?.text == "forKey":
            var read = plain(api: "localizedUserNotificationString(forKey:arguments:)", key: args[0].expression, table: nil, value: nil, visitor)
            if case .lookup(var lookup) = read, let list = labeled("arguments") {
                if let array = list.as(ArrayExprSyntax.self) {
                    let arguments = array.elements.map { ArgumentTypes.argument($0.expression, visitor.typeOf) }
                    lookup.calls.append(CodeFormatCall(arguments: arguments, origin: visitor.origin(call)))
                } else if list.is(NilLiteralExprSyntax.self) {
                    lookup.calls.append(CodeFormatCall(arguments: [], origin: visitor.origin(call)))
                }
                read = .lookup(lookup)
            }
            return read
        case _ where modifiers.contains(name):
            guard let first = args.first, first.label == nil, first.expression.is(StringLiteralExprSyntax.self) else { return .none }
            return localized(api: "." + name, args, visitor, table: nil, defaultValue: nil)
        default:
            return .none
        }
    }

    /// SwiftGen's generated accessors: `L10n.tr("Localizable", "about.title", String(describing: p1))`
    /// looks up the key in the table and formats it with the rest (a format call of its own).
    static func swiftGen(_ call: FunctionCallExprSyntax, visitor: LookupVisitor) -> CodeLookup? {
        let callee = call.calledExpression
        let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        let args = Array(call.arguments)
        guard name == "tr", args.count >= 2, args[0].label == nil, args[1].label == nil,
            let table = args[0].expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
            let literal = args[1].expression.as(StringLiteralExprSyntax.self), let key = literal.representedLiteralValue,
            args.dropFirst(2).allSatisfy({ $0.label == nil })
        else { return nil }
        var lookup = CodeLookup(api: "SwiftGen tr", segments: [key], table: table.isEmpty ? nil : table, origin: visitor.origin(literal))
        let values = args.dropFirst(2).map { ArgumentTypes.argument($0.expression, visitor.typeOf) }
        lookup.calls = [CodeFormatCall(arguments: values, origin: visitor.origin(call))]
        return lookup
    }

    /// A lookup taking a plain `String` key (`NSLocalizedString`, Bundle's): an interpolated
    /// key is computed at run time, not derived.
    static func plain(api: String, key: ExprSyntax, table: ExprSyntax?, value: ExprSyntax?, _ visitor: LookupVisitor) -> LookupCall {
        guard let literal = LookupVisitor.unwrapped(key).as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue else { return .dynamic }
        guard let table = tableName(table) else { return .dynamic }
        let value = value.flatMap { LookupVisitor.unwrapped($0).as(StringLiteralExprSyntax.self)?.representedLiteralValue }
        let lookup = CodeLookup(api: api, segments: [text], table: table, defaultValue: value?.isEmpty ?? true ? nil : value, origin: visitor.origin(literal))
        return .lookup(lookup)
    }

    /// A lookup taking a `LocalizedStringKey` or `String.LocalizationValue`: its key is the
    /// literal with each interpolation as the specifier Xcode writes for it.
    static func localized(api: String, _ args: [LabeledExprSyntax], _ visitor: LookupVisitor, table: ExprSyntax?, defaultValue: ExprSyntax?) -> LookupCall {
        guard let first = args.first else { return .none }
        guard let literal = LookupVisitor.unwrapped(first.expression).as(StringLiteralExprSyntax.self),
            let key = derivedKey(literal, visitor)
        else { return .dynamic }
        guard let table = tableName(table) else { return .dynamic }
        var value: String? = nil
        if let d = defaultValue.flatMap({ LookupVisitor.unwrapped($0).as(StringLiteralExprSyntax.self) }), let derived = derivedKey(d, visitor) {
            value = CodeLookup(api: api, segments: derived.segments, holes: derived.holes, origin: visitor.origin(d)).displayKey
        }
        if key.segments == [""] { return .none }  // Text(""): nothing shown, nothing looked up that matters
        return .lookup(CodeLookup(api: api, segments: key.segments, holes: key.holes, table: table, defaultValue: value, origin: visitor.origin(literal)))
    }

    /// The key Xcode derives from a literal: text between interpolations (a `%` doubled when
    /// there is an interpolation), each interpolation's specifier where its type is evident.
    static func derivedKey(_ literal: StringLiteralExprSyntax, _ visitor: LookupVisitor) -> (segments: [String], holes: [String?])? {
        guard let kind = literal.stringLiteralKind, !literal.hasError else { return nil }
        var segments = [""]
        var holes: [String?] = []
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let s):
                s.appendUnescapedLiteralValue(stringLiteralKind: kind, delimiterLength: literal.delimiterLength, to: &segments[segments.count - 1])
            case .expressionSegment(let e):
                holes.append(ArgumentTypes.interpolationSpecifier(e.expressions, visitor.typeOf))
                segments.append("")
            }
        }
        if !holes.isEmpty { segments = segments.map { $0.replacing("%", with: "%%") } }
        return (segments, holes)
    }

    /// The table a call names: nil argument or `nil` → the default; a literal → its name; anything else → not known.
    static func tableName(_ e: ExprSyntax?) -> String?? {
        guard let e else { return .some(nil) }
        let u = LookupVisitor.unwrapped(e)
        if u.is(NilLiteralExprSyntax.self) { return .some(nil) }
        guard let text = u.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { return nil }
        return .some(text.isEmpty ? nil : text)
    }
}
