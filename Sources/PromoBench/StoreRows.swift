import PromoLibc

/// The rows that read a big store once per process: one order priced, each change written
/// back, one promotion shown, the working ones listed, each against `jq length` of the same
/// store (a parse-only floor), and the peak memory of pricing one order against the size
/// of the store file. The store has 100,000 promotions, each with a name, a third with a
/// window (``Inputs/generateNamedStore()``), in the form `promo` writes.
extension Report {
  /// The store rows.
  mutating func measureStore(promo: String, inputs: Inputs) {
    guard let jq = Runner.which("jq") else {
      rows.append(Row(name: "store rows: jq not installed", subject: "-", baseline: "-", ratio: .nan))
      return
    }
    let store = inputs.generateNamedStore()
    // A change and its undoing leave the store as `promo` writes it (two-space indentation).
    for change in ["disable", "enable"] {
      let run = Runner.run([promo, change, "p1", "--store", store, "--quiet"])
      if run.status != 0 {
        complain("promo-bench: promo \(change) p1 --store \(store) exited with \(run.status)")
      }
    }
    let floor = [jq, "length", store]
    let common = ["--store", store, "--at", inputs.at]
    let price = [promo, "price", inputs.order] + common + ["--format", "json"]
    var info = stat()
    stat(store, &info)
    let size = format(Double(info.st_size) / 1_048_576, 1)
    measureAgainst(
      floor, price, "store: one order, 100,000 promotions, names, windows (\(size) MiB as promo writes it)",
      0.15)
    let priced = Self.best(price)
    rows.append(
      Row(
        name: "store: peak memory pricing one order", subject: "\(priced.maximumResidentKilobytes) KiB",
        baseline: "store file \(Int(info.st_size) / 1024) KiB",
        ratio: Double(priced.maximumResidentKilobytes) / (Double(info.st_size) / 1024), target: 3,
        unit: "memory"))
    // Each change is followed by the one that undoes it, so that every run starts from the
    // same bytes; both are timed.
    let changes: [(String, [String], [String], Double?)] = [
      (
        "add / delete", ["add", "--id", "bench-new", "--kind", "discount", "--percent-off", "5"],
        ["delete", "bench-new"], 0.3
      ),
      ("disable / enable", ["disable", "p50000"], ["enable", "p50000"], 0.3),
      (
        "update (name, then back)", ["update", "p50000", "--name", "bench"],
        ["update", "p50000", "--name", Inputs.name(50_000)], 0.3
      ),
    ]
    for (name, change, undo, target) in changes {
      let (done, floorTime) = Self.bestAlternatingPair(
        [promo] + change + ["--store", store, "--quiet"], [promo] + undo + ["--store", store, "--quiet"],
        floor)
      rows.append(
        Row(
          name: "store: \(name), 100,000 promotions", subject: seconds(done.seconds),
          baseline: "jq length " + seconds(floorTime.seconds), ratio: done.seconds / floorTime.seconds,
          target: target))
    }
    measureAgainst(floor, [promo, "show", "p50000"] + common, "store: show ID, 100,000 promotions", 0.2)
    measureAgainst(
      floor, [promo, "list", "--working"] + common, "store: list --working, 100,000 promotions", 0.2)
    measureAgainst(
      floor, [promo, "validate", store, "--at", inputs.at, "--quiet"], "store: validate, 100,000 promotions",
      nil,
      stderr: "/dev/null")
  }

  /// A row of `command` against `floor` (`jq length`), best of 5 alternating runs; the
  /// command's standard error goes to `stderr` when given.
  private mutating func measureAgainst(
    _ floor: [String], _ command: [String], _ name: String, _ target: Double?, stderr: String? = nil
  ) {
    let (subject, baseline) = Self.bestAlternating(command, floor, runs: 5, stderr: stderr)
    if subject.status != 0 {
      complain("promo-bench: \(command.joined(separator: " ")) exited with \(subject.status)")
    }
    rows.append(
      Row(
        name: name, subject: seconds(subject.seconds), baseline: "jq length " + seconds(baseline.seconds),
        ratio: subject.seconds / baseline.seconds, target: target))
  }

  /// The best of 5 runs of a change, its undoing and the floor, in turn: the change's time
  /// (the slower of the two, so both meet the target) and the floor's.
  static func bestAlternatingPair(_ change: [String], _ undo: [String], _ floor: [String]) -> (
    Measurement, Measurement
  ) {
    var best: (Measurement?, Measurement?) = (nil, nil)
    for _ in 0..<5 {
      let done = Runner.run(change)
      let undone = Runner.run(undo)
      let base = Runner.run(floor)
      for run in [done, undone] where run.status != 0 {
        complain("promo-bench: \(change.joined(separator: " ")) (or its undoing) exited with \(run.status)")
      }
      let slower = done.seconds > undone.seconds ? done : undone
      if best.0 == nil || slower.seconds < best.0!.seconds { best.0 = slower }
      if best.1 == nil || base.seconds < best.1!.seconds { best.1 = base }
    }
    return (best.0!, best.1!)
  }
}
