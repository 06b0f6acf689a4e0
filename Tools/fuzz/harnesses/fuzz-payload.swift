// libFuzzer harness: the APNs payload reader, then the payload writer. Any
// payload the reader accepts must come out as a valid payload: JSON that
// reads back, within the byte budget, without the secret `herald` object.
import HeraldJSON
import HeraldPayload

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    // Custom keys are kept as text: the payload must be the one the whole tree gives,
    // accepted alike and written byte for byte alike.
    let whole = (try? JSONParser.parse(bytes: input)).flatMap { try? APNsPayload(json: $0) }
    guard let payload = try? APNsPayload.parse(bytes: input) else {
        require(whole == nil || input.count > InputLimits.payloadFileBytes, "a payload the whole tree reads is refused")
        return 0
    }
    require(whole?.json == payload.json, "the payload is written differently from the whole tree")
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
