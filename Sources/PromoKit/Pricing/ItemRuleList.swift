/// The working item promotions of a ``PreparedPromotions``, in id order, as ``ItemRule``s
/// rebuilt when read from their trivial 16-byte values (``FewItemRule``) and the store's
/// promotions: the indexes never read them, so a big store's preparation does not write
/// a list of 80-byte rules (and fault in its pages) for the linear search alone.
///
/// The rule read is the one `ItemRule(promotion, storeIndex:minorDigits:)` makes: its
/// percentage and buy-get terms are the promotion's, its sums the minor units the
/// preparation computed.
///
/// - Complexity: O(1) to read a rule.
struct ItemRuleList: RandomAccessCollection, Sendable {
  /// The rules as trivial values, each with its rank and position in the store.
  let compact: [FewItemRule]
  /// The store's promotions, which the rules' ids and terms are read from.
  let promotions: [Promotion]
  /// The minor digits of the rules' sums.
  let minorDigits: Int

  /// The position of the first rule: 0.
  var startIndex: Int { 0 }
  /// The number of rules.
  var endIndex: Int { compact.count }

  /// The rule at `position`.
  subscript(position: Int) -> ItemRule {
    let rule = compact[position]
    let storeIndex = Int(rule.storeIndex)
    let reduction: ItemRule.Reduction
    switch promotions[storeIndex].benefit {
    case .percentOff(let percentage): reduction = .percent(percentage)
    case .amountOff: reduction = .perUnit(Money(minorUnits: Int128(rule.number), minorDigits: minorDigits))
    case .fixedPrice:
      reduction = .fixedPrice(Money(minorUnits: Int128(rule.number), minorDigits: minorDigits))
    case .buyGet(let terms): reduction = .buyGet(terms)
    }
    return ItemRule(
      id: promotions[storeIndex].id, storeIndex: storeIndex, isStackable: rule.isStackable,
      reduction: reduction)
  }
}
