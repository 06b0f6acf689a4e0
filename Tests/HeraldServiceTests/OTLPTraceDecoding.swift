#if OpenTelemetry
/// Protocol Buffers' wire format (protobuf.dev, "Encoding": varints, tags of field number and
/// wire type) and the OTLP trace messages read from it, by the field numbers of
/// opentelemetry-proto's trace/v1/trace.proto and common/v1/common.proto — written from the
/// specification, not from the exporter, so the tests check what goes over the wire.
struct ProtobufMessage {
    enum Field {
        case varint(UInt64)
        case fixed64(UInt64)
        case bytes([UInt8])
        case fixed32(UInt32)
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var fields: [(number: Int, value: Field)] = []

    init(_ bytes: [UInt8]) throws {
        var index = 0
        func varint() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard index < bytes.count, shift < 64 else { throw Malformed(description: "a varint runs past the end") }
                let byte = bytes[index]
                index += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }
        func fixed(_ count: Int) throws -> UInt64 {
            guard bytes.count - index >= count else { throw Malformed(description: "a fixed field runs past the end") }
            var value: UInt64 = 0
            for i in 0..<count { value |= UInt64(bytes[index + i]) << (8 * UInt64(i)) }
            index += count
            return value
        }
        while index < bytes.count {
            let tag = try varint()
            let number = Int(tag >> 3)
            switch tag & 7 {
            case 0: fields.append((number, .varint(try varint())))
            case 1: fields.append((number, .fixed64(try fixed(8))))
            case 2:
                let length = try varint()
                guard length <= UInt64(bytes.count - index) else { throw Malformed(description: "field \(number) runs past the end") }
                fields.append((number, .bytes(Array(bytes[index..<index + Int(length)]))))
                index += Int(length)
            case 5: fields.append((number, .fixed32(UInt32(try fixed(4)))))
            default: throw Malformed(description: "wire type \(tag & 7) of field \(number)")
            }
        }
    }

    func all(_ number: Int) -> [Field] { fields.filter { $0.number == number }.map(\.value) }

    func bytes(_ number: Int) -> [UInt8] {
        for case .bytes(let value) in all(number) { return value }
        return []
    }

    func string(_ number: Int) -> String { String(decoding: bytes(number), as: UTF8.self) }

    func messages(_ number: Int) throws -> [ProtobufMessage] {
        try all(number).compactMap { field in
            guard case .bytes(let value) = field else { return nil }
            return try ProtobufMessage(value)
        }
    }

    func varint(_ number: Int) -> UInt64 {
        for case .varint(let value) in all(number) { return value }
        return 0
    }

    func fixed64(_ number: Int) -> UInt64 {
        for case .fixed64(let value) in all(number) { return value }
        return 0
    }
}

/// An attribute's value (AnyValue): the kinds herald's spans use.
enum OTLPValue: Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case other

    var description: String {
        switch self {
        case .string(let value): "\"\(value)\""
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .other: "(other)"
        }
    }

    init(_ message: ProtobufMessage) {
        if case .bytes(let value)? = message.all(1).first {
            self = .string(String(decoding: value, as: UTF8.self))
        } else if case .varint(let value)? = message.all(2).first {
            self = .bool(value != 0)
        } else if case .varint(let value)? = message.all(3).first {
            self = .int(Int64(bitPattern: value))
        } else if case .fixed64(let value)? = message.all(4).first {
            self = .double(Double(bitPattern: value))
        } else {
            self = .other
        }
    }

    /// KeyValue messages (key = 1, value = 2) as a dictionary.
    static func attributes(_ keyValues: [ProtobufMessage]) throws -> [String: OTLPValue] {
        var out: [String: OTLPValue] = [:]
        for keyValue in keyValues {
            out[keyValue.string(1)] = try keyValue.messages(2).first.map(OTLPValue.init) ?? .other
        }
        return out
    }
}

/// One Span (its fields by trace.proto's numbers): ids in lowercase hexadecimal, as a
/// traceparent writes them.
struct OTLPSpan: CustomStringConvertible {
    let message: ProtobufMessage
    let attributes: [String: OTLPValue]

    init(_ message: ProtobufMessage) throws {
        self.message = message
        attributes = try OTLPValue.attributes(try message.messages(9))
    }

    var traceID: String { Self.hex(message.bytes(1)) }
    var spanID: String { Self.hex(message.bytes(2)) }
    var parentSpanID: String { Self.hex(message.bytes(4)) }
    var name: String { message.string(5) }
    /// SpanKind: 1 internal, 2 server, 3 client.
    var kind: UInt64 { message.varint(6) }
    var start: UInt64 { message.fixed64(7) }
    var end: UInt64 { message.fixed64(8) }

    var description: String { "\(name) trace \(traceID) span \(spanID) parent \(parentSpanID) \(attributes)" }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }

    /// ExportTraceServiceRequest { resource_spans = 1 } → ResourceSpans { resource = 1,
    /// scope_spans = 2 } → ScopeSpans { spans = 2 } → Span; Resource { attributes = 1 }.
    static func decode(exportRequest bytes: [UInt8]) throws -> [(span: OTLPSpan, resource: [String: OTLPValue])] {
        var out: [(span: OTLPSpan, resource: [String: OTLPValue])] = []
        for resourceSpans in try ProtobufMessage(bytes).messages(1) {
            let resource = try OTLPValue.attributes(try resourceSpans.messages(1).first?.messages(1) ?? [])
            for scopeSpans in try resourceSpans.messages(2) {
                for span in try scopeSpans.messages(2) {
                    out.append((try OTLPSpan(span), resource))
                }
            }
        }
        return out
    }
}
#endif
