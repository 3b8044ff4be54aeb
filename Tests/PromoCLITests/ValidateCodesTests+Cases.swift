// The table of ``ValidateCodesTests``: one store per finding code, and the codes no store
// can provoke through `promo validate`, with the reason.

import PromoKit

extension ValidateCodesTests {
  /// A whole version-4 store in CNY (2 decimal places) whose promotions are `promotions`
  /// (JSON objects, comma-separated).
  static func store(_ promotions: String) -> String {
    #"{"version":4,"currency":"CNY","promotions":["# + promotions + "]}"
  }

  /// A whole version-4 store in CNY with one good promotion (`p`, 5% off every order) and
  /// a second one whose members are `fields`: the findings of a broken second promotion
  /// are at `promotions[1]`.
  static func second(_ fields: String) -> String {
    store(#"{"id":"p","kind":"discount","percentOff":"5"},{"# + fields + "}")
  }

  /// One case per finding code `validate` can give, in the order of ``StoreFindingCode``:
  /// the smallest store that provokes the code and no other finding, and the path of the
  /// finding. Problems are usually in a second promotion beside a good one; warnings are
  /// of stores with no problem at all.
  static let cases: [CodeCase] = [
    // Problems of the text.
    CodeCase(.unreadableFile, nil, at: nil),
    CodeCase(.invalidJSON, #"{"version":4,"promotions":[],}"#, at: nil),
    // Problems of the shape.
    CodeCase(
      .unknownKey, second(#""id":"q","kind":"discount","percentOff":"5","startAt":"x""#),
      at: "promotions[1].startAt"),
    CodeCase(.missingKey, second(#""id":"q","percentOff":"5""#), at: "promotions[1].kind"),
    CodeCase(
      .wrongType, second(#""id":"q","kind":"discount","percentOff":true"#), at: "promotions[1].percentOff"),
    CodeCase(
      .notADecimal, second(#""id":"q","kind":"discount","percentOff":"ten""#), at: "promotions[1].percentOff"),
    CodeCase(
      .tooManyDigits, second(#""id":"q","kind":"discount","amountOff":"0.1234567890123456789""#),
      at: "promotions[1].amountOff"),
    CodeCase(
      .notAWholeNumber, second(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":1.5"#),
      at: "promotions[1].minimumQuantity"),
    CodeCase(
      .numberOutOfRange, second(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":0"#),
      at: "promotions[1].minimumQuantity"),
    CodeCase(
      .invalidTimestamp,
      second(#""id":"q","kind":"discount","percentOff":"5","startsAt":"2026-11-01T00:00:00""#),
      at: "promotions[1].startsAt"),
    CodeCase(.invalidCurrency, #"{"version":4,"currency":"cny","promotions":[]}"#, at: "currency"),
    CodeCase(.invalidVersion, #"{"version":0,"promotions":[]}"#, at: "version"),
    CodeCase(.newerVersion, #"{"version":5,"promotions":[]}"#, at: "version"),
    CodeCase(
      .needsNewerVersion,
      #"{"version":3,"currency":"CNY","promotions":[{"id":"p","kind":"discount","percentOff":"5","layer":1}]}"#,
      at: "promotions[0].layer"),
    CodeCase(.unknownKind, second(#""id":"q","kind":"coupon","percentOff":"5""#), at: "promotions[1].kind"),
    CodeCase(
      .unknownClass, second(#""id":"q","kind":"discount","percentOff":"5","combinesWith":["orders"]"#),
      at: "promotions[1].combinesWith[0]"),
    CodeCase(
      .invalidRounding, #"{"version":4,"currency":"CNY","rounding":"up","promotions":[]}"#, at: "rounding"),
    CodeCase(.duplicateID, second(#""id":"p","kind":"discount","percentOff":"6""#), at: "promotions[1].id"),
    // Problems of the rules, one per case of `PromotionRuleError` (those `validate` can reach).
    CodeCase(.invalidID, second(#""id":"a b","kind":"discount","percentOff":"5""#), at: "promotions[1].id"),
    CodeCase(
      .invalidCode, second(#""id":"q","kind":"discount","percentOff":"5","code":"SAVE 10""#),
      at: "promotions[1].code"),
    CodeCase(
      .targetNotAllowed, second(#""id":"q","kind":"shipping","percentOff":"5","target":{"skus":["a"]}"#),
      at: "promotions[1].target"),
    CodeCase(
      .emptyTarget, second(#""id":"q","kind":"item","percentOff":"5","target":{}"#),
      at: "promotions[1].target"),
    CodeCase(
      .invalidTargetList, second(#""id":"q","kind":"item","percentOff":"5","target":{"skus":[]}"#),
      at: "promotions[1].target.skus"),
    CodeCase(
      .invalidCustomerGroups, second(#""id":"q","kind":"discount","percentOff":"5","customerGroups":[]"#),
      at: "promotions[1].customerGroups"),
    CodeCase(
      .minimumQuantityNotAllowed, second(#""id":"q","kind":"discount","percentOff":"5","minimumQuantity":2"#),
      at: "promotions[1].minimumQuantity"),
    CodeCase(
      .repeatNotAllowed, second(#""id":"q","kind":"discount","amountOff":"5","repeat":true"#),
      at: "promotions[1].repeat"),
    CodeCase(
      .repeatNeedsAmountOff,
      second(#""id":"q","kind":"threshold","percentOff":"5","minimumAmount":"100","repeat":true"#),
      at: "promotions[1].repeat"),
    CodeCase(
      .repeatNeedsOneMinimum,
      second(
        #""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"100","minimumQuantity":2,"repeat":true"#
      ), at: "promotions[1].repeat"),
    CodeCase(
      .repeatNeedsPositiveMinimum,
      second(#""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"0","repeat":true"#),
      at: "promotions[1].repeat"),
    CodeCase(
      .repeatStepTooPrecise,
      second(#""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"10.005","repeat":true"#),
      at: "promotions[1].minimumAmount"),
    CodeCase(
      .acrossLinesNotAllowed, second(#""id":"q","kind":"discount","percentOff":"5","acrossLines":true"#),
      at: "promotions[1].acrossLines"),
    CodeCase(
      .maximumQuantityNotAllowed, second(#""id":"q","kind":"discount","percentOff":"5","maximumQuantity":2"#),
      at: "promotions[1].maximumQuantity"),
    CodeCase(
      .missingMinimum, second(#""id":"q","kind":"threshold","percentOff":"5""#),
      at: "promotions[1].minimumAmount"),
    CodeCase(
      .minimumNotAllowed, second(#""id":"q","kind":"discount","percentOff":"5","minimumAmount":"100""#),
      at: "promotions[1].minimumAmount"),
    CodeCase(.missingBenefit, second(#""id":"q","kind":"discount""#), at: "promotions[1].percentOff"),
    CodeCase(
      .conflictingBenefits, second(#""id":"q","kind":"discount","percentOff":"5","amountOff":"5""#),
      at: "promotions[1].amountOff"),
    CodeCase(
      .benefitNotForKind, second(#""id":"q","kind":"discount","fixedPrice":"5""#),
      at: "promotions[1].fixedPrice"),
    CodeCase(.incompleteBuyGet, second(#""id":"q","kind":"item","buy":2"#), at: "promotions[1].get"),
    CodeCase(
      .percentOutOfRange, second(#""id":"q","kind":"discount","percentOff":"150""#),
      at: "promotions[1].percentOff"),
    CodeCase(
      .percentTooPrecise, second(#""id":"q","kind":"discount","percentOff":"12.34567""#),
      at: "promotions[1].percentOff"),
    CodeCase(
      .amountTooSmall, second(#""id":"q","kind":"discount","amountOff":"-5""#), at: "promotions[1].amountOff"),
    CodeCase(
      .amountTooLarge, second(#""id":"q","kind":"discount","amountOff":"2000000000000""#),
      at: "promotions[1].amountOff"),
    CodeCase(
      .tooManyDecimalPlaces, second(#""id":"q","kind":"discount","amountOff":"5.001""#),
      at: "promotions[1].amountOff"),
    CodeCase(
      .maximumDiscountNotAllowed,
      second(#""id":"q","kind":"discount","amountOff":"5","maximumDiscount":"1""#),
      at: "promotions[1].maximumDiscount"),
    CodeCase(
      .windowBackwards,
      second(
        #""id":"q","kind":"discount","percentOff":"5","startsAt":"2026-12-01T00:00:00+08:00","endsAt":"2026-11-01T00:00:00+08:00""#
      ), at: "promotions[1].endsAt"),
    CodeCase(
      .combinesWithEmpty, second(#""id":"q","kind":"discount","percentOff":"5","combinesWith":[]"#),
      at: "promotions[1].combinesWith"),
    CodeCase(
      .combinesWithDuplicate,
      second(#""id":"q","kind":"discount","percentOff":"5","combinesWith":["order","order"]"#),
      at: "promotions[1].combinesWith"),
    CodeCase(
      .combinesWithAndStackable,
      second(#""id":"q","kind":"discount","percentOff":"5","stackable":true,"combinesWith":["order"]"#),
      at: "promotions[1].combinesWith"),
    CodeCase(
      .combinationOnGift,
      second(#""id":"q","kind":"gift","gift":{"sku":"cup","quantity":1},"stackable":true"#),
      at: "promotions[1].stackable"),
    CodeCase(
      .layerNotAllowed, second(#""id":"q","kind":"item","percentOff":"5","layer":2"#),
      at: "promotions[1].layer"),
    CodeCase(
      .excludeDiscountedLinesNotAllowed,
      second(#""id":"q","kind":"item","percentOff":"5","excludeDiscountedLines":true"#),
      at: "promotions[1].excludeDiscountedLines"),
    CodeCase(
      .getTargetNotAllowed,
      second(#""id":"q","kind":"discount","percentOff":"5","getTarget":{"skus":["a"]}"#),
      at: "promotions[1].getTarget"),
    CodeCase(
      .emptyGetTarget, second(#""id":"q","kind":"item","buy":1,"get":1,"getTarget":{}"#),
      at: "promotions[1].getTarget"),
    CodeCase(
      .invalidGetTargetList, second(#""id":"q","kind":"item","buy":1,"get":1,"getTarget":{"skus":[]}"#),
      at: "promotions[1].getTarget.skus"),
    CodeCase(
      .acrossLinesFalseWithGetTarget,
      second(#""id":"q","kind":"item","buy":1,"get":1,"getTarget":{"skus":["a"]},"acrossLines":false"#),
      at: "promotions[1].acrossLines"),
    CodeCase(
      .acrossLinesNeedsMaximumQuantity,
      second(#""id":"q","kind":"item","percentOff":"5","acrossLines":true"#), at: "promotions[1].acrossLines"),
    CodeCase(
      .bundleNotAllowed, second(#""id":"q","kind":"discount","bundle":{"quantity":3,"price":"50"}"#),
      at: "promotions[1].bundle"),
    CodeCase(
      .maximumQuantityWithBundle,
      second(#""id":"q","kind":"item","bundle":{"quantity":3,"price":"50"},"maximumQuantity":2"#),
      at: "promotions[1].maximumQuantity"),
    CodeCase(
      .tiersNotAllowed,
      second(
        #""id":"q","kind":"discount","tiers":[{"minimumAmount":"100","amountOff":"10"},{"minimumAmount":"200","amountOff":"25"}]"#
      ), at: "promotions[1].tiers"),
    CodeCase(
      .tierCountOutOfRange,
      second(#""id":"q","kind":"threshold","tiers":[{"minimumAmount":"100","amountOff":"10"}]"#),
      at: "promotions[1].tiers"),
    CodeCase(
      .tierNeedsOneMinimum,
      second(
        #""id":"q","kind":"threshold","tiers":[{"amountOff":"10"},{"minimumAmount":"200","amountOff":"25"}]"#),
      at: "promotions[1].tiers[0].minimumAmount"),
    CodeCase(
      .tierMinimumsMixed,
      second(
        #""id":"q","kind":"threshold","tiers":[{"minimumAmount":"100","amountOff":"10"},{"minimumQuantity":3,"amountOff":"25"}]"#
      ), at: "promotions[1].tiers[1].minimumQuantity"),
    CodeCase(
      .tierNotIncreasing,
      second(
        #""id":"q","kind":"threshold","tiers":[{"minimumAmount":"200","amountOff":"10"},{"minimumAmount":"100","amountOff":"25"}]"#
      ), at: "promotions[1].tiers[1].minimumAmount"),
    CodeCase(
      .tierNeedsOneBenefit,
      second(
        #""id":"q","kind":"threshold","tiers":[{"minimumAmount":"100"},{"minimumAmount":"200","amountOff":"25"}]"#
      ), at: "promotions[1].tiers[0].percentOff"),
    CodeCase(
      .notWithTiers,
      second(
        #""id":"q","kind":"threshold","minimumAmount":"50","tiers":[{"minimumAmount":"100","amountOff":"10"},{"minimumAmount":"200","amountOff":"25"}]"#
      ), at: "promotions[1].minimumAmount"),
    CodeCase(
      .giftNotAllowed,
      second(#""id":"q","kind":"discount","percentOff":"5","gift":{"sku":"cup","quantity":1}"#),
      at: "promotions[1].gift"),
    CodeCase(.missingGift, second(#""id":"q","kind":"gift""#), at: "promotions[1].gift"),
    CodeCase(
      .benefitOnGift, second(#""id":"q","kind":"gift","percentOff":"5","gift":{"sku":"cup","quantity":1}"#),
      at: "promotions[1].percentOff"),
    CodeCase(
      .invalidGiftSKU, second(#""id":"q","kind":"gift","gift":{"sku":"","quantity":1}"#),
      at: "promotions[1].gift.sku"),
    // Warnings: one store of only good promotions each, so the status is 0.
    CodeCase(
      .ended, store(#"{"id":"p","kind":"discount","percentOff":"5","endsAt":"2026-01-01T00:00:00+08:00"}"#),
      at: "promotions[0].endsAt"),
    CodeCase(
      .makesFree, store(#"{"id":"p","kind":"discount","percentOff":"100"}"#), at: "promotions[0].percentOff"),
    CodeCase(
      .takesMinimum, store(#"{"id":"p","kind":"threshold","minimumAmount":"100","amountOff":"100"}"#),
      at: "promotions[0].amountOff"),
    CodeCase(
      .neverRepeats,
      store(
        #"{"id":"p","kind":"threshold","minimumAmount":"100","repeat":true,"amountOff":"10","maximumDiscount":"5"}"#
      ), at: "promotions[0].maximumDiscount"),
    CodeCase(
      .givesMoreThanSold, store(#"{"id":"p","kind":"item","buy":1,"get":2}"#), at: "promotions[0].get"),
    CodeCase(
      .fixedPriceWithoutTarget, store(#"{"id":"p","kind":"item","fixedPrice":"10"}"#),
      at: "promotions[0].fixedPrice"),
    CodeCase(
      .sharedCode,
      store(
        #"{"id":"p","kind":"discount","code":"SAVE","percentOff":"5"},{"id":"q","kind":"discount","code":"SAVE","percentOff":"10"}"#
      ), at: "promotions[1].code"),
    CodeCase(
      .sameTerms,
      store(#"{"id":"p","kind":"discount","percentOff":"5"},{"id":"q","kind":"discount","percentOff":"5"}"#),
      at: "promotions[1]"),
    CodeCase(
      .shippingCombinesWithNothing,
      store(#"{"id":"p","kind":"discount","percentOff":"5"},{"id":"q","kind":"shipping","amountOff":"5"}"#),
      at: "promotions[1].stackable"),
    CodeCase(
      .tierTakesLess,
      store(
        #"{"id":"p","kind":"threshold","tiers":[{"minimumAmount":"100","amountOff":"10"},{"minimumAmount":"120","percentOff":"5"}]}"#
      ), at: "promotions[0].tiers[1]"),
    CodeCase(
      .layerShared,
      store(
        #"{"id":"p","kind":"discount","percentOff":"5","combinesWith":["order"]},{"id":"q","kind":"discount","percentOff":"10","combinesWith":["order"]}"#
      ), at: "promotions[1].layer"),
    CodeCase(
      .combinesWithAbsentClass,
      store(#"{"id":"p","kind":"discount","percentOff":"5","combinesWith":["shipping"]}"#),
      at: "promotions[0].combinesWith"),
  ]

  /// The rules of ``PromotionRuleError`` that no store can break through `validate`, with
  /// the reason: the store decoder reads each of these fields as a whole number in exactly
  /// the range the rule checks, so a value outside it is refused as `number-out-of-range`
  /// at the same path before the rule is checked, and the field is then left out of the
  /// rules. The rules are still checked for a promotion built otherwise (the command
  /// line's flags, the library).
  static let unreachable: [StoreFindingCode: String] = [
    .quantityOutOfRange:
      "minimumQuantity, maximumQuantity and a tier's minimumQuantity are read in 1...1000000 "
      + "(Promotion.allowedQuantities): number-out-of-range",
    .countOutOfRange: "buy and get are read in 1...1000 (BuyGet.allowedCounts): number-out-of-range",
    .layerOutOfRange: "layer is read in 1...9 (Promotion.allowedLayers): number-out-of-range",
    .bundleQuantityOutOfRange:
      "bundle.quantity is read in 2...100 (BundlePrice.allowedQuantities): number-out-of-range",
    .giftQuantityOutOfRange:
      "gift.quantity is read in 1...1000 (GiftGoods.allowedQuantities): number-out-of-range",
  ]

  /// For each code of ``unreachable``, a store with a value its rule refuses, and the path
  /// where `validate` reports `number-out-of-range` for it instead.
  static let outOfRangeStores: [CodeCase] = [
    CodeCase(
      .quantityOutOfRange, second(#""id":"q","kind":"item","percentOff":"5","maximumQuantity":1000001"#),
      at: "promotions[1].maximumQuantity"),
    CodeCase(
      .countOutOfRange, second(#""id":"q","kind":"item","buy":1,"get":1001"#), at: "promotions[1].get"),
    CodeCase(
      .layerOutOfRange, second(#""id":"q","kind":"discount","percentOff":"5","layer":10"#),
      at: "promotions[1].layer"),
    CodeCase(
      .bundleQuantityOutOfRange, second(#""id":"q","kind":"item","bundle":{"quantity":1,"price":"50"}"#),
      at: "promotions[1].bundle.quantity"),
    CodeCase(
      .giftQuantityOutOfRange, second(#""id":"q","kind":"gift","gift":{"sku":"cup","quantity":0}"#),
      at: "promotions[1].gift.quantity"),
  ]
}
