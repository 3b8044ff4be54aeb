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
  ]

  /// The options that set the benefit.
  static let benefitOptions = ["--percent-off", "--amount-off", "--fixed-price", "--buy", "--get"]

  /// The options only item promotions take.
  static let itemOnlyOptions = ["--sku", "--category", "--fixed-price", "--buy", "--get"]

  /// Refuses, as usage errors (64), command lines that contradict themselves or the
  /// synopsis: two exclusive options (the command's ``CommandSpec/exclusivePairs``),
  /// options of another kind than `--kind` names, and, when `adding`, a missing id, kind
  /// or benefit, or a threshold without `--minimum`.
  static func checkConsistency(_ arguments: ParsedArguments, adding: Bool) throws(PromoError) {
    func given(_ option: String) -> Bool { arguments.flag(option) || !arguments.values(option).isEmpty }
    for (first, second) in arguments.command.exclusivePairs where given(first) && given(second) {
      throw PromoError(.usage, "\(first) and \(second) cannot be used together")
    }
    let kind = arguments.value("--kind").flatMap(PromotionKind.init(rawValue:))
    if let kind, kind != .threshold && given("--minimum") {
      throw PromoError(.usage, "--minimum is only for --kind threshold")
    }
    if let kind, kind.actsOnOrder, let option = itemOnlyOptions.first(where: given) {
      throw PromoError(.usage, "\(option) is only for --kind item")
    }
    if kind == .item && given("--maximum-discount") {
      throw PromoError(.usage, "--maximum-discount is only for --kind discount or threshold")
    }
    guard adding else { return }
    for required in ["--id", "--kind"] where arguments.value(required) == nil {
      throw PromoError(.usage, "missing \(required); usage: promo \(CommandTable.add.usage)")
    }
    if !benefitOptions.contains(where: given) {
      throw PromoError(
        .usage,
        "missing the benefit: give --percent-off P or --amount-off A"
          + (kind == .item ? ", --fixed-price A, or --buy N --get M" : ""))
    }
    if given("--buy") != given("--get") {
      throw PromoError(.usage, given("--buy") ? "--buy needs --get M" : "--get needs --buy N")
    }
    if kind == .threshold && !given("--minimum") {
      throw PromoError(.usage, "a threshold needs --minimum A, the least amount it applies to")
    }
  }

  /// Whether any field option was given.
  static func anyGiven(in arguments: ParsedArguments) -> Bool {
    CommandTable.fieldOptions.contains { arguments.flag($0.name) || !arguments.values($0.name).isEmpty }
      || [
        "--no-starts-at", "--no-ends-at", "--no-code", "--no-maximum-discount", "--no-target", "--active",
        "--no-stackable",
      ].contains { arguments.flag($0) }
  }

  /// `draft` (a stored promotion's, or an empty one) with the options applied, built into a
  /// promotion for a store in `currency`.
  ///
  /// A value that is not even the right type (`--percent-off ten`, a time without offset)
  /// is a usage error (64); a well-formed value that breaks a rule (`--percent-off 150`) is
  /// a data error (65). Both name the option.
  static func promotion(
    applying arguments: ParsedArguments, to draft: PromotionDraft, currency: Currency?
  ) throws(PromoError) -> Promotion {
    var draft = draft
    if let id = arguments.value("--id") { draft.id = id }
    if let name = arguments.value("--name") { draft.name = name.isEmpty ? nil : name }
    if let kind = arguments.value("--kind").flatMap(PromotionKind.init(rawValue:)) {
      if kind != .threshold && arguments.value("--minimum") == nil { draft.minimumAmount = nil }
      if kind != .item { draft.target = nil }
      draft.kind = kind
    }
    try applyBenefit(arguments, to: &draft)
    if let minimum = try decimal(arguments, "--minimum") { draft.minimumAmount = minimum }
    if let cap = try decimal(arguments, "--maximum-discount") { draft.maximumDiscount = cap }
    if arguments.flag("--no-maximum-discount") { draft.maximumDiscount = nil }
    let skus = arguments.values("--sku")
    let categories = arguments.values("--category")
    if !skus.isEmpty || !categories.isEmpty {
      var target = draft.target ?? PromotionDraft.Target()
      if !skus.isEmpty { target.skus = skus }
      if !categories.isEmpty { target.categories = categories }
      draft.target = target
    }
    if arguments.flag("--no-target") { draft.target = nil }
    if let code = arguments.value("--code") { draft.code = code }
    if arguments.flag("--no-code") { draft.code = nil }
    if let startsAt = try timestamp(arguments, "--starts-at") { draft.startsAt = startsAt }
    if let endsAt = try timestamp(arguments, "--ends-at") { draft.endsAt = endsAt }
    if arguments.flag("--no-starts-at") { draft.startsAt = nil }
    if arguments.flag("--no-ends-at") { draft.endsAt = nil }
    if arguments.flag("--inactive") { draft.isActive = false }
    if arguments.flag("--active") { draft.isActive = true }
    if arguments.flag("--stackable") { draft.isStackable = true }
    if arguments.flag("--no-stackable") { draft.isStackable = false }
    do {
      return try draft.promotion(currency: .some(currency))
    } catch {
      let option = optionForField[error.field]
      var message = error.message(writtenAs: option.flatMap { arguments.value($0) })
      // A cap the stored promotion already had, which the new benefit cannot keep: say
      // how to drop it.
      if case .maximumDiscountNotAllowed = error, arguments.value("--maximum-discount") == nil {
        message += "; clear it with --no-maximum-discount"
      }
      throw PromoError(.invalidData, position: option ?? error.field, message)
    }
  }

  /// Sets the benefit from its options: any of them replaces the old benefit, except
  /// that `--buy` or `--get` alone keeps the other count and the percentage of a buy-get.
  private static func applyBenefit(_ arguments: ParsedArguments, to draft: inout PromotionDraft)
    throws(PromoError)
  {
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
  }

  private static func decimal(_ arguments: ParsedArguments, _ option: String) throws(PromoError)
    -> DecimalNumber?
  {
    guard let text = arguments.value(option) else { return nil }
    let field = fieldForOption[option] ?? option
    do {
      return try DecimalNumber(parsing: text)
    } catch .malformed {
      throw PromoError(.usage, position: option, "\"\(text)\" is not a decimal number; write it like 12.50")
    } catch .tooLarge where text.hasPrefix("-") {
      throw PromoError(.invalidData, position: option, "\(field) must be at least 0, not \(text)")
    } catch .tooLarge {
      let largest = option == "--percent-off" ? "100" : "\(Promotion.maximumAmount)"
      throw PromoError(.invalidData, position: option, "\(field) \(text) is too large: at most \(largest)")
    } catch {
      throw PromoError(
        .invalidData, position: option,
        "\(field) \(text) has too many digits: at most 18 significant digits and 18 decimal places")
    }
  }

  /// The store key each option sets: the inverse of ``optionForField``.
  static let fieldForOption: [String: String] = Dictionary(
    optionForField.filter { $0.key != "target" }.map { ($0.value, $0.key) },
    uniquingKeysWith: { first, _ in first })

  private static func count(_ arguments: ParsedArguments, _ option: String) throws(PromoError) -> Int64? {
    guard let text = arguments.value(option) else { return nil }
    let decimal: DecimalNumber
    do {
      decimal = try DecimalNumber(parsing: text)
    } catch .tooLarge {
      // Whole, but far past what a count can be: the rule's own message, as a data error.
      let field = fieldForOption[option] ?? option
      throw PromoError(
        .invalidData, position: option,
        "\(field) must be a whole number from \(BuyGet.allowedCounts.lowerBound) to "
          + "\(BuyGet.allowedCounts.upperBound), not \(text)")
    } catch {
      throw PromoError(.usage, position: option, "\"\(text)\" is not a whole number; write it like 2")
    }
    guard let value = decimal.units(atScale: 0) else {
      if decimal.scale == 0 { return Int64.max }  // whole, past 64 bits: the rule refuses it
      throw PromoError(.usage, position: option, "\"\(text)\" is not a whole number; write it like 2")
    }
    return value
  }

  private static func timestamp(_ arguments: ParsedArguments, _ option: String) throws(PromoError)
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
