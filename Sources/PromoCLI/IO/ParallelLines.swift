import PromoKit
import PromoLibc

/// The lines of JSON Lines inputs processed on worker threads and handed back in input
/// order: the parallel form of a `--lines` stream, for `promo price --jobs N` and any
/// command that processes each line on its own.
///
/// A reader thread reads the inputs one after the other (``JSONLinesReader``) and cuts them
/// into chunks of whole lines: a chunk is sent on when it holds ``chunkBytes`` (or the
/// lines a caller allows a chunk, when each line's result may be large) or before a read
/// that may block, so that a slow producer's lines are not held back. Each chunk is
/// processed by one of the workers (``OrderedParallelMap``), and the results are delivered
/// to the calling thread chunk by chunk, in input order. At most `2 × jobs + 2` chunks are
/// in flight, so memory stays bounded whatever the length of the stream.
///
/// With one job there are no threads: the calling thread reads a chunk, processes it and
/// delivers it, in the same chunks and with the same hand-over before a read that may
/// block, so that `price`, `diff` and `report` stream through this one loop whatever the
/// number of jobs, and one job uses one core.
///
/// A read error ends the stream: it is thrown after the lines before it are delivered.
/// Delivering `false` stops everything: no more input is read, and the reader thread is
/// left to end on its own (it may be waiting in a read of standard input).
enum ParallelLines {
  /// The size at which a chunk is sent on.
  static let chunkBytes = 1 << 16

  /// Whole lines of one input: the reader's buffer they were read into (shared, not
  /// copied) and where each line is in it.
  struct Chunk: @unchecked Sendable {
    /// The input's name in messages.
    var source: String
    /// The bytes the lines' ranges index: the reader's buffer when the first line was
    /// taken (every line of a chunk is taken before the reader reads again).
    var bytes: [UInt8] = []
    /// Each line: its number, and its bytes in `bytes` (`nil` for a line too long to read).
    var lines: [(number: Int, range: Range<Int>?)] = []
    /// The length of the lines, together: the chunk is sent on at ``chunkBytes``.
    var lineBytes = 0
    /// The most lines it holds: it is sent on at that many too.
    let linesAtMost: Int
    /// The error reading the input met after these lines, if it did.
    var readError: PromoError?

    /// A chunk of `source`, of at most `linesAtMost` lines, with room for the lines of a
    /// full one.
    init(source: String, linesAtMost: Int) {
      (self.source, self.linesAtMost) = (source, linesAtMost)
      lines.reserveCapacity(min(linesAtMost, 1_024))
    }

    /// Whether it is to be sent on: it holds ``chunkBytes`` or `linesAtMost` lines.
    var isFull: Bool { lineBytes >= chunkBytes || lines.count >= linesAtMost }

    /// Adds `line`, which `reader` has just given.
    mutating func append(_ line: JSONLinesReader.Line, of reader: JSONLinesReader) {
      if let range = line.range {
        if !hasBuffer {
          bytes = reader.bytes
          hasBuffer = true
        }
        lineBytes += range.count
      }
      lines.append(line)
    }

    /// Whether `bytes` is the reader's buffer yet (the chunk has a line that is not too
    /// long).
    private var hasBuffer = false
  }

