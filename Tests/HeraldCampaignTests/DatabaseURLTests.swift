import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldPostgres

/// The database URL read as libpq reads it, and kept off the command line (issue 31 item 11).
@Suite struct DatabaseURLTests {
    @Test func uriPartsArePercentDecoded() throws {
        let url = try DatabaseURL("postgresql://her%40ld:p%2Fa%3As%40s@db.example.com:6543/camp%20aigns?sslmode=require")
        #expect(url.user == "her@ld")
        #expect(url.password == "p/a:s@s")
        #expect(url.host == "db.example.com")
        #expect(url.port == 6543)
        #expect(url.database == "camp aigns")
        #expect(url.tls == .require)
        #expect(!url.redacted.contains("p/a"))
    }

    /// An unencoded '/' in the password would make the rest of it a host name: refused, saying
    /// how to write it, instead of connecting (or looking up) another host.
    @Test func anUnencodedSlashInThePasswordIsRefused() {
        #expect(throws: DatabaseError.self) { try DatabaseURL("postgres://herald:ab/cd@db.internal/herald") }
        do {
            _ = try DatabaseURL("postgres://herald:12/34@evil.example/herald")
            Issue.record("parsed")
        } catch {
            #expect(error.description.contains("%2F"), "\(error)")
            #expect(!error.description.contains("34@evil"), "\(error)")
        }
    }

    @Test func keyValuePairsAreReadAsLibpqReadsThem() throws {
        let url = try DatabaseURL(#"host=db.internal port=5433 dbname=herald user=worker password='it\'s a secret' sslmode=verify-ca"#)
        #expect(url.host == "db.internal")
        #expect(url.port == 5433)
        #expect(url.database == "herald")
        #expect(url.user == "worker")
        #expect(url.password == "it's a secret")
        #expect(url.tls == .verifyCA)
        let socket = try DatabaseURL("host=/var/run/postgresql dbname=herald")
        #expect(socket.socketDirectory == "/var/run/postgresql")
        #expect(throws: DatabaseError.self) { try DatabaseURL("host=db dbname") }
        #expect(throws: DatabaseError.self) { try DatabaseURL("host=db dbname='open") }
    }

    /// TLS is never silently downgradable: over the network the default verifies the server;
    /// only loopback and sockets default to no TLS; prefer is there only when asked for.
    @Test func sslmodeDefaultsToVerifyingOverTheNetwork() throws {
        #expect(try DatabaseURL("postgres://h@db.example.com/x").tls == .verifyFull)
        #expect(try DatabaseURL("postgres://h@[2001:db8::5]:5433/x").tls == .verifyFull)
        #expect(try DatabaseURL("postgres://h@[2001:db8::5]:5433/x").port == 5433)
        #expect(try DatabaseURL("postgres://h@127.0.0.1/x").tls == .disable)
        #expect(try DatabaseURL("postgres://h@localhost/x?host=/run/pg").tls == .disable)
        #expect(try DatabaseURL("postgres://h@db.example.com/x?sslmode=prefer").tls == .prefer)
        #expect(throws: DatabaseError.self) { try DatabaseURL("postgres://h@db/x?sslmode=sometimes") }
    }
}

/// The commands take the URL from a file or the environment, so that no password is on a
/// command line (`ps` shows it to every user).
@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct DatabaseURLSourceTests {
    @Test func theURLComesFromAFileOrTheEnvironment() async throws {
        let url = try await PostgresServer.server().makeDatabase()
        let folder = try TemporaryFolder()
        let file = try folder.write(url + "\n", to: "database-url")
        let fromFile = try await CampaignFixtures.run(["db", "migrate", "--database-file", file])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stderr.contains("applied migration 1"), "\(fromFile.stderr)")
        let fromEnvironment = try await Subprocess.run(
            CampaignFixtures.worker(), ["db", "migrate"], environment: ["HERALD_DATABASE_URL": url])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
        #expect(fromEnvironment.stderr.contains("up to date"), "\(fromEnvironment.stderr)")
        let none = try await Subprocess.run(CampaignFixtures.worker(), ["db", "migrate"], environment: ["HERALD_DATABASE_URL": ""])
        #expect(none.status == 2)
        #expect(none.stderr.contains("--database-file"), "\(none.stderr)")
    }
}
