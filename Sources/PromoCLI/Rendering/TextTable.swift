/// Rows of cells laid out in aligned columns for a person to read.
///
/// Columns are as wide as their widest cell (counted in terminal columns: see
/// ``TextWidth``). A `.decimal` column
/// lines its cells up on the decimal point (or where it would be: `20%` against `15.00`).
struct TextTable {
  /// How a column is aligned.
  enum Alignment {
    case left
    case right
    /// Aligned on the decimal point: the part before it right-aligned, the rest left.
    case decimal
  }

  private let alignments: [Alignment]
  private var rows: [[String]] = []

  /// A table whose columns are aligned as given.
  init(_ alignments: [Alignment]) {
    self.alignments = alignments
  }

  /// Adds a row; missing trailing cells are empty. Control characters in cells are shown
  /// escaped (see ``printable(_:)``).
  mutating func append(_ cells: [String]) {
    rows.append(cells.map(Self.printable))
  }

  /// `text` with control characters (line breaks, escape, line separators, bidirectional
  /// overrides, ...) written as `\u{1B}` and the like, so that data cannot break the layout,
  /// reorder it or drive the terminal.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The lengths of a cell's integer part (up to the first character that is not a digit,
  /// a sign or a group separator) and of the rest (`.00`, `%`).
  private static func splitAtPoint(_ cell: String) -> (integer: Int, rest: Int) {
    // A cell without digits (a heading, `-`) ends where the integer parts end.
    let width = TextWidth.columns(of: cell)
    guard cell.contains(where: \.isNumber) else { return (width, 0) }
    let integer = cell.prefix { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "," }.count
    return (integer, width - integer)
  }

  /// C0 and C1 controls, the line and paragraph separators, and the bidirectional
  /// controls that could reorder what a terminal shows.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
      || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// The rows, each prefixed with `indent` and ended with a newline; trailing spaces are
  /// trimmed.
  func render(indent: String = "") -> String {
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
