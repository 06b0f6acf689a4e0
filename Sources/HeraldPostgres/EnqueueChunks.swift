import HeraldCampaign
import PostgresNIO

extension Enqueue {
    /// The most bytes of requests one job of many requests holds (a job ends before its
    /// line count when its lines are long).
    static let bytesPerJob = 1 << 20

    /// Jobs of many requests (`requestsPerJob` > 1): the lines of the file are cut into
    /// jobs of up to `requestsPerJob` lines each, in order; a job is identified by the line
    /// numbers it spans (`lines:A-B`), so enqueueing the same file again (with the same
    /// `requestsPerJob`) adds nothing.
    struct Chunks {
        let requestsPerJob: Int
        // The jobs of the next INSERT, column by column…
        var keys: [String] = []
        var seqs: [Int64] = []
        var firsts: [Int64] = []
        var counts: [Int64] = []
        var lows: [Int64] = []
        var highs: [Int64] = []
        /// Each job's lines, each followed by a newline.
        var lines: [ByteBuffer] = []
        /// The line numbers of all the jobs, in one array (a job's are `numbers[low...high]`, 1-based).
        var numbers: [Int64] = []
        var bytes = 0
        /// Where the job being filled starts in `numbers`, and its lines.
        var open: (low: Int, seq: Int64, lines: ByteBuffer)?

        init(requestsPerJob: Int) { self.requestsPerJob = requestsPerJob }

        mutating func add(_ request: QueuedRequest, seq: Int64) {
            if open == nil { open = (numbers.count, seq, ByteBuffer()) }
            // A line too long to queue is an empty line (the worker answers it with the
            // batch's too-long error); a queued line is never blank, and never holds a newline.
            open!.lines.writeBytes(request.request ?? [])
            open!.lines.writeInteger(UInt8(ascii: "\n"))
            numbers.append(Int64(request.lineNumber))
            bytes += (request.request?.count ?? 0) + 1
            if numbers.count - open!.low >= requestsPerJob || open!.lines.readableBytes >= bytesPerJob { close() }
        }

        /// Ends the job being filled.
        mutating func close() {
            guard let job = open else { return }
            open = nil
            keys.append("lines:\(numbers[job.low])-\(numbers[numbers.count - 1])")
            seqs.append(job.seq)
            firsts.append(numbers[job.low])
            counts.append(Int64(numbers.count - job.low))
            lows.append(Int64(job.low + 1))
            highs.append(Int64(numbers.count))
            lines.append(job.lines)
        }

        /// Whether the next INSERT is full (only between jobs).
        var isFull: Bool { open == nil && (keys.count >= 100 || bytes >= bytesPerInsert) }

        /// Inserts the finished jobs in one statement (all or none). When the database
        /// refuses it for what a job holds, the jobs are inserted one by one, and each
        /// refused job's first line is said (with how many lines it held).
        mutating func insert(
            campaign: Int64, kind: JobKind, into database: Database, tally: inout Tally, refuse: (Int, String) -> Void
        ) async throws(DatabaseError) {
            close()
            guard !keys.isEmpty else { return }
            do {
                try await insertJobs(0..<keys.count, campaign: campaign, kind: kind, into: database, tally: &tally)
            } catch where !error.connectionLost {
                for job in keys.indices {
                    do {
                        try await insertJobs(job..<job + 1, campaign: campaign, kind: kind, into: database, tally: &tally)
                    } catch where !error.connectionLost {
                        tally.refused += Int(counts[job])
                        refuse(Int(firsts[job]), "\(error.description) (the \(counts[job]) lines of one job from here)")
                    }
                }
            }
            try await database.rows("SELECT pg_notify('herald_jobs', '')", "cannot notify workers")
            self = Chunks(requestsPerJob: requestsPerJob)
        }

        func insertJobs(
            _ range: Range<Int>, campaign: Int64, kind: JobKind, into database: Database, tally: inout Tally
        ) async throws(DatabaseError) {
            let keys = Array(keys[range])
            let seqs = Array(seqs[range])
            let firsts = Array(firsts[range])
            let counts = Array(counts[range])
            let lows = Array(lows[range])
            let highs = Array(highs[range])
            let lines = Array(lines[range])
            let rows = try await database.rows(
                """
                INSERT INTO herald_jobs (campaign_id, request_key, seq, line_number, kind, requests, lines, line_numbers)
                SELECT \(campaign), key, seq, first, \(kind.rawValue), count, lines, (\(numbers)::bigint[])[low:high]
                FROM unnest(\(keys)::text[], \(seqs)::bigint[], \(firsts)::bigint[], \(counts)::bigint[], \(lows)::bigint[],
                            \(highs)::bigint[], \(lines)::bytea[])
                    AS input (key, seq, first, count, low, high, lines)
                ON CONFLICT (campaign_id, request_key) DO NOTHING
                RETURNING requests
                """, "cannot queue the lines")
            var added = 0
            for row in rows { added += Int((try? row.decode(Int32.self)) ?? 0) }
            tally.added += added
            tally.alreadyQueued += Int(counts.reduce(0, +)) - added
        }
    }
}
