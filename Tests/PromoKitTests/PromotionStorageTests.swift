import PromoKit
import PromoTestSupport
import Testing

/// A promotion keeps its rare parts in a shared box (`Promotion+Details.swift`) and its
/// ids are ranked by integer keys (``idRanks(of:)``): both must be invisible, a promotion
/// staying a value and ranks comparing as the ids do.
@Suite("Promotion storage and id ranks")
struct PromotionStorageTests {
  static let five = DecimalNumber(significand: 5)

  @Test("setting a name and clearing it leaves a promotion equal, with the same hash, to one never named")
  func nameRoundTrip() throws {
    let plain = try Promotion(id: "p", kind: .discount, benefit: .amountOff(Self.five))
    var named = plain
    named.name = "Five off"
    #expect(named != plain)
    #expect(named.name == "Five off")
    #expect(plain.name == nil)
    named.name = nil
    #expect(named == plain)
    #expect(named.hashValue == plain.hashValue)
  }

  @Test("a copy keeps its own name and shares the other parts")
  func copiesAreValues() throws {
    let window = try Timestamp(parsing: "2026-01-01T00:00:00Z")
    let original = try Promotion(
      id: "p", name: "First", kind: .threshold, code: "SAVE", target: try ItemTarget(skus: ["tea"]),
      benefit: .amountOff(Self.five), minimumAmount: Self.five, minimumQuantity: 2, startsAt: window)
    var copy = original
    copy.name = "Second"
    #expect(original.name == "First")
    #expect(copy.name == "Second")
    #expect(copy.code == "SAVE" && copy.minimumQuantity == 2 && copy.startsAt == window)
    #expect(copy.target == original.target)
    #expect(copy.minimumAmount == Self.five)
    #expect(!copy.repeats && copy.maximumQuantity == nil && copy.endsAt == nil)
  }

  @Test("ranks order the ids as byte strings, for ids sharing long prefixes and ids that are prefixes")
  func ranksCompareAsIDs() throws {
    var random = SplitMix64(seed: 2026)
    let stems = ["", "a", "p", "promotion", "promotion-", "abcdefgh", "abcdefghi", "Z9"]
    let alphabet = Array("-._09AZaz")
    for _ in 0..<200 {
      var ids = Set<String>()
      let count = Int(random.next() % 60) + 1
      while ids.count < count {
        var id = stems[Int(random.next() % UInt64(stems.count))]
        for _ in 0..<Int(random.next() % 4) {
          id.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
        }
        if !id.isEmpty { ids.insert(id) }
      }
      let promotions = try ids.shuffled(using: &random).map {
        try Promotion(id: $0, kind: .discount, benefit: .amountOff(Self.five))
      }
      let ranks = idRanks(of: promotions)
      let expected = promotions.indices.sorted {
        promotions[$0].id.utf8.lexicographicallyPrecedes(promotions[$1].id.utf8)
      }
      #expect(expected.map { Int(ranks[$0]) } == Array(promotions.indices))
    }
  }

  /// The store format a promotion needs, read from its public parts as the store format
  /// states it: the definition ``Promotion/requiredVersion`` works out in O(1).
  static func statedVersion(of promotion: Promotion) -> Int {
    var version = promotion.kind.introducedInVersion
    switch promotion.benefit {
    case .bundle, .tiers, .gift: return 4
    case .buyGet(let terms) where terms.acrossLines && promotion.getTarget == nil: version = max(version, 3)
    case .percentOff, .amountOff, .fixedPrice: if promotion.acrossLines { return 4 }
    case .buyGet: break
    }
    if promotion.combinesWithIsWritten || promotion.writtenLayer != nil || promotion.getTarget != nil
      || promotion.excludesDiscountedLines
    {
      return 4
    }
    if promotion.customerGroups != nil || (promotion.target != nil && promotion.kind != .item)
      || promotion.minimumQuantity != nil || promotion.repeats || promotion.maximumQuantity != nil
    {
      version = max(version, 3)
    }
    if promotion.code != nil || promotion.maximumDiscount != nil { version = max(version, 2) }
    return version
  }

  @Test(
    "the store format a promotion needs is the one its parts state, on generated stores of formats 1 to 4")
  func requiredVersions() throws {
    var checked = 0
    var reached = Set<Int>()
    for seed in UInt64(0)..<1_200 {
      var generator = RefCaseGenerator(seed: seed)
      let testCase = seed % 2 == 0 ? generator.makeCase4() : generator.makeCase(format: Int(seed / 2 % 3) + 1)
      let text = testCase.store.text(quotingDecimals: true)
      guard let catalog = try? StoreDecoder.decode(Array(text.utf8), file: "s.json") else { continue }
      for promotion in catalog.promotions {
        #expect(promotion.requiredVersion == Self.statedVersion(of: promotion), "\(promotion)")
        reached.insert(promotion.requiredVersion)
        checked += 1
      }
    }
    #expect(checked > 2_000)
    #expect(reached == [1, 2, 3, 4])
  }
}
