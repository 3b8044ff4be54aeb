extension PromotionRuleError {
  /// The stable code `promo validate --format json` reports for this broken rule.
  package var findingCode: StoreFindingCode {
    switch self {
    case .missingField: .missingKey
    case .invalidID: .invalidID
    case .invalidCode: .invalidCode
    case .targetNotAllowed: .targetNotAllowed
    case .invalidCustomerGroups: .invalidCustomerGroups
    case .minimumQuantityNotAllowed: .minimumQuantityNotAllowed
    case .quantityOutOfRange: .quantityOutOfRange
    case .repeatNotAllowed: .repeatNotAllowed
    case .repeatNeedsAmountOff: .repeatNeedsAmountOff
    case .repeatNeedsOneMinimum: .repeatNeedsOneMinimum
    case .repeatNeedsPositiveMinimum: .repeatNeedsPositiveMinimum
    case .repeatStepTooPrecise: .repeatStepTooPrecise
    case .acrossLinesNotAllowed: .acrossLinesNotAllowed
    case .maximumQuantityNotAllowed: .maximumQuantityNotAllowed
    case .emptyTarget: .emptyTarget
    case .invalidTargetList: .invalidTargetList
    case .missingMinimum: .missingMinimum
    case .minimumNotAllowed: .minimumNotAllowed
    case .missingBenefit: .missingBenefit
    case .conflictingBenefits: .conflictingBenefits
    case .benefitNotForKind: .benefitNotForKind
    case .incompleteBuyGet: .incompleteBuyGet
    case .countOutOfRange: .countOutOfRange
    case .percentOutOfRange: .percentOutOfRange
    case .percentTooPrecise: .percentTooPrecise
    case .amountTooSmall: .amountTooSmall
    case .amountTooLarge: .amountTooLarge
    case .tooManyDecimalPlaces: .tooManyDecimalPlaces
    case .maximumDiscountNotAllowed: .maximumDiscountNotAllowed
    case .windowBackwards: .windowBackwards
    }
  }
}
