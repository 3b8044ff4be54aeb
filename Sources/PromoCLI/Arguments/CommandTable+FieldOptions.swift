import PromoKit

extension CommandTable {
  /// What `--kind` says of the kinds.
  static let kindSummary =
    "item (acts on lines), discount or threshold (act on the whole order), shipping (acts on its shipping), gift (grants goods, takes nothing off)"

  /// The options that set a promotion's fields, shared by `add` and `update`.
  static let fieldOptions: [OptionSpec] =
    [
      OptionSpec("--id", value: "ID", "the id: 1 to 64 characters of A-Z a-z 0-9 . _ -"),
      OptionSpec(
        "--kind", value: "KIND", choices: PromotionKind.allCases.map(\.rawValue), kindSummary),
      OptionSpec(
        "--percent-off", value: "P",
        "take P percent off (above 0, at most 100, 4 decimal places); with --buy/--get, off the units got"),
      OptionSpec(
        "--amount-off", value: "A", "take the fixed sum A off (for an item promotion: off each unit)"),
      OptionSpec(
        "--fixed-price", value: "A",
        "item promotions: each unit costs A; shipping promotions: the shipping costs A"),
      OptionSpec("--buy", value: "N", "item promotions: buy N units ... (1 to 1000)"),
      OptionSpec("--get", value: "M", "... get M more at --percent-off (default 100: free)"),
      OptionSpec(
        "--across-lines",
        "with --buy/--get: count the units of every targeted line together (cheapest got); with --percent-off, --amount-off or --fixed-price and --maximum-quantity: the limit counts the units of the whole order (dearest first)"
      ),
      OptionSpec(
        "--minimum", value: "A",
        "for a threshold: the least amount it applies to; for a shipping deal: the least subtotal; for a gift: the least the chosen plan leaves"
      ),
      OptionSpec(
        "--minimum-quantity", value: "N",
        "for a threshold or a gift: the least units its lines must have (1 to 1000000)"),
      OptionSpec(
        "--repeat", "for a threshold with --amount-off and one minimum: take it off for every full minimum"),
      OptionSpec(
        "--maximum-discount", value: "A",
        "for a percentage off the order, a repeating threshold or tiers: the most it takes off"),
      OptionSpec(
        "--maximum-quantity", value: "N",
        "item promotions: the most units of each line it covers (1 to 1000000; of the order with --across-lines)"
      ),
      OptionSpec(
        "--sku", value: "S", repeatable: true, "target the SKU S (repeatable; not for shipping promotions)"),
      OptionSpec(
        "--category", value: "C", repeatable: true,
        "target the category C (repeatable; not for shipping promotions)"),
      OptionSpec("--code", value: "CODE", "apply only to orders that present this coupon code"),
      OptionSpec(
        "--customer-group", value: "G", repeatable: true,
        "apply only to customers in the group G (repeatable: any of them)"),
      OptionSpec("--name", value: "N", "a name for people"),
      OptionSpec("--starts-at", value: "T", "the window's first instant, RFC 3339 with an offset"),
      OptionSpec("--ends-at", value: "T", "the window's end (exclusive), RFC 3339 with an offset"),
      OptionSpec("--inactive", "switched off"),
      OptionSpec(
        "--stackable", "may be combined with promotions of every other class (item, order, shipping)"),
    ] + format4Options

  /// Field options that contradict each other (``PromotionFlags`` refuses them together).
  static let exclusiveFieldPairs =
    [
      ("--percent-off", "--amount-off"), ("--percent-off", "--fixed-price"),
      ("--amount-off", "--fixed-price"),
      ("--amount-off", "--buy"), ("--amount-off", "--get"), ("--fixed-price", "--buy"),
      ("--fixed-price", "--get"),
      ("--starts-at", "--no-starts-at"), ("--ends-at", "--no-ends-at"), ("--code", "--no-code"),
      ("--maximum-discount", "--no-maximum-discount"), ("--sku", "--no-target"),
      ("--category", "--no-target"),
      ("--active", "--inactive"), ("--stackable", "--no-stackable"), ("--minimum", "--no-minimum"),
      ("--minimum-quantity", "--no-minimum-quantity"), ("--repeat", "--no-repeat"),
      ("--across-lines", "--no-across-lines"), ("--maximum-quantity", "--no-maximum-quantity"),
      ("--customer-group", "--no-customer-groups"),
    ] + format4ExclusivePairs

  /// The options of `update` that clear a field or undo a flag.
  static let clearingOptions: [OptionSpec] = [
    OptionSpec("--no-starts-at", "clear the window's start"),
    OptionSpec("--no-ends-at", "clear the window's end"),
    OptionSpec("--no-code", "clear the coupon code: apply without one"),
    OptionSpec("--no-maximum-discount", "clear the cap"),
    OptionSpec("--no-target", "clear the target: act on every line (an order deal: on the whole order)"),
    OptionSpec("--no-minimum", "clear the minimum amount"),
    OptionSpec("--no-minimum-quantity", "clear the minimum quantity"),
    OptionSpec("--no-repeat", "take the threshold's sum off once"),
    OptionSpec("--no-across-lines", "count each line's units on its own"),
    OptionSpec("--no-maximum-quantity", "clear the limit of units"),
    OptionSpec("--no-customer-groups", "apply to every customer"),
    OptionSpec("--no-combines-with", "clear combinesWith: combine with nothing"),
    OptionSpec("--no-layer", "clear the layer: a discount in layer 1, a threshold in layer 2"),
    OptionSpec("--no-get-target", "clear the get target: the units got come from the target's lines"),
    OptionSpec("--no-exclude-discounted-lines", "act on the lines that took an item deal too"),
    OptionSpec("--no-tiers", "clear a threshold's tiers (give it --minimum and a benefit instead)"),
    OptionSpec("--active", "switched on"),
    OptionSpec("--no-stackable", "may not be combined"),
  ]

  /// The options of `promo add`: the field options (`--id` and `--kind` required), or
  /// `--file`.
  static let addOptions: [OptionSpec] =
    [
      OptionSpec("--id", value: "ID", required: true, "the id: 1 to 64 characters of A-Z a-z 0-9 . _ -"),
      OptionSpec(
        "--kind", value: "KIND", choices: PromotionKind.allCases.map(\.rawValue), required: true, kindSummary),
    ] + fieldOptions.dropFirst(2) + [
      OptionSpec(
        "--file", value: "FILE", completes: .jsonFiles,
        "add the promotion or array of promotions in FILE (- for standard input)"),
      store, lockTimeout, quiet, help,
    ]
}
