import PromoTestSupport
import Testing

@testable import PromoKit

/// The bound of the layered search by groups of lines (``LineGroupBound``) held to a plain
/// reading of it, every way of giving the layers to the groups tried, and the engine that
/// uses it held to the format-4 reference on stores where it binds: targeted deals only, in
/// a few layers, several of them best on the same line.
@Suite("LineGroupBound: what later layers could take, a group of lines at a time")
struct LineGroupBoundTests {
  /// A deal as the bound is fed it: its layer index, lines and bound.
  typealias Deal = (layer: Int, lines: TargetedLines, bound: Int128)

  /// The bound of `deals` on an order of `lineCount` lines and `layerCount` layers.
  static func bound(_ deals: [Deal], lineCount: Int, layerCount: Int) -> LineGroupBound? {
    guard let groups = LineGroupBound.Groups(lineCount: lineCount, lineSets: deals.map(\.lines)) else {
      return nil
    }
    return LineGroupBound(groups: groups, layerCount: layerCount) { add in
      for deal in deals where !add(deal.layer, deal.lines, deal.bound) { return }
    }
  }

  /// The plain reading: the lines in groups by joining those of each deal until no deal
  /// spans two; then every way of giving each layer from `first` on to none or one group,
  /// each group taking the sum of its layers' largest bounds there but no more than its
  /// lines have left; the most of them.
  static func bruteForce(_ deals: [Deal], amounts: [Int128], layerCount: Int, from first: Int) -> Int128 {
    var groupOf = Array(amounts.indices)
    var joined = true
    while joined {
      joined = false
      for deal in deals {
        guard case .mask(let bits) = deal.lines else { continue }
        let lines = amounts.indices.filter { bits & (1 << UInt64($0)) != 0 }
        let lowest = lines.map { groupOf[$0] }.min() ?? 0
        for line in amounts.indices where lines.contains(where: { groupOf[$0] == groupOf[line] }) {
          if groupOf[line] != lowest {
            groupOf[line] = lowest
            joined = true
          }
        }
      }
    }
    let groups = Array(Set(groupOf)).sorted()
    func groupOfDeal(_ deal: Deal) -> Int? {
      guard case .mask(let bits) = deal.lines, bits != 0 else { return nil }
      return groupOf[bits.trailingZeroBitCount]
    }
    let layers = Array(first..<layerCount)
    var best: Int128 = 0
    var choice = [Int](repeating: -1, count: layers.count)
    func tryEvery(_ position: Int) {
      guard position < layers.count else {
        var total: Int128 = 0
        for group in groups {
          let left = amounts.indices.filter { groupOf[$0] == group }.reduce(Int128(0)) { $0 + amounts[$1] }
          var sum: Int128 = 0
          for (index, layer) in layers.enumerated() where choice[index] == group {
            sum += deals.filter { $0.layer == layer && groupOfDeal($0) == group }.map(\.bound).max() ?? 0
          }
          total += min(left, sum)
        }
        best = max(best, total)
        return
      }
      for option in [-1] + groups {
        choice[position] = option
        tryEvery(position + 1)
      }
    }
    tryEvery(0)
    return best
  }

  @Test("a line best in two layers counts once: 40.00 of two 30.00 bounds on lines of 40.00")
  func aGroupTakesAtMostWhatItHasLeft() throws {
    let deals: [Deal] = [(0, .mask(0b011), 3_000), (1, .mask(0b011), 3_000), (1, .mask(0b100), 500)]
    let bound = try #require(Self.bound(deals, lineCount: 3, layerCount: 2))
    #expect(bound.most(from: 0, amounts: [2_000, 2_000, 1_000], unlessReaching: .max) == 4_000)
    #expect(bound.most(from: 1, amounts: [2_000, 2_000, 1_000], unlessReaching: .max) == 3_000)
    // A simple way of giving the layers takes 40.00 already: no bound below 40.00.
    #expect(bound.most(from: 0, amounts: [2_000, 2_000, 1_000], unlessReaching: 4_000) == nil)
    #expect(bound.most(from: 0, amounts: [2_000, 2_000, 1_000], unlessReaching: 4_001) == 4_000)
  }

