public import HeraldJSON

/// One attachment the app creates with `UNNotificationAttachment(identifier:url:options:)`.
///
/// Ordering rule (iOS shows the FIRST attachment's thumbnail in the collapsed
/// banner and all attachments in the expanded view): attachments are ordered
/// `thumbnail` items, then `both` items, then `expanded` items, keeping the
/// sender's order within a role. An `expanded` item has its thumbnail hidden
/// (`ThumbnailHidden = true`) whenever an earlier attachment supplies the
/// visible thumbnail; if every thumbnail-capable item failed, the first
/// `expanded` item is first and keeps its thumbnail, so the banner still has one.
public struct Attachment: Sendable, Hashable {
    /// Unique within the notification: the sender's `id`, else `media-<n>`
    /// (n = 1-based position of the reference in the push).
    public var identifier: String
    /// The reference it was downloaded for.
    public var reference: MediaReference
    /// The file on disk.
    public var file: DownloadedFile
    /// `UNNotificationAttachmentOptionsThumbnailHiddenKey`.
    public var thumbnailHidden: Bool
    /// 0-based position in the attachments array the app builds.
    public var position: Int

    /// `UNNotificationAttachmentOptionsThumbnailClippingRectKey` (the reference's clip).
    public var clip: ClipRect? { reference.clip }
    /// `UNNotificationAttachmentOptionsTypeHintKey`.
    public var typeHint: String { file.type.uti }

    /// The output object (see `Attachments.outputKey`):
    /// `{"identifier", "file", "type", "thumbnailHidden", ["clip": {"X","Y","Width","Height"}],
    /// ["receipt"]}` — `file` is the local path, `type` the UTI, `clip` spelled as
    /// `CGRect.dictionaryRepresentation` spells it.
    public var json: JSONValue {
        var o = JSONObject()
        o["identifier"] = .string(identifier)
        o["file"] = .string(file.path)
        o["type"] = .string(file.type.uti)
        o["thumbnailHidden"] = .bool(thumbnailHidden)
        if let c = clip {
            o["clip"] = .object(
                JSONObject([
                    ("X", .number(Attachments.numberLiteral(c.x))),
                    ("Y", .number(Attachments.numberLiteral(c.y))),
                    ("Width", .number(Attachments.numberLiteral(c.width))),
                    ("Height", .number(Attachments.numberLiteral(c.height))),
                ]))
        }
        if let r = reference.receipt { o["receipt"] = .string(r) }
        return .object(o)
    }
}

/// Turning fetch results into the attachment list of the output payload.
public enum Attachments {
    /// The output payload key (a sibling of `aps`) holding the attachment array.
    public static let outputKey = "herald-attachments"

    /// The distinct attachments of `results`, in the order the app must add them.
    public static func ordered(_ results: [MediaResult]) -> [Attachment] {
        var seen = Set<String>()
        var out: [Attachment] = []
        for case .attached(let a) in results where seen.insert(a.identifier).inserted {
            out.append(a)
        }
        return out.sorted { $0.position < $1.position }
    }

    /// `[{…}, …]` for `outputKey`.
    public static func json(_ results: [MediaResult]) -> JSONValue {
        .array(ordered(results).map(\.json))
    }

    /// Assigns identifiers, order and thumbnail visibility to downloaded files.
    /// `downloads[i]` belongs to `references[i]` (nil when it failed).
    static func plan(references: [MediaReference], downloads: [DownloadedFile?]) -> [Attachment?] {
        // Same content twice → one attachment (iOS moves the file, so a second
        // attachment of the same file would fail); roles merge.
        var firstIndexOfFile: [String: Int] = [:]
        var roles: [Int: MediaRole] = [:]
        for (i, d) in downloads.enumerated() {
            guard let d else { continue }
            if let first = firstIndexOfFile[d.fileName] {
                if roles[first] != references[i].role { roles[first] = .both }
            } else {
                firstIndexOfFile[d.fileName] = i
                roles[i] = references[i].role
            }
        }
        func rank(_ r: MediaRole) -> Int {
            switch r {
            case .thumbnail: return 0
            case .both: return 1
            case .expanded: return 2
            }
        }
        let owners = roles.keys.sorted { a, b in
            let ra = rank(roles[a] ?? .both)
            let rb = rank(roles[b] ?? .both)
            return ra != rb ? ra < rb : a < b
        }
        var used = Set<String>()
        var byOwner: [Int: Attachment] = [:]
        let thumbnailSupplied = owners.first.map { roles[$0] != .expanded } ?? false
        for (position, i) in owners.enumerated() {
            guard let file = downloads[i] else { continue }
            var ref = references[i]
            ref.role = roles[i] ?? ref.role
            var id = ref.id ?? "media-\(i + 1)"
            if used.contains(id) {
                var n = 2
                while used.contains("\(id)-\(n)") { n += 1 }
                id = "\(id)-\(n)"
            }
            used.insert(id)
            let hidden = ref.role == .expanded && thumbnailSupplied
            byOwner[i] = Attachment(
                identifier: id, reference: ref, file: file, thumbnailHidden: hidden, position: position)
        }
        return downloads.enumerated().map { i, d in
            guard let d else { return nil }
            let owner = firstIndexOfFile[d.fileName] ?? i
            return byOwner[owner]
        }
    }

    /// A JSON number literal for a clip value ("0.25", "1", "0.3333333333333333").
    static func numberLiteral(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}
