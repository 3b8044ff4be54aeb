import PromoKit

/// Turns the field options of `add` and `update` into a promotion through a typed
/// ``PromotionDraft``, checked by the model's own rules (so flags and files cannot
/// disagree), with errors naming the option.
enum PromotionFlags {
  /// The option that sets each field of a promotion (its store key, or the first key of
  /// a dotted path such as `target.skus`).
  static let optionForField: [String: String] = [
    "id": "--id", "name": "--name", "kind": "--kind", "code": "--code", "target": "--sku",
    "target.skus": "--sku", "target.categories": "--category", "minimumAmount": "--minimum", "buy": "--buy",
    "get": "--get", "percentOff": "--percent-off", "amountOff": "--amount-off", "fixedPrice": "--fixed-price",
    "maximumDiscount": "--maximum-discount", "startsAt": "--starts-at", "endsAt": "--ends-at",
    "minimumQuantity": "--minimum-quantity", "repeat": "--repeat", "acrossLines": "--across-lines",
    "maximumQuantity": "--maximum-quantity", "customerGroups": "--customer-group",
    "stackable": "--stackable", "combinesWith": "--combines-with", "layer": "--layer",
    "getTarget": "--get-sku", "getTarget.skus": "--get-sku", "getTarget.categories": "--get-category",
    "excludeDiscountedLines": "--exclude-discounted-lines", "bundle": "--bundle",
    "bundle.quantity": "--bundle",
    "bundle.price": "--bundle-price", "tiers": "--tier", "gift": "--gift-sku", "gift.sku": "--gift-sku",
    "gift.quantity": "--gift-quantity",
  ]

  /// The option of `update` that clears each optional field (its store key, or the first
  /// key of a dotted path).
  static let clearerForField: [String: String] = [
    "code": "--no-code", "target": "--no-target", "target.skus": "--no-target",
    "target.categories": "--no-target", "minimumAmount": "--no-minimum",
    "minimumQuantity": "--no-minimum-quantity", "repeat": "--no-repeat", "acrossLines": "--no-across-lines",
    "maximumDiscount": "--no-maximum-discount", "maximumQuantity": "--no-maximum-quantity",
    "customerGroups": "--no-customer-groups", "startsAt": "--no-starts-at", "endsAt": "--no-ends-at",
    "stackable": "--no-stackable", "combinesWith": "--no-combines-with", "layer": "--no-layer",
    "getTarget": "--no-get-target", "getTarget.skus": "--no-get-target",
    "getTarget.categories": "--no-get-target",
    "excludeDiscountedLines": "--no-exclude-discounted-lines", "tiers": "--no-tiers",
  ]

  /// The options that set the benefit (a gift's goods among them).
  static let benefitOptions = CommandTable.benefitFamilies.flatMap { $0 }

  /// Refuses, as usage errors (64), command lines that contradict themselves or the
  /// synopsis: two exclusive options (the command's ``CommandSpec/exclusivePairs``),
  /// benefit and minimum options of another kind than `--kind` names, a half of a pair
  /// without the other (`--bundle` without `--bundle-price` when adding, `--tier-quantity`
  /// without `--tier`), and, when `adding`, a missing id, kind, benefit or gift, or a
  /// threshold without a minimum or tiers. Every other combination is left to the model's
  /// rules: a data error (65), but a usage error still when `--kind` is given with an option
  /// of a field that kind never has (``refusal(_:_:)``).
  static func checkConsistency(_ arguments: ParsedArguments, adding: Bool) throws(PromoError) {
    func given(_ option: String) -> Bool { arguments.flag(option) || !arguments.values(option).isEmpty }
    for (first, second) in arguments.command.exclusivePairs where given(first) && given(second) {
      throw PromoError(.usage, "\(first) and \(second) cannot be used together")
    }
    let kind = arguments.value("--kind").flatMap(PromotionKind.init(rawValue:))
    if let kind, kind == .item || kind == .discount, given("--minimum") {
      throw PromoError(.usage, "--minimum is only for --kind threshold, shipping or gift")
    }
    if let kind, kind != .item, let option = ["--buy", "--get"].first(where: given) {
      throw PromoError(.usage, "\(option) is only for --kind item")
    }
    if let kind, kind.actsOnOrder, given("--fixed-price") {
      throw PromoError(.usage, "--fixed-price is only for --kind item or shipping")
    }
    if let kind, !kind.actsOnOrder, given("--maximum-discount") {
      throw PromoError(.usage, "--maximum-discount is only for --kind discount or threshold")
    }
    if given("--tier-quantity") && !given("--tier") {
      throw PromoError(
        .usage, "--tier-quantity goes with --tier MIN=OFF: it makes each MIN a number of units")
    }
    guard adding else { return }
    for required in ["--id", "--kind"] where arguments.value(required) == nil {
      throw PromoError(.usage, "missing \(required); usage: promo \(CommandTable.add.usage)")
    }
    try checkPairs(given, kind: kind)
  }

