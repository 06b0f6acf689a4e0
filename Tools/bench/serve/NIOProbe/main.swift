// The ceiling probe of Tools/bench/serve.sh: the least an HTTP/1.1 server on SwiftNIO does —
// NIO's own pipeline (parser, encoder, keep-alive), one event loop, and a handler that answers
// every request with the same 6 bytes, no router, no middleware, no Swift concurrency. Not
// linked by anything; herald serve is Hummingbird (on the same NIO).
//
//   herald-bench-nio-probe PORT
import NIOCore
import NIOHTTP1
import NIOPosix
import Glibc

final class NoWorkHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let body = ByteBuffer(string: "ready\n")

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data) else { return }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Length", value: "\(Self.body.readableBytes)")
        headers.add(name: "Content-Type", value: "text/plain")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(Self.body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}

guard CommandLine.arguments.count == 2, let port = Int(CommandLine.arguments[1]), (0...65535).contains(port) else {
    print("usage: herald-bench-nio-probe PORT")
    exit(2)
}
let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let channel = try ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 256)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
            try channel.pipeline.syncOperations.addHandler(NoWorkHandler())
        }
    }
    .bind(host: "127.0.0.1", port: port)
    .wait()
print("listening on \(channel.localAddress.map { "\($0)" } ?? "?")")
try channel.closeFuture.wait()
