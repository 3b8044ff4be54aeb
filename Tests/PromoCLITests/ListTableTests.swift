import Foundation
import Testing

@Suite("promo list as a table for people")
struct ListTableTests {
  let store = PromoBinary.fixtures.appendingPathComponent("promotions.json").path

  @Test(
    "the sample store's table, but for the banner at the end, stays within 90 columns and shows every column"
  )
  func eightyColumns() throws {
    let run = InProcessRun(["list", "--store", store, "--at", "2026-11-22T12:00:00+08:00"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 9)
    let banner = try #require(lines[0].range(of: "BANNER"))
    let bannerColumn = lines[0].distance(from: lines[0].startIndex, to: banner.lowerBound)
    #expect(bannerColumn <= 90, "the columns before BANNER take \(bannerColumn)")
    #expect(
      lines[0].split(separator: " ") == [
        "ID", "KIND", "OFF", "MIN", "WINDOW", "(+08:00)", "ON", "STK", "STATUS", "BANNER",
      ])
    // The switch and the status are both shown: staff-30 is off, and inactive.
    let staff = lines.first { $0.hasPrefix("staff-30") }.map { $0.split(separator: " ").map(String.init) }
    #expect(
      staff == [
        "staff-30", "discount", "30%", "-", "always", "off", "no", "inactive", "30%", "off", "everything",
      ])
  }

  @Test("amounts line up on the decimal point, and dates outside the evaluation year keep their year")
  func alignment() {
    let run = InProcessRun(["list", "--store", store, "--at", "2027-03-01T00:00:00Z"])
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let points = lines.dropFirst().compactMap { line -> String.Index? in
      // The OFF column: its `%`, or its decimal point (the first `.00` on the line).
      guard let off = line.range(of: "%") ?? line.range(of: ".00") else { return nil }
      return off.lowerBound
    }
    let columns = Set(
      points.enumerated().map {
        lines[$0.offset + 1].distance(from: lines[$0.offset + 1].startIndex, to: $0.element)
      })
    #expect(columns.count == 1, "decimal points at columns \(columns)")
    #expect(run.stdout.contains("2026-11-01..2026-12-01"))
  }
}
