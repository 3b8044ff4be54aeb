import PromoKit

/// A report (`promo report --format json`) that decodes must re-encode to exactly the same
/// report, and merge with itself and with an empty report without trapping: a report read
/// by `--merge` is untrusted input.
func checkReport(_ bytes: [UInt8]) {
  guard let report = try? PricingReportDecoder.decode(bytes, file: "fuzz") else { return }
  let encoded = PricingReportEncoder.encode(report)
  guard let again = try? PricingReportDecoder.decode(encoded, file: "fuzz") else {
    preconditionFailure("an encoded report must decode")
  }
  precondition(again == report, "decoding the encoding must give the same report")
  precondition(PricingReportEncoder.encode(again) == encoded, "encoding must be a fixed point")
  let empty = PricingReport(currency: nil)
  precondition((try? empty.merging(report)) == report, "an empty report adds nothing")
  if let twice = try? report.merging(report) {
    precondition(twice.orders == 2 * report.orders, "a merge adds the orders up")
    precondition(twice.discount.minorUnits == 2 * report.discount.minorUnits, "a merge adds the discounts up")
  }
}
