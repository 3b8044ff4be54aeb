import PromoKit

/// Shared helpers for the PromoKit tests.
enum Fixture {
  /// The promotion store exactly as the documented rules shows it (keys in its order, defaults written).
  static let specExampleStore = """
    {
      "version": 1,
      "currency": "CNY",
      "promotions": [
        {
          "id": "autumn-20",
          "name": "20% off everything",
          "kind": "discount",
          "percentOff": "20",
          "startsAt": "2026-11-01T00:00:00+08:00",
          "endsAt": "2026-12-01T00:00:00+08:00",
          "active": true,
          "stackable": true
        },
        {
          "id": "spend100-save15",
          "kind": "threshold",
          "minimumAmount": "100.00",
          "amountOff": "15.00",
          "stackable": true
        }
      ]
    }
    """

  /// The bytes of a string, as a file would hold them.
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// An instant from an RFC 3339 text that is known to be valid.
  static func instant(_ text: String) -> Instant {
    timestamp(text).instant
  }

  /// A timestamp from an RFC 3339 text that is known to be valid.
  static func timestamp(_ text: String) -> Timestamp {
    do {
      return try Timestamp(parsing: text)
    } catch {
      fatalError("bad fixture timestamp \(text): \(error.reason)")
    }
  }

  /// A decimal from a text that is known to be valid.
  static func decimal(_ text: String) -> DecimalNumber {
    do {
      return try DecimalNumber(parsing: text)
    } catch {
      fatalError("bad fixture decimal \(text): \(error)")
    }
  }

  /// A percentage from a text that is known to be valid.
  static func percent(_ text: String) -> Percentage {
    guard let percentage = try? Percentage(decimal(text)) else {
      fatalError("bad fixture percentage \(text)")
    }
    return percentage
  }

  /// Money in a 2-digit currency from a count of cents.
  static func cents(_ units: Int64) -> Money { Money(minorUnits: Int128(units), minorDigits: 2) }

  /// A discount promotion.
  static func discount(
    _ id: String, percent: String? = nil, amount: String? = nil, stackable: Bool = false, active: Bool = true,
    startsAt: String? = nil, endsAt: String? = nil
  ) -> Promotion {
    Fixture.built {
      try Promotion(
        id: id, kind: .discount, benefit: benefit(percent: percent, amount: amount),
        startsAt: startsAt.map(timestamp), endsAt: endsAt.map(timestamp), isActive: active,
        isStackable: stackable)
    }
  }

  /// A threshold promotion.
  static func threshold(
    _ id: String, minimum: String, percent: String? = nil, amount: String? = nil, stackable: Bool = false,
    active: Bool = true, startsAt: String? = nil, endsAt: String? = nil
  ) -> Promotion {
    Fixture.built {
      try Promotion(
        id: id, kind: .threshold, benefit: benefit(percent: percent, amount: amount),
        minimumAmount: decimal(minimum), startsAt: startsAt.map(timestamp), endsAt: endsAt.map(timestamp),
        isActive: active, isStackable: stackable)
    }
  }

  /// The catalog of `promotions`, which a test knows to have distinct ids and amounts the
  /// currency holds.
  static func catalog(
    version: Int = Catalog.currentVersion, currency: Currency? = nil, _ promotions: [Promotion]
  ) -> Catalog {
    do {
      return try Catalog(version: version, currency: currency, promotions: promotions)
    } catch {
      fatalError("bad fixture catalog: \(error)")
    }
  }

  /// The promotion `make` builds, which a test knows to be valid.
  static func built(_ make: () throws -> Promotion) -> Promotion {
    do {
      return try make()
    } catch {
      fatalError("bad fixture promotion: \(error)")
    }
  }

  private static func benefit(percent: String?, amount: String?) -> Benefit {
    switch (percent, amount) {
    case (let percent?, nil): .percentOff(Fixture.percent(percent))
    case (nil, let amount?): .amountOff(decimal(amount))
    default: fatalError("a fixture promotion needs exactly one of percent and amount")
    }
  }
}
