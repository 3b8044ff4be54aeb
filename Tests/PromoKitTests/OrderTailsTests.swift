import PromoTestSupport
import Testing

@testable import PromoKit

/// The deals after the second of the layered search's plans, kept as a tree
/// (``OrderTails``): every chain read back as the list of steps it was built from, however
/// many chains share their first deals.
@Suite("Order tails: every chain read back as built")
struct OrderTailsTests {
  @Test("a tree of chains: each read back step by step, and searched, as the lists they are")
  func chainsAsLists() {
    var random = SplitMix64(seed: 0x7A_115)
    var tails = OrderTails()
    // Every chain made so far: its last node and its steps.
    var chains: [(node: Int32, steps: [ExactPlanSearch.OrderStep])] = [(OrderTails.noTail, [])]
    for index in 0..<2_000 {
      // A new deal after a chain picked at random, of at most seven deals (nine layers).
      let parent = chains[Int(random.next() % UInt64(chains.count))]
      guard parent.steps.count < 7 else { continue }
      let step = ExactPlanSearch.OrderStep(
        deal: .gathered(Int32(index)), discount: Int128(random.next() % 10_000), rank: Int32(index))
      chains.append((tails.appending(step, after: parent.node), parent.steps + [step]))
    }
    for chain in chains.dropFirst() {
      let count = Int8(chain.steps.count)
      for position in chain.steps.indices {
        #expect(tails.step(position, ofTail: chain.node, count: count) == chain.steps[position])
      }
      let wanted = Int32(random.next() % 2_000)
      #expect(
        tails.contains(ofTail: chain.node, where: { $0.rank == wanted })
          == chain.steps.contains { $0.rank == wanted })
    }
    #expect(!tails.contains(ofTail: OrderTails.noTail, where: { _ in true }))
  }
}
