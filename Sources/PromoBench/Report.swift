#if canImport(Glibc)
  import Glibc
#endif

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

  mutating func measureStartup(promo: String, inputs: Inputs) {
    let command = [
      promo, "price", inputs.order, "--store", inputs.smallStore, "--at", inputs.at, "--format", "json",
    ]
    let (subject, baseline) = Self.alternate(command, ["/bin/true"], runs: 300)
    rows.append(
      Row(
        name: "start-up: one order, small store", subject: ms(subject) + " per run",
        baseline: "/bin/true " + ms(baseline),
        ratio: subject / baseline, target: 3))
  }

  mutating func measureBatch(promo: String, inputs: Inputs) {
    let batch = Self.best([
      promo, "price", "--lines", inputs.orders1M, "--store", inputs.smallStore, "--at", inputs.at, "--format",
      "json",
    ])
    if let jq = Runner.which("jq") {
      let floor = Self.best([jq, "-c", ".id", inputs.orders1M])
      rows.append(
        Row(
          name: "batch: 1,000,000 orders, --lines", subject: seconds(batch.seconds),
          baseline: "jq -c .id " + seconds(floor.seconds),
          ratio: batch.seconds / floor.seconds, target: 1))
    } else {
      rows.append(
        Row(
          name: "batch vs jq: jq not installed", subject: seconds(batch.seconds), baseline: "-", ratio: .nan,
          target: nil))
    }
    // One process per order, timed on the first 1,000 orders through standard input and
    // scaled to the million.
    let perOrder = Self.onePerProcess(promo: promo, inputs: inputs, count: 1_000)
    rows.append(
      Row(
        name: "batch: one process per order (1,000 timed, scaled)", subject: seconds(batch.seconds),
        baseline: seconds(perOrder * 1_000_000), ratio: batch.seconds / (perOrder * 1_000_000), target: nil))
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
    // One order: what a store of 100,000 promotions costs a `promo price` call. Then 100
    // orders, to show the cost of selection itself once the store is read.
    for (orders, count, target) in [(inputs.order, 1, 1.5 as Double?), (inputs.orders100, 100, nil)] {
      let lines = count > 1 ? ["--lines"] : []
      let arguments = ["price"] + lines + [orders, "--at", inputs.at, "--format", "json", "--store"]
      let (working, switchedOff) = Self.bestAlternating(
        [promo] + arguments + [inputs.bigStoreOn], [promo] + arguments + [inputs.bigStoreOff], runs: 5)
      rows.append(
        Row(
          name: "selection: \(count) order\(count > 1 ? "s" : ""), 100,000 working promotions",
          subject: seconds(working.seconds), baseline: "all switched off " + seconds(switchedOff.seconds),
          ratio: working.seconds / switchedOff.seconds, target: target))
    }
  }

  mutating func measureMemory(promo: String, inputs: Inputs) {
    let arguments = ["price", "--lines", "--store", inputs.smallStore, "--at", inputs.at, "--format", "json"]
    let million = Self.best([promo] + arguments + [inputs.orders1M], runs: 1)
    let hundredThousand = Self.best([promo] + arguments + [inputs.orders100k], runs: 1)
    rows.append(
      Row(
        name: "peak memory: 1,000,000 orders streamed", subject: "\(million.maximumResidentKilobytes) KiB",
        baseline: "100,000 orders \(hundredThousand.maximumResidentKilobytes) KiB",
        ratio: Double(million.maximumResidentKilobytes) / Double(hundredThousand.maximumResidentKilobytes),
        target: 1.2,
        unit: "memory"))
  }

  func print() {
    Swift.print("| measurement | promo | baseline | ratio | target | met |")
    Swift.print("|---|---|---|---|---|---|")
    for row in rows {
      let target = row.target.map { "≤ \(format($0, 1))×" } ?? "-"
      let met = row.target.map { row.ratio <= $0 ? "yes" : "no, by \(format(row.ratio / $0, 2))×" } ?? "-"
      let ratio = format(row.ratio, row.ratio < 0.1 ? 4 : 2)
      Swift.print("| \(row.name) | \(row.subject) | \(row.baseline) | \(ratio)× | \(target) | \(met) |")
    }
  }

  private func ms(_ value: Double) -> String { format(value * 1000, 2) + " ms" }
  private func seconds(_ value: Double) -> String { format(value, 2) + " s" }
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
