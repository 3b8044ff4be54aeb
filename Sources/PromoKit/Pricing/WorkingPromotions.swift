/// The promotions working for one order: those prepared for the command's codes, and those
/// of each further code the order presents, all in the order's minor digits.
///
/// The plans of the pricing rules and the choice of the best are computed on it. Three
/// plan kinds are compared: no item stage and the best order stage on the subtotal; every
/// working item promotion and no order stage; the stackable item promotions and then the
/// best order stage of stackable promotions on what they leave. Each kind's best is found
/// exactly (a plan's items are fixed by its kind, so only its order stage is chosen), and
/// the best of the three is the best plan.
///
/// Two searches give the same plans: the indexed one (``bestPlan(items:subtotal:)``), and
/// the linear one (``bestPlanByScan(items:subtotal:)``), a pass over every promotion that
/// the tests hold the indexed one against.
struct WorkingPromotions: Sendable {
  /// The prepared parts; the first holds the promotions without a code.
  let parts: [PreparedPromotions]
  /// Whether there are at most ``fewOrderRules`` order rules in all, for the order stage
  /// to try each rule and each pair directly.
  let hasFewOrderRules: Bool

  /// Up to this many order rules in all, the order stage tries every rule and pair.
  static let fewOrderRules = 8

  /// The promotions of `parts`.
  init(parts: [PreparedPromotions]) {
    self.parts = parts
    hasFewOrderRules = parts.reduce(0) { $0 + $1.orderRules.count } <= Self.fewOrderRules
  }

  /// The minor digits every amount is in.
  var minorDigits: Int { parts[0].minorDigits }
}
