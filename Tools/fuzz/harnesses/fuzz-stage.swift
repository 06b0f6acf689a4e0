// libFuzzer harness: the whole extension stage on a push as received
// (`Stage.process(bytes:locale:)`): payload reading, opening with fixed keys,
// computing, rendering from the embedded tables, writing the final payload.
// No store and no media folder, so nothing touches the disk or the network.
// Every push the extension runs for (alert + mutable-content 1) must come out
// as the contract says (Docs/push-format.md): one JSON object that reads back as a
// payload, at most 4096 bytes, no `herald` object, a non-empty alert. Other
// pushes are passed on unchanged less their secret fields (Stage's design: iOS would not run the
// extension for them), which is checked too.
import Dispatch
import HeraldBuiltinTables
import HeraldICU
import HeraldJSON
import HeraldPayload
import HeraldStage
import HeraldTables
@testable import HeraldSealing

private let stage: Stage = {
    var contents: [String: [UInt8]] = [:]
    for (path, text) in EmbeddedLocalizations.files { contents[path] = Array(text.utf8) }
    let keys = InMemoryKeys([
        "device1": SealingKey(kind: .hpkePrivate, bytes: (0..<32).map { UInt8(($0 * 7 + 1) & 0xFF) }),
        "shared": SealingKey(kind: .symmetric, bytes: (0..<32).map { UInt8(($0 * 13 + 5) & 0xFF) }),
    ])
    return Stage(configuration: StageConfiguration(
        catalog: Catalog(contents: contents), keys: .inMemory(keys), timeZone: "Europe/Paris", allowUnsealed: true))
}()

private let locales = [LocaleID(unchecked: "en"), LocaleID(unchecked: "ar_EG")]

/// The outcome of one async stage run, handed back to the synchronous callback.
private final class Box: @unchecked Sendable {
    var outcome: StageOutcome?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let pushed = try? APNsPayload.parse(bytes: bytes) else { return 0 }
    let locale = locales[size % locales.count]
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.outcome = try? await stage.process(bytes, locale: locale)
        done.signal()
    }
    done.wait()
    guard let outcome = box.outcome else {
        fatalError("fuzz invariant broken: the stage refused a push the payload reader accepts")
    }
    guard pushed.eligibility.isEligible else {
        // The extension does not run for it: passed on unchanged but for the
        // secret fields Docs/push-format.md keeps on the device.
        var expected = pushed.object.wholeObject()
        for key in ["herald", "custom-encrypted-message", "media-url"] { expected[key] = nil }
        require(outcome.payload == expected, "an ineligible push was changed beyond its secret fields")
        return 0
    }
    require(outcome.bytes <= APNsPayload.maximumBytes, "final payload is \(outcome.bytes) bytes")
    guard let back = try? JSONParser.parse(outcome.json), let object = back.objectValue else {
        fatalError("fuzz invariant broken: the final payload does not read back as a JSON object")
    }
    require(object["herald"] == nil, "the final payload keeps \"herald\"")
    guard let final = try? APNsPayload(json: back) else {
        fatalError("fuzz invariant broken: the final payload is not a payload")
    }
    let alert = final.aps.alert
    let text = [alert?.title, alert?.subtitle, alert?.body].compactMap { $0 }.joined()
    require(!text.isEmpty, "the final payload has an empty alert")
    return 0
}
