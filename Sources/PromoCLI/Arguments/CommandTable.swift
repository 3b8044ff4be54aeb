import PromoKit

/// The commands `promo` knows, and their options: the single source for parsing and help.
public enum CommandTable {
  /// `--store FILE`, accepted by every command that uses the store.
  static let store = OptionSpec(
    "--store", value: "FILE", completes: .jsonFiles,
    "the promotion store (default: $PROMO_STORE, else ./promotions.json)")
  /// `--help`, accepted by every command.
  static let help = OptionSpec("--help", "show this help")
  /// `--quiet`, accepted by every command that prints results.
  static let quiet = OptionSpec(
    "--quiet", "print nothing on standard output, for scripts that need the exit status alone")
  /// `--at TIME`.
  static let at = OptionSpec(
    "--at", value: "TIME", "evaluate dates at TIME, RFC 3339 with an offset (default: now)")
  /// `--code CODE`, repeatable: coupon codes presented for every order.
  static let code = OptionSpec(
    "--code", value: "CODE", repeatable: true,
    "present the coupon code CODE for every order (repeatable; case does not matter)")
  /// `--customer-group G`, repeatable: customer groups every order's customer is in.
  static let customerGroup = OptionSpec(
    "--customer-group", value: "G", repeatable: true,
    "price every order as from a customer in the group G (repeatable; names are case-sensitive)")
  /// `--locale en|zh-CN`: the language of the banner text.
  static let locale = OptionSpec(
    "--locale", value: "LOCALE", choices: BannerLocale.allCases.map(\.rawValue),
    "the language of each promotion's banner: en (default) or zh-CN (全场8折, 满100减15)")
  /// `--format text|json`.
  static let format = OptionSpec(
    "--format", value: "FORMAT", choices: ["text", "json"],
    "text for people (default), json for one object per line")

  /// `--jobs N`, for `price --lines` and `diff --lines`.
  static let jobs = OptionSpec(
    "--jobs", value: "N",
    "with --lines, price on N threads (default 1); the output is the same, in the same order")

  /// `ORDER.json...`, the orders `price` and `diff` read.
  static let orderFiles = ArgumentSpec(
    "ORDER.json...",
    "order files (one order or an array each; JSON Lines with --lines); - reads standard input",
    completes: .files)

  /// `promo price`.
  public static let price = CommandSpec(
    name: "price",
    summary: "price orders with the best plan the promotions allow",
    arguments: [orderFiles],
    options: [
      at, code, customerGroup, format,
      OptionSpec(
        "--explain",
        "list every promotion of the store with its outcome for the order, and how the discount divides over its lines"
      ),
      OptionSpec(
        "--lines", "read JSON Lines (one order per line) as a stream; print each result as it is computed"),
      OptionSpec("--fail-fast", "with --lines, stop at the first bad line"),
      jobs, store, quiet, help,
    ],
    minimumArguments: 1, maximumArguments: .max,
    discussion: """
      Finds, for each order, the plan with the lowest total. The plans are: no item \
      promotion and the best order stage (no promotion, one discount or threshold, or a \
      stackable discount followed by a stackable threshold whose minimum is tested after \
      the discount); every item promotion and no order stage; or the stackable item \
      promotions followed by a stackable order stage. Ties go to fewer promotions, then to \
      the lowest ids. In a version-4 store, "stackable" reads "combines with the classes of \
      the plan's other promotions" (combinesWith), the order stage takes at most one deal \
      of each layer, in layer order, and the gifts whose minimums the chosen plan meets \
      are granted. Every discount is divided over the order's lines to the last minor \
      unit. A promotion with a code applies only to an order that presents it (its "codes", \
      or --code). Without --lines, every input is read and checked before anything is printed. With \
      --lines, a bad line is reported with its line number, the other lines are still \
      priced, and the status is 65 at the end. --jobs N (with --lines) prices the stream on \
      N threads: the results, the errors and their line numbers come out exactly as with \
      one, in input order, in bounded memory; the default is 1, so that a stream in a \
      pipeline leaves the other cores to its producer and consumer.
      """,
    examples: [
      "price order.json",
      "price --at 2026-11-22T12:00:00+08:00 --format json orders/*.json",
      "price --explain - < order.json",
      "price --code VIP10 order.json",
      "price --lines --format json orders.jsonl > results.jsonl",
      "price --lines --jobs 2 --format json orders.jsonl > results.jsonl",
    ])

