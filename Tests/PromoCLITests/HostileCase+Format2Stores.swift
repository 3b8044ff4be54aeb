/// Format-2 stores that break one rule each, with the whole error line they must give.
extension HostileCase {
  /// More format-2 stores that break one rule each (kinds, targets, benefits, caps, codes,
  /// versions), with the whole error line they must give.
  static let format2StoreLines: [(String, String, String)] = [
    (
      "v1: target", promotion(#""id":"q","kind":"discount","percentOff":"5","target":{"skus":["a"]}"#),
      #"promo: s.json: promotions[1].target: target needs store version 3, but this store is version 1; set "version": 3 to use it"#
    ),
    (
      "v1: fixedPrice", promotion(#""id":"q","kind":"discount","fixedPrice":"5""#),
      #"promo: s.json: promotions[1].fixedPrice: fixedPrice needs store version 2, but this store is version 1; set "version": 2 to use it"#
    ),
    (
      "v1: buy and get", promotion(#""id":"q","kind":"discount","buy":1,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy needs store version 2, but this store is version 1; set "version": 2 to use it"#
    ),
    (
      "v1: get alone", promotion(#""id":"q","kind":"discount","percentOff":"5","get":1"#),
      #"promo: s.json: promotions[1].get: get needs store version 2, but this store is version 1; set "version": 2 to use it"#
    ),
    (
      "item: get 0", promotion2(#""id":"q","kind":"item","buy":1,"get":0"#),
      #"promo: s.json: promotions[1].get: get must be a whole number from 1 to 1000, not 0"#
    ),
    (
      "item: buy 1001", promotion2(#""id":"q","kind":"item","buy":1001,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy must be a whole number from 1 to 1000, not 1001"#
    ),
    (
      "item: buy -1", promotion2(#""id":"q","kind":"item","buy":-1,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy must be a whole number from 1 to 1000, not -1"#
    ),
    (
      "item: get 1.5", promotion2(#""id":"q","kind":"item","buy":1,"get":1.5"#),
      #"promo: s.json: promotions[1].get: get must be a whole number, not 1.5"#
    ),
    (
      "item: buy-get percent above 100",
      promotion2(#""id":"q","kind":"item","buy":1,"get":1,"percentOff":"100.01""#),
      #"promo: s.json: promotions[1].percentOff: percentOff must be greater than 0 and at most 100, not 100.01"#
    ),
    (
      "item: buy-get percent with 5 places",
      promotion2(#""id":"q","kind":"item","buy":1,"get":1,"percentOff":"50.00001""#),
      #"promo: s.json: promotions[1].percentOff: percentOff 50.00001 has more than 4 decimal places"#
    ),
    (
      "item: buy-get and fixed price",
      promotion2(#""id":"q","kind":"item","buy":1,"get":1,"fixedPrice":"1""#),
      #"promo: s.json: promotions[1].fixedPrice: a promotion has exactly one of buy and fixedPrice, not both"#
    ),
    (
      "item: amount and fixed price", promotion2(#""id":"q","kind":"item","fixedPrice":"1","amountOff":"1""#),
      #"promo: s.json: promotions[1].fixedPrice: a promotion has exactly one of amountOff and fixedPrice, not both"#
    ),
    (
      "item: fixed price not a decimal", promotion2(#""id":"q","kind":"item","fixedPrice":"abc""#),
      #"promo: s.json: promotions[1].fixedPrice: fixedPrice "abc" is not a decimal number; write it like "12.50""#
    ),
    (
      "item: amount off too precise", promotion2(#""id":"q","kind":"item","amountOff":"1.001""#),
      #"promo: s.json: promotions[1].amountOff: amountOff 1.001 has 3 decimal places; CNY has 2"#
    ),
    (
      "item: kind in capitals", promotion2(#""id":"q","kind":"Item","percentOff":"5""#),
      #"promo: s.json: promotions[1].kind: kind must be "item", "discount", "threshold", "shipping" or "gift", not "Item"; did you mean "item"?"#
    ),
    (
      "threshold: fixed price",
      promotion2(#""id":"q","kind":"threshold","minimumAmount":"1","fixedPrice":"1""#),
      #"promo: s.json: promotions[1].fixedPrice: fixedPrice is only for item and shipping promotions, not for a threshold; use percentOff or amountOff, or make the kind "item""#
    ),
    (
      "discount: buy-get", promotion2(#""id":"q","kind":"discount","buy":1,"get":1"#),
      #"promo: s.json: promotions[1].buy: buy is only for item promotions, not for a discount; use percentOff or amountOff, or make the kind "item""#
    ),
    (
      "threshold: target",
      promotion2(
        #""id":"q","kind":"threshold","minimumAmount":"1","percentOff":"5","target":{"categories":["a"]}"#),
      #"promo: s.json: promotions[1].target: target needs store version 3, but this store is version 2; set "version": 3 to use it"#
    ),
    (
      "cap on a threshold's amount off",
      promotion2(#""id":"q","kind":"threshold","minimumAmount":"1","amountOff":"5","maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage), a repeating threshold, or tiers"#
    ),
    (
      "cap on buy-get", promotion2(#""id":"q","kind":"item","buy":1,"get":1,"maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage), a repeating threshold, or tiers"#
    ),
    (
      "cap on a fixed price", promotion2(#""id":"q","kind":"item","fixedPrice":"1","maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount is only for a discount or threshold that takes percentOff (it caps the percentage), a repeating threshold, or tiers"#
    ),
    (
      "negative cap", promotion2(#""id":"q","kind":"discount","percentOff":"5","maximumDiscount":"-1""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount must be greater than 0, not -1"#
    ),
    (
      "cap over 10^12",
      promotion2(#""id":"q","kind":"discount","percentOff":"5","maximumDiscount":"1000000000000.01""#),
      #"promo: s.json: promotions[1].maximumDiscount: maximumDiscount 1000000000000.01 is too large: at most 1000000000000"#
    ),
    (
      "cap without a benefit", promotion2(#""id":"q","kind":"discount","maximumDiscount":"1""#),
      #"promo: s.json: promotions[1].percentOff: missing the benefit: add "percentOff" (a percentage) or "amountOff" (a fixed sum)"#
    ),
    (
      "empty categories", promotion2(#""id":"q","kind":"item","percentOff":"5","target":{"categories":[]}"#),
      #"promo: s.json: promotions[1].target.categories: categories must not be empty; leave it out instead"#
    ),
    (
      "empty sku", promotion2(#""id":"q","kind":"item","percentOff":"5","target":{"skus":[""]}"#),
      #"promo: s.json: promotions[1].target.skus: skus has an empty string; every entry needs at least one character"#
    ),
    (
      "duplicate category",
      promotion2(#""id":"q","kind":"item","percentOff":"5","target":{"categories":["a","b","a"]}"#),
      #"promo: s.json: promotions[1].target.categories: categories has "a" twice; entries must be distinct"#
    ),
    (
      "1001 categories",
      promotion2(
        #""id":"q","kind":"item","percentOff":"5","target":{"categories":[\#((0...1000).map { "\"c\($0)\"" }.joined(separator: ","))]}"#
      ),
      #"promo: s.json: promotions[1].target.categories: categories has 1001 entries; at most 1000 are allowed"#
    ),
    (
      "target null", promotion2(#""id":"q","kind":"item","percentOff":"5","target":null"#),
      #"promo: s.json: promotions[1].target: target must be an object, not null"#
    ),
    (
      "skus not an array", promotion2(#""id":"q","kind":"item","percentOff":"5","target":{"skus":"a"}"#),
      #"promo: s.json: promotions[1].target.skus: skus must be an array of strings, not a string"#
    ),
    (
      "code with a dot", promotion2(#""id":"q","kind":"discount","percentOff":"5","code":"A.B""#),
      #"promo: s.json: promotions[1].code: code "A.B" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#
    ),
    (
      "non-ASCII code", promotion2(#""id":"q","kind":"discount","percentOff":"5","code":"CAFÉ""#),
      #"promo: s.json: promotions[1].code: code "CAFÉ" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#
    ),
    (
      "code null", promotion2(#""id":"q","kind":"discount","percentOff":"5","code":null"#),
      #"promo: s.json: promotions[1].code: code must be a string, not null"#
    ),
    (
      "version 0", #"{"version":0,"promotions":[]}"#,
      #"promo: s.json: version: version must be 1, 2, 3 or 4, not 0"#
    ),
    (
      "version 2.5", #"{"version":2.5,"promotions":[]}"#,
      #"promo: s.json: version: version must be 1, 2, 3 or 4, not 2.5"#
    ),
    (
      "version 5 with item promotions",
      #"{"version":5,"promotions":[{"id":"q","kind":"item","percentOff":"5","code":"A"}]}"#,
      #"promo: s.json: version: store version 5 is newer than this promo understands (it reads versions 1 to 4); upgrade promo to use this store"#
    ),
    (
      "version of 20 digits", #"{"version":99999999999999999999,"promotions":[]}"#,
      #"promo: s.json: version: store version 99999999999999999999 is newer than this promo understands (it reads versions 1 to 4); upgrade promo to use this store"#
    ),
  ]
}
