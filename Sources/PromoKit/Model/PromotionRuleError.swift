/// A promotion that breaks a rule of the store format, found while building it.
///
/// Every illegal combination of parts has a case, so that no public path can build a
/// promotion the calculator cannot price. ``field`` names the store key at fault (as a
/// dotted path below the promotion, such as `target.skus`) and ``message`` says what is
/// wrong with a hint, so that the store decoder and the command line can each say where.
///
///     do { _ = try Promotion(id: "t", kind: .threshold, benefit: .amountOff(fifteen)) }
///     catch { error.field }   // "minimumAmount"
public enum PromotionRuleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with one list of a target.
  public enum ListProblem: Sendable, Hashable {
    /// The list is empty.
    case empty
    /// The list has more than 1,000 entries (this many).
    case tooLong(Int)
    /// An entry is the empty string.
    case emptyEntry
    /// This entry is given twice.
    case duplicate(String)
    /// This entry has characters other than `A–Z a–z 0–9 . _ -`, or more than 64 of them.
    case invalidEntry(String)
  }

  /// A required field (`id`, `kind`) is missing.
  case missingField(String)
  /// The id is not 1 to 64 characters of `A–Z a–z 0–9 . _ -`.
  case invalidID(String)
  /// The code is not 1 to 32 characters of `A–Z a–z 0–9 _ -`.
  case invalidCode(String)
  /// A `target` on a shipping promotion.
  case targetNotAllowed(PromotionKind)
  /// The `customerGroups` list breaks a rule.
  case invalidCustomerGroups(ListProblem)
  /// A `minimumQuantity` on a promotion that is not a threshold.
  case minimumQuantityNotAllowed(PromotionKind)
  /// `minimumQuantity` or `maximumQuantity` outside 1...1,000,000.
  case quantityOutOfRange(field: String, Int64)
  /// `repeat` on a promotion that is not a threshold.
  case repeatNotAllowed(PromotionKind)
  /// A repeating threshold without `amountOff`.
  case repeatNeedsAmountOff
  /// A repeating threshold with both minimums.
  case repeatNeedsOneMinimum
  /// A repeating threshold whose `minimumAmount` is 0.
  case repeatNeedsPositiveMinimum
  /// A repeating threshold whose `minimumAmount` (the step it counts) has more decimal
  /// places than the store's currency.
  case repeatStepTooPrecise(DecimalNumber, currency: Currency?)
  /// `acrossLines` on a promotion that is not an item buy-get.
  case acrossLinesNotAllowed
  /// A `maximumQuantity` on a promotion that is not an item deal.
  case maximumQuantityNotAllowed(PromotionKind)
  /// A `target` with neither `skus` nor `categories`.
  case emptyTarget
  /// A list of a target (`skus` or `categories`) breaks a rule.
  case invalidTargetList(field: String, ListProblem)
  /// A threshold with neither `minimumAmount` nor `minimumQuantity`.
  case missingMinimum
  /// A `minimumAmount` on a promotion that is not a threshold or a shipping deal.
  case minimumNotAllowed(PromotionKind)
  /// No benefit at all.
  case missingBenefit(PromotionKind)
  /// Two benefits where there must be one.
  case conflictingBenefits(first: String, second: String)
  /// A benefit only item promotions may have (`fixedPrice`, `buy`, `get`).
  case benefitNotForKind(field: String, PromotionKind)
  /// `buy` without `get`, or `get` without `buy`; the case names the missing one.
  case incompleteBuyGet(missing: String)
  /// `buy` or `get` outside 1...1000.
  case countOutOfRange(field: String, Int64)
  /// A percentage not greater than 0 and at most 100.
  case percentOutOfRange(field: String, DecimalNumber)
  /// A percentage with more than four decimal places.
  case percentTooPrecise(field: String, DecimalNumber)
  /// An amount below its least value (0, or just above it when zero is not allowed).
  case amountTooSmall(field: String, DecimalNumber, allowsZero: Bool)
  /// An amount above 10^12.
  case amountTooLarge(field: String, DecimalNumber)
  /// An amount with more decimal places than the store's currency has.
  case tooManyDecimalPlaces(field: String, DecimalNumber, currency: Currency?)
  /// A `maximumDiscount` on a promotion that is not a percentage off the order.
  case maximumDiscountNotAllowed
  /// A window whose end is not after its start.
  case windowBackwards(startsAt: Timestamp, endsAt: Timestamp)
  /// An empty `combinesWith` (store format 4).
  case combinesWithEmpty
  /// A class named twice in `combinesWith`.
  case combinesWithDuplicate(PromotionClass)
  /// Both `combinesWith` and `stackable`.
  case combinesWithAndStackable
  /// `stackable` or `combinesWith` (the field) on a gift, which is in no plan.
  case combinationOnGift(field: String)
  /// A `layer` on a promotion that is not a discount or threshold.
  case layerNotAllowed(PromotionKind)
  /// A `layer` outside 1...9.
  case layerOutOfRange(Int)
  /// `excludeDiscountedLines` on a promotion that is not a discount or threshold.
  case excludeDiscountedLinesNotAllowed(PromotionKind)
  /// A `getTarget` on a promotion that is not an item buy/get.
  case getTargetNotAllowed
  /// A `getTarget` with neither `skus` nor `categories`.
  case emptyGetTarget
  /// A list of a `getTarget` breaks a rule.
  case invalidGetTargetList(field: String, ListProblem)
  /// `"acrossLines": false` on a buy/get with a `getTarget`, which always counts across
  /// lines.
  case acrossLinesFalseWithGetTarget
  /// `acrossLines` on a `percentOff`, `amountOff` or `fixedPrice` item deal without a
  /// `maximumQuantity`.
  case acrossLinesNeedsMaximumQuantity
  /// A `bundle` on a promotion that is not an item deal.
  case bundleNotAllowed(PromotionKind)
  /// `bundle.quantity` outside 2...100.
  case bundleQuantityOutOfRange(Int64)
  /// A `maximumQuantity` on a bundle.
  case maximumQuantityWithBundle
  /// `tiers` on a promotion that is not a threshold.
  case tiersNotAllowed(PromotionKind)
  /// Fewer than 2 or more than 20 tiers (this many).
  case tierCountOutOfRange(Int)
  /// A tier (by index, from 0) with neither minimum or both.
  case tierNeedsOneMinimum(index: Int)
  /// A tier (by index) whose minimum is not of the kind of the tier before it (`expected`).
  case tierMinimumsMixed(index: Int, expected: String)
  /// A tier (by index) whose minimum (`field`) is not above the one before it.
  case tierNotIncreasing(index: Int, field: String)
  /// A tier (by index) with no benefit, or two.
  case tierNeedsOneBenefit(index: Int)
  /// A field a threshold with tiers has no own of (`minimumAmount`, `minimumQuantity`,
  /// `repeat`, `percentOff`, `amountOff`).
  case notWithTiers(field: String)
  /// A `gift` on a promotion that is not a gift.
  case giftNotAllowed(PromotionKind)
  /// A gift promotion without `gift`.
  case missingGift
  /// A benefit (the field) on a gift promotion, which takes nothing off.
  case benefitOnGift(field: String)
  /// `gift.sku` not 1 to 64 characters.
  case invalidGiftSKU(String)
  /// `gift.quantity` outside 1...1000.
  case giftQuantityOutOfRange(Int64)

  /// The store key at fault, as a dotted path below the promotion (`percentOff`,
  /// `target.skus`).
  public var field: String {
    switch self {
    case .missingField(let field): field
    case .invalidID: "id"
    case .invalidCode: "code"
    case .targetNotAllowed, .emptyTarget: "target"
    case .invalidTargetList(let field, _): "target." + field
    case .invalidCustomerGroups: "customerGroups"
    case .minimumQuantityNotAllowed: "minimumQuantity"
    case .quantityOutOfRange(let field, _): field
    case .repeatNotAllowed, .repeatNeedsAmountOff, .repeatNeedsOneMinimum, .repeatNeedsPositiveMinimum:
      "repeat"
    case .acrossLinesNotAllowed: "acrossLines"
    case .maximumQuantityNotAllowed: "maximumQuantity"
    case .missingMinimum, .minimumNotAllowed, .repeatStepTooPrecise: "minimumAmount"
    case .missingBenefit: "percentOff"
    case .conflictingBenefits(_, let second): second
    case .benefitNotForKind(let field, _): field
    case .incompleteBuyGet(let missing): missing
    case .countOutOfRange(let field, _), .percentOutOfRange(let field, _), .percentTooPrecise(let field, _),
      .amountTooSmall(let field, _, _), .amountTooLarge(let field, _), .tooManyDecimalPlaces(let field, _, _):
      field
    case .maximumDiscountNotAllowed: "maximumDiscount"
    case .windowBackwards: "endsAt"
    case .combinesWithEmpty, .combinesWithDuplicate, .combinesWithAndStackable, .combinationOnGift,
      .layerNotAllowed, .layerOutOfRange, .excludeDiscountedLinesNotAllowed, .getTargetNotAllowed,
      .emptyGetTarget, .invalidGetTargetList, .acrossLinesFalseWithGetTarget,
      .acrossLinesNeedsMaximumQuantity,
      .bundleNotAllowed, .bundleQuantityOutOfRange, .maximumQuantityWithBundle, .tiersNotAllowed,
      .tierCountOutOfRange, .tierNeedsOneMinimum, .tierMinimumsMixed, .tierNotIncreasing,
      .tierNeedsOneBenefit,
      .notWithTiers, .giftNotAllowed, .missingGift, .benefitOnGift, .invalidGiftSKU, .giftQuantityOutOfRange:
      format4Field
    }
  }

  /// The other field of a rule between two fields (`startsAt` for a window whose
  /// `endsAt` is not after it), so that an edit that changed that one can be named;
  /// `nil` for a rule of one field.
  public var conflictingField: String? {
    switch self {
    case .windowBackwards: "startsAt"
    case .combinesWithAndStackable: "stackable"
    default: nil
    }
  }

  /// Whether the rule refuses a field that a promotion of `kind` never has, whatever its
  /// other fields (a bundle or a layer on the wrong kind), rather than a combination of
  /// fields (a cap on a fixed sum, a get target without buy and get). A command line that
  /// names the kind and sets such a field contradicts itself.
  public func refusesField(ofNo kind: PromotionKind) -> Bool {
    switch self {
    case .targetNotAllowed, .minimumQuantityNotAllowed, .repeatNotAllowed, .maximumQuantityNotAllowed,
      .minimumNotAllowed, .benefitNotForKind, .combinationOnGift, .layerNotAllowed,
      .excludeDiscountedLinesNotAllowed, .bundleNotAllowed, .tiersNotAllowed, .giftNotAllowed:
      true
    // Only an item deal counts units across lines or has a get target, and not every one.
    case .acrossLinesNotAllowed, .getTargetNotAllowed: kind != .item
    default: false
    }
  }

  /// What is wrong, with a hint where one helps.
  public var message: String { message(writtenAs: nil) }

  /// What is wrong, quoting the field's value as `text` when the caller knows how it was
  /// written (`-5.00`, where the value alone would read `-5`).
  public func message(writtenAs text: String?) -> String {
    func shown(_ value: DecimalNumber) -> String { text ?? value.description }
    return switch self {
    case .missingField(let field): "missing required key \"\(field)\""
    case .invalidID(let id):
      "id \"\(id)\" must be 1 to \(Promotion.maximumIDLength) characters of A-Z a-z 0-9 . _ -"
    case .invalidCode(let code):
      "code \"\(code)\" must be 1 to \(CouponCode.maximumLength) characters of A-Z a-z 0-9 _ -"
    case .targetNotAllowed(let kind):
      "target is for item, discount and threshold promotions; a \(kind.rawValue) promotion acts on the order's shipping (remove target)"
    case .emptyTarget: "a target needs \"skus\" or \"categories\" (or remove target to act on every line)"
    case .invalidTargetList(let field, let problem): Self.listMessage(field, problem)
    case .invalidCustomerGroups(let problem): Self.customerGroupsMessage(problem)
    case .minimumQuantityNotAllowed:
      "minimumQuantity is only for threshold promotions; remove it or make the kind \"threshold\""
    case .quantityOutOfRange(let field, let value):
      "\(field) must be a whole number from \(Promotion.allowedQuantities.lowerBound) to 1000000, not \(value)"
    case .repeatNotAllowed:
      "repeat is only for threshold promotions (\"10 off every 100\"); remove it or make the kind \"threshold\""
    case .repeatNeedsAmountOff:
      "a repeating threshold takes amountOff once for every full minimum; give amountOff instead of a percentage"
    case .repeatNeedsOneMinimum:
      "a repeating threshold counts one minimum: give minimumAmount or minimumQuantity, not both"
    case .repeatNeedsPositiveMinimum:
      "a repeating threshold needs a minimumAmount above 0 (the step it counts)"
    case .repeatStepTooPrecise(let value, let currency):
      "minimumAmount \(shown(value)) is the step a repeating threshold counts, so it has no more decimal "
        + "places than the currency: it has \(DecimalPlaces.phrase(value.scale)); "
        + (currency.map { "\($0.code) has \($0.minorDigits)" }
          ?? "amounts without a currency have \(Currency.defaultMinorDigits)")
    case .acrossLinesNotAllowed:
      "acrossLines is only for an item promotion with buy and get, or with a maximumQuantity (it counts the units of all its lines together)"
    case .maximumQuantityNotAllowed:
      "maximumQuantity is only for item promotions (the most units of a line it covers)"
    case .missingMinimum:
      "a threshold promotion needs \"minimumAmount\" (the least amount it applies to) or \"minimumQuantity\" (the least units)"
    case .minimumNotAllowed:
      "minimumAmount is only for threshold, shipping and gift promotions; remove it or make the kind \"threshold\""
    case .missingBenefit(let kind): Self.missingBenefitMessage(kind)
    case .conflictingBenefits(let first, let second):
      "a promotion has exactly one of \(first) and \(second), not both"
    case .benefitNotForKind(let field, let kind):
      field == "fixedPrice"
        ? "fixedPrice is only for item and shipping promotions, not for a \(Self.noun(kind)); use percentOff or amountOff, or make the kind \"item\""
        : "\(field) is only for item promotions, not for a \(Self.noun(kind)); use percentOff or amountOff, or make the kind \"item\""
    case .incompleteBuyGet(let missing):
      missing == "get"
        ? "buy needs get: buy N get M discounts M of every N + M units"
        : "get needs buy: buy N get M discounts M of every N + M units"
    case .countOutOfRange(let field, let value):
      "\(field) must be a whole number from \(BuyGet.allowedCounts.lowerBound) to \(BuyGet.allowedCounts.upperBound), not \(value)"
    case .percentOutOfRange(let field, let value):
      "\(field) must be greater than 0 and at most 100, not \(shown(value))"
    case .percentTooPrecise(let field, let value):
      "\(field) \(shown(value)) has more than \(Percentage.maximumDecimalPlaces) decimal places"
    case .amountTooSmall(let field, let value, let allowsZero):
      "\(field) must be \(allowsZero ? "at least 0" : "greater than 0"), not \(shown(value))"
    case .amountTooLarge(let field, let value):
      "\(field) \(shown(value)) is too large: at most \(Promotion.maximumAmount)"
    case .tooManyDecimalPlaces(let field, let value, let currency):
      "\(field) \(shown(value)) has \(DecimalPlaces.phrase(value.scale)); "
        + (currency.map { "\($0.code) has \($0.minorDigits)" }
          ?? "amounts without a currency have \(Currency.defaultMinorDigits)")
    case .maximumDiscountNotAllowed:
      "maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage), a repeating threshold, or tiers"
    case .windowBackwards(let startsAt, let endsAt):
      "endsAt \(endsAt) must be after startsAt \(startsAt) (the window is startsAt <= T < endsAt)"
    case .combinesWithEmpty, .combinesWithDuplicate, .combinesWithAndStackable, .combinationOnGift,
      .layerNotAllowed, .layerOutOfRange, .excludeDiscountedLinesNotAllowed, .getTargetNotAllowed,
      .emptyGetTarget, .invalidGetTargetList, .acrossLinesFalseWithGetTarget,
      .acrossLinesNeedsMaximumQuantity,
      .bundleNotAllowed, .bundleQuantityOutOfRange, .maximumQuantityWithBundle, .tiersNotAllowed,
      .tierCountOutOfRange, .tierNeedsOneMinimum, .tierMinimumsMixed, .tierNotIncreasing,
      .tierNeedsOneBenefit,
      .notWithTiers, .giftNotAllowed, .missingGift, .benefitOnGift, .invalidGiftSKU, .giftQuantityOutOfRange:
      format4Message
    }
  }

  /// What is wrong with a promotion's customer groups.
  static func customerGroupsMessage(_ problem: ListProblem) -> String {
    switch problem {
    case .empty: "customerGroups must not be empty; leave it out to admit every customer"
    case .tooLong(let count):
      "customerGroups has \(count) names; at most \(CustomerGroups.maximumCount) are allowed"
    case .emptyEntry: "customerGroups has an empty string; every name needs at least one character"
    case .duplicate(let name): "customerGroups has \"\(name)\" twice; names must be distinct"
    case .invalidEntry(let name):
      "customer group \"\(name)\" must be 1 to \(CustomerGroups.maximumNameLength) characters of A-Z a-z 0-9 . _ -"
    }
  }

  /// What a promotion of `kind` without a benefit is missing, and the fields it may give.
  static func missingBenefitMessage(_ kind: PromotionKind) -> String {
    switch kind {
    case .item:
      "missing the benefit: add \"percentOff\", \"amountOff\" (per unit), \"fixedPrice\" (per unit), \"buy\" and \"get\", or \"bundle\""
    case .shipping:
      "missing the benefit: add \"percentOff\", \"amountOff\" or \"fixedPrice\" (what the shipping then costs)"
    case .discount:
      "missing the benefit: add \"percentOff\" (a percentage) or \"amountOff\" (a fixed sum)"
    case .threshold:
      "missing the benefit: add \"percentOff\" (a percentage), \"amountOff\" (a fixed sum) or \"tiers\""
    case .gift: "missing the goods: add \"gift\": {\"sku\": S, \"quantity\": N}"
    }
  }

  /// `field: message`.
  public var description: String { field + ": " + message }

  /// What is wrong with one list of a target or a get target (`field` is `skus` or
  /// `categories`).
  static func listMessage(_ field: String, _ problem: ListProblem) -> String {
    switch problem {
    case .empty: "\(field) must not be empty; leave it out instead"
    case .tooLong(let count):
      "\(field) has \(count) entries; at most \(ItemTarget.maximumCount) are allowed"
    case .emptyEntry: "\(field) has an empty string; every entry needs at least one character"
    case .duplicate(let entry): "\(field) has \"\(entry)\" twice; entries must be distinct"
    case .invalidEntry(let entry):
      "\(field) has \"\(entry)\"; each must be 1 to \(CustomerGroups.maximumNameLength) characters of A-Z a-z 0-9 . _ -"
    }
  }

  /// How a message names a promotion of `kind` after "a": "a threshold", "a shipping promotion".
  static func noun(_ kind: PromotionKind) -> String {
    switch kind {
    case .item: "item promotion"
    case .discount: "discount"
    case .threshold: "threshold"
    case .shipping: "shipping promotion"
    case .gift: "gift promotion"
    }
  }
}

/// Counting decimal places in words.
enum DecimalPlaces {
  /// "1 decimal place", "3 decimal places".
  static func phrase(_ count: Int) -> String {
    count == 1 ? "1 decimal place" : "\(count) decimal places"
  }
}