  /// `promo diff`.
  public static let diff = CommandSpec(
    name: "diff",
    summary: "show what a change of the store does to the prices of reference orders",
    arguments: [orderFiles],
    options: [
      OptionSpec(
        "--base", value: "STORE", required: true, completes: .jsonFiles,
        "the store before the change (the store in use is the one after it)"),
      at, code, customerGroup,
      OptionSpec(
        "--lines", "read JSON Lines (one order per line) as a stream; print each changed order as it is found"
      ),
      format,
      OptionSpec("--fail-on-change", "exit with status 1 when any order's total changed, for a CI gate"),
      jobs, store, quiet, help,
    ],
    minimumArguments: 1, maximumArguments: .max,
    discussion: """
      Prices every order against the --base store and against the store in use, at the same \
      time with the same codes, and reports each order whose total changed: its total \
      before and after, the change, and the promotions applied before and after. A summary \
      follows: the orders priced, how many changed, went up and went down, the sums of the \
      totals before and after, and their difference, which is what the change earns (above \
      zero) or costs on these orders. The two stores must have the same currency, and so \
      must the orders. With --format json, each changed order is one object and the summary \
      one last object {"summary": ...}. With --lines, a bad line is reported with its line \
      number, the other lines are still compared, and the status is 65 at the end.
      """,
    examples: [
      "diff --base main-promotions.json reference-orders.json",
      "diff --base <(git show main:promotions.json) --lines --fail-on-change orders.jsonl",
      "diff --base old.json --format json --at 2026-11-22T12:00:00+08:00 orders/*.json",
    ])

  /// `promo report`.
  public static let report = CommandSpec(
    name: "report",
    summary: "summarise what the promotions do to a batch of orders: the cost of each, the discount rates",
    alternativeUsage: "report --merge REPORT.json... [--format text|json|html] [--quiet]",
    arguments: [
      ArgumentSpec(
        "ORDER.json...",
        "order files, as for price (JSON Lines with --lines); with --merge, reports written by --format json",
        completes: .files)
    ],
    options: [
      at, code, customerGroup,
      OptionSpec(
        "--lines", "read JSON Lines (one order per line) as a stream, in constant memory"),
      jobs,
      OptionSpec(
        "--merge",
        "add up reports of parts of a batch (written by --format json) into the report of the whole"),
      OptionSpec(
        "--format", value: "FORMAT", choices: ["text", "json", "html"],
        "text for people (default), json for one object, html for one self-contained page"),
      store, quiet, help,
    ],
    exclusive: ["--lines", "--jobs", "--at", "--code", "--customer-group", "--store"].map { ("--merge", $0) },
    minimumArguments: 1, maximumArguments: .max,
    discussion: """
      Prices every order as price does and sums them up: the orders priced, their \
      subtotals, discounts, shipping and totals; for each promotion applied (the largest \
      cost first), the orders it was applied to, its total discount, its share of all \
      discount and its average per order; and how many orders got each discount rate \
      (discount over subtotal plus shipping): exactly 0%, then above 0 up to 5%, above 5 \
      up to 10%, and so on up to 100%. Shares are percentages with two decimals and \
      averages amounts, both rounded half-up. --format json prints one object that \
      --merge reads back: reports of parts of a batch merge into exactly the report of the \
      whole, so a cluster can report on each partition and merge on the driver. --format \
      html writes one page with the same tables and charts, needing nothing from elsewhere. \
      With --lines, a bad line is reported with its line number and left out of the sums, \
      and the status is 65 at the end; --jobs N prices on N threads with the same report.
      """,
    examples: [
      "report --lines orders.jsonl",
      "report --lines --jobs 2 --format html orders.jsonl > report.html",
      "report --format json --at 2026-11-22T12:00:00+08:00 orders/*.json",
      "report --merge --format json part-*.json > whole.json",
    ])

  /// `--lock-timeout SECONDS`, accepted by every command that writes the store.
  static let lockTimeout = OptionSpec(
    "--lock-timeout", value: "SECONDS", "wait at most SECONDS for the store's lock (default 10)")

  /// `promo list`.
  public static let list = CommandSpec(
    name: "list",
    summary: "list the promotions of the store, with their status",
    options: [
      OptionSpec("--working", "only promotions that are switched on and inside their window"),
      OptionSpec("--effective", "only promotions inside their window, switched on or not"),
      OptionSpec(
        "--kind", value: "KIND", choices: PromotionKind.allCases.map(\.rawValue),
        "only item promotions, only discounts, only thresholds, only shipping deals or only gifts"),
      at, locale, format, store, quiet, help,
    ],
    exclusive: [("--working", "--effective")],
    discussion: """
      The status of each promotion at the evaluation time is working, inactive (switched \
      off), not-started or ended. STK says what each combines with: yes (every class), no \
      (none), the classes it names (order,shipping), or - for a gift. The last column is \
      each promotion's banner, as a shop would show it to customers, in English or, with \
      --locale zh-CN, in Chinese. Window \
      bounds keep the offset they were written with: shown once in the heading when the \
      bounds share it, else beside each bound. With --format json, each promotion is one \
      line in the store's own form plus a "status" key.
      """,
    examples: [
      "list", "list --working --format json", "list --kind threshold --at 2026-12-24T00:00:00Z",
      "list --kind gift", "list --locale zh-CN",
    ])

  /// `promo show`.
  public static let show = CommandSpec(
    name: "show",
    summary: "show one promotion",
    arguments: [ArgumentSpec("ID", "the promotion's id", completes: .ids)],
    options: [at, locale, format, store, quiet, help],
    minimumArguments: 1, maximumArguments: 1,
    examples: ["show autumn-20", "show autumn-20 --format json", "show autumn-20 --locale zh-CN"])

