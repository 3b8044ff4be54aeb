import PromoKit

extension CommandContext {
  /// Warns on standard error, one line each, about every `--code` that no promotion of
  /// `catalogs` has (compared as codes are, without regard to ASCII case), naming the
  /// nearest code of the store when one is close: a mistyped `--code WELCOM` would
  /// otherwise be ignored without a word. A warning changes nothing else: the orders are
  /// priced, and the status stays what it would be.
  ///
  ///     promo: promotions.json: --code: warning: no promotion of the store has the code
  ///     "WELCOM"; did you mean "WELCOME"?
  ///
  /// - Complexity: O(*c* × *p*) for *c* codes and *p* promotions.
  func warnAboutUnmatchedCodes(_ codes: [String], in catalogs: [Catalog]) {
    guard !codes.isEmpty else { return }
    let known = catalogs.flatMap { $0.promotions.compactMap(\.code) }
    let normalized = Set(known.map(CouponCode.normalized))
    var warned: Set<String> = []
    for code in codes where !normalized.contains(CouponCode.normalized(code)) {
      guard warned.insert(CouponCode.normalized(code)).inserted else { continue }
      var message = "no promotion of the store has the code \"\(code)\""
      if let nearest = KeySuggestion.nearest(to: code, in: known) {
        message += "; did you mean \"\(nearest)\"?"
      }
      let store = storePath == "-" ? stdin.name : storePath
      stderr.write(ErrorLine.render(StoreWarning(position: "--code", message: message), file: store))
    }
  }
}
