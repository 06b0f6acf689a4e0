// libFuzzer harness: the APNs payload reader, then the payload writer. Any
// payload the reader accepts must come out as a valid payload: JSON that
// reads back, within the byte budget, without the secret `herald` object.
import HeraldJSON
import HeraldPayload

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let payload = try? APNsPayload.parse(bytes: fuzzBytes(data, size)) else { return 0 }
    _ = payload.eligibility.description
    _ = payload.byteCount
    let alert = RenderedAlert(
        title: payload.aps.alert?.title, subtitle: payload.aps.alert?.subtitle,
        body: (payload.aps.alert?.body ?? "") + " \u{2067}وصل\u{2069} 🇺🇦")
    guard let final = try? PayloadWriter.finalPayload(from: payload, alert: alert, badge: 7) else { return 0 }
    require(final.byteCount <= APNsPayload.maximumBytes, "final payload is \(final.byteCount) bytes")
    guard let back = try? JSONParser.parse(final.json), let object = back.objectValue else {
        fatalError("fuzz invariant broken: the final payload does not read back as a JSON object")
    }
    for key in PayloadWriter.droppedKeys { require(object[key] == nil, "final payload keeps \"\(key)\"") }
    require((try? APNsPayload.parse(final.json)) != nil, "the final payload is not a payload")
    return 0
}
