// The objects inside a promotion the store fast path reads: a target (or get target),
// tiers, a bundle and a gift.

extension StoreFastPath.Reader {
  /// The array of a threshold's tiers, each an object of the keys of
  /// ``StoreDecoder/tierKeys``, each at most once.
  mutating func tiers() -> [PromotionDraft.TierTerms]? {
    guard cursor.take(UInt8(ascii: "[")) else { return nil }
    var tiers: [PromotionDraft.TierTerms] = []
    if cursor.take(UInt8(ascii: "]")) { return tiers }
    repeat {
      guard cursor.take(UInt8(ascii: "{")) else { return nil }
      var tier = PromotionDraft.TierTerms()
      repeat {
        guard let key = cursor.key() else { return nil }
        if ByteCursor.equal(key, "minimumAmount"), tier.minimumAmount == nil {
          guard let value = cursor.decimal() else { return nil }
          tier.minimumAmount = value
        } else if ByteCursor.equal(key, "minimumQuantity"), tier.minimumQuantity == nil {
          guard let value = cursor.integer(in: Promotion.allowedQuantities) else { return nil }
          tier.minimumQuantity = value
        } else if ByteCursor.equal(key, "percentOff"), tier.percentOff == nil {
          guard let value = cursor.decimal() else { return nil }
          tier.percentOff = value
        } else if ByteCursor.equal(key, "amountOff"), tier.amountOff == nil {
          guard let value = cursor.decimal() else { return nil }
          tier.amountOff = value
        } else {
          return nil
        }
      } while cursor.take(UInt8(ascii: ","))
      guard cursor.take(UInt8(ascii: "}")) else { return nil }
      tiers.append(tier)
    } while cursor.take(UInt8(ascii: ","))
    return cursor.take(UInt8(ascii: "]")) ? tiers : nil
  }

  /// A bundle object: `quantity` then `price`, as the canonical writer writes them.
  mutating func bundle() -> PromotionDraft.BundleTerms? {
    guard cursor.take(UInt8(ascii: "{")), let key = cursor.key(), ByteCursor.equal(key, "quantity"),
      let quantity = cursor.integer(in: BundlePrice.allowedQuantities), cursor.take(UInt8(ascii: ",")),
      let second = cursor.key(), ByteCursor.equal(second, "price"), let price = cursor.decimal(),
      cursor.take(UInt8(ascii: "}"))
    else { return nil }
    return PromotionDraft.BundleTerms(quantity: quantity, price: price)
  }

  /// A gift object: `sku`, `quantity`, then `name` when given, as the canonical writer
  /// writes them.
  mutating func gift() -> PromotionDraft.GiftTerms? {
    guard cursor.take(UInt8(ascii: "{")), let key = cursor.key(), ByteCursor.equal(key, "sku"),
      let sku = cursor.text(), cursor.take(UInt8(ascii: ",")), let second = cursor.key(),
      ByteCursor.equal(second, "quantity"), let quantity = cursor.integer(in: GiftGoods.allowedQuantities)
    else { return nil }
    var terms = PromotionDraft.GiftTerms(sku: sku, quantity: quantity)
    if cursor.take(UInt8(ascii: ",")) {
      guard let third = cursor.key(), ByteCursor.equal(third, "name"), let name = cursor.text() else {
        return nil
      }
      terms.name = name
    }
    return cursor.take(UInt8(ascii: "}")) ? terms : nil
  }

  /// A target object: `skus` and `categories`, each at most once.
  mutating func target() -> PromotionDraft.Target? {
    guard cursor.take(UInt8(ascii: "{")) else { return nil }
    var target = PromotionDraft.Target()
    if cursor.take(UInt8(ascii: "}")) { return target }
    repeat {
      guard let key = cursor.key() else { return nil }
      if ByteCursor.equal(key, "skus"), target.skus == nil {
        target.skus = cursor.strings()
        if target.skus == nil { return nil }
      } else if ByteCursor.equal(key, "categories"), target.categories == nil {
        target.categories = cursor.strings()
        if target.categories == nil { return nil }
      } else {
        return nil
      }
    } while cursor.take(UInt8(ascii: ","))
    return cursor.take(UInt8(ascii: "}")) ? target : nil
  }
}
