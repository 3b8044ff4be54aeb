import PromoKit

/// What a promotion acts on and who it is for: its target and its customer groups.
extension PromotionRenderer {
  /// Appends the customer groups a promotion is for, `member,vip`, or `-` for every
  /// customer, to `bytes` as they are (a table makes its cells printable).
  static func appendGroups(of promotion: Promotion, to bytes: inout TextBuffer) {
    guard let groups = promotion.customerGroups else { return bytes.appendLiteral("-") }
    appendList(groups.names, to: &bytes)
  }

  /// Appends `names` separated by commas.
  private static func appendList(_ names: [String], to bytes: inout TextBuffer) {
    for (index, name) in names.enumerated() {
      if index > 0 { bytes.appendLiteral(",") }
      bytes.appendUTF8(of: name)
    }
  }

  /// What a promotion targets: `skus mug-white,mug-blue`, `categories tea`, both joined
  /// by `; `, `every line` for an item deal without a target, or `-` for an order deal
  /// without one (it acts on the whole order) and a shipping deal. The text of
  /// ``appendTarget(of:to:)`` with control characters escaped (see
  /// ``TextTable/printable(_:)``).
  static func target(of promotion: Promotion) -> String {
    var bytes = TextBuffer()
    appendTarget(of: promotion, to: &bytes)
    return TextTable.printable(bytes.text)
  }

  /// Appends what a promotion targets (see ``target(of:)``) to `bytes`, the names as they
  /// are (a table makes its cells printable).
  ///
  /// - Complexity: O(*t*) for *t* SKUs and categories in the target.
  static func appendTarget(of promotion: Promotion, to bytes: inout TextBuffer) {
    guard let target = promotion.target else {
      return bytes.appendLiteral(promotion.kind == .item ? "every line" : "-")
    }
    appendTarget(target, to: &bytes)
  }

  /// Appends `target`'s lists, `skus a,b; categories c`, to `bytes` as they are.
  static func appendTarget(_ target: ItemTarget, to bytes: inout TextBuffer) {
    if !target.skus.isEmpty {
      bytes.appendLiteral("skus ")
      appendList(target.skus, to: &bytes)
    }
    if !target.categories.isEmpty {
      if !target.skus.isEmpty { bytes.appendLiteral("; ") }
      bytes.appendLiteral("categories ")
      appendList(target.categories, to: &bytes)
    }
  }

}
