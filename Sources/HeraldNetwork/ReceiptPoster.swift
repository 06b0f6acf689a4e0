import AsyncHTTPClient
import HeraldSync
import NIOCore
import NIOHTTP1

/// One POST of a receipt batch, on the process's HTTP client (`NetworkClients`), never
/// redirected: the client follows no redirect, so a 3xx comes back as the answer (with its
/// Location) and nothing is sent to another address; a 2xx therefore always answers the
/// request that carried the batch.
struct ReceiptPoster: Sendable {
    /// What one request came to: the answer's head and the start of its body, or why there
    /// was none.
    enum Answer: Sendable {
        case response(status: Int, location: String?, retryAfter: String?, body: [UInt8])
        case failed(NetworkProblem)
    }

    /// The most of a response body kept (only its first 200 bytes are ever shown).
    static let maxBodyBytes = 4096

    let clients: NetworkClients
    let timeout: Duration

    /// Sends `body` to `url` once and waits for the answer, at most `timeout`.
    func send(_ body: [UInt8], to url: String, headers: [(String, String)]) async -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let deadline = ContinuousClock.now + timeout
        let client = clients.direct()
        let prepared = request
        let answer = await withTaskExecutorPreference(NetworkClients.executor) {
            await NetworkDeadline.race(deadline) { () async -> Answer in
                do {
                    let response = try await client.execute(prepared, deadline: NetworkDeadline.nio(deadline))
                    // Only the start of the body is kept; the rest is read and dropped so the
                    // connection can serve the next request.
                    var kept: [UInt8] = []
                    for try await chunk in response.body where kept.count < Self.maxBodyBytes {
                        kept += chunk.readableBytesView.prefix(Self.maxBodyBytes - kept.count)
                    }
                    return .response(
                        status: Int(response.status.code), location: response.headers.first(name: "Location"),
                        retryAfter: response.headers.first(name: "Retry-After"), body: kept)
                } catch {
                    return .failed(NetworkProblem(error))
                }
            }
        }
        return answer ?? .failed(.timedOut)
    }
}
