/// Format-3 stores that break one rule each, with the whole error line they must give.
extension HostileCase {
  /// A version-3 store with one good promotion and `fields` as a second one.
  static func promotion3(_ fields: String) -> String {
    #"{"version":3,"currency":"CNY","promotions":[{"id":"p","kind":"discount","percentOff":"5"},{\#(fields)}]}"#
  }

  /// Format-3 stores that break one rule each (shipping, quantities, repeats, across
  /// lines, unit limits, customer groups), with the whole error line they must give.
  static let format3StoreLines: [(String, String, String)] = [
    (
      "shipping: target", promotion3(#""id":"q","kind":"shipping","percentOff":"5","target":{"skus":["a"]}"#),
      #"promo: s.json: promotions[1].target: target is for item, discount and threshold promotions; a shipping promotion acts on the order's shipping (remove target)"#
    ),
    (
      "shipping: buy-get", promotion3(#""id":"q","kind":"shipping","buy":1,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy is only for item promotions, not for a shipping promotion; use percentOff or amountOff, or make the kind "item""#
    ),
    (
      "shipping: no benefit", promotion3(#""id":"q","kind":"shipping""#),
      #"promo: s.json: promotions[1].percentOff: missing the benefit: add "percentOff", "amountOff" or "fixedPrice" (what the shipping then costs)"#
    ),
    (
      "shipping: minimumQuantity",
      promotion3(#""id":"q","kind":"shipping","amountOff":"5","minimumQuantity":2"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity is only for threshold promotions; remove it or make the kind "threshold""#
    ),
    (
      "shipping: repeat",
      promotion3(#""id":"q","kind":"shipping","amountOff":"5","minimumAmount":"10","repeat":true"#),
      #"promo: s.json: promotions[1].repeat: repeat is only for threshold promotions ("10 off every 100"); remove it or make the kind "threshold""#
    ),
    (
      "shipping: cap on amount",
      promotion3(#""id":"q","kind":"shipping","amountOff":"5","maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage), a repeating threshold, or tiers"#
    ),
    (
      "discount: minimumQuantity",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","minimumQuantity":2"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity is only for threshold promotions; remove it or make the kind "threshold""#
    ),
    (
      "item: minimumQuantity", promotion3(#""id":"q","kind":"item","percentOff":"5","minimumQuantity":2"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity is only for threshold promotions; remove it or make the kind "threshold""#
    ),
    (
      "threshold: minimumQuantity 0",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":0"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity must be a whole number from 1 to 1000000, not 0"#
    ),
    (
      "threshold: minimumQuantity too big",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":1000001"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity must be a whole number from 1 to 1000000, not 1000001"#
    ),
    (
      "threshold: minimumQuantity fraction",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":1.5"#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity must be a whole number, not 1.5"#
    ),
    (
      "threshold: minimumQuantity string",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumQuantity":"2""#),
      #"promo: s.json: promotions[1].minimumQuantity: minimumQuantity must be a whole number, not a string"#
    ),
    (
      "threshold: repeat with percent",
      promotion3(#""id":"q","kind":"threshold","percentOff":"5","minimumAmount":"100","repeat":true"#),
      #"promo: s.json: promotions[1].repeat: a repeating threshold takes amountOff once for every full minimum; give amountOff instead of a percentage"#
    ),
    (
      "threshold: repeat with both minimums",
      promotion3(
        #""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"100","minimumQuantity":2,"repeat":true"#
      ),
      #"promo: s.json: promotions[1].repeat: a repeating threshold counts one minimum: give minimumAmount or minimumQuantity, not both"#
    ),
    (
      "threshold: repeat every 0",
      promotion3(#""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"0","repeat":true"#),
      #"promo: s.json: promotions[1].repeat: a repeating threshold needs a minimumAmount above 0 (the step it counts)"#
    ),
    (
      "threshold: repeat not boolean",
      promotion3(#""id":"q","kind":"threshold","amountOff":"5","minimumAmount":"10","repeat":"yes""#),
      #"promo: s.json: promotions[1].repeat: repeat must be true or false, not a string"#
    ),
    (
      "discount: repeat", promotion3(#""id":"q","kind":"discount","amountOff":"5","repeat":true"#),
      #"promo: s.json: promotions[1].repeat: repeat is only for threshold promotions ("10 off every 100"); remove it or make the kind "threshold""#
    ),
    (
      "item: acrossLines without buy",
      promotion3(#""id":"q","kind":"item","percentOff":"5","acrossLines":true"#),
      #"promo: s.json: promotions[1].acrossLines: acrossLines on a percentOff, amountOff or fixedPrice item deal needs maximumQuantity (the most units it covers in the order)"#
    ),
    (
      "discount: acrossLines", promotion3(#""id":"q","kind":"discount","percentOff":"5","acrossLines":true"#),
      #"promo: s.json: promotions[1].acrossLines: acrossLines is only for an item promotion with buy and get, or with a maximumQuantity (it counts the units of all its lines together)"#
    ),
    (
      "item: acrossLines not boolean", promotion3(#""id":"q","kind":"item","buy":1,"get":1,"acrossLines":1"#),
      #"promo: s.json: promotions[1].acrossLines: acrossLines must be true or false, not a number"#
    ),
    (
      "discount: maximumQuantity",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","maximumQuantity":2"#),
      #"promo: s.json: promotions[1].maximumQuantity: maximumQuantity is only for item promotions (the most units of a line it covers)"#
    ),
    (
      "item: maximumQuantity 0", promotion3(#""id":"q","kind":"item","percentOff":"5","maximumQuantity":0"#),
      #"promo: s.json: promotions[1].maximumQuantity: maximumQuantity must be a whole number from 1 to 1000000, not 0"#
    ),
    (
      "item: maximumQuantity too big",
      promotion3(#""id":"q","kind":"item","percentOff":"5","maximumQuantity":1000001"#),
      #"promo: s.json: promotions[1].maximumQuantity: maximumQuantity must be a whole number from 1 to 1000000, not 1000001"#
    ),
    (
      "customerGroups empty", promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":[]"#),
      #"promo: s.json: promotions[1].customerGroups: customerGroups must not be empty; leave it out to admit every customer"#
    ),
    (
      "customerGroups duplicate",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":["a","a"]"#),
      #"promo: s.json: promotions[1].customerGroups: customerGroups has "a" twice; names must be distinct"#
    ),
    (
      "customerGroups empty name",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":[""]"#),
      #"promo: s.json: promotions[1].customerGroups: customerGroups has an empty string; every name needs at least one character"#
    ),
    (
      "customerGroups not array",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":"member""#),
      #"promo: s.json: promotions[1].customerGroups: customerGroups must be an array of strings, not a string"#
    ),
    (
      "customerGroups number",
      promotion3(#""id":"q","kind":"discount","percentOff":"5","customerGroups":[1]"#),
      #"promo: s.json: promotions[1].customerGroups[0]: customerGroups[0] must be a string, not a number"#
    ),
    (
      "discount: empty target", promotion3(#""id":"q","kind":"discount","percentOff":"5","target":{}"#),
      #"promo: s.json: promotions[1].target: a target needs "skus" or "categories" (or remove target to act on every line)"#
    ),
    (
      "threshold: no minimum", promotion3(#""id":"q","kind":"threshold","percentOff":"5""#),
      #"promo: s.json: promotions[1].minimumAmount: a threshold promotion needs "minimumAmount" (the least amount it applies to) or "minimumQuantity" (the least units)"#
    ),
  ]
}
