import ArgumentParser
import HeraldCommandLine
import HeraldMedia
import HeraldStore
import HeraldDiagnostics

/// `herald receipts`: display receipts waiting in the store for the statistics endpoint.
struct ReceiptsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts",
        abstract: "Record display receipts, list them, and flush them to the statistics endpoint.",
        discussion: """
            The stage records a receipt (the payload's push_id or herald.receipt) when it shows a \
            notification; `flush` POSTs pending ones to the endpoint given by --endpoint, else by \
            the key "receiptsEndpoint" of <store>/config.json.
            """,
        subcommands: [ReceiptsRecord.self, ReceiptsList.self, ReceiptsFlush.self, ReceiptsRetry.self]
    )
}

/// `herald receipts record`: records one receipt as the stage does (for scripts and tests).
struct ReceiptsRecord: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record that a push was shown; recording the same push id again changes nothing.")

    @OptionGroup var options: StoreOptions

    @Option(name: .customLong("push-id"), parsing: .unconditional, help: "The push's id (push_id or herald.receipt).") var pushID: String
    @Option(help: "The locale it was shown in (BCP 47 tag).") var locale: String?
    @Option(help: "The kind of push (lottery, reminder, message …).") var kind: String?

    func run() throws {
        // Read like every --locale, before the store is opened; kept in canonical BCP 47 form.
        let tag = try locale.map { try LocaleFlag.read($0, flag: "--locale").bcp47 }
        let store = try options.openStore()
        let inserted: Bool
        do {
            inserted = try store.recordReceipt(pushID: pushID, locale: tag, kind: kind, deadline: options.deadline)
        } catch {
            if case .invalidReceipt = error { throw CommandFailure.usage(error.description) }
            throw CommandFailure.failure(error.description)
        }
        print(inserted ? "recorded receipt \(pushID)" : "receipt \(pushID) was already recorded")
    }
}

/// `herald receipts list`: counts by state, and with --all one line per receipt.
struct ReceiptsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print how many receipts are pending, delivered and rejected.",
        discussion: """
            Prints `pending N`, `delivered N`, `rejected N`. With --all, then one tab-separated \
            line per receipt: state, push id, shown at (ISO 8601 UTC), locale, kind, attempts, \
            last error (- when none).
            """)

    @OptionGroup var options: StoreOptions

    @Flag(help: "Also list every receipt.") var all = false

    func run() throws {
        // Listing reads only: no store is created, a read-only one can be listed.
        guard let store = try options.openStoreForReading() else {
            print("pending 0\ndelivered 0\nrejected 0")
            return
        }
        let counts = try CommandFailure.catching(.failure) { try store.receiptCounts(deadline: options.deadline) }
        print("pending \(counts.pending)")
        print("delivered \(counts.delivered)")
        print("rejected \(counts.rejected)")
        guard all else { return }
        let receipts = try CommandFailure.catching(.failure) { try store.receipts(deadline: options.deadline) }
        // A push id and an endpoint's error came from outside: escaped for the terminal.
        for receipt in receipts { print(receipt.columns.map { OutsideText.escaped($0) }.joined(separator: "\t")) }
    }
}

/// `herald receipts flush`: sends pending receipts to the statistics endpoint.
struct ReceiptsFlush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flush",
        abstract: "POST pending receipts to the statistics endpoint, with retries and no duplicates.",
        discussion: """
            The endpoint is --endpoint, else "receiptsEndpoint" in <store>/config.json (an \
            https:// URL; http:// only for a host given with --allow-http-host). A 2xx marks a \
            batch delivered; 408, 429, 5xx and network errors are retried with exponential \
            backoff up to --max-attempts requests per batch (none starting later than 30 s after \
            the batch was taken), then the batch stays pending with its error. A redirect is never \
            followed: the batch stays pending and the error says where it pointed. Any other 4xx \
            rejects that batch (`herald receipts retry` queues it again); either stops the flush. \
            Flushes may run in several processes at once: each receipt is sent by one of them. \
            Prints `delivered N, rejected N, pending N (R requests)`; exit 0 when nothing failed, \
            1 when some receipts were rejected or stay pending (one error line each batch), \
            2 for bad arguments or configuration.
            """)

    @OptionGroup var options: StoreOptions

    @Option(help: "The statistics endpoint: an https:// URL (http:// needs --allow-http-host HOST)") var endpoint: String?
    @OptionGroup var flush: ReceiptFlushOptions

    func run() async throws {
        _ = try flush.limits()
        let target = try CommandFailure.catching(.usage) { try ReceiptEndpoint.chosen(endpoint, store: options.resolvedDirectory) }
        if let refused = target.plainHTTPRefusal(allowing: flush.allowHTTPHosts) { throw CommandFailure.usage(refused.description) }
        try DeadlineOption.check(options.deadlineMilliseconds, minimum: 0)
        // The sending happens in herald-net, so that herald never loads an HTTP stack;
        // it takes over this process (same output, same exit status).
        let helper = NetHelper.path
        let arguments =
            [helper, "flush", "--store", options.resolvedDirectory, "--endpoint", target.description] + flush.arguments
            + ["--deadline-ms", String(options.deadlineMilliseconds)]
        let failure = NetHelper.exec(arguments)
        throw CommandFailure.failure("cannot run \(helper) (\(failure)); herald-net must be installed beside herald")
    }
}

/// `herald receipts retry`: queues rejected receipts again for the next flush.
struct ReceiptsRetry: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Queue rejected receipts again: every one (--all) or those of --push-id.",
        discussion: """
            A rejected receipt becomes pending; the next flush sends it. Prints `queued N`. Exit 0 \
            done; 1 the store failed, or a --push-id names no rejected receipt (one error line \
            each); 2 neither or both of --all and --push-id.
            """)

    @OptionGroup var options: StoreOptions

    @Flag(help: "Queue every rejected receipt again.") var all = false
    @Option(name: .customLong("push-id"), parsing: .unconditionalSingleValue, help: "Queue this push's receipt again (repeatable).")
    var pushIDs: [String] = []

    func run() throws {
        guard all != !pushIDs.isEmpty else { throw CommandFailure.usage("give either --all or --push-id ID") }
        let store = try options.openStore()
        let queued = try CommandFailure.catching(.failure) {
            try store.requeueRejectedReceipts(pushIDs: all ? nil : pushIDs, deadline: options.deadline)
        }
        print("queued \(queued)")
        var problems: [String] = []
        for id in pushIDs {
            let receipt = try CommandFailure.catching(.failure) { try store.receipt(pushID: id, deadline: options.deadline) }
            // The push id came from the command line: escaped for the terminal all the same.
            if receipt == nil { problems.append("no receipt with push id \(OutsideText.escaped(id))") }
            if receipt?.state == .delivered {
                problems.append("receipt \(OutsideText.escaped(id)) was delivered; it is not sent again")
            }
        }
        if !problems.isEmpty { throw CommandFailure(.failure, problems) }
    }
}
