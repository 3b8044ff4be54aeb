import PromoLibc

/// The measurements, each a ratio of `promo` to its baseline taken in the same run, and
/// whether each target is met.
struct Report {
  /// One line of the table.
  struct Row {
    /// What is measured.
    var name: String
    /// What `promo` took (or used).
    var subject: String
    /// What the baseline took, and what it is.
    var baseline: String
    /// `promo` over the baseline.
    var ratio: Double
    /// The highest ratio that meets the target, if the row has one.
    var target: Double?
    /// What the ratio is of: time or memory.
    var unit: String = "time"
    /// The name `PROMO_BENCH_ONLY` selects the row by.
    var group = ""
  }

  /// The rows measured so far, in order.
  var rows: [Row] = []

  /// Measures the rows of `group` with `body` when they are wanted, naming them after it.
  mutating func measure(_ group: String, _ body: (inout Report) -> Void) {
    guard Self.wanted(group) else { return }
    complain("promo-bench: measuring \(group)")
    let first = rows.count
    body(&self)
    for index in first..<rows.count { rows[index].group = group }
  }

  /// Whether every row with a target meets it (a ratio that could not be measured does not).
  var allTargetsMet: Bool { rows.allSatisfy { row in row.target.map { row.ratio <= $0 } ?? true } }

  /// Mean wall time of `runs` alternating runs of each command.
  static func alternate(_ first: [String], _ second: [String], runs: Int) -> (Double, Double) {
    var totals = (0.0, 0.0)
    for _ in 0..<runs {
      totals.0 += Runner.run(first).seconds
      totals.1 += Runner.run(second).seconds
    }
    return (totals.0 / Double(runs), totals.1 / Double(runs))
  }

  /// The best of `runs` wall times of each command, run in turn, so that a disturbance of
  /// the machine falls on both sides alike.
  static func bestAlternating(
    _ first: [String], _ second: [String], runs: Int, stderr: String? = nil
  ) -> (Measurement, Measurement) {
    var best: (Measurement?, Measurement?) = (nil, nil)
    for _ in 0..<runs {
      let one = Runner.run(first, stderr: stderr)
      let other = Runner.run(second)
      if best.0 == nil || one.seconds < best.0!.seconds { best.0 = one }
      if best.1 == nil || other.seconds < best.1!.seconds { best.1 = other }
    }
    return (best.0!, best.1!)
  }

  /// The best of `runs` wall times: the least disturbed by the rest of the machine.
  static func best(_ argv: [String], runs: Int = 3, stdin: String = "/dev/null") -> Measurement {
    var best: Measurement?
    for _ in 0..<runs {
      let measurement = Runner.run(argv, stdin: stdin)
      if measurement.status != 0 {
        complain("promo-bench: \(argv.joined(separator: " ")) exited with \(measurement.status)\n")
      }
      if best == nil || measurement.seconds < best!.seconds { best = measurement }
    }
    return best!
  }

  /// The names `PROMO_BENCH_ONLY` takes, each selecting some rows, in the order they run.
  static let names = [
    "selection", "items", "format3", "shape-plain", "shape-items", "shape-format3", "shape-coupons",
    "shape-format4", "shape-coupon-layer",
    "inactive-format3", "jobs", "batch", "startup", "memory", "text", "store",
  ]

  /// Whether the rows named `name` are to be measured: all of them, or those listed in
  /// `$PROMO_BENCH_ONLY` (comma-separated names of ``names``; `shapes` stands for the four
  /// `shape-` names).
  static func wanted(_ name: String) -> Bool {
    guard let only = getenv("PROMO_BENCH_ONLY") else { return true }
    return String(cString: only).split(separator: ",").contains {
      $0 == name || ($0 == "shapes" && name.hasPrefix("shape-"))
    }
  }

  /// One order against the small store, against `/bin/true`: 300 alternating runs, means.
  mutating func measureStartup(promo: String, inputs: Inputs) {
    let command = [
      promo, "price", inputs.order, "--store", inputs.smallStore, "--at", inputs.at, "--format", "json",
    ]
    let (subject, baseline) = Self.alternate(command, ["/bin/true"], runs: 300)
    rows.append(
      Row(
        name: "start-up: one order, small store", subject: ms(subject) + " per run",
        baseline: "/bin/true " + ms(baseline),
        ratio: subject / baseline, target: 2))
  }