  /// Processes every line of `inputs` on `jobs` workers, each with a chunk processor that
  /// `makeProcessor` makes for it (on its thread), and delivers the results in input order
  /// to `deliver` on the calling thread until it returns `false`. `beforeWaiting` runs
  /// before waiting for a result (to send on what was delivered). A chunk holds at most
  /// `linesPerChunk` lines: fewer than a full chunk's when each line's result may be large
  /// (an explained quote lists every promotion of the store), so that the results held at
  /// once stay a few lines' worth.
  ///
  /// - Complexity: O(*n*) in the length of the inputs, besides the processing.
  static func run<Result>(
    _ inputs: [TextInput], jobs: Int, linesPerChunk: Int = .max,
    makeProcessor: @escaping () -> (Chunk) -> Result, deliver: (Result) throws(PromoError) -> Bool,
    beforeWaiting: () -> Void
  ) throws(PromoError) {
    if jobs == 1 {
      try runInline(
        inputs, linesPerChunk: linesPerChunk, process: makeProcessor(), deliver: deliver,
        beforeWaiting: beforeWaiting)
      return
    }
    // (Each worker's arena gives back what it frees: the peak stays that of a few chunks.)
    Allocator.giveBackFreedMemory()
    let map = OrderedParallelMap<Chunk, (Result, PromoError?)>(workers: jobs, capacity: 2 * jobs + 2) {
      let process = makeProcessor()
      return { chunk in (process(chunk), chunk.readError) }
    }
    let reader = startThread { readChunks(inputs, linesPerChunk: linesPerChunk, into: map) }
    var completed = false
    defer {
      map.stop()
      map.join()
      if completed { joinThread(reader) } else { detachThread(reader) }
    }
    while let (result, readError) = map.next(beforeWaiting: beforeWaiting) {
      guard try deliver(result) else { return }
      if let readError { throw readError }
    }
    completed = true
  }

  /// ``run(_:jobs:linesPerChunk:makeProcessor:deliver:beforeWaiting:)`` for one job, on the calling
  /// thread: each chunk is processed and delivered as soon as it is full, or before a read
  /// that may block (after which `beforeWaiting` sends on what was delivered).
  private static func runInline<Result>(
    _ inputs: [TextInput], linesPerChunk: Int, process: (Chunk) -> Result,
    deliver: (Result) throws(PromoError) -> Bool, beforeWaiting: () -> Void
  ) throws(PromoError) {
    for input in inputs {
      var reader = JSONLinesReader(input: input)
      var chunk = Chunk(source: input.name, linesAtMost: linesPerChunk)
      while true {
        if reader.needsRead() {
          if !chunk.lines.isEmpty {
            guard try deliver(process(chunk)) else { return }
            chunk = Chunk(source: input.name, linesAtMost: linesPerChunk)
          }
          beforeWaiting()
        }
        let line: JSONLinesReader.Line?
        do throws(PromoError) {
          line = try reader.next()
        } catch {
          chunk.readError = error
          guard try deliver(process(chunk)) else { return }
          throw error
        }
        guard let line else { break }
        chunk.append(line, of: reader)
        if chunk.isFull {
          guard try deliver(process(chunk)) else { return }
          chunk = Chunk(source: input.name, linesAtMost: linesPerChunk)
        }
      }
      if !chunk.lines.isEmpty {
        guard try deliver(process(chunk)) else { return }
      }
    }
  }

  /// The reader thread: every line of every input, in chunks, then the end of the map.
  private static func readChunks<Result>(
    _ inputs: [TextInput], linesPerChunk: Int, into map: OrderedParallelMap<Chunk, Result>
  ) {
    defer { map.finish() }
    for input in inputs {
      var chunk = Chunk(source: input.name, linesAtMost: linesPerChunk)
      var stopped = false
      // Before a read that may block, the lines so far are sent on.
      var reader = JSONLinesReader(input: input) {
        guard !chunk.lines.isEmpty else { return }
        if !map.submit(chunk) { stopped = true }
        chunk = Chunk(source: input.name, linesAtMost: linesPerChunk)
      }
      do throws(PromoError) {
        while !stopped, let line = try reader.next() {
          chunk.append(line, of: reader)
          if chunk.isFull {
            if !map.submit(chunk) { return }
            chunk = Chunk(source: input.name, linesAtMost: linesPerChunk)
          }
        }
      } catch {
        chunk.readError = error
        _ = map.submit(chunk)
        return
      }
      if stopped || (!chunk.lines.isEmpty && !map.submit(chunk)) { return }
    }
  }
}
