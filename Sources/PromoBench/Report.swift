import PromoLibc

/// The measurements, each a ratio of `promo` to its baseline taken in the same run, and
/// whether each target is met.
struct Report {
  struct Row {
    var name: String
    var subject: String
    var baseline: String
    var ratio: Double
    var target: Double?
    var unit: String = "time"
  }

  var rows: [Row] = []

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
  static func bestAlternating(_ first: [String], _ second: [String], runs: Int) -> (Measurement, Measurement)
  {
    var best: (Measurement?, Measurement?) = (nil, nil)
    for _ in 0..<runs {
      let one = Runner.run(first)
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

  /// Whether the rows named `name` are to be measured: all of them, or those listed in
  /// `$PROMO_BENCH_ONLY` (comma-separated: startup, batch, text, jobs, selection, items,
  /// format3, memory, store).
  static func wanted(_ name: String) -> Bool {
    guard let only = getenv("PROMO_BENCH_ONLY") else { return true }
    return String(cString: only).split(separator: ",").contains { $0 == name }
  }

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

  mutating func measureText(promo: String, inputs: Inputs) {
    let (text, json) = Self.bestAlternating(
      Self.stream(promo, inputs, inputs.orders1M, ["--format", "text"]),
      Self.stream(promo, inputs, inputs.orders1M, ["--format", "json"]), runs: 5)
    rows.append(
      Row(
        name: "text output: 1,000,000 orders, --lines", subject: seconds(text.seconds),
        baseline: "--format json " + seconds(json.seconds), ratio: text.seconds / json.seconds, target: 1.5))
  }

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

  mutating func measureSelection(promo: String, inputs: Inputs) {
    // 10,000 orders against 100,000 working discounts and thresholds, and against the same
    // store switched off (the same bytes to read, nothing to select from).
    let arguments = ["price", "--lines", inputs.orders10k, "--at", inputs.at, "--format", "json", "--store"]
    let (working, switchedOff) = Self.bestAlternating(
      [promo] + arguments + [inputs.bigStoreOn], [promo] + arguments + [inputs.bigStoreOff], runs: 5)
    rows.append(
      Row(
        name: "selection: 10,000 orders, 100,000 working order promotions", subject: seconds(working.seconds),
        baseline: "all switched off " + seconds(switchedOff.seconds),
        ratio: working.seconds / switchedOff.seconds, target: 2))
  }

  mutating func measureItems(promo: String, inputs: Inputs) {
    let arguments = ["price", "--lines", inputs.itemOrders, "--at", inputs.at, "--format", "json", "--store"]
    let (working, switchedOff) = Self.bestAlternating(
      [promo] + arguments + [inputs.itemStoreOn], [promo] + arguments + [inputs.itemStoreOff], runs: 5)
    rows.append(
      Row(
        name: "items: 5,000 orders of 20 lines, 20,000 working item promotions",
        subject: seconds(working.seconds), baseline: "all switched off " + seconds(switchedOff.seconds),
        ratio: working.seconds / switchedOff.seconds, target: 2))
  }

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

  func print() {
    Swift.print("| measurement | promo | baseline | ratio | target | met |")
    Swift.print("|---|---|---|---|---|---|")
    for row in rows {
      let target = row.target.map { "≤ \(format($0, ($0 * 10).rounded() == $0 * 10 ? 1 : 2))×" } ?? "-"
      let met = row.target.map { row.ratio <= $0 ? "yes" : "no, by \(format(row.ratio / $0, 2))×" } ?? "-"
      let ratio = format(row.ratio, row.ratio < 0.1 ? 4 : 2)
      Swift.print("| \(row.name) | \(row.subject) | \(row.baseline) | \(ratio)× | \(target) | \(met) |")
    }
  }

  func ms(_ value: Double) -> String { format(value * 1000, 2) + " ms" }
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
