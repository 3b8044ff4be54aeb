/// Order files that break one rule each, priced against the sample store and refused with
/// status 65: their syntax, their content, and their format-2 and format-3 fields.
extension HostileCase {
  /// Orders that break one rule each: their syntax, their content, then the format-2 fields.
  static let orderCases: [HostileCase] = [
    // Orders: syntax.
    .order("empty order file", "", at: "o.json: 1:1"),
    .order("only white space", " \n\t \n", at: "o.json: 1:1"),
    .order("truncated inside a string", #"{"amount": "1"#, at: "o.json: 1:12"),
    .order("truncated after a colon", #"{"amount":"#, at: "o.json: 1:11"),
    .order("truncated array", #"[{"amount":"1.00"}"#, at: "o.json: 1:19"),
    .order("trailing comma in object", #"{"amount":"1.00",}"#, at: "o.json: 1:17"),
    .order("trailing comma in items", #"{"items":[{"unitPrice":"1","quantity":1},]}"#, at: "o.json: 1:41"),
    .order("duplicate key", #"{"amount":"1.00","amount":"2.00"}"#, at: "o.json: 1:18"),
    .order("line comment", "{\"amount\":\"1.00\" // cheap\n}", at: "o.json: 1:18"),
    .order("block comment", #"/* order */ {"amount":"1.00"}"#, at: "o.json: 1:1"),
    .order("single quotes", #"{'amount':'1.00'}"#, at: "o.json: 1:2"),
    .order("NaN literal", #"{"amount":NaN}"#, at: "o.json: 1:11"),
    .order("leading zero", #"{"amount":01.5}"#, at: "o.json: 1:11"),
    .order("lone surrogate escape", #"{"id":"\ud800","amount":"1.00"}"#, at: "o.json: 1:8"),
    .order("bad escape", #"{"id":"\x41","amount":"1.00"}"#, at: "o.json: 1:8"),
    .order("two values", #"{"amount":"1.00"} {"amount":"2.00"}"#, at: "o.json: 1:19"),
    .orderBytes(
      "byte-order mark", [0xEF, 0xBB, 0xBF] + Array(#"{"amount":"1.00"}"#.utf8), at: "o.json: 1:1"),
    .orderBytes(
      "invalid UTF-8 in a string",
      Array(#"{"id":""#.utf8) + [0xC3, 0x28] + Array(#"","amount":"1"}"#.utf8), at: "o.json: 1:8"),
    .orderBytes(
      "overlong UTF-8", Array(#"{"id":""#.utf8) + [0xC0, 0xAF] + Array(#"","amount":"1"}"#.utf8),
      at: "o.json: 1:8"),
    .orderBytes(
      "invalid byte outside strings", [0xFF] + Array(#"{"amount":"1.00"}"#.utf8), at: "o.json: 1:1"),
    .orderBytes(
      "NUL byte in a string", Array(#"{"id":"a"#.utf8) + [0] + Array(#"","amount":"1"}"#.utf8),
      at: "o.json: 1:9"),
    .orderBytes("NUL byte outside strings", Array(#"{"amount":"1.00"}"#.utf8) + [0], at: "o.json: 1:18"),
    .order("deep nesting", String(repeating: "[", count: 100_000), at: "o.json: 1:65"),
    .order("deep nesting in objects", String(repeating: #"{"a":"#, count: 10_000), at: "o.json: 1:321"),
    // Orders: content.
    .order("top-level number", "42", at: "o.json: top level"),
    .order("top-level null", "null", at: "o.json: top level"),
    .order("array of non-objects", #"[{"amount":"1.00"}, 7]"#, at: "o.json: [1]"),
    .order("amount of wrong type", #"{"amount":true}"#, at: "o.json: amount"),
    .order("amount as object", #"{"amount":{"value":"1.00"}}"#, at: "o.json: amount"),
    .order("negative amount", #"{"amount":"-1.00"}"#, at: "o.json: amount"),
    .order("amount over 10^12", #"{"amount":"1000000000000.01"}"#, at: "o.json: amount"),
    .order("amount 1e400", #"{"amount":1e400}"#, at: "o.json: amount"),
    .order("amount 1e-400", #"{"amount":1e-400}"#, at: "o.json: amount"),
    .order("huge exponent", #"{"amount":1e99999999999999999999}"#, at: "o.json: amount"),
    .order("over-precise amount", #"{"amount":"0.001"}"#, at: "o.json: amount"),
    .order("decimal with plus sign", #"{"amount":"+1.00"}"#, at: "o.json: amount"),
    .order("decimal with spaces", #"{"amount":" 1.00"}"#, at: "o.json: amount"),
    .order("items not an array", #"{"items":{"sku":"a"}}"#, at: "o.json: items"),
    .order("item not an object", #"{"items":["tea"]}"#, at: "o.json: items[0]"),
    .order(
      "quantity as string", #"{"items":[{"unitPrice":"1","quantity":"2"}]}"#,
      at: "o.json: items[0].quantity"),
    .order(
      "fractional quantity", #"{"items":[{"unitPrice":"1","quantity":1.5}]}"#,
      at: "o.json: items[0].quantity"),
    .order(
      "zero quantity", #"{"items":[{"unitPrice":"1","quantity":0}]}"#, at: "o.json: items[0].quantity"),
    .order(
      "quantity over 10^6", #"{"items":[{"unitPrice":"1","quantity":1000001}]}"#,
      at: "o.json: items[0].quantity"),
    .order(
      "negative unit price", #"{"items":[{"unitPrice":"-0.01","quantity":1}]}"#,
      at: "o.json: items[0].unitPrice"),
    .order("missing unit price", #"{"items":[{"quantity":1}]}"#, at: "o.json: items[0].unitPrice"),
    .order("currency mismatch", #"{"currency":"USD","amount":"1.00"}"#, at: "o.json: currency"),
    .order("lower-case currency", #"{"currency":"cny","amount":"1.00"}"#, at: "o.json: currency"),
    .order("two-letter currency", #"{"currency":"CN","amount":"1.00"}"#, at: "o.json: currency"),
    .order("non-ASCII currency", #"{"currency":"ÇNY","amount":"1.00"}"#, at: "o.json: currency"),
    .order("numeric currency", #"{"currency":156,"amount":"1.00"}"#, at: "o.json: currency"),
    .order("unknown key", #"{"amount":"1.00","discount":"5"}"#, at: "o.json: discount"),
    .order("both items and amount", #"{"amount":"1.00","items":[]}"#, at: "o.json: amount"),
    .order("neither items nor amount", #"{"id":"x"}"#, at: "o.json: items"),
    .order(
      "$schema inside an item", #"{"items":[{"$schema":"x","unitPrice":"1","quantity":1}]}"#,
      at: "o.json: items[0].$schema"),
    .order(
      "unit price just over 10^12", #"{"items":[{"unitPrice":"1000000000000.01","quantity":1}]}"#,
      at: "o.json: items[0].unitPrice"),
    .order("id not a string", #"{"id":7,"amount":"1.00"}"#, at: "o.json: id"),
    .order("null for an optional key", #"{"id":null,"amount":"1.00"}"#, at: "o.json: id"),
    // Orders: format 2.
    .order("codes not an array", #"{"codes":"VIP10","amount":"1.00"}"#, at: "o.json: codes"),
    .order("code with a space", #"{"codes":["VIP 10"],"amount":"1.00"}"#, at: "o.json: codes[0]"),
    .order(
      "17 codes", #"{"codes":[\#((0...16).map { "\"C\($0)\"" }.joined(separator: ","))],"amount":"1.00"}"#,
      at: "o.json: codes"),
    .order(
      "categories not an array", #"{"items":[{"unitPrice":"1","quantity":1,"categories":"tea"}]}"#,
      at: "o.json: items[0].categories"),
    .order(
      "duplicate category", #"{"items":[{"unitPrice":"1","quantity":1,"categories":["tea","tea"]}]}"#,
      at: "o.json: items[0].categories"),
    .order(
      "empty category", #"{"items":[{"unitPrice":"1","quantity":1,"categories":[""]}]}"#,
      at: "o.json: items[0].categories"),
    .order(
      "17 categories",
      #"{"items":[{"unitPrice":"1","quantity":1,"categories":[\#((0...16).map { "\"c\($0)\"" }.joined(separator: ","))]}]}"#,
      at: "o.json: items[0].categories"),
    .order(
      "10001 items",
      #"{"items":[\#(Array(repeating: #"{"unitPrice":"1","quantity":1}"#, count: 10_001).joined(separator: ","))]}"#,
      at: "o.json: items"),
    .order(
      "empty code", #"{"codes":[""],"amount":"1.00"}"#,
      line: #"promo: o.json: codes[0]: code "" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#),
    .order(
      "code of 33 characters", #"{"codes":["\#(String(repeating: "C", count: 33))"],"amount":"1.00"}"#,
      line:
        "promo: o.json: codes[0]: code \"\(String(repeating: "C", count: 33))\" must be 1 to 32 characters of A-Z a-z 0-9 _ -"
    ),
    .order(
      "code not a string", #"{"codes":[10],"amount":"1.00"}"#,
      line: #"promo: o.json: codes[0]: codes[0] must be a string, not a number"#),
    .order(
      "codes null", #"{"codes":null,"amount":"1.00"}"#,
      line: #"promo: o.json: codes: codes must be an array of strings, not null"#),
    .order(
      "non-ASCII code", #"{"codes":["CAFÉ"],"amount":"1.00"}"#,
      line: #"promo: o.json: codes[0]: code "CAFÉ" must be 1 to 32 characters of A-Z a-z 0-9 _ -"#),
    .order(
      "category not a string", #"{"items":[{"unitPrice":"1","quantity":1,"categories":[1]}]}"#,
      line: #"promo: o.json: items[0].categories[0]: categories[0] must be a string, not a number"#),
    .order(
      "categories null", #"{"items":[{"unitPrice":"1","quantity":1,"categories":null}]}"#,
      line: #"promo: o.json: items[0].categories: categories must be an array of strings, not null"#),
    .order(
      "categories on the order", #"{"categories":["tea"],"amount":"1.00"}"#,
      line: #"promo: o.json: categories: unknown key "categories" at the top level; did you mean "codes"?"#),
    .order(
      "code instead of codes", #"{"code":"VIP10","amount":"1.00"}"#,
      line: #"promo: o.json: code: unknown key "code" at the top level; did you mean "codes"?"#),
  ]

  /// Orders with format-3 fields (shipping, customer) that break one rule each, with the
  /// whole error line they must give; every store version reads these fields.
  static let format3OrderLines: [(String, String, String)] = [
    (
      "order: shipping negative",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":"-1"}"#,
      #"promo: o.json: shipping: shipping must be at least 0, not -1"#
    ),
    (
      "order: shipping too precise",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":"1.001"}"#,
      #"promo: o.json: shipping: shipping 1.001 has 3 decimal places; CNY has 2"#
    ),
    (
      "order: shipping too large",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":"1000000000001"}"#,
      #"promo: o.json: shipping: shipping 1000000000001 is too large: at most 1000000000000"#
    ),
    (
      "order: shipping null",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":null}"#,
      #"promo: o.json: shipping: shipping must be a decimal, written as a number or a string like "12.50", not null"#
    ),
    (
      "order: shipping boolean",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"shipping":true}"#,
      #"promo: o.json: shipping: shipping must be a decimal, written as a number or a string like "12.50", not a boolean"#
    ),
    (
      "order: customer not object",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":"c-1"}"#,
      #"promo: o.json: customer: a customer must be an object, not a string"#
    ),
    (
      "order: customer unknown key",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"id":"c","group":["a"]}}"#,
      #"promo: o.json: customer.group: unknown key "group" in customer; did you mean "groups"?"#
    ),
    (
      "order: customer groups duplicate",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"groups":["a","a"]}}"#,
      #"promo: o.json: customer.groups: groups has "a" twice; entries must be distinct"#
    ),
    (
      "order: customer groups empty name",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"groups":[""]}}"#,
      #"promo: o.json: customer.groups: groups has an empty string; every entry needs at least one character"#
    ),
    (
      "order: customer groups not array",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"groups":"member"}}"#,
      #"promo: o.json: customer.groups: groups must be an array of strings, not a string"#
    ),
    (
      "order: customer id number",
      #"{"id":"o","items":[{"sku":"a","quantity":1,"unitPrice":"5"}],"customer":{"id":7}}"#,
      #"promo: o.json: customer.id: id must be a string, not a number"#
    ),
  ]
}
