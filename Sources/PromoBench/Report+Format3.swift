/// The format-3 selection row.
extension Report {
  /// 5,000 orders of 8 lines with shipping against 60,000 working format-3 promotions, and
  /// against the same store switched off (the same bytes to read, nothing to select from).
  mutating func measureFormat3(promo: String, inputs: Inputs) {
    inputs.generateFormat3()
    let arguments = [
      "price", "--lines", inputs.format3Orders, "--at", inputs.at, "--format", "json", "--store",
    ]
    let (working, switchedOff) = Self.bestAlternating(
      [promo] + arguments + [inputs.format3StoreOn], [promo] + arguments + [inputs.format3StoreOff], runs: 5)
    rows.append(
      Row(
        name: "format 3: 5,000 orders of 8 lines with shipping, 60,000 working format-3 promotions",
        subject: seconds(working.seconds), baseline: "all switched off " + seconds(switchedOff.seconds),
        ratio: working.seconds / switchedOff.seconds, target: 2))
  }
}
