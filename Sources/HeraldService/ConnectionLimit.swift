import HeraldSync
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// The bound on open connections (Docs/service.md, "Limits"): at most `limit` at once, below
/// the process's file limit, so that `accept` never fails for want of a descriptor (a server
/// at its file limit cannot accept, and its accept loop spins).
///
/// Past the limit the oldest connection that is waiting for a request (idle keep-alive, or
/// opened and silent) is closed to make room, so a new client — an orchestrator's probe — is
/// still answered while idle sockets pile up; only when every connection is inside a request
/// is the new one closed instead. The listener also stops accepting a little past the limit
/// (Hummingbird's available-connections delegate), leaving the rest in the kernel's backlog.
final class ConnectionLimit: Sendable {
    let limit: Int
    private let state = Locked(State())
    private let changed: @Sendable (Int) -> Void

    private struct State {
        var next = 0
        /// Open connections by number (the order they opened in), each with its closer and
        /// whether it is inside a request.
        var open: [Int: Entry] = [:]
    }

    private struct Entry {
        let close: @Sendable () -> Void
        var busy = false
    }

    init(limit: Int, changed: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.limit = limit
        self.changed = changed
    }

    /// Connections open now.
    var count: Int { state.withLock { $0.open.count } }

    /// Registers a new connection; closes the oldest idle one when past the limit (or this one,
    /// when none is idle). Returns the new connection's number.
    func opened(close: @escaping @Sendable () -> Void) -> Int {
        let (number, evict, count) = state.withLock { state -> (Int, (@Sendable () -> Void)?, Int) in
            let number = state.next
            state.next += 1
            state.open[number] = Entry(close: close)
            var evict: (@Sendable () -> Void)?
            if state.open.count > limit {
                if let oldest = state.open.filter({ !$0.value.busy && $0.key != number }).min(by: { $0.key < $1.key }) {
                    evict = oldest.value.close
                    state.open[oldest.key] = nil
                } else {
                    evict = close
                    state.open[number] = nil
                }
            }
            return (number, evict, state.open.count)
        }
        changed(count)
        evict?()
        return number
    }

    /// A connection starts or ends a request.
    func busy(_ number: Int, _ busy: Bool) {
        state.withLock { state in state.open[number]?.busy = busy }
    }

    /// A connection closed.
    func closed(_ number: Int) {
        let count = state.withLock { state -> Int in
            state.open[number] = nil
            return state.open.count
        }
        changed(count)
    }
}

/// Registers its connection with a `ConnectionLimit`: busy from a request's headers to the
/// end of its answer.
final class ConnectionLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: ConnectionLimit
    private var number: Int?

    init(limit: ConnectionLimit) { self.limit = limit }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        number = limit.opened { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { release() }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data), let number { limit.busy(number, true) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), let number { limit.busy(number, false) }
        context.write(data, promise: promise)
    }

    private func release() {
        if let number { limit.closed(number) }
        number = nil
    }
}

/// Hummingbird's hook on the listener: stop accepting when the connections are well past the
/// limit (eviction could not keep up), resume when they are back.
struct ConnectionAcceptance: AvailableConnectionsDelegate {
    let connections: ConnectionLimit
    /// Accepted connections past the limit before the listener pauses.
    static let slack = 16

    mutating func connectionOpened() {}
    mutating func connectionClosed() {}
    func isAcceptingNewConnections() -> Bool { connections.count < connections.limit + Self.slack }
}
