import NIOCore
import NIOHTTPTypes

/// Closes a connection that stalls inside a request (Docs/service.md, "Limits"):
///
/// - nothing read or written for `timeout` (a client that stops in the middle of its headers
///   or body); Hummingbird's idle timeout covers the time between requests only;
/// - from a request's headers to the end of its body, fewer than `minimumRate` bytes a second
///   moved over a `window` (body bytes read, or answers written — a batch's output counts, so
///   a client reading its answers is making progress). A client that trickles — a blank line
///   every 20 s — re-arms the timeout forever; this bound is what gives its place back.
///
/// It sits after the HTTP decoder, so it sees a request's parts, never its raw bytes.
final class ReadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let minimumRate: Int
    private let window: TimeAmount
    private let closedSlow: @Sendable () -> Void
    private var scheduled: Scheduled<Void>?
    private var rateCheck: Scheduled<Void>?
    /// Bytes moved in the current window, while a request's body is being read.
    private var moved = 0

    init(timeout: TimeAmount, minimumRate: Int = 0, window: TimeAmount = .seconds(10), closedSlow: @escaping @Sendable () -> Void = {}) {
        self.timeout = timeout
        self.minimumRate = minimumRate
        self.window = window
        self.closedSlow = closedSlow
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        arm(context)
        switch unwrapInboundIn(data) {
        case .head:
            moved = 0
            startRateCheck(context)
        case .body(let bytes):
            moved += bytes.readableBytes
        case .end:
            rateCheck?.cancel()
            rateCheck = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        arm(context)
        if case .body(let bytes) = unwrapOutboundIn(data) { moved += bytes.readableBytes }
        context.write(data, promise: promise)
    }

    private func stop() {
        scheduled?.cancel()
        scheduled = nil
        rateCheck?.cancel()
        rateCheck = nil
    }

    private func arm(_ context: ChannelHandlerContext) {
        scheduled?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        scheduled = context.eventLoop.scheduleTask(in: timeout) {
            loopBound.value.close(promise: nil)
        }
    }

    /// Checks every `window`, until the body has ended, that enough bytes moved in it.
    private func startRateCheck(_ context: ChannelHandlerContext) {
        rateCheck?.cancel()
        rateCheck = nil
        guard minimumRate > 0 else { return }
        let needed = Int((Int64(minimumRate) * window.nanoseconds) / 1_000_000_000)
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        rateCheck = context.eventLoop.scheduleTask(in: window) {
            let (handler, context) = loopBound.value
            handler.rateCheck = nil
            if handler.moved < needed {
                handler.closedSlow()
                context.close(promise: nil)
            } else {
                handler.moved = 0
                handler.startRateCheck(context)
            }
        }
    }
}