  /// The arguments that price `orders` as a JSON Lines stream against the small store.
  static func stream(_ promo: String, _ inputs: Inputs, _ orders: String, _ extra: [String] = []) -> [String]
  {
    [promo, "price", "--lines", orders, "--store", inputs.smallStore, "--at", inputs.at] + extra
  }

  /// The million orders streamed, against `jq -c .id` over them; and one process per order
  /// (1,000 timed, scaled to the million, no target).
  mutating func measureBatch(promo: String, inputs: Inputs) {
    let command = Self.stream(promo, inputs, inputs.orders1M, ["--format", "json"])
    guard let jq = Runner.which("jq") else {
      let batch = Self.best(command)
      rows.append(
        Row(
          name: "batch vs jq: jq not installed", subject: seconds(batch.seconds), baseline: "-", ratio: .nan,
          target: nil))
      return
    }
    let (batch, floor) = Self.bestAlternating(command, [jq, "-c", ".id", inputs.orders1M], runs: 5)
    rows.append(
      Row(
        name: "batch: 1,000,000 orders, --lines, one core", subject: seconds(batch.seconds),
        baseline: "jq -c .id " + seconds(floor.seconds),
        ratio: batch.seconds / floor.seconds, target: 0.5))
    // One process per order, timed on the first 1,000 orders through standard input and
    // scaled to the million.
    let perOrder = Self.onePerProcess(promo: promo, inputs: inputs, count: 1_000)
    rows.append(
      Row(
        name: "batch: one process per order (1,000 timed, scaled)", subject: seconds(batch.seconds),
        baseline: seconds(perOrder * 1_000_000), ratio: batch.seconds / (perOrder * 1_000_000), target: nil))
  }

  /// The million orders with `--format text`, against `--format json`; and the format-3
  /// shape's orders (with shipping, several promotions each) against its 12-promotion
  /// store, likewise.
  mutating func measureText(promo: String, inputs: Inputs) {
    let (text, json) = Self.bestAlternating(
      Self.stream(promo, inputs, inputs.orders1M, ["--format", "text"]),
      Self.stream(promo, inputs, inputs.orders1M, ["--format", "json"]), runs: 5)
    rows.append(
      Row(
        name: "text output: 1,000,000 orders, --lines", subject: seconds(text.seconds),
        baseline: "--format json " + seconds(json.seconds), ratio: text.seconds / json.seconds, target: 1.5))
    let files = inputs.files(of: .format3)
    let shipped = Array(Self.price(promo, inputs, files.smallOrders, files.small).dropLast(2))
    let (shippedText, shippedJSON) = Self.bestAlternating(
      shipped + ["--format", "text"], shipped + ["--format", "json"], runs: 9)
    rows.append(
      Row(
        name:
          "text output: \(grouped(inputs.orderCount)) orders with shipping, 12 format-3 promotions, --lines",
        subject: seconds(shippedText.seconds), baseline: "--format json " + seconds(shippedJSON.seconds),
        ratio: shippedText.seconds / shippedJSON.seconds, target: 1.5))
  }

  /// The million orders with `--jobs 2`, against `--jobs 1`, and whether they wrote the same
  /// bytes.
  mutating func measureJobs(promo: String, inputs: Inputs) {
    let one = inputs.folder + "/out-jobs-1.jsonl"
    let two = inputs.folder + "/out-jobs-2.jsonl"
    var best: (Double, Double) = (.infinity, .infinity)
    for _ in 0..<5 {
      let parallel = Runner.run(
        Self.stream(promo, inputs, inputs.orders1M, ["--format", "json", "--jobs", "2"]), stdout: two)
      let serial = Runner.run(
        Self.stream(promo, inputs, inputs.orders1M, ["--format", "json", "--jobs", "1"]), stdout: one)
      best = (min(best.0, parallel.seconds), min(best.1, serial.seconds))
    }
    let same = Self.sameBytes(one, two)
    unlink(one)
    unlink(two)
    rows.append(
      Row(
        name: "parallel: 1,000,000 orders, --jobs 2 (\(same ? "identical bytes" : "DIFFERENT BYTES"))",
        subject: seconds(best.0), baseline: "--jobs 1 " + seconds(best.1),
        ratio: same ? best.0 / best.1 : .infinity, target: 0.65))
  }

