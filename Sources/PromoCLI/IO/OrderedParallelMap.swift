import PromoLibc

/// Maps a stream of inputs through a transform on worker threads and hands the outputs
/// back in input order, with at most `capacity` inputs submitted and not yet taken back, so
/// that memory stays bounded however long the stream.
///
/// One thread submits (``submit(_:)``, then ``finish()``), the workers transform, and one
/// thread takes the outputs back (``next(beforeWaiting:)``). ``stop()`` ends it early: the
/// submitter's next ``submit(_:)`` returns `false`, work not yet started is dropped, and
/// ``next(beforeWaiting:)`` returns `nil`.
///
///     let map = OrderedParallelMap<Int, Int>(workers: 2, capacity: 8) { _ in { $0 * $0 } }
///     // on one thread:  for n in 1...100 { _ = map.submit(n) }; map.finish()
///     // on another:     while let square = map.next() { print(square) }   // 1, 4, 9, ...
///
/// The workers are POSIX threads, so that a command that never asks for them starts none.
final class OrderedParallelMap<Input, Output>: @unchecked Sendable {
  /// The transform of one worker, made on its thread: it may keep state of its own.
  typealias Transform = (Input) -> Output

  private let capacity: Int
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Signalled when an input is queued, or the map finishes or stops.
  private let workAvailable = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Signalled when an output is ready, or the map finishes or stops.
  private let outputReady = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Signalled when an output is taken back, making room for an input.
  private let roomFreed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// The inputs waiting for a worker, with their sequence numbers (from `queueHead` on;
  /// those before it were taken, and are `nil` so that their memory goes with them).
  private var queue: [(sequence: Int, input: Input)?] = []
  private var queueHead = 0
  /// The outputs ready, by sequence number, in a ring of `capacity` slots.
  private var outputs: [Output?]
  private var submitted = 0
  private var delivered = 0
  private var finished = false
  private var stopped = false
  private var workers: [pthread_t] = []

  /// Starts `workers` threads, each transforming with the transform `makeTransform` makes
  /// for it (on its own thread).
  init(workers: Int, capacity: Int, makeTransform: @escaping () -> Transform) {
    self.capacity = max(capacity, 1)
    outputs = Array(repeating: nil, count: self.capacity)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(workAvailable, nil)
    pthread_cond_init(outputReady, nil)
    pthread_cond_init(roomFreed, nil)
    for _ in 0..<max(workers, 1) {
      self.workers.append(
        startThread { [self] in
          let transform = makeTransform()
          work(transform)
        })
    }
  }

  deinit {
    pthread_cond_destroy(roomFreed)
    pthread_cond_destroy(outputReady)
    pthread_cond_destroy(workAvailable)
    pthread_mutex_destroy(mutex)
    roomFreed.deallocate()
    outputReady.deallocate()
    workAvailable.deallocate()
    mutex.deallocate()
  }

  /// Queues `input`, first waiting while `capacity` inputs are out; `false` once stopped.
  func submit(_ input: Input) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while submitted - delivered >= capacity && !stopped { pthread_cond_wait(roomFreed, mutex) }
    if stopped { return false }
    queue.append((submitted, input))
    submitted += 1
    pthread_cond_signal(workAvailable)
    return true
  }

  /// Says that no more inputs come: the workers end once the queue is empty.
  func finish() {
    pthread_mutex_lock(mutex)
    finished = true
    pthread_cond_broadcast(workAvailable)
    pthread_cond_broadcast(outputReady)
    pthread_mutex_unlock(mutex)
  }

  /// Ends the map early: queued inputs are dropped, the submitter is released.
  func stop() {
    pthread_mutex_lock(mutex)
    stopped = true
    queue.removeAll()
    queueHead = 0
    pthread_cond_broadcast(workAvailable)
    pthread_cond_broadcast(outputReady)
    pthread_cond_broadcast(roomFreed)
    pthread_mutex_unlock(mutex)
  }

  /// The next output in input order, waiting for it (after calling `beforeWaiting`, with
  /// nothing locked); `nil` when every input's output was taken and the map finished, or
  /// it was stopped.
  func next(beforeWaiting: () -> Void = {}) -> Output? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    var waited = false
    while true {
      if stopped { return nil }
      let slot = delivered % capacity
      if delivered < submitted, let output = outputs[slot] {
        outputs[slot] = nil
        delivered += 1
        pthread_cond_signal(roomFreed)
        return output
      }
      if finished && delivered == submitted { return nil }
      if !waited {
        // Let the caller send on what it has (a pipe's reader may be waiting for it).
        pthread_mutex_unlock(mutex)
        beforeWaiting()
        pthread_mutex_lock(mutex)
        waited = true
        continue
      }
      pthread_cond_wait(outputReady, mutex)
    }
  }

  /// Waits for the workers to end (after ``finish()`` or ``stop()``).
  func join() {
    for worker in workers { joinThread(worker) }
    workers.removeAll()
  }

  /// A worker's loop: take the oldest input, transform it, store its output.
  private func work(_ transform: Transform) {
    pthread_mutex_lock(mutex)
    while true {
      while queueHead == queue.count && !finished && !stopped { pthread_cond_wait(workAvailable, mutex) }
      if stopped || queueHead == queue.count { break }
      let (sequence, input) = queue[queueHead]!
      queue[queueHead] = nil
      queueHead += 1
      if queueHead == queue.count || queueHead >= capacity {
        queue.removeFirst(queueHead)
        queueHead = 0
      }
      pthread_mutex_unlock(mutex)
      let output = transform(input)
      pthread_mutex_lock(mutex)
      if stopped { break }
      outputs[sequence % capacity] = output
      pthread_cond_broadcast(outputReady)
    }
    pthread_mutex_unlock(mutex)
  }
}

/// A closure to run on a new thread.
private final class ThreadBody {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}

/// Starts a POSIX thread running `body`.
func startThread(_ body: @escaping () -> Void) -> pthread_t {
  let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
    let status = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, box)
    precondition(status == 0 && thread != nil, "cannot start a thread")
    return thread!
  #else
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, box)
    precondition(status == 0, "cannot start a thread")
    return thread
  #endif
}

/// Waits for `thread` to end.
func joinThread(_ thread: pthread_t) {
  pthread_join(thread, nil)
}

/// Lets `thread` end on its own, its resources freed when it does.
func detachThread(_ thread: pthread_t) {
  pthread_detach(thread)
}
