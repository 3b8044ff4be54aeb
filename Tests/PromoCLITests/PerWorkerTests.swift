import Foundation
import Synchronization
import Testing

@testable import PromoCLI

/// ``PerWorker``: the first caller takes the value given, every other one a value made for
/// it, and a value that cannot be made falls back to the one given.
@Suite("PerWorker: the shared value for the first worker, one of its own for each other")
struct PerWorkerTests {
  @Test("the first call takes the shared value, the others what make makes")
  func firstSharesOthersMake() {
    let made = Mutex(0)
    let values = PerWorker(0) {
      made.withLock { count in
        count += 1
        return count
      }
    }
    #expect(values.next() == 0)
    #expect(values.next() == 1)
    #expect(values.next() == 2)
    #expect(made.withLock { $0 } == 2)
  }

  @Test("a value that cannot be made is the shared one")
  func fallsBackToShared() {
    let values = PerWorker("shared") { nil }
    #expect(values.next() == "shared")
    #expect(values.next() == "shared")
  }

  @Test("of 16 threads asking at once, exactly one takes the shared value")
  func oneSharedAmongThreads() async {
    let values = PerWorker(-1) { 1 }
    let taken = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<16 { group.addTask { values.next() } }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(taken.count { $0 == -1 } == 1)
    #expect(taken.count { $0 == 1 } == 15)
  }
}
