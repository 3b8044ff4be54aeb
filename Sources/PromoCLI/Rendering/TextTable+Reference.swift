import PromoKit

/// The first, string-based renderer, kept as the reference the byte renderer is held to.
extension TextTable {
  /// The rows, each cell made printable.
  private var rows: [[String]] {
    var start = 0
    var textStart = 0
    return rowEnds.map { end in
      defer { start = end }
      return cellLengths[start..<end].map { length in
        let cellEnd = textStart + Int(length & ~Self.otherWidth)
        defer { textStart = cellEnd }
        return String(decoding: text[textStart..<cellEnd], as: UTF8.self)
      }
    }
  }

  /// ``render(indent:)`` as it was written first, over strings: the reference the tests
  /// hold the byte renderer to on random tables.
  func referenceRender(indent: String = "") -> String {
    // For decimal columns: the widest integer part and the widest rest of each column.
    var integerWidths = [Int](repeating: 0, count: alignments.count)
    var restWidths = [Int](repeating: 0, count: alignments.count)
    for row in rows {
      for (column, cell) in row.enumerated() where alignments[column] == .decimal {
        let (integer, rest) = Self.splitAtPoint(cell)
        integerWidths[column] = max(integerWidths[column], integer)
        restWidths[column] = max(restWidths[column], rest)
      }
    }
    let cells = rows.map { row in
      row.enumerated().map { column, cell in
        guard alignments[column] == .decimal else { return cell }
        let (integer, rest) = Self.splitAtPoint(cell)
        return String(repeating: " ", count: integerWidths[column] - integer) + cell
          + String(repeating: " ", count: restWidths[column] - rest)
      }
    }
    var widths = [Int](repeating: 0, count: alignments.count)
    for row in cells {
      for (column, cell) in row.enumerated() {
        widths[column] = max(widths[column], TextWidth.columns(of: cell))
      }
    }
    var output = ""
    for row in cells {
      var line = indent
      for (column, alignment) in alignments.enumerated() {
        let cell = column < row.count ? row[column] : ""
        let padding = String(repeating: " ", count: widths[column] - TextWidth.columns(of: cell))
        if column > 0 { line += "  " }
        line += alignment == .right ? padding + cell : cell + padding
      }
      while line.hasSuffix(" ") { line.removeLast() }
      output += line + "\n"
    }
    return output
  }
}
