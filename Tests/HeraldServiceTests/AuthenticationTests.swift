import AsyncHTTPClient
import Foundation
import HeraldJSON
import HeraldTestSupport
import NIOCore
import NIOSSL
import Testing

@testable import HeraldService

/// Who may call the service (Docs/security.md): a bearer token on the /v1 routes, TLS and
/// mutual TLS on the listener.
@Suite struct AuthenticationTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let format = Array(#"{"key":"lottery.title","locale":"en","args":["x"]}"#.utf8)

    @Test func theRoutesNeedTheToken() async throws {
        let authentication = try ServiceAuthentication(text: "\n  \(Self.token)  \n", source: "test")
        try await TestServer.with({ $0.authentication = authentication }) { server in
            let none = try await server.send(.POST, "/v1/format", body: Self.format)
            #expect(none.status == 401)
            #expect(none.headers["WWW-Authenticate"].first == "Bearer")
            #expect(try JSONParser.parse(none.text)["error"]?["code"]?.stringValue == "unauthorized")
            let wrong = try await server.send(.POST, "/v1/format", body: Self.format, headers: [("Authorization", "Bearer " + Self.token.dropLast() + "0")])
            #expect(wrong.status == 401)
            let short = try await server.send(.POST, "/v1/format", body: Self.format, headers: [("Authorization", "Bearer 0123")])
            #expect(short.status == 401)
            let right = try await server.send(.POST, "/v1/format", body: Self.format, headers: [("Authorization", "Bearer " + Self.token)])
            #expect(right.status == 200, "\(right.text)")
            let lower = try await server.send(.POST, "/v1/format", body: Self.format, headers: [("Authorization", "bearer " + Self.token)])
            #expect(lower.status == 200)
            // The probes and the metrics need none.
            #expect(try await server.send(.GET, "/healthz").status == 200)
            #expect(try await server.send(.GET, "/readyz").status == 200)
            #expect(try await server.send(.GET, "/metrics").status == 200)
        }
    }

    @Test func aWeakTokenIsRefused() {
        #expect(throws: ServiceAuthentication.Problem.self) { try ServiceAuthentication(text: "short", source: "test") }
        #expect(throws: ServiceAuthentication.Problem.self) { try ServiceAuthentication(text: "\n\n", source: "test") }
        #expect(ServiceAuthentication.constantTimeEqual(ArraySlice(Array("abc".utf8)), Array("abc".utf8)))
        #expect(!ServiceAuthentication.constantTimeEqual(ArraySlice(Array("abcd".utf8)), Array("abc".utf8)))
        #expect(!ServiceAuthentication.constantTimeEqual(ArraySlice(Array("ab".utf8)), Array("abc".utf8)))
    }

    /// A CA, a server certificate for 127.0.0.1 and a client certificate, made by openssl.
    struct Certificates {
        let folder: TemporaryFolder
        func path(_ name: String) -> String { folder.path(name) }

        static func make() async throws -> Certificates {
            let folder = try TemporaryFolder("herald-tls")
            func run(_ arguments: [String]) async throws {
                let result = try await Subprocess.run(URL(fileURLWithPath: openssl), arguments)
                #expect(result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
            }
            let p = folder.path
            try await run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                "-subj", "/CN=herald test CA", "-keyout", "\(p)/ca.key", "-out", "\(p)/ca.pem"])
            for (name, extensions) in [("server", "subjectAltName=IP:127.0.0.1"), ("client", "extendedKeyUsage=clientAuth")] {
                try await run(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=\(name)",
                    "-keyout", "\(p)/\(name).key", "-out", "\(p)/\(name).csr"])
                try "\(extensions)\n".write(toFile: "\(p)/\(name).ext", atomically: true, encoding: .utf8)
                try await run(["x509", "-req", "-in", "\(p)/\(name).csr", "-CA", "\(p)/ca.pem", "-CAkey", "\(p)/ca.key",
                    "-CAcreateserial", "-days", "2", "-extfile", "\(p)/\(name).ext", "-out", "\(p)/\(name).pem"])
            }
            return Certificates(folder: folder)
        }

        static let openssl = "/usr/bin/openssl"
        static var shouldRun: Bool { ExternalTool.shouldRun(ExternalTool.isExecutable(openssl)) }
    }

    /// HTTPS with a client certificate: answered; without one: refused in the handshake.
    @Test(.enabled(if: Certificates.shouldRun, "openssl is not installed (CI=1 makes this required)"))
    func mutualTLS() async throws {
        let certificates = try await Certificates.make()
        let tls = try ServiceTLS(
            certificateChain: certificates.path("server.pem"), privateKey: certificates.path("server.key"),
            clientRoots: certificates.path("ca.pem"))
        try await TestServer.with({ $0.tls = tls }) { server in
            let url = "https://127.0.0.1:\(server.port)/v1/format"
            var client = TLSConfiguration.makeClientConfiguration()
            client.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificates.path("ca.pem")))
            let anonymous = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(tlsConfiguration: client))
            defer { _ = anonymous.shutdown() }
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            request.body = .bytes(ByteBuffer(bytes: Self.format))
            await #expect(throws: (any Error).self) { _ = try await anonymous.execute(request, timeout: .seconds(600)) }

            client.certificateChain = try NIOSSLCertificate.fromPEMFile(certificates.path("client.pem")).map { .certificate($0) }
            client.privateKey = .privateKey(try NIOSSLPrivateKey(file: certificates.path("client.key"), format: .pem))
            let known = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(tlsConfiguration: client))
            defer { _ = known.shutdown() }
            let response = try await known.execute(request, timeout: .seconds(600))
            #expect(response.status.code == 200)
        }
    }
}