  /// For `add`: the benefit (or a gift's goods) is there, each half of a pair has the
  /// other, and a threshold has a minimum or tiers.
  private static func checkPairs(_ given: (String) -> Bool, kind: PromotionKind?) throws(PromoError) {
    if kind == .gift {
      if !given("--gift-sku") {
        throw PromoError(
          .usage, "missing the goods: a gift needs --gift-sku S (and --gift-quantity N when not 1)")
      }
    } else if !benefitOptions.contains(where: given) {
      let more =
        switch kind {
        case .item: ", --fixed-price A, --buy N --get M, or --bundle N --bundle-price P"
        case .threshold: ", or --tier MIN=OFF (twice or more)"
        case .shipping: ", or --fixed-price A (what the shipping then costs)"
        default: ""
        }
      throw PromoError(.usage, "missing the benefit: give --percent-off P or --amount-off A" + more)
    }
    for (first, second, value) in [
      ("--buy", "--get", "M"), ("--get", "--buy", "N"), ("--bundle", "--bundle-price", "P"),
      ("--bundle-price", "--bundle", "N"), ("--gift-quantity", "--gift-sku", "S"),
      ("--gift-name", "--gift-sku", "S"),
    ] where given(first) && !given(second) {
      throw PromoError(.usage, "\(first) needs \(second) \(value)")
    }
    if kind == .threshold && !given("--minimum") && !given("--minimum-quantity") && !given("--tier") {
      throw PromoError(
        .usage,
        "a threshold needs --minimum A (the least amount it applies to), --minimum-quantity N (the least units) or --tier MIN=OFF"
      )
    }
  }

  /// Whether any field option was given.
  static func anyGiven(in arguments: ParsedArguments) -> Bool {
    (CommandTable.fieldOptions + CommandTable.clearingOptions).contains {
      arguments.flag($0.name) || !arguments.values($0.name).isEmpty
    }
  }

  /// `draft` (a stored promotion's, or an empty one) with the options applied, built into a
  /// promotion for a store in `currency`.
  ///
  /// A value that is not even the right type (`--percent-off ten`, a time without offset,
  /// `--tier 100`) is a usage error (64); a well-formed value that breaks a rule
  /// (`--percent-off 150`) is a data error (65). Both name the option. Changing `--kind`
  /// keeps every other field: a field the new kind cannot have is refused, naming the
  /// option that clears it.
  static func promotion(
    applying arguments: ParsedArguments, to draft: PromotionDraft, currency: Currency?
  ) throws(PromoError) -> Promotion {
    var draft = draft
    if let id = arguments.value("--id") { draft.id = id }
    if let name = arguments.value("--name") { draft.name = name.isEmpty ? nil : name }
    if let kind = arguments.value("--kind").flatMap(PromotionKind.init(rawValue:)) { draft.kind = kind }
    try applyBenefit(arguments, to: &draft)
    try applyConditions(arguments, to: &draft)
    applyTargets(arguments, to: &draft)
    try applyWindow(arguments, to: &draft)
    try applyCombination(arguments, to: &draft)
    do {
      return try draft.promotion(currency: .some(currency))
    } catch {
      throw refusal(error, arguments)
    }
  }

