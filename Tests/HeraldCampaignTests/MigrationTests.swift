import Testing
@testable import HeraldPostgres

@Suite(.enabled(if: PostgresServer.shouldRun, PostgresServer.skipNote)) struct MigrationTests {
    @Test func migratingTwiceAppliesEachMigrationOnce() async throws {
        let url = try await PostgresServer.server().makeDatabase()
        let first = try await CampaignFixtures.run(["db", "migrate", "--database", url])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("applied migration 1"))
        let second = try await CampaignFixtures.run(["db", "migrate", "--database", url])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("up to date"))
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM herald_migrations") == Migrations.all.count)
        #expect(try await CampaignFixtures.count(url, "SELECT count(*) FROM pg_tables WHERE tablename LIKE 'herald_%'") == 5)
    }

    @Test func aBadURLIsAUsageErrorWithoutThePassword() async throws {
        let result = try await CampaignFixtures.run(["db", "migrate", "--database", "mysql://u:secret@h/db"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a postgres:// URL"))
        #expect(!result.stderr.contains("secret"))
        let refused = try await CampaignFixtures.run(["db", "migrate", "--database", "postgres://u:secret@127.0.0.1:1/db?sslmode=disable"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("cannot connect to postgres://u:***@127.0.0.1:1/db"))
        #expect(!refused.stderr.contains("secret"))
    }

    @Test func urlsAreReadAsLibpqReadsThem() throws {
        let url = try DatabaseURL("postgresql://ann:p%40ss@db.example:6543/herald?sslmode=require")
        #expect(url.user == "ann")
        #expect(url.password == "p@ss")
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.database == "herald")
        #expect(url.tls == .require)
        let socket = try DatabaseURL("postgres://postgres@/jobs?host=/run/postgresql")
        #expect(socket.socketDirectory == "/run/postgresql")
        #expect(socket.port == 5432)
        #expect(throws: DatabaseError.self) { try DatabaseURL("postgres://h:99999/db") }
        #expect(throws: DatabaseError.self) { try DatabaseURL("postgres://h/db?sslmode=maybe") }
    }
}
