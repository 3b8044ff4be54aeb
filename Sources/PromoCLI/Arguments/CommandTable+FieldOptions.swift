import PromoKit

extension CommandTable {
  /// The options that set a promotion's fields, shared by `add` and `update`.
  static let fieldOptions: [OptionSpec] = [
    OptionSpec("--id", value: "ID", "the id: 1 to 64 characters of A-Z a-z 0-9 . _ -"),
    OptionSpec(
      "--kind", value: "KIND", choices: PromotionKind.allCases.map(\.rawValue),
      "item (acts on lines), discount or threshold (act on the whole order), shipping (acts on its shipping)"),
    OptionSpec(
      "--percent-off", value: "P",
      "take P percent off (above 0, at most 100, 4 decimal places); with --buy/--get, off the units got"),
    OptionSpec("--amount-off", value: "A", "take the fixed sum A off (for an item promotion: off each unit)"),
    OptionSpec(
      "--fixed-price", value: "A",
      "item promotions: each unit costs A; shipping promotions: the shipping costs A"),
    OptionSpec("--buy", value: "N", "item promotions: buy N units ... (1 to 1000)"),
    OptionSpec("--get", value: "M", "... get M more at --percent-off (default 100: free)"),
    OptionSpec(
      "--across-lines", "with --buy/--get: count the units of every targeted line together (cheapest got)"),
    OptionSpec(
      "--minimum", value: "A",
      "for a threshold: the least amount it applies to; for a shipping deal: the least subtotal"),
    OptionSpec(
      "--minimum-quantity", value: "N", "for a threshold: the least units its lines must have (1 to 1000000)"),
    OptionSpec(
      "--repeat", "for a threshold with --amount-off and one minimum: take it off for every full minimum"),
    OptionSpec(
      "--maximum-discount", value: "A",
      "for a percentage off the order or a repeating threshold: the most it takes off"),
    OptionSpec(
      "--maximum-quantity", value: "N",
      "item promotions: the most units of each line it covers (1 to 1000000)"),
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
    OptionSpec("--stackable", "may be combined with promotions of the other stages"),
  ]

  /// Field options that contradict each other (``PromotionFlags`` refuses them together).
  static let exclusiveFieldPairs = [
    ("--percent-off", "--amount-off"), ("--percent-off", "--fixed-price"), ("--amount-off", "--fixed-price"),
    ("--amount-off", "--buy"), ("--amount-off", "--get"), ("--fixed-price", "--buy"),
    ("--fixed-price", "--get"),
    ("--starts-at", "--no-starts-at"), ("--ends-at", "--no-ends-at"), ("--code", "--no-code"),
    ("--maximum-discount", "--no-maximum-discount"), ("--sku", "--no-target"), ("--category", "--no-target"),
    ("--active", "--inactive"), ("--stackable", "--no-stackable"), ("--minimum", "--no-minimum"),
    ("--minimum-quantity", "--no-minimum-quantity"), ("--repeat", "--no-repeat"),
    ("--across-lines", "--no-across-lines"), ("--maximum-quantity", "--no-maximum-quantity"),
    ("--customer-group", "--no-customer-groups"),
  ]

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
    OptionSpec("--active", "switched on"),
    OptionSpec("--no-stackable", "may not be combined"),
  ]

  /// The options of `promo add`: the field options (`--id` and `--kind` required), or
  /// `--file`.
  static let addOptions: [OptionSpec] =
    [
      OptionSpec("--id", value: "ID", required: true, "the id: 1 to 64 characters of A-Z a-z 0-9 . _ -"),
      OptionSpec(
        "--kind", value: "KIND", choices: PromotionKind.allCases.map(\.rawValue), required: true,
        "item (acts on lines), discount or threshold (act on the whole order), shipping (acts on its shipping)"
      ),
    ] + fieldOptions.dropFirst(2) + [
      OptionSpec(
        "--file", value: "FILE", completes: .jsonFiles,
        "add the promotion or array of promotions in FILE (- for standard input)"),
      store, lockTimeout, quiet, help,
    ]

  /// `promo update`.
  public static let update = CommandSpec(
    name: "update",
    summary: "change fields of a promotion",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: fieldOptions + clearingOptions + [store, lockTimeout, quiet, help],
    exclusive: exclusiveFieldPairs,
    minimumArguments: 1, maximumArguments: 1,
    discussion: """
      The promotion is checked as a whole after the change. A benefit option replaces the \
      benefit (--percent-off drops amountOff, and so on; --buy or --get keep the other \
      count and the percentage of a buy-get); --sku replaces the target's SKUs, \
      --category its categories and --customer-group the customer groups; changing --kind \
      keeps every other field, and a field the new kind cannot have is refused with the \
      option that clears it (--no-minimum, --no-target, ...); --name "" drops the name; \
      --id renames it.
      """,
    examples: [
      "update autumn-20 --percent-off 25", "update flash --no-ends-at --stackable",
      "update mug-19 --sku mug-white --sku mug-red", "update VIP10 --no-code",
      "update spend100-save15 --kind discount --no-minimum",
    ])
}
