import PromoKit

// The options of store format 4 on a draft: a bundle, tiers and a gift as the benefit, and
// which classes a promotion combines with, its layer and leaving out lines on sale.

extension PromotionFlags {
  /// Sets a bundle (`--bundle`, `--bundle-price`), tiers (`--tier`, `--tier-quantity`) or
  /// a gift's goods (`--gift-sku`, `--gift-quantity`, `--gift-name`) when their options are
  /// given, replacing the old benefit; returns whether it did (`--no-tiers` clears the
  /// tiers alone). One half of a bundle keeps
  /// the other, and one part of a gift the others; `--tier` replaces every tier; a new gift
  /// grants one unit unless `--gift-quantity` says more.
  static func applyFormat4Benefit(_ arguments: ParsedArguments, to draft: inout PromotionDraft)
    throws(PromoError) -> Bool
  {
    if arguments.flag("--no-tiers") { draft.tiers = nil }
    if arguments.value("--bundle") != nil || arguments.value("--bundle-price") != nil {
      let quantity = try count(arguments, "--bundle", range: BundlePrice.allowedQuantities)
      let price = try decimal(arguments, "--bundle-price")
      let old = draft.bundle
      draft.benefit = nil
      draft.bundle = PromotionDraft.BundleTerms(
        quantity: quantity ?? old?.quantity, price: price ?? old?.price)
      return true
    }
    let tiers = arguments.values("--tier")
    if !tiers.isEmpty {
      let units = arguments.flag("--tier-quantity")
      var terms: [PromotionDraft.TierTerms] = []
      for (index, text) in tiers.enumerated() { terms.append(try tier(text, index: index, units: units)) }
      draft.benefit = nil
      draft.tiers = terms
      return true
    }
    let sku = arguments.value("--gift-sku")
    let quantity = try count(arguments, "--gift-quantity", range: GiftGoods.allowedQuantities)
    let name = arguments.value("--gift-name")
    guard sku != nil || quantity != nil || name != nil else { return false }
    let old = draft.gift
    draft.benefit = nil
    var gift = PromotionDraft.GiftTerms(
      sku: sku ?? old?.sku, quantity: quantity ?? old?.quantity ?? 1, name: old?.name)
    if let name { gift.name = name.isEmpty ? nil : name }
    draft.gift = gift
    return true
  }

  /// One `--tier MIN=OFF` (the `index`-th, from 0): MIN an amount, or with `units` a whole
  /// number of units; OFF a percentage (`10%`) or an amount (`25.00`). Text that is not of
  /// that form is a usage error; a number the rules refuse is left to them.
  static func tier(_ text: String, index: Int, units: Bool) throws(PromoError) -> PromotionDraft.TierTerms {
    let example = units ? "3=10% or 5=15.00 (3 units or more: 10% off)" : "100=10% or 200=25.00"
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw PromoError(.usage, position: "--tier", "\"\(text)\" is not MIN=OFF; write it like \(example)")
    }
    let minimum = String(text[..<equals])
    var off = String(text[text.index(after: equals)...])
    let path = "tiers[\(index)]."
    var terms = PromotionDraft.TierTerms()
    if units {
      guard let whole = Int64(minimum) else {
        throw PromoError(
          .usage, position: "--tier",
          "\"\(minimum)\" in \"\(text)\" is not a whole number of units; write it like \(example)")
      }
      terms.minimumQuantity = whole
    } else {
      guard isDecimalText(minimum) else {
        throw PromoError(
          .usage, position: "--tier",
          "\"\(minimum)\" in \"\(text)\" is not an amount; write it like \(example) (--tier-quantity makes MIN a number of units)"
        )
      }
      terms.minimumAmount = try decimal(minimum, option: "--tier", field: path + "minimumAmount")
    }
    let isPercentage = off.hasSuffix("%")
    if isPercentage { off.removeLast() }
    guard isDecimalText(off) else {
      throw PromoError(
        .usage, position: "--tier",
        "\"\(off)\" in \"\(text)\" is not what the tier takes off: a percentage (10%) or an amount (25.00); write it like \(example)"
      )
    }
    let value = try decimal(off, option: "--tier", field: path + (isPercentage ? "percentOff" : "amountOff"))
    if isPercentage { terms.percentOff = value } else { terms.amountOff = value }
    return terms
  }

  /// Whether `text` is written as a decimal number (`25`, `-2.5`, `12.50`), however large.
  private static func isDecimalText(_ text: String) -> Bool {
    do {
      _ = try DecimalNumber(parsing: text)
      return true
    } catch .malformed {
      return false
    } catch {
      return true
    }
  }

  /// Which classes the promotion combines with (`--combines-with`, `--stackable`, their
  /// clearers: each replaces the others), its layer, and leaving out lines on sale.
  static func applyCombination(_ arguments: ParsedArguments, to draft: inout PromotionDraft)
    throws(PromoError)
  {
    if let text = arguments.value("--combines-with") {
      draft.combinesWith = try classes(text)
      draft.isStackable = false
    }
    if arguments.flag("--stackable") || arguments.flag("--no-stackable")
      || arguments.flag("--no-combines-with")
    {
      draft.combinesWith = nil
      draft.isStackable = arguments.flag("--stackable")
    }
    if let layer = try count(arguments, "--layer", range: 1...Int64(Promotion.allowedLayers.upperBound)) {
      draft.layer = Int(clamping: layer)
    }
    if arguments.flag("--no-layer") { draft.layer = nil }
    if arguments.flag("--exclude-discounted-lines") { draft.excludesDiscountedLines = true }
    if arguments.flag("--no-exclude-discounted-lines") { draft.excludesDiscountedLines = false }
  }

  /// The classes of `--combines-with CLASSES` (`order,shipping`), in the order written: a
  /// word that is not a class, or an empty one, is a usage error with the nearest class;
  /// a class written twice is left to the rules.
  static func classes(_ text: String) throws(PromoError) -> [PromotionClass] {
    let names = PromotionClass.allCases.map(\.rawValue)
    var classes: [PromotionClass] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      if let found = PromotionClass(rawValue: String(word)) {
        classes.append(found)
        continue
      }
      var message =
        word.isEmpty
        ? "\"\(text)\" has an empty class; write the classes comma-separated, like order,shipping"
        : "\"\(word)\" is not a class: the classes are item, order and shipping, comma-separated"
      if !word.isEmpty, let nearest = KeySuggestion.nearest(to: String(word), in: names) {
        message += "; did you mean \"\(nearest)\"?"
      }
      throw PromoError(.usage, position: "--combines-with", message)
    }
    return classes
  }
}
