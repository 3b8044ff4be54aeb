import Foundation
import PromoTestSupport

/// Holds `promo price --format json --explain` output against the format-3 reference: the
/// result object, the outcomes, and the sums of the documented rules whatever the reference says.
enum Format3Differential {
  /// Prices every order of `orders` (JSON texts) against `store` with the command, in one
  /// run over one file holding an array of them; the run's status, one output line per
  /// order, and the arguments it ran with.
  static func run(
    store: String, orders: [String], at: String, codes: [String], groups: [String], folder: URL
  ) throws -> (status: Int32, lines: [String], stderr: String, arguments: [String]) {
    let storePath = folder.appendingPathComponent("store.json").path
    let orderPath = folder.appendingPathComponent("orders.json").path
    try Data(store.utf8).write(to: URL(fileURLWithPath: storePath))
    try Data(("[" + orders.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: orderPath))
    let arguments =
      ["price", orderPath, "--store", storePath, "--format", "json", "--explain", "--at", at]
      + codes.flatMap { ["--code", $0] } + groups.flatMap { ["--customer-group", $0] }
    let run = InProcessRun(arguments)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
    return (run.status, lines, run.stderr, arguments)
  }

  /// The differences between one output line and the reference's pricing.
  static func compare(_ pricing: Ref3Pricing, line: String) -> [String] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      return ["expected one JSON object, got \(line)"]
    }
    return ResultObjectCheck.problems(object, against: pricing, lenient: false)
  }
}
