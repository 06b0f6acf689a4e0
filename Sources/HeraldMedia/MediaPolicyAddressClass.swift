/// What kind of address an IP address is, as the media address policy sees it.
///
/// The classes and their ranges are the special-purpose address registries of RFC 6890
/// (IPv4 §2.2.2, IPv6 §2.2.3, as kept up to date by IANA), plus multicast (RFC 5771,
/// RFC 4291 §2.7), broadcast (RFC 919) and the IPv4-in-IPv6 forms (RFC 4291 §2.5.5):
/// every class but `global` is refused for media unless the host is on
/// `MediaPolicy.allowHosts`.
public struct MediaAddressClass: Sendable, Hashable, CustomStringConvertible {
    /// The kind of range the address is in.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// None of the ranges below: an ordinary, globally reachable address.
        case global
        /// 0.0.0.0/8 ("this network"), `::`.
        case unspecified
        /// 127.0.0.0/8, `::1`.
        case loopback
        /// 10/8, 172.16/12, 192.168/16 (RFC 1918).
        case privateNetwork = "private (RFC 1918)"
        /// 100.64/10, carrier-grade NAT (RFC 6598).
        case sharedAddressSpace = "shared address space (carrier-grade NAT)"
        /// 169.254/16 (cloud metadata services live at 169.254.169.254), fe80::/10.
        case linkLocal = "link-local"
        /// fc00::/7 (RFC 4193).
        case uniqueLocal = "unique-local"
        /// 224/4, ff00::/8.
        case multicast
        /// 255.255.255.255.
        case broadcast
        /// Documentation, benchmarking, protocol assignments, reserved for future use,
        /// discard-only, site-local: ranges RFC 6890 marks as not globally reachable.
        case reserved
    }

    /// How an IPv4 address was written inside an IPv6 one.
    public enum IPv4Form: String, Sendable, Hashable {
        /// `::ffff:a.b.c.d` (RFC 4291 §2.5.5.2).
        case mapped = "IPv4-mapped"
        /// `::a.b.c.d` (RFC 4291 §2.5.5.1, deprecated).
        case compatible = "IPv4-compatible"
        /// `::ffff:0:a.b.c.d`, the IPv4-translated form of stateless translation (SIIT, RFC 6145;
        /// `::ffff:0:0/96`).
        case translated = "IPv4-translated"
        /// `64:ff9b::a.b.c.d`, the NAT64 well-known prefix (RFC 6052).
        case nat64 = "NAT64"
    }

    /// The range's kind (for an IPv4-in-IPv6 address: the kind of the IPv4 address inside).
    public var kind: Kind
    /// Set when the address is an IPv4 address written as an IPv6 one.
    public var ipv4Form: IPv4Form?

    /// A class.
    public init(_ kind: Kind, ipv4Form: IPv4Form? = nil) {
        self.kind = kind
        self.ipv4Form = ipv4Form
    }

    /// Whether media may be fetched from such an address.
    public var isGlobal: Bool { kind == .global }

    /// "loopback", "private (RFC 1918)", "IPv4-mapped loopback" …
    public var description: String {
        ipv4Form.map { "\($0.rawValue) \(kind.rawValue)" } ?? kind.rawValue
    }

    /// One range: the first `bits` bits of `prefix`.
    private struct Range {
        let prefix: [UInt8]
        let bits: Int
        let kind: Kind?
        let form: IPv4Form?

        init(_ prefix: [UInt8], _ bits: Int, _ kind: Kind) {
            (self.prefix, self.bits, self.kind, self.form) = (prefix, bits, kind, nil)
        }

        /// An IPv6 range whose last 32 bits are an IPv4 address, classified as such.
        init(_ prefix: [UInt8], _ bits: Int, embeddingIPv4 form: IPv4Form) {
            (self.prefix, self.bits, self.kind, self.form) = (prefix, bits, nil, form)
        }

        func contains(_ address: [UInt8]) -> Bool {
            var left = bits
            var i = 0
            while left > 0 {
                let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
                if address[i] & mask != prefix[i] & mask { return false }
                left -= 8
                i += 1
            }
            return true
        }
    }

    /// IPv4 ranges (RFC 6890 §2.2.2 and the registry's later entries), longest prefix first.
    private static let ipv4: [Range] = [
        Range([255, 255, 255, 255], 32, .broadcast),
        Range([192, 0, 0, 0], 24, .reserved),  // IETF protocol assignments
        Range([192, 0, 2, 0], 24, .reserved),  // TEST-NET-1
        Range([198, 51, 100, 0], 24, .reserved),  // TEST-NET-2
        Range([203, 0, 113, 0], 24, .reserved),  // TEST-NET-3
        Range([192, 88, 99, 0], 24, .reserved),  // 6to4 relay anycast (deprecated)
        Range([169, 254, 0, 0], 16, .linkLocal),
        Range([192, 168, 0, 0], 16, .privateNetwork),
        Range([198, 18, 0, 0], 15, .reserved),  // benchmarking
        Range([172, 16, 0, 0], 12, .privateNetwork),
        Range([100, 64, 0, 0], 10, .sharedAddressSpace),
        Range([0, 0, 0, 0], 8, .unspecified),
        Range([10, 0, 0, 0], 8, .privateNetwork),
        Range([127, 0, 0, 0], 8, .loopback),
        Range([224, 0, 0, 0], 4, .multicast),
        Range([240, 0, 0, 0], 4, .reserved),  // reserved for future use
    ]

    /// IPv6 ranges (RFC 6890 §2.2.3, RFC 4291), longest prefix first.
    private static let ipv6: [Range] = [
        Range([UInt8](repeating: 0, count: 16), 128, .unspecified),
        Range([UInt8](repeating: 0, count: 15) + [1], 128, .loopback),
        Range([UInt8](repeating: 0, count: 10) + [0xFF, 0xFF], 96, embeddingIPv4: .mapped),
        Range([0x00, 0x64, 0xFF, 0x9B] + [UInt8](repeating: 0, count: 8), 96, embeddingIPv4: .nat64),
        Range([UInt8](repeating: 0, count: 8) + [0xFF, 0xFF, 0, 0], 96, embeddingIPv4: .translated),
        // Local-use IPv4/IPv6 translation (RFC 8215): a network's own NAT64, which may reach
        // any of its IPv4 addresses; not globally reachable (IANA's special-purpose registry).
        Range([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01], 48, .reserved),
        Range([UInt8](repeating: 0, count: 12), 96, embeddingIPv4: .compatible),
        Range([0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, .reserved),  // discard-only
        Range([0x20, 0x01, 0x0D, 0xB8], 32, .reserved),  // documentation
        Range([0x20, 0x01, 0x00, 0x00], 23, .reserved),  // IETF protocol assignments
        Range([0x3F, 0xFF, 0x00], 20, .reserved),  // documentation (RFC 9637)
        Range([0xFE, 0x80], 10, .linkLocal),
        Range([0x5F, 0x00], 16, .reserved),  // segment routing SIDs (RFC 9602), not globally reachable
        Range([0xFE, 0xC0], 10, .reserved),  // site-local (deprecated)
        Range([0xFF, 0x00], 8, .multicast),
        Range([0xFC, 0x00], 7, .uniqueLocal),
    ]

    /// The class of an address given as its bytes in network order: 4 (IPv4) or 16 (IPv6).
    /// Any other length is `reserved` (refused: it is not an address a socket connects to).
    public static func classify(_ address: [UInt8]) -> MediaAddressClass {
        let table: [Range]
        switch address.count {
        case 4: table = ipv4
        case 16: table = ipv6
        default: return MediaAddressClass(.reserved)
        }
        guard let range = table.first(where: { $0.contains(address) }) else { return MediaAddressClass(.global) }
        if let form = range.form {
            return MediaAddressClass(classify(Array(address[12..<16])).kind, ipv4Form: form)
        }
        return MediaAddressClass(range.kind ?? .reserved)
    }
}
