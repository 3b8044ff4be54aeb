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
      warn(position: "--code", message)
    }
  }

  /// Warns on standard error, once each, about every `--customer-group` that no promotion
  /// of `catalogs` names (compared exactly, as groups are), naming the nearest group the
  /// store does name (as a likely typo when it is close): `--customer-group Member` for a store of `member` deals would
  /// otherwise price every order as from a customer of no group, without a word. Like the
  /// codes' warning, it changes nothing else.
  ///
  ///     promo: promotions.json: --customer-group: warning: no promotion of the store is for
  ///     the customer group "Member"; did you mean "member"?
  ///
  /// - Complexity: O(*g* × *p*) for *g* groups and *p* promotions.
  func warnAboutUnmatchedGroups(_ groups: [String], in catalogs: [Catalog]) {
    guard !groups.isEmpty else { return }
    var known: [String] = []
    var seen: Set<String> = []
    for catalog in catalogs {
      for promotion in catalog.promotions {
        for name in promotion.customerGroups?.names ?? [] where seen.insert(name).inserted {
          known.append(name)
        }
      }
    }
    var warned: Set<String> = []
    for group in groups where !seen.contains(group) && warned.insert(group).inserted {
      var message = "no promotion of the store is for the customer group \"\(group)\""
      if let nearest = KeySuggestion.nearest(to: group, in: known) {
        message += "; did you mean \"\(nearest)\"?"
      } else if let nearest = KeySuggestion.closest(to: group, in: known) {
        message += "; the nearest group it names is \"\(nearest)\""
      }
      warn(position: "--customer-group", message)
    }
  }

  /// One warning line about the option at `position`, naming the store in use.
  private func warn(position: String, _ message: String) {
    let store = storePath == "-" ? stdin.name : storePath
    stderr.write(ErrorLine.render(StoreWarning(position: position, message: message), file: store))
  }
}
