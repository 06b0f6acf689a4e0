/// Which part of the notification a media item is for.
///
/// iOS shows the first attachment's thumbnail in the collapsed banner and every
/// attachment in the expanded view, so a sender that has a small crop for the
/// banner and a large picture for the expanded view sends one `thumbnail` and
/// one `expanded` item; `both` (the default) is one item used for either.
public enum MediaRole: String, Sendable, Hashable, CaseIterable {
    case thumbnail
    case expanded
    case both
}

/// Where in the push a media reference was found.
public enum MediaSource: String, Sendable, Hashable, CaseIterable {
    /// The legacy top-level `media-url` key, ROT13-encoded (spy-agency chapter).
    case legacy
    /// `aps.alert.image` (image-push chapter).
    case alertImage
    /// A custom top-level `image` key (image-push chapter).
    case imageKey
    /// An entry of the `media` list inside the (opened) `herald` object.
    case heraldMedia
}

/// A normalized clipping rectangle for an attachment's thumbnail: every value
/// in 0...1 of the image's size, origin at the top left, as
/// `UNNotificationAttachmentOptionsThumbnailClippingRectKey` expects.
public struct ClipRect: Sendable, Hashable, CustomStringConvertible {
    /// Left edge, as a fraction of the width (0–1).
    public let x: Double
    /// Top edge, as a fraction of the height (0–1).
    public let y: Double
    /// Width, as a fraction (0–1).
    public let width: Double
    /// Height, as a fraction (0–1).
    public let height: Double

    /// Nil unless the rectangle is non-empty and lies inside the unit square.
    public init?(x: Double, y: Double, width: Double, height: Double) {
        let all = [x, y, width, height]
        guard all.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }),
            width > 0, height > 0,
            x + width <= 1 + 1e-9, y + height <= 1 + 1e-9
        else { return nil }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `(x, y, width, height)`.
    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// One media item a push asks the extension to attach.
public struct MediaReference: Sendable, Hashable {
    /// The URL as the sender wrote it (after ROT13 decoding for `media-url`).
    public var url: String
    /// What the medium is for in the notification.
    public var role: MediaRole
    /// The part of an image to show as the thumbnail, if the push says.
    public var clip: ClipRect?
    /// Where the medium comes from.
    public var source: MediaSource
    /// The sender's identifier for the item (`id` of a `herald.media` entry);
    /// becomes the attachment identifier when present.
    public var id: String?
    /// An opaque display-receipt id (`receipt` of a `herald.media` entry) that
    /// travels unchanged into the attachment and the output, so a later stage
    /// can record that this item was shown.
    public var receipt: String?

    /// Makes a reference.
    public init(
        url: String, role: MediaRole = .both, clip: ClipRect? = nil, source: MediaSource,
        id: String? = nil, receipt: String? = nil
    ) {
        self.url = url
        self.role = role
        self.clip = clip
        self.source = source
        self.id = id
        self.receipt = receipt
    }
}