  @Test("none for a deal of every line, an order of more than 64 lines, or more layers than it bounds")
  func noBound() throws {
    #expect(Self.bound([(0, .every, 100), (1, .mask(1), 100)], lineCount: 2, layerCount: 2) == nil)
    #expect(LineGroupBound.Groups(lineCount: 65, lineSets: [TargetedLines.list([0, 64])]) == nil)
    // (A set of no line joins none.)
    let groups = try #require(LineGroupBound.Groups(lineCount: 2, lineSets: [.mask(0), .mask(0b10)]))
    #expect(groups.groups == [0b10] && groups.indexOfLine == [-1, 0])
    let deals: [Deal] = (0..<6).map { ($0, .mask(1), 100) }
    let bound = try #require(Self.bound(deals, lineCount: 1, layerCount: 6))
    #expect(bound.most(from: 0, amounts: [1_000], unlessReaching: .max) == nil)
    #expect(bound.most(from: 1, amounts: [1_000], unlessReaching: .max) == 500)
  }

  @Test("every way of giving the layers tried: the same most, on 3,000 seeded sets of deals")
  func agreesWithEveryWay() throws {
    var random = SplitMix64(seed: 0x6_0A75)
    var differing: [String] = []
    for _ in 0..<3_000 {
      let lineCount = 1 + Int(random.next() % 6)
      let layerCount = 1 + Int(random.next() % 5)
      let deals: [Deal] = (0..<(1 + Int(random.next() % 10))).map { _ in
        let bits = 1 + UInt64(random.next() % ((1 << UInt64(lineCount)) - 1))
        return (Int(random.next() % UInt64(layerCount)), .mask(bits), Int128(random.next() % 5_000))
      }
      let amounts = (0..<lineCount).map { _ in Int128(random.next() % 8_000) }
      let first = Int(random.next() % UInt64(layerCount))
      let bound = try #require(Self.bound(deals, lineCount: lineCount, layerCount: layerCount))
      let expected = Self.bruteForce(deals, amounts: amounts, layerCount: layerCount, from: first)
      let found = bound.most(from: first, amounts: amounts, unlessReaching: .max)
      // Asked with a need: nil only when the most reaches it; else the most.
      let need = Int128(random.next() % 20_000)
      let below = bound.most(from: first, amounts: amounts, unlessReaching: need)
      let wrongBelow = below.map { $0 != expected } ?? (expected < need)
      if found != expected || wrongBelow, differing.count < 5 {
        differing.append(
          "\(deals) on \(amounts) from \(first): \(String(describing: found)), expected \(expected)")
      }
    }
    #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
  }

  @Test("targeted deals in layers, several best on one line: the reference's best total", arguments: 0..<150)
  func theReferencesTotal(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x9_80A7 &+ seed)
    let skus = ["tea", "pot", "mug"]
    var promotions: [String] = []
    for index in 0..<(4 + Int(random.next() % 6)) {
      let target = #""\#(skus[Int(random.next() % 3)])""#
      let layer = 1 + random.next() % 4
      let combines = random.next() % 6 == 0 ? #""order""# : #""item","order","shipping""#
      let benefit: String
      switch random.next() % 3 {
      case 0: benefit = #""kind": "discount", "percentOff": "\#(20 + random.next() % 50)""#
      case 1:
        benefit =
          #""kind": "threshold", "minimumAmount": "\#(10 + random.next() % 90).00", "amountOff": "\#(10 + random.next() % 60).00""#
      default:
        benefit =
          #""kind": "threshold", "tiers": [{"minimumAmount": "20.00", "amountOff": "\#(5 + random.next() % 20).00"}, {"minimumAmount": "\#(60 + random.next() % 60).00", "percentOff": "\#(20 + random.next() % 40)"}]"#
      }
      promotions.append(
        #"{"id": "d\#(index)", \#(benefit), "target": {"skus": [\#(target)]}, "layer": \#(layer), "combinesWith": [\#(combines)]}"#
      )
    }
    let store = LayeredSearchBoundsTests.store(promotions)
    let lines = (0..<(1 + Int(random.next() % 3))).map { skus[$0] }
    let order = LayeredSearchBoundsTests.order(skus: lines, price: "\(40 + random.next() % 120).00")
    let quote = try LayeredSearchBoundsTests.quote(order, store: store)
    #expect(quote.total.minorUnits == (try LayeredSearchBoundsTests.referenceTotal(order, store: store)))
  }
}
