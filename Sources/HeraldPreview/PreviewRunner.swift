public import Foundation
public import HeraldICU
import HeraldExamples
import HeraldJSON
import HeraldLottery
public import HeraldMedia
public import HeraldRender
public import HeraldStage
import HeraldStore
public import HeraldTables

/// Runs the stage for every chosen locale: the built-in examples (with a
/// throwaway store in memory holding their tickets and reminder), or the user's own push,
/// plus the plural messages rendered with a sample number for each plural
/// category the language has, so every form a translator wrote is on screen.
public struct PreviewRunner: Sendable {
    /// The tables every example is rendered from.
    public var catalog: any MessageCatalog
    /// The IANA zone dates are shown in.
    public var timeZone: String
    /// The time budget of each push.
    public var deadline: Duration
    /// How the media of the user's own push are downloaded (none by default).
    public var mediaDownloader: any MediaDownloader

    /// Makes a runner.
    ///
    /// - Parameters:
    ///   - catalog: The tables to preview.
    ///   - timeZone: The zone dates are shown in.
    ///   - deadline: The time budget of each push.
    ///   - mediaDownloader: How a push's media are fetched (default: not at all).
    public init(
        catalog: any MessageCatalog, timeZone: String = "UTC", deadline: Duration = .seconds(10),
        mediaDownloader: any MediaDownloader = NoMediaDownloader(reason: "the preview does not download media")
    ) {
        self.catalog = catalog
        self.timeZone = timeZone
        self.deadline = deadline
        self.mediaDownloader = mediaDownloader
    }

    /// The locales a catalog serves, as BCP 47 tags sorted, `Base` left out.
    public static func locales(of catalog: any MessageCatalog) -> [LocaleID] {
        var seen = Set<String>()
        var out: [LocaleID] = []
        for name in catalog.localizations where name.lowercased() != "base" && name.lowercased() != "und" {
            guard let id = try? LocaleID(name), seen.insert(id.icuID).inserted else { continue }
            out.append(id)
        }
        return out.sorted { $0.bcp47 < $1.bcp47 }
    }

    /// The built-in examples in every locale, then the plural samples.
    public func examples(locales: [LocaleID]) async throws -> [PreviewItem] {
        // The examples' tickets and reminder live in a store in memory: nothing is written anywhere.
        let store = try Store.inMemory()
        for t in ExampleNotifications.tickets {
            let ticket = try Ticket(
                game: t.game, draw: DrawDate(t.draw), numbers: t.numbers, bonus: t.bonus, multiplierAddOn: t.powerPlay)
            try store.addTicket(ticket)
        }
        for r in ExampleNotifications.reminders {
            guard let id = UUID(uuidString: r.id), let due = ISO8601DateFormatter().date(from: r.due) else {
                throw PreviewError("built-in reminder \(r.id) is malformed")
            }
            try store.addReminder(Reminder(id: id, title: r.title, due: due))
        }
        let now = ISO8601DateFormatter().date(from: ExampleNotifications.now)
        // Examples that are legacy, unsealed input say so; only they get it allowed.
        func stage(unsealed: Bool) -> Stage {
            Stage(
                configuration: StageConfiguration(
                    catalog: catalog, store: .open(store), keys: .none, now: now, timeZone: timeZone,
                    deadline: deadline, allowUnsealed: unsealed))
        }
        let sealedOnly = stage(unsealed: false)
        let legacy = stage(unsealed: true)
        var items: [PreviewItem] = []
        for example in ExampleNotifications.all {
            let stage = example.unsealed ? legacy : sealedOnly
            for locale in locales {
                // The badge is the running count in the store: reset it so every
                // locale shows the same count.
                try store.setBadge(0)
                items.append(try await run(stage, payload: Array(example.payload.utf8), name: example.name, locale: locale))
            }
        }
        items += pluralSamples(renderer: sealedOnly.renderer, locales: locales)
        items += phraseSets(locales: locales)
        return items
    }

