public import HummingbirdTLS
import NIOSSL

/// TLS on `herald serve`'s listener, for a deployment without a service mesh (Docs/security.md):
/// the server's certificate chain and key, and — for mutual TLS — the roots a client's
/// certificate must chain to (a client without one is refused in the handshake).
public struct ServiceTLS: Sendable {
    public var configuration: TLSConfiguration

    /// A problem with the files, for the operator (start-up only).
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// TLS from PEM files: `certificateChain` (the server's certificate first), `privateKey`,
    /// and `clientRoots` (nil: clients are not asked for a certificate).
    public init(certificateChain: String, privateKey: String, clientRoots: String? = nil) throws(Problem) {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do { chain = try NIOSSLCertificate.fromPEMFile(certificateChain) } catch {
            throw Problem(description: "--tls-cert \(certificateChain): not a PEM certificate chain (\(error))")
        }
        guard !chain.isEmpty else { throw Problem(description: "--tls-cert \(certificateChain): no certificate in it") }
        do { key = try NIOSSLPrivateKey(file: privateKey, format: .pem) } catch {
            throw Problem(description: "--tls-key \(privateKey): not a PEM private key (\(error))")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        if let clientRoots {
            let roots: [NIOSSLCertificate]
            do { roots = try NIOSSLCertificate.fromPEMFile(clientRoots) } catch {
                throw Problem(description: "--tls-client-ca \(clientRoots): not a PEM certificate (\(error))")
            }
            guard !roots.isEmpty else { throw Problem(description: "--tls-client-ca \(clientRoots): no certificate in it") }
            configuration.trustRoots = .certificates(roots)
            // A client must present a certificate that chains to these roots; its name is not
            // checked (clients have no host name to match).
            configuration.certificateVerification = .noHostnameVerification
        }
        self.configuration = configuration
    }
}