  /// The minimums, the repeat, the cap, the unit limit and counting across lines.
  private static func applyConditions(_ arguments: ParsedArguments, to draft: inout PromotionDraft)
    throws(PromoError)
  {
    if arguments.flag("--across-lines") { draft.acrossLines = true }
    if arguments.flag("--no-across-lines") { draft.acrossLines = false }
    if let minimum = try decimal(arguments, "--minimum") { draft.minimumAmount = minimum }
    if arguments.flag("--no-minimum") { draft.minimumAmount = nil }
    if let quantity = try count(arguments, "--minimum-quantity", range: Promotion.allowedQuantities) {
      draft.minimumQuantity = quantity
    }
    if arguments.flag("--no-minimum-quantity") { draft.minimumQuantity = nil }
    if arguments.flag("--repeat") { draft.repeats = true }
    if arguments.flag("--no-repeat") { draft.repeats = false }
    if let cap = try decimal(arguments, "--maximum-discount") { draft.maximumDiscount = cap }
    if arguments.flag("--no-maximum-discount") { draft.maximumDiscount = nil }
    if let quantity = try count(arguments, "--maximum-quantity", range: Promotion.allowedQuantities) {
      draft.maximumQuantity = quantity
    }
    if arguments.flag("--no-maximum-quantity") { draft.maximumQuantity = nil }
  }

  /// The target, the get target and the customer groups: a list given replaces the old one.
  private static func applyTargets(_ arguments: ParsedArguments, to draft: inout PromotionDraft) {
    func merged(_ target: PromotionDraft.Target?, skus: [String], categories: [String])
      -> PromotionDraft.Target?
    {
      guard !skus.isEmpty || !categories.isEmpty else { return target }
      var target = target ?? PromotionDraft.Target()
      if !skus.isEmpty { target.skus = skus }
      if !categories.isEmpty { target.categories = categories }
      return target
    }
    draft.target = merged(
      draft.target, skus: arguments.values("--sku"), categories: arguments.values("--category"))
    if arguments.flag("--no-target") { draft.target = nil }
    draft.getTarget = merged(
      draft.getTarget, skus: arguments.values("--get-sku"), categories: arguments.values("--get-category"))
    if arguments.flag("--no-get-target") { draft.getTarget = nil }
    let groups = arguments.values("--customer-group")
    if !groups.isEmpty { draft.customerGroups = groups }
    if arguments.flag("--no-customer-groups") { draft.customerGroups = nil }
  }

  /// The code, the window and the merchant's switch.
  private static func applyWindow(_ arguments: ParsedArguments, to draft: inout PromotionDraft)
    throws(PromoError)
  {
    if let code = arguments.value("--code") { draft.code = code }
    if arguments.flag("--no-code") { draft.code = nil }
    if let startsAt = try timestamp(arguments, "--starts-at") { draft.startsAt = startsAt }
    if let endsAt = try timestamp(arguments, "--ends-at") { draft.endsAt = endsAt }
    if arguments.flag("--no-starts-at") { draft.startsAt = nil }
    if arguments.flag("--no-ends-at") { draft.endsAt = nil }
    if arguments.flag("--inactive") { draft.isActive = false }
    if arguments.flag("--active") { draft.isActive = true }
  }