    /// The user's own push in every locale, against their store and keys. Nothing is
    /// changed: the store is only read (the badge shown is the count it would become, no
    /// display receipt is recorded) and media go to a temporary folder removed afterwards.
    public func payload(
        _ bytes: [UInt8], locales: [LocaleID], store: StoreSource, keys: KeySource, now: Date?,
        allowUnsealed: Bool = false
    ) async throws -> [PreviewItem] {
        let media = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: media) }
        let stage = Stage(
            configuration: StageConfiguration(
                catalog: catalog, store: store, keys: keys, attachmentsDirectory: media + "/attachments",
                mediaDownloader: mediaDownloader, now: now, timeZone: timeZone, deadline: deadline,
                allowUnsealed: allowUnsealed, writesToStore: false))
        var items: [PreviewItem] = []
        for locale in locales {
            items.append(try await run(stage, payload: bytes, name: "payload", locale: locale))
        }
        return items
    }

    private func run(_ stage: Stage, payload: [UInt8], name: String, locale: LocaleID) async throws -> PreviewItem {
        let outcome: StageOutcome
        do {
            outcome = try await stage.process(payload, locale: locale)
        } catch {
            throw PreviewError("\(name): \(error)")
        }
        return PreviewItem(
            example: name, locale: locale.bcp47, servedBy: outcome.servedBy, fallback: outcome.fallback,
            bytes: outcome.bytes, payload: .object(outcome.payload), diagnostics: outcome.diagnostics.map(\.message),
            rightToLeft: locale.isRightToLeft)
    }

    /// Plural messages with a few numbers per plural category of each
    /// language (CLDR's integer samples for that category, one per length:
    /// ru `one` 1, 21, 101 — see `PluralSamples`; categories that only
    /// decimals reach are skipped, since these count tickets and messages).
    /// Each is an example named `plural:<key>`.
    public func pluralSamples(renderer: Renderer, locales: [LocaleID]) -> [PreviewItem] {
        func count(_ s: String) -> RenderArgument { .number(NumericValue(literal: s) ?? .int(0)) }
        // The win message's amount, formatted for the locale as the stage does.
        func amount(_ l: LocaleID) -> RenderArgument {
            .string((try? Currency.format(minorUnits: 1400, currency: "USD", locale: l)) ?? "$14.00")
        }
        let keys: [(table: String, key: String, args: (String, LocaleID) -> [RenderArgument])] = [
            ("Localizable", "lottery.loss.body", { s, _ in [count(s)] }),
            ("Localizable", "lottery.win.body", { s, l in [amount(l), count(s), count(s)] }),
            ("Localizable", "lottery.win.unknownAmount.body", { s, _ in [count(s)] }),
            ("Localizable", "badge.summary", { s, _ in [count(s)] }),
            ("Messages", "message.unread", { s, _ in [count(s)] }),
            ("Messages", "message.attachments", { s, _ in [count(s)] }),
        ]
        var items: [PreviewItem] = []
        for (table, key, args) in keys {
            for locale in locales {
                guard let rules = try? PluralRules.for(locale) else { continue }
                for category in rules.categories {
                    for sample in PluralSamples.representative(rules.samples(for: category).integers) {
                        let example = "plural:\(key)"
                        do {
                            let r = try renderer.render(key: key, table: table, locale: locale, arguments: args(sample, locale))
                            let payload = JSONValue.object(
                                JSONObject([("aps", .object(JSONObject([("alert", .object(JSONObject([("body", .string(r.text))])))])))]))
                            let json = JSONWriter.write(payload)
                            items.append(
                                PreviewItem(
                                    example: example, locale: locale.bcp47, servedBy: r.servedBy, fallback: false,
                                    bytes: json.utf8.count, payload: payload,
                                    diagnostics: r.diagnostics.map(\.message), rightToLeft: locale.isRightToLeft,
                                    sample: "\(category.rawValue) \(sample)"))
                        } catch {
                            items.append(
                                PreviewItem(
                                    example: example, locale: locale.bcp47, servedBy: "", fallback: true, bytes: 0,
                                    payload: .object(JSONObject()), diagnostics: ["\(error)"],
                                    rightToLeft: locale.isRightToLeft, sample: "\(category.rawValue) \(sample)"))
                        }
                    }
                }
            }
        }
        return items
    }

    /// App Shortcuts phrase sets (String Catalog `stringSet`), every phrase
    /// each locale is served, as the body of an item named
    /// `phrases:<table>/<key>` whose sample says which phrase it is
    /// ("phrase 2 of 3"). None when the tables hold no phrase set.
    public func phraseSets(locales: [LocaleID]) -> [PreviewItem] {
        var keys: [(table: String, key: String)] = []
        var seen = Set<String>()
        for table in catalog.tableNames {
            for loc in catalog.localizations {
                guard let t = catalog.table(table, localization: loc) else { continue }
                for e in t.entries {
                    guard case .phrases = e.message, seen.insert(table + "\u{0}" + e.key).inserted else { continue }
                    keys.append((table, e.key))
                }
            }
        }
        var items: [PreviewItem] = []
        for (table, key) in keys {
            for locale in locales {
                let example = "phrases:\(table)/\(key)"
                guard let hit = catalog.lookup(key: key, table: table, locale: locale), case .phrases(let phrases) = hit.entry.message else {
                    items.append(PreviewItem(
                        example: example, locale: locale.bcp47, servedBy: "", fallback: true, bytes: 0,
                        payload: .object(JSONObject()), diagnostics: ["no phrase set for \(locale.bcp47)"],
                        rightToLeft: locale.isRightToLeft))
                    continue
                }
                for (i, phrase) in phrases.enumerated() {
                    let payload = JSONValue.object(
                        JSONObject([("aps", .object(JSONObject([("alert", .object(JSONObject([("body", .string(phrase.value))])))])))]))
                    items.append(PreviewItem(
                        example: example, locale: locale.bcp47, servedBy: hit.localization, fallback: false,
                        bytes: JSONWriter.write(payload).utf8.count, payload: payload,
                        diagnostics: phrase.value.isEmpty ? ["phrase \(i + 1) is empty"] : [], rightToLeft: locale.isRightToLeft,
                        sample: "phrase \(i + 1) of \(phrases.count)"))
                }
            }
        }
        return items
    }

    static func temporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/herald-preview-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PreviewError("cannot create a temporary store directory")
        }
        return String(cString: made)
    }
}

/// Why a preview could not run (an unreadable push, a bad locale list).
public struct PreviewError: Error, CustomStringConvertible, Sendable {
    /// The message.
    public var description: String
    init(_ d: String) { description = d }
}

extension PreviewRunner {
    /// The `unknown-locale` sentence for each of `locales` whose language ICU has no data
    /// for, naming the localization of `catalog` that serves it as the stage picks it.
    public static func unknownLanguageNotes(_ locales: [LocaleID], catalog: any MessageCatalog) -> [String] {
        locales.compactMap { $0.unknownLanguageNote(servedBy: LocalizationLookup.match($0, available: catalog.localizations).first) }
    }
}
