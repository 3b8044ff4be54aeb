// The keys of a promotion the store fast path knows.

extension StoreFastPath {
  /// The keys of a promotion, in the order the store writes them (the tests hold
  /// ``names`` to ``StoreDecoder/promotionKeys``).
  enum PromotionKey: Int, CaseIterable {
    case id, name, kind, code, customerGroups, target, getTarget, layer, minimumAmount, minimumQuantity
    case repeats, tiers, buy, get, acrossLines, bundle, percentOff, amountOff, fixedPrice, maximumDiscount
    case maximumQuantity, excludeDiscountedLines, gift, startsAt, endsAt, active, stackable, combinesWith

    /// The key as the canonical writer writes it: its name, its closing quote, the colon
    /// and a space (``nameLength`` bytes of it are the name).
    var memberText: StaticString {
      switch self {
      case .id: "id\": "
      case .name: "name\": "
      case .kind: "kind\": "
      case .code: "code\": "
      case .customerGroups: "customerGroups\": "
      case .target: "target\": "
      case .getTarget: "getTarget\": "
      case .layer: "layer\": "
      case .tiers: "tiers\": "
      case .bundle: "bundle\": "
      case .excludeDiscountedLines: "excludeDiscountedLines\": "
      case .gift: "gift\": "
      case .combinesWith: "combinesWith\": "
      case .minimumAmount: "minimumAmount\": "
      case .minimumQuantity: "minimumQuantity\": "
      case .repeats: "repeat\": "
      case .buy: "buy\": "
      case .get: "get\": "
      case .acrossLines: "acrossLines\": "
      case .percentOff: "percentOff\": "
      case .amountOff: "amountOff\": "
      case .fixedPrice: "fixedPrice\": "
      case .maximumDiscount: "maximumDiscount\": "
      case .maximumQuantity: "maximumQuantity\": "
      case .startsAt: "startsAt\": "
      case .endsAt: "endsAt\": "
      case .active: "active\": "
      case .stackable: "stackable\": "
      }
    }

    /// How many bytes of ``memberText`` are the key's name.
    var nameLength: Int { memberText.utf8CodeUnitCount - 3 }

    /// The keys as written, in order.
    static var names: [String] { allCases.map { String($0.memberText.description.dropLast(3)) } }

    /// The store version each key needs on a promotion that is not a discount or
    /// threshold (``StoreDecoder/versionNeeded(for:kind:acrossLinesIsFormat4:)`` decides `target` on those).
    static let versions: [Int] = names.map { StoreDecoder.versionNeeded(for: $0, kind: nil) }

    /// The key whose bytes are `key`, if any: told apart by the first byte and the length,
    /// then compared whole.
    init?(_ key: ByteCursor.Bytes) {
      guard key.count >= 2 else { return nil }
      let candidate: PromotionKey
      switch (key[key.startIndex], key.count) {
      case (UInt8(ascii: "i"), 2): candidate = .id
      case (UInt8(ascii: "n"), 4): candidate = .name
      case (UInt8(ascii: "k"), 4): candidate = .kind
      case (UInt8(ascii: "c"), 4): candidate = .code
      case (UInt8(ascii: "c"), 14): candidate = .customerGroups
      case (UInt8(ascii: "t"), 6): candidate = .target
      case (UInt8(ascii: "g"), 9): candidate = .getTarget
      case (UInt8(ascii: "l"), 5): candidate = .layer
      case (UInt8(ascii: "t"), 5): candidate = .tiers
      case (UInt8(ascii: "b"), 6): candidate = .bundle
      case (UInt8(ascii: "e"), 22): candidate = .excludeDiscountedLines
      case (UInt8(ascii: "g"), 4): candidate = .gift
      case (UInt8(ascii: "c"), 12): candidate = .combinesWith
      case (UInt8(ascii: "m"), 13): candidate = .minimumAmount
      case (UInt8(ascii: "m"), 15):
        if key[key.startIndex + 1] == UInt8(ascii: "i") {
          candidate = .minimumQuantity
        } else {
          candidate = key[key.startIndex + 7] == UInt8(ascii: "D") ? .maximumDiscount : .maximumQuantity
        }
      case (UInt8(ascii: "r"), 6): candidate = .repeats
      case (UInt8(ascii: "b"), 3): candidate = .buy
      case (UInt8(ascii: "g"), 3): candidate = .get
      case (UInt8(ascii: "a"), 11): candidate = .acrossLines
      case (UInt8(ascii: "p"), 10): candidate = .percentOff
      case (UInt8(ascii: "a"), 9): candidate = .amountOff
      case (UInt8(ascii: "f"), 10): candidate = .fixedPrice
      case (UInt8(ascii: "s"), 8): candidate = .startsAt
      case (UInt8(ascii: "e"), 6): candidate = .endsAt
      case (UInt8(ascii: "a"), 6): candidate = .active
      case (UInt8(ascii: "s"), 9): candidate = .stackable
      default: return nil
      }
      guard ByteCursor.equal(key, candidate.memberText.utf8Start, candidate.nameLength) else { return nil }
      self = candidate
    }

    /// The bit of this key in a set of keys.
    var bit: UInt32 { 1 << UInt32(rawValue) }
  }
}