  /// A rule the built promotion breaks, as an error naming the option the user typed: the
  /// one that sets the field (`--sku` or `--category` for a target), else the one that
  /// clears it, else the `--kind` or benefit that made a kept field illegal, with the option
  /// that clears the field when there is one.
  private static func refusal(_ error: PromotionRuleError, _ arguments: ParsedArguments) -> PromoError {
    func given(_ option: String) -> Bool { arguments.flag(option) || !arguments.values(option).isEmpty }
    let field = fieldKey(error.field)
    var setter = optionForField[field]
    if field == "target", !given("--sku"), given("--category") { setter = "--category" }
    if field == "getTarget", !given("--get-sku"), given("--get-category") { setter = "--get-category" }
    let clearer = clearerForField[field]
    let written = setter.flatMap { $0 == "--tier" ? nil : arguments.value($0) }
    var message = error.message(writtenAs: written)
    // A rule between two fields broken by changing the other one (`--starts-at` past the
    // promotion's `endsAt`): name the option given, and how to change the field it now
    // conflicts with.
    if let other = error.conflictingField, let otherSetter = optionForField[other] {
      func kept(_ field: String, _ setter: String?, _ clearer: String?) -> String {
        var hint = "; \(field) is the promotion's"
        if let setter { hint += ": change it with \(setter)" }
        if let clearer { hint += (setter == nil ? ": " : " or ") + "clear it with \(clearer)" }
        return hint
      }
      let otherClearer = clearerForField[other]
      let changedThis = setter.map(given) == true || clearer.map(given) == true
      let changedOther = given(otherSetter) || otherClearer.map(given) == true
      if changedOther && !changedThis {
        return PromoError(
          .invalidData, position: otherSetter, message + kept(error.field, setter, clearer))
      }
      if changedThis && !changedOther, let setter, given(setter) {
        return PromoError(.invalidData, position: setter, message + kept(other, otherSetter, otherClearer))
      }
    }
    let position: String
    if let setter, given(setter) {
      // `--kind` and an option of a field that kind never has: the line contradicts itself.
      if let kind = arguments.value("--kind").flatMap(PromotionKind.init(rawValue:)),
        error.refusesField(ofNo: kind)
      {
        return PromoError(.usage, position: setter, message)
      }
      position = setter
    } else if let clearer, given(clearer) {
      position = clearer
    } else {
      // A field the promotion already had, which the change cannot keep: say how to drop it.
      let typed = ["--kind"] + benefitOptions + CommandTable.clearingOptions.map(\.name)
      position = typed.first(where: given) ?? setter ?? error.field
      if let clearer, !isMissingPart(error) { message += "; clear it with \(clearer)" }
    }
    return PromoError(.invalidData, position: position, message)
  }

  /// Whether the rule is about a part the promotion lacks (a minimum, a benefit, a gift's
  /// goods), which no clearer gives.
  private static func isMissingPart(_ error: PromotionRuleError) -> Bool {
    switch error {
    case .missingMinimum, .missingBenefit, .missingGift, .incompleteBuyGet, .missingField: true
    default: false
    }
  }

  /// The key of ``optionForField`` and ``clearerForField`` for a rule's field: the field
  /// itself, or for a tier's key (`tiers[1].amountOff`) `tiers`.
  private static func fieldKey(_ field: String) -> String {
    field.hasPrefix("tiers[") ? "tiers" : field
  }

  /// Sets the benefit from its options: any of them replaces the old benefit, except
  /// that `--buy` or `--get` alone keeps the other count and the percentage of a buy-get
  /// (and the options of store format 4 keep the other half of a bundle or a gift). A
  /// single price or a buy-get keeps `acrossLines`, as a change of kind keeps the fields.
  private static func applyBenefit(_ arguments: ParsedArguments, to draft: inout PromotionDraft)
    throws(PromoError)
  {
    if try applyFormat4Benefit(arguments, to: &draft) { return }
    let buy = try count(arguments, "--buy")
    let get = try count(arguments, "--get")
    let percent = try decimal(arguments, "--percent-off")
    let amount = try decimal(arguments, "--amount-off")
    let fixed = try decimal(arguments, "--fixed-price")
    guard buy != nil || get != nil || percent != nil || amount != nil || fixed != nil else { return }
    let wasBuyGet = draft.buy != nil
    let oldBuy = draft.buy
    let oldGet = draft.get
    let oldPercent = draft.percentOff
    let acrossLines = draft.acrossLines
    draft.benefit = nil
    if buy != nil || get != nil {
      draft.buy = buy ?? oldBuy
      draft.get = get ?? oldGet
      draft.percentOff = percent ?? (wasBuyGet ? oldPercent : nil)
    } else {
      draft.percentOff = percent
    }
    draft.amountOff = amount
    draft.fixedPrice = fixed
    draft.acrossLines = acrossLines
  }