  /// `promo validate`.
  public static let validate = CommandSpec(
    name: "validate",
    summary: "check a store and report every problem (and warnings)",
    arguments: [
      ArgumentSpec("FILE", "the store to check (default: the store in use)", completes: .jsonFiles)
    ],
    options: [
      at, store,
      OptionSpec("--all-warnings", "list every warning, even when many repeat one pattern"),
      OptionSpec(
        "--format", value: "FORMAT", choices: ["text", "json", "github"],
        "text for people (default); json for one object per problem or warning and a summary; github for workflow commands that annotate the store's lines"
      ),
      quiet, help,
    ],
    maximumArguments: 1,
    discussion: """
      Every problem is one line on standard error; the status is 65 if there is any. \
      Warnings (a window already ended at the evaluation time, a promotion that makes \
      qualifying orders free, two promotions the same but for their id, a shipping deal \
      that combines with nothing while other deals work, a tier that can take less than the \
      one below it, order deals that share a layer though each combines with order, a \
      combinesWith naming a class no working deal is in) are reported too, but do not fail \
      the check. When more than 5 warnings repeat one pattern (the same \
      message but for ids, places and amounts), the first 3 are shown and one line counts \
      the rest; --all-warnings lists them all. The summary counts every warning. --format \
      json and --format github write every problem and warning to standard output with the \
      line and column of its key or value (of the syntax error, for a file that is not \
      JSON) and a stable code: json as one object each and a last {"summary": ...} \
      object, github as workflow commands (::error file=...,line=...,col=...::) that GitHub \
      Actions shows on the lines of a pull request; the status is the same.
      """,
    examples: [
      "validate", "validate promotions.json && git commit", "validate --all-warnings",
      "validate --format github promotions.json",
    ])

  /// `promo export`.
  public static let export = CommandSpec(
    name: "export",
    summary: "write the store as another tool's file: the Merchant Center promotions feed",
    options: [
      OptionSpec(
        "--format", value: "FORMAT", choices: ["merchant-center"], required: true,
        "merchant-center: Google Merchant Center's promotions feed, tab-separated"),
      at,
      OptionSpec("--target-country", value: "CC", required: true, "the feed's target_country (CN, US, ...)"),
      OptionSpec(
        "--content-language", value: "LL", required: true, "the feed's content_language (zh, en, ...)"),
      OptionSpec(
        "--redemption-channel", value: "CHANNEL", choices: ["online", "in_store"],
        "the feed's redemption_channel (default online)"),
      OptionSpec(
        "--destination", value: "D", repeatable: true,
        "a promotion_destination (Shopping_ads, Free_listings, ...; repeatable)"),
      OptionSpec(
        "--strict", "exit with status 1 when a promotion is left out because the feed cannot express it"),
      store, quiet, help,
    ],
    discussion: """
      Writes a header row and one row per promotion working or starting later at the \
      evaluation time. A promotion the feed cannot express (customer groups, a repeating \
      threshold, a capped percentage, a sum or price per unit, a per-line unit limit, \
      shipping lowered but not free) is left out with one line on standard error saying \
      why, and so is one switched off or over; the status stays 0 unless --strict.
      """,
    examples: ["export --format merchant-center --target-country CN --content-language zh > promotions.tsv"])

  /// `promo help`.
  public static let helpCommand = CommandSpec(
    name: "help",
    summary: "show help for promo or one of its commands",
    arguments: [ArgumentSpec("COMMAND", "the command to describe", completes: .commands)],
    options: [OptionSpec("--man", "print the manual page, promo(1), in roff for man"), help],
    maximumArguments: 1,
    examples: ["help", "help price", "help --man | man -l -"])

  /// `promo completions`.
  public static let completions = CommandSpec(
    name: "completions",
    summary: "print a completion script for bash, zsh or fish",
    arguments: [ArgumentSpec("SHELL", "bash, zsh or fish", completes: .choices(CompletionScripts.shells))],
    options: [help],
    minimumArguments: 1, maximumArguments: 1,
    discussion: """
      The script completes commands, options, option values, promotion ids (read from the \
      store in use) and file names. It is generated from the same table as the parser, so \
      it cannot drift from it. `make install` puts it where each shell looks.
      """,
    examples: [
      "completions bash > ~/.local/share/bash-completion/completions/promo",
      "completions zsh > \"${fpath[1]}/_promo\"",
      "completions fish > ~/.config/fish/completions/promo.fish",
    ])

  /// The options `promo` also takes before the command (`promo --store FILE -q list`), and
  /// reads as if they came after it.
  public static let leadingOptions: [OptionSpec] = [store, quiet]

  /// Every command, in the order help lists them.
  public static let commands: [CommandSpec] = [
    price, diff, report, list, show, add, update, delete, enable, disable, validate, export, initialize,
    completions,
    helpCommand,
  ]

  /// The command named `name`, if there is one.
  public static func command(named name: String) -> CommandSpec? {
    // The common commands are found without building the others (each is built when first
    // used), which keeps a short run short; any other goes through the whole table.
    switch name {
    case "price": price
    case "list": list
    case "show": show
    default: commands.first { $0.name == name }
    }
  }
}
