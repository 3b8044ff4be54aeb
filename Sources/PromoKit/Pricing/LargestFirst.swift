/// Order deals handed out from the one that takes the most off down (ties: the lower
/// index), without sorting them all: the pair search stops after the first few.
///
///     var queue = LargestFirst([
///       DealTaking(deal: .gathered(4), taken: 300), DealTaking(deal: .gathered(1), taken: 900),
///     ])
///     queue.next()   // deal 1, taking 900
///
/// - Complexity: O(*n*) to build from *n* deals; O(log *n*) for each one taken.
struct LargestFirst {
  /// A binary heap: each deal comes before its children, `2i + 1` and `2i + 2`.
  private var heap: [DealTaking]

  /// The queue of `deals`.
  init(_ deals: [DealTaking]) {
    heap = deals
    var parent = heap.count / 2 - 1
    while parent >= 0 {
      siftDown(from: parent)
      parent -= 1
    }
  }

  /// Whether deal `first` comes before deal `second`.
  private static func precedes(_ first: DealTaking, _ second: DealTaking)
    -> Bool
  {
    first.taken != second.taken ? first.taken > second.taken : first.deal < second.deal
  }

  /// The deals left, in no particular order.
  var remaining: [DealTaking] { heap }

  /// The deal that takes the most of those left, left in the queue.
  var first: DealTaking? { heap.first }

  /// The deal that takes the most of those left, removed from the queue; `nil` when none
  /// is left.
  mutating func next() -> DealTaking? {
    guard let first = heap.first else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(from: 0)
    }
    return first
  }

  /// Restores the heap order below `start`.
  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      var chosen = parent
      let (left, right) = (2 * parent + 1, 2 * parent + 2)
      if left < heap.count && Self.precedes(heap[left], heap[chosen]) { chosen = left }
      if right < heap.count && Self.precedes(heap[right], heap[chosen]) { chosen = right }
      if chosen == parent { return }
      heap.swapAt(parent, chosen)
      parent = chosen
    }
  }
}

/// An order deal kept by the search, with what it takes off (for a threshold kept for a
/// pair: what it takes before any discount, a bound on what it takes after one).
struct DealTaking: Sendable {
  /// The deal.
  var deal: OrderDealNumber
  /// What it takes off, in minor units.
  var taken: Int128
}