  /// The decimal value of `option`, if given: malformed is a usage error, out of the
  /// numbers a promotion can hold a data error, each naming the option and its field.
  static func decimal(_ arguments: ParsedArguments, _ option: String) throws(PromoError)
    -> DecimalNumber?
  {
    guard let text = arguments.value(option) else { return nil }
    return try decimal(text, option: option, field: fieldForOption[option] ?? option)
  }

  /// `text`, the value of `option` for the store key `field`, as a decimal: malformed is a
  /// usage error, out of the numbers a promotion can hold a data error.
  static func decimal(_ text: String, option: String, field: String) throws(PromoError) -> DecimalNumber {
    do {
      return try DecimalNumber(parsing: text)
    } catch .malformed {
      throw PromoError(.usage, position: option, "\"\(text)\" is not a decimal number; write it like 12.50")
    } catch .tooLarge where text.hasPrefix("-") {
      throw PromoError(.invalidData, position: option, "\(field) must be at least 0, not \(text)")
    } catch .tooLarge {
      let largest = field.hasSuffix("percentOff") ? "100" : "\(Promotion.maximumAmount)"
      throw PromoError(.invalidData, position: option, "\(field) \(text) is too large: at most \(largest)")
    } catch {
      throw PromoError(
        .invalidData, position: option,
        "\(field) \(text) has too many digits: at most 18 significant digits and 18 decimal places")
    }
  }

  /// The store key each option sets: the inverse of ``optionForField``.
  static let fieldForOption: [String: String] = Dictionary(
    optionForField.filter { !["target", "getTarget", "bundle", "gift"].contains($0.key) }.map {
      ($0.value, $0.key)
    },
    uniquingKeysWith: { first, _ in first })

  /// The whole value of `option`, if given: not a whole number is a usage error, far past
  /// `range` a data error (a value just outside it is left to the rules).
  static func count(
    _ arguments: ParsedArguments, _ option: String, range: ClosedRange<Int64> = BuyGet.allowedCounts
  ) throws(PromoError) -> Int64? {
    guard let text = arguments.value(option) else { return nil }
    let decimal: DecimalNumber
    do {
      decimal = try DecimalNumber(parsing: text)
    } catch .tooLarge {
      // Whole, but far past what a count can be: the rule's own message, as a data error.
      let field = fieldForOption[option] ?? option
      throw PromoError(
        .invalidData, position: option,
        "\(field) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
    } catch {
      throw PromoError(.usage, position: option, "\"\(text)\" is not a whole number; write it like 2")
    }
    guard let value = decimal.units(atScale: 0) else {
      if decimal.scale == 0 { return Int64.max }  // whole, past 64 bits: the rule refuses it
      throw PromoError(.usage, position: option, "\"\(text)\" is not a whole number; write it like 2")
    }
    return value
  }

  /// The timestamp value of `option`, if given; one that is not RFC 3339 with an offset
  /// is a usage error.
  static func timestamp(_ arguments: ParsedArguments, _ option: String) throws(PromoError)
    -> Timestamp?
  {
    guard let text = arguments.value(option) else { return nil }
    do {
      return try Timestamp(parsing: text)
    } catch {
      throw PromoError(.usage, position: option, "\"\(text)\": \(error.reason)")
    }
  }
}
