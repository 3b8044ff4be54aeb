/// The stable name of each kind of problem or warning `promo validate` reports about a
/// store: what `--format json` prints as `code` and what a script may match on. A message
/// may be reworded; a code, once written, is not.
///
///     StoreFindingCode.unknownKey.rawValue   // "unknown-key"
///
/// `schemas/validate-result.schema.json` lists every raw value, and a test holds the two
/// lists together.
public enum StoreFindingCode: String, Sendable, Hashable, CaseIterable {
  // Problems of the text itself.
  /// The file cannot be read (it is missing, a folder, or not readable): the place is its
  /// first line, and the status that of the error (66, or 74 for a failed read).
  case unreadableFile = "unreadable-file"
  /// The file is not valid JSON (RFC 8259): the place is that of the syntax error.
  case invalidJSON = "invalid-json"

  // Problems of the shape.
  /// A key the format does not have (with the nearest known key as a hint).
  case unknownKey = "unknown-key"
  /// A required key is missing.
  case missingKey = "missing-key"
  /// A value of the wrong JSON type (a string where a number belongs, and so on).
  case wrongType = "wrong-type"
  /// A decimal whose text is not a number.
  case notADecimal = "not-a-decimal"
  /// A decimal with more than 18 significant digits or decimal places.
  case tooManyDigits = "too-many-digits"
  /// A whole number with a fraction.
  case notAWholeNumber = "not-a-whole-number"
  /// A whole number outside the range its field allows.
  case numberOutOfRange = "number-out-of-range"
  /// A timestamp that is not RFC 3339 with an offset.
  case invalidTimestamp = "invalid-timestamp"
  /// A currency that is not an ISO 4217 code in capitals.
  case invalidCurrency = "invalid-currency"
  /// A store `version` that is not one this promo reads.
  case invalidVersion = "invalid-version"
  /// A store of a version newer than this promo understands.
  case newerVersion = "newer-version"
  /// A field or kind of a later store format than the store's version.
  case needsNewerVersion = "needs-newer-version"
  /// A `kind` that is not one of the kinds.
  case unknownKind = "unknown-kind"
  /// A class of `combinesWith` that is not `item`, `order` or `shipping`.
  case unknownClass = "unknown-class"
  /// A store `rounding` that is not `half-up`, `half-even` or `down`.
  case invalidRounding = "invalid-rounding"
  /// An id used by two promotions.
  case duplicateID = "duplicate-id"

