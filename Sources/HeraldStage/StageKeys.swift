import HeraldJSON
import HeraldSealing
import HeraldSync

/// The decryption keys of a stage (`StageConfiguration.keys`). Keys read from a key
/// directory are kept for the life of the stage (a batch reads each key file once);
/// failures are not kept.
final class StageKeys: Sendable {
    private let source: KeySource
    private let cache = Locked<[String: SealingKey]>([:])

    init(_ source: KeySource) { self.source = source }

    /// The opened `herald` object of a sealed one (blocking: reads a key file on first use).
    func open(_ herald: JSONObject, policy: SealingPolicy) throws(StageWorkError) -> JSONObject {
        do {
            switch source {
            case .none: throw StageWorkError.failed(.notOpened, "the herald object is sealed and no key directory was given")
            case .directory(let path):
                return try PayloadSealing.open(
                    herald: herald, keys: CachedKeys(directory: KeyDirectory(path: path), cache: cache),
                    allowing: policy.algorithms)
            case .inMemory(let keys):
                return try PayloadSealing.open(herald: herald, keys: keys, allowing: policy.algorithms)
            }
        } catch let error as SealingError {
            if case .algorithmNotAllowed(.rot13) = error, !policy.allowUnsealed {
                throw .failed(
                    .unsealedIgnored, SealingPolicy.unsealedRefusalText("the herald object is sealed with rot13, which anyone can forge"))
            }
            throw .failed(.notOpened, "the sealed herald object could not be opened: \(error)")
        } catch let error as StageWorkError {
            throw error
        } catch {
            throw .failed(.notOpened, "the sealed herald object could not be opened")
        }
    }
}

/// A key directory read through the stage's cache.
private struct CachedKeys: SealingKeyProvider {
    let directory: KeyDirectory
    let cache: Locked<[String: SealingKey]>

    func key(for keyID: String) throws(SealingError) -> SealingKey {
        if let hit = cache.withLock({ $0[keyID] }) { return hit }
        let key = try directory.key(for: keyID)
        cache.withLock { $0[keyID] = key }
        return key
    }
}
