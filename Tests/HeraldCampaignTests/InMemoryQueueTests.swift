import HeraldCampaign
import HeraldJSON
import HeraldRender
import HeraldStage
import Testing

/// The worker loop and the runner on the in-memory queue: no database, same rules.
@Suite struct InMemoryQueueTests {
    static let catalog = Result { try Catalog(root: CampaignFixtures.tables) }

    static func runner(maximumAttempts: Int = 3) throws -> JobRunner {
        let catalog = try catalog.get()
        return JobRunner(
            stage: Stage(configuration: StageConfiguration(catalog: catalog, allowUnsealed: true)),
            format: .init(renderer: Renderer(catalog: catalog)), maximumAttempts: maximumAttempts)
    }

    static func jobs(_ lines: [String], kind: JobKind, from id: Int64 = 1) -> [CampaignJob] {
        lines.enumerated().map { CampaignJob(id: id + Int64($0.offset), kind: kind, lineNumber: $0.offset + 1, request: Array($0.element.utf8)) }
    }

    /// A job's answer is the line FormatBatch / RenderBatch write for the same line number.
    @Test func answersAreTheBatchAnswers() async throws {
        let runner = try Self.runner()
        let lines = CampaignFixtures.formatLines(12) + ["{oops", #"{"key":"nope","locale":"de"}"#]
        var batch = FormatBatch(renderer: runner.format.renderer, options: RenderOptions(), table: "Localizable")
        var out = BufferedOutput.inMemory()
        for line in lines { Array(line.utf8).withUnsafeBufferPointer { batch.answer(.text($0), to: &out) } }
        let expected = String(decoding: out.takeBytes(), as: UTF8.self).split(separator: "\n").map(String.init)
        let answers = await runner.answer(Self.jobs(lines, kind: .format))
        #expect(answers.map(\.answer) == expected)
        #expect(answers[12].failure?.hasPrefix("line 13, column 2: not JSON") == true)
        #expect(answers.prefix(12).filter { !$0.succeeded }.isEmpty)

        let renders = CampaignFixtures.renderLines(4) + [#"{"id":1,"locale":"de"}"#]
        var locales: [String: LocaleID] = [:]
        var renderExpected: [String] = []
        for (i, line) in renders.enumerated() {
            let answer = await RenderBatch.answer(runner.stage, line: Array(line.utf8), lineNumber: i + 1, locales: &locales)
            renderExpected.append(JSONWriter.write(.object(answer)))
        }
        let renderAnswers = await runner.answer(Self.jobs(renders, kind: .render))
        #expect(renderAnswers.map(\.answer) == renderExpected)
        #expect(renderAnswers[4].failure == "line 5: the request needs a \"payload\" object")
    }

    @Test func aLineTooLongIsAnsweredAsTheBatchAnswersIt() async throws {
        let answers = try await Self.runner().answer([CampaignJob(id: 1, kind: .format, lineNumber: 4, request: nil)])
        #expect(answers[0].failure == "line 4: \(LineReader.tooLongMessage)")
    }

    /// Two workers over one queue, one of them "dying" with its claims: every job gets
    /// exactly one result, in order.
    @Test func aDeadWorkersClaimsAreTakenOverAndAnsweredOnce() async throws {
        let runner = try Self.runner()
        let queue = InMemoryJobQueue(Self.jobs(CampaignFixtures.formatLines(500), kind: .format))
        let dead = queue.worker("dead")
        let claimed = try await dead.claim(limit: 50)
        #expect(claimed.count == 50)
        let alive = queue.worker("alive")
        let first = try await CampaignWorker(source: alive, sink: alive, runner: runner, settings: .init(batchSize: 64, exitWhenIdle: true)).run()
        #expect(first.recorded == 450)
        queue.expireClaims(of: "dead")
        let second = try await CampaignWorker(source: alive, sink: alive, runner: runner, settings: .init(exitWhenIdle: true)).run()
        #expect(second.recorded == 50)
        // The dead worker's late answers are not recorded.
        #expect(try await dead.record(await runner.answer(claimed)) == 0)
        #expect(queue.unanswered == 0)
        let expected = await runner.answer(Self.jobs(CampaignFixtures.formatLines(500), kind: .format)).map(\.answer)
        #expect(queue.results.map(\.answer) == expected)
    }

    @Test func stopEndsTheLoopAfterTheBatchInHand() async throws {
        let queue = InMemoryJobQueue(Self.jobs(CampaignFixtures.formatLines(10), kind: .format))
        let handle = queue.worker("w")
        let worker = CampaignWorker(source: handle, sink: handle, runner: try Self.runner(), settings: .init(batchSize: 4))
        worker.stop()
        let tally = try await worker.run()
        #expect(tally.claimed == 0)
        #expect(queue.unanswered == 10)
    }
}
