import PromoKit

/// Turns the field options of `add` and `update` into a promotion, checked by the same
/// rules as the store file (so the two cannot disagree), with errors naming the option.
enum PromotionFlags {
  /// The option that sets each key of the stored form.
  static let optionForKey: [String: String] = [
    "id": "--id", "name": "--name", "kind": "--kind", "percentOff": "--percent-off",
    "amountOff": "--amount-off",
    "minimumAmount": "--minimum", "startsAt": "--starts-at", "endsAt": "--ends-at", "active": "--inactive",
    "stackable": "--stackable",
  ]

  /// Options that contradict each other when given together.
  static let exclusivePairs = [
    ("--percent-off", "--amount-off"), ("--starts-at", "--no-starts-at"), ("--ends-at", "--no-ends-at"),
    ("--active", "--inactive"), ("--stackable", "--no-stackable"),
  ]

  /// Refuses, as usage errors (64), command lines that contradict themselves or the
  /// synopsis: two exclusive options, `--minimum` with `--kind discount`, and, when
  /// `adding`, a threshold without `--minimum`.
  static func checkConsistency(_ arguments: ParsedArguments, adding: Bool) throws(PromoError) {
    func given(_ option: String) -> Bool { arguments.flag(option) || arguments.value(option) != nil }
    for (first, second) in exclusivePairs where given(first) && given(second) {
      throw PromoError(.usage, "\(first) and \(second) cannot be used together")
    }
    let kind = arguments.value("--kind").flatMap(PromotionKind.init(rawValue:))
    if kind == .discount && given("--minimum") {
      throw PromoError(.usage, "--minimum is only for --kind threshold")
    }
    if adding && kind == .threshold && !given("--minimum") {
      throw PromoError(.usage, "a threshold needs --minimum A, the least amount it applies to")
    }
  }

  /// Whether any field option was given.
  static func anyGiven(in arguments: ParsedArguments) -> Bool {
    CommandTable.fieldOptions.contains { arguments.flag($0.name) || arguments.value($0.name) != nil }
      || ["--no-starts-at", "--no-ends-at", "--active", "--no-stackable"].contains { arguments.flag($0) }
  }

  /// `fields` (a promotion's stored form, empty for a new one) with the options applied,
  /// decoded into a promotion for a store in `currency`.
  ///
  /// A value that is not even the right type (`--percent-off ten`, a time without offset)
  /// is a usage error (64); a well-formed value that breaks a rule (`--percent-off 150`) is
  /// a data error (65). Both name the option.
  static func promotion(
    applying arguments: ParsedArguments, to fields: [(key: String, value: StoreEncoder.FieldValue)],
    currency: Currency?
  ) throws(PromoError) -> Promotion {
    var fields = fields
    func set(_ key: String, _ value: StoreEncoder.FieldValue?) {
      fields.removeAll { $0.key == key }
      if let value { fields.append((key, value)) }
    }
    if let id = arguments.value("--id") { set("id", .string(id)) }
    if let name = arguments.value("--name") { set("name", name.isEmpty ? nil : .string(name)) }
    if let kind = arguments.value("--kind") {
      set("kind", .string(kind))
      if kind == PromotionKind.discount.rawValue && arguments.value("--minimum") == nil {
        set("minimumAmount", nil)
      }
    }
    for (option, key) in [
      ("--percent-off", "percentOff"), ("--amount-off", "amountOff"), ("--minimum", "minimumAmount"),
    ] {
      guard let text = arguments.value(option) else { continue }
      do {
        _ = try DecimalNumber(parsing: text)
      } catch {
        throw PromoError(.usage, position: option, "\"\(text)\" is not a decimal number; write it like 12.50")
      }
      set(key, .string(text))
    }
    // A new benefit replaces the old one, unless both are given (which the rules refuse).
    if arguments.value("--percent-off") != nil && arguments.value("--amount-off") == nil {
      set("amountOff", nil)
    }
    if arguments.value("--amount-off") != nil && arguments.value("--percent-off") == nil {
      set("percentOff", nil)
    }
    for (option, key) in [("--starts-at", "startsAt"), ("--ends-at", "endsAt")] {
      guard let text = arguments.value(option) else { continue }
      do {
        _ = try Timestamp(parsing: text)
      } catch {
        throw PromoError(.usage, position: option, "\"\(text)\": \(error.reason)")
      }
      set(key, .string(text))
    }
    if arguments.flag("--no-starts-at") { set("startsAt", nil) }
    if arguments.flag("--no-ends-at") { set("endsAt", nil) }
    if arguments.flag("--inactive") { set("active", .bool(false)) }
    if arguments.flag("--active") { set("active", nil) }
    if arguments.flag("--stackable") { set("stackable", .bool(true)) }
    if arguments.flag("--no-stackable") { set("stackable", nil) }

    let members = fields.map { field in
      let value: JSONValue =
        switch field.value {
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        }
      return JSONMember(key: field.key, keyOffset: 0, value: JSONNode(value, offset: 0))
    }
    do {
      return try StoreDecoder.decodePromotion(JSONNode(.object(members), offset: 0), currency: currency)
    } catch {
      var located = error
      let key = error.position.map { String($0.split(separator: ".").first ?? "") } ?? ""
      located.position = optionForKey[key] ?? error.position
      throw located
    }
  }
}
