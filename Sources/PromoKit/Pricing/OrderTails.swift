/// The order deals after the second of the plans of the layered search, kept as a tree:
/// each plan's last deal is a node, and each node names the deal before it (a chain is
/// a path to the root). Adding a deal to a plan is one node, never a copy of the plan's
/// deals: the search adds one for every deal it tries in the third layer or later.
///
///     var tails = OrderTails()
///     let third = tails.appending(step, after: OrderTails.noTail)   // a plan's third deal
///     let fourth = tails.appending(next, after: third)              // and its fourth
///     tails.step(1, ofTail: fourth, count: 2)                       // next
///
/// - Complexity: O(1) to add a deal; O(*t*) to read one, for a tail of *t* ≤ 7 deals.
struct OrderTails {
  /// A plan's last deal and the node of the deal before it (``noTail`` for none).
  private struct Node {
    var step: ExactPlanSearch.OrderStep
    var previous: Int32
  }

  /// The node of a plan with no deal after its second.
  static let noTail: Int32 = -1
  private var nodes: [Node] = []

  /// The tail of `tail`'s deals and `step` after them: its node.
  mutating func appending(_ step: ExactPlanSearch.OrderStep, after tail: Int32) -> Int32 {
    nodes.append(Node(step: step, previous: tail))
    return Int32(nodes.count - 1)
  }

  /// How many nodes there are: a mark to go back to (``removeNodes(from:)``).
  var nodeCount: Int { nodes.count }
  /// Removes the nodes added since `mark` was read (``nodeCount``): the tails of plans
  /// that are no longer kept.
  mutating func removeNodes(from mark: Int) { nodes.removeSubrange(mark...) }
  /// The deal at `position`, from 0, of the tail whose last node is `tail`, of `count` deals.
  func step(_ position: Int, ofTail tail: Int32, count: Int8) -> ExactPlanSearch.OrderStep {
    var node = Int(tail)
    for _ in 0..<(Int(count) - 1 - position) { node = Int(nodes[node].previous) }
    return nodes[node].step
  }

  /// Whether a deal of the tail whose last node is `tail` satisfies `predicate`.
  func contains(ofTail tail: Int32, where predicate: (ExactPlanSearch.OrderStep) -> Bool) -> Bool {
    var node = tail
    while node != Self.noTail {
      if predicate(nodes[Int(node)].step) { return true }
      node = nodes[Int(node)].previous
    }
    return false
  }
}