  // Problems of the rules (one per case of `PromotionRuleError`).
  /// An id that is not 1 to 64 characters of `A-Z a-z 0-9 . _ -`.
  case invalidID = "invalid-id"
  /// A code that is not 1 to 32 characters of `A-Z a-z 0-9 _ -`.
  case invalidCode = "invalid-code"
  /// A target where the kind cannot have one.
  case targetNotAllowed = "target-not-allowed"
  /// A target with neither list.
  case emptyTarget = "empty-target"
  /// A list of a target that breaks a rule (empty, too long, a duplicate or bad entry).
  case invalidTargetList = "invalid-target-list"
  /// A list of customer groups that breaks a rule.
  case invalidCustomerGroups = "invalid-customer-groups"
  /// A `minimumQuantity` where the kind cannot have one.
  case minimumQuantityNotAllowed = "minimum-quantity-not-allowed"
  /// A quantity minimum or limit outside 1 to 1,000,000.
  case quantityOutOfRange = "quantity-out-of-range"
  /// `repeat` on a promotion that is not a threshold.
  case repeatNotAllowed = "repeat-not-allowed"
  /// A repeating threshold without `amountOff`.
  case repeatNeedsAmountOff = "repeat-needs-amount-off"
  /// A repeating threshold with both minimums.
  case repeatNeedsOneMinimum = "repeat-needs-one-minimum"
  /// A repeating threshold whose minimum amount is 0.
  case repeatNeedsPositiveMinimum = "repeat-needs-positive-minimum"
  /// A repeating threshold whose step has more decimal places than the currency.
  case repeatStepTooPrecise = "repeat-step-too-precise"
  /// `acrossLines` where it has no meaning.
  case acrossLinesNotAllowed = "across-lines-not-allowed"
  /// A `maximumQuantity` on a promotion that is not an item deal.
  case maximumQuantityNotAllowed = "maximum-quantity-not-allowed"
  /// A threshold without a minimum.
  case missingMinimum = "missing-minimum"
  /// A `minimumAmount` where the kind cannot have one.
  case minimumNotAllowed = "minimum-not-allowed"
  /// A promotion without a benefit.
  case missingBenefit = "missing-benefit"
  /// Two benefits where there must be one.
  case conflictingBenefits = "conflicting-benefits"
  /// A benefit the kind cannot have.
  case benefitNotForKind = "benefit-not-for-kind"
  /// `buy` without `get`, or `get` without `buy`.
  case incompleteBuyGet = "incomplete-buy-get"
  /// `buy` or `get` outside 1 to 1000.
  case countOutOfRange = "count-out-of-range"
  /// A percentage not above 0 and at most 100.
  case percentOutOfRange = "percent-out-of-range"
  /// A percentage with more than 4 decimal places.
  case percentTooPrecise = "percent-too-precise"
  /// An amount below 0 (or 0 where it must be above).
  case amountTooSmall = "amount-too-small"
  /// An amount above 10^12.
  case amountTooLarge = "amount-too-large"
  /// An amount with more decimal places than the currency has.
  case tooManyDecimalPlaces = "too-many-decimal-places"
  /// A `maximumDiscount` where nothing can be capped.
  case maximumDiscountNotAllowed = "maximum-discount-not-allowed"
  /// A window whose end is not after its start.
  case windowBackwards = "window-backwards"
  /// An empty `combinesWith`.
  case combinesWithEmpty = "combines-with-empty"
  /// A class named twice in `combinesWith`.
  case combinesWithDuplicate = "combines-with-duplicate"
  /// Both `combinesWith` and `stackable`.
  case combinesWithAndStackable = "combines-with-and-stackable"
  /// `stackable` or `combinesWith` on a gift.
  case combinationOnGift = "combination-on-gift"
  /// A `layer` on a promotion that is not a discount or threshold.
  case layerNotAllowed = "layer-not-allowed"
  /// A `layer` outside 1 to 9.
  case layerOutOfRange = "layer-out-of-range"
  /// `excludeDiscountedLines` on a promotion that is not a discount or threshold.
  case excludeDiscountedLinesNotAllowed = "exclude-discounted-lines-not-allowed"
  /// A `getTarget` on a promotion that is not an item buy/get.
  case getTargetNotAllowed = "get-target-not-allowed"
  /// A `getTarget` with neither list.
  case emptyGetTarget = "empty-get-target"
  /// A list of a `getTarget` that breaks a rule.
  case invalidGetTargetList = "invalid-get-target-list"
  /// `"acrossLines": false` on a buy/get with a `getTarget`.
  case acrossLinesFalseWithGetTarget = "across-lines-false-with-get-target"
  /// `acrossLines` on a single-price item deal without `maximumQuantity`.
  case acrossLinesNeedsMaximumQuantity = "across-lines-needs-maximum-quantity"
  /// A `bundle` on a promotion that is not an item deal.
  case bundleNotAllowed = "bundle-not-allowed"
  /// `bundle.quantity` outside 2 to 100.
  case bundleQuantityOutOfRange = "bundle-quantity-out-of-range"
  /// A `maximumQuantity` on a bundle.
  case maximumQuantityWithBundle = "maximum-quantity-with-bundle"
  /// `tiers` on a promotion that is not a threshold.
  case tiersNotAllowed = "tiers-not-allowed"
  /// Fewer than 2 or more than 20 tiers.
  case tierCountOutOfRange = "tier-count-out-of-range"
  /// A tier with no minimum, or two.
  case tierNeedsOneMinimum = "tier-needs-one-minimum"
  /// Tiers with different kinds of minimum.
  case tierMinimumsMixed = "tier-minimums-mixed"
  /// A tier whose minimum is not above the one before it.
  case tierNotIncreasing = "tier-not-increasing"
  /// A tier with no benefit, or two.
  case tierNeedsOneBenefit = "tier-needs-one-benefit"
  /// A minimum, repeat or benefit of its own on a threshold with tiers.
  case notWithTiers = "not-with-tiers"
  /// A `gift` on a promotion that is not a gift.
  case giftNotAllowed = "gift-not-allowed"
  /// A gift promotion without `gift`.
  case missingGift = "missing-gift"
  /// A benefit on a gift promotion.
  case benefitOnGift = "benefit-on-gift"
  /// A `gift.sku` that is not 1 to 64 characters.
  case invalidGiftSKU = "invalid-gift-sku"
  /// A `gift.quantity` outside 1 to 1000.
  case giftQuantityOutOfRange = "gift-quantity-out-of-range"

  // Warnings: legal, but probably a mistake.
  /// A window that has ended at the evaluation time.
  case ended = "ended"
  /// A promotion that makes what it applies to free.
  case makesFree = "makes-free"
  /// A threshold that takes off at least its minimum.
  case takesMinimum = "takes-at-least-minimum"
  /// A repeating threshold capped below one step.
  case neverRepeats = "never-repeats"
  /// A buy/get that gives more units away than it sells.
  case givesMoreThanSold = "gives-more-than-sold"
  /// A fixed price without a target: every unit of every order.
  case fixedPriceWithoutTarget = "fixed-price-without-target"
  /// Two promotions that share a code while neither is stackable.
  case sharedCode = "shared-code-not-stackable"
  /// Two promotions the same but for their id.
  case sameTerms = "same-but-for-id"
  /// A shipping deal that combines with nothing while other deals are working.
  case shippingCombinesWithNothing = "shipping-combines-with-nothing"
  /// A tier of a threshold that can take less than the tier below it.
  case tierTakesLess = "tier-takes-less"
  /// Order deals of one layer that each combine with `order`: only one of them can apply.
  case layerShared = "layer-shared"
  /// A `combinesWith` that names a class no other working deal of the store is in.
  case combinesWithAbsentClass = "combines-with-absent-class"
}