  /// Whether two files hold the same bytes.
  static func sameBytes(_ first: String, _ second: String) -> Bool {
    guard let left = fopen(first, "r"), let right = fopen(second, "r") else { return false }
    defer {
      fclose(left)
      fclose(right)
    }
    var one = [UInt8](repeating: 0, count: 1 << 16)
    var other = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&one, 1, one.count, left)
      let otherCount = fread(&other, 1, other.count, right)
      if count != otherCount || one[..<count] != other[..<otherCount] { return false }
      if count == 0 { return true }
    }
  }

  /// The mean time of pricing each of the first `count` orders of the stream in a process
  /// of its own.
  static func onePerProcess(promo: String, inputs: Inputs, count: Int) -> Double {
    let path = inputs.folder + "/one-order.json"
    guard let file = fopen(inputs.orders1M, "r") else { return .nan }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    var total = 0.0
    for _ in 0..<count {
      guard getline(&line, &capacity, file) > 0, let line else { break }
      let out = fopen(path, "w")
      fputs(line, out)
      fclose(out)
      total +=
        Runner.run([
          promo, "price", path, "--store", inputs.smallStore, "--at", inputs.at, "--format", "json",
        ]).seconds
    }
    free(line)
    return total / Double(count)
  }

  /// The peak memory of streaming the million orders, against 100,000, with one and two jobs.
  mutating func measureMemory(promo: String, inputs: Inputs) {
    for jobs in ["1", "2"] {
      let extra = ["--format", "json", "--jobs", jobs]
      let million = Self.best(Self.stream(promo, inputs, inputs.orders1M, extra), runs: 1)
      let hundredThousand = Self.best(Self.stream(promo, inputs, inputs.orders100k, extra), runs: 1)
      rows.append(
        Row(
          name: "peak memory: 1,000,000 orders streamed, --jobs \(jobs)",
          subject: "\(million.maximumResidentKilobytes) KiB",
          baseline: "100,000 orders \(hundredThousand.maximumResidentKilobytes) KiB",
          ratio: Double(million.maximumResidentKilobytes) / Double(hundredThousand.maximumResidentKilobytes),
          target: 1.2,
          unit: "memory"))
    }
  }

  /// Prints the table in Markdown.
  func print() {
    Swift.print("| row | measurement | promo | baseline | ratio | target | met |")
    Swift.print("|---|---|---|---|---|---|---|")
    for row in rows {
      let target = row.target.map { "≤ \(format($0, ($0 * 10).rounded() == $0 * 10 ? 1 : 2))×" } ?? "-"
      let met = row.target.map { row.ratio <= $0 ? "yes" : "no, by \(format(row.ratio / $0, 2))×" } ?? "-"
      let ratio = format(row.ratio, row.ratio < 0.1 ? 4 : 2)
      Swift.print(
        "| \(row.group) | \(row.name) | \(row.subject) | \(row.baseline) | \(ratio)× | \(target) | \(met) |")
    }
  }

  /// `value` seconds in milliseconds.
  func ms(_ value: Double) -> String { format(value * 1000, 2) + " ms" }
  /// `value` seconds, to the hundredth.
  func seconds(_ value: Double) -> String { format(value, 2) + " s" }
}

/// `value` with `places` decimal places.
func format(_ value: Double, _ places: Int) -> String {
  guard value.isFinite else { return "n/a" }
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  let scaled = Int((value * scale).rounded())
  let whole = scaled / Int(scale)
  let fraction = String(abs(scaled) % Int(scale))
  return places == 0
    ? "\(whole)" : "\(whole).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
}

/// `value` with commas between groups of three digits.
func grouped(_ value: Int) -> String {
  let digits = String(value)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return result
}
