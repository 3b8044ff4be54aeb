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
    // Printable ASCII, the common case, is looked at byte by byte without decoding scalars.
    var text = text
    let plain = text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    if plain { return text }
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
    String(decoding: renderBytes(indent: indent), as: UTF8.self)
  }

  /// The width and integer part of one cell (see ``splitAtPoint(_:)``); a cell of ASCII
  /// alone is measured from its bytes.
  private static func measure(_ cell: String, decimal: Bool) -> (width: Int, integer: Int) {
    var cell = cell
    let ascii = cell.withUTF8 { bytes -> (width: Int, integer: Int)? in
      var integer = 0
      var inInteger = true
      var hasDigit = false
      for byte in bytes {
        if byte >= 0x80 { return nil }
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        hasDigit = hasDigit || isDigit
        if inInteger {
          if isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ",") {
            integer += 1
          } else {
            inInteger = false
          }
        }
      }
      // A cell without digits (a heading, `-`) ends where the integer parts end.
      return (bytes.count, hasDigit ? integer : bytes.count)
    }
    if let ascii { return ascii }
    let width = TextWidth.columns(of: cell)
    guard decimal else { return (width, width) }
    return (width, splitAtPoint(cell).integer)
  }

  /// ``render(indent:)`` as UTF-8 bytes.
  func renderBytes(indent: String = "") -> [UInt8] {
    let columns = alignments.count
    // Each cell's width and, in decimal columns, the width of its integer part.
    var widthsOfCells = [Int](repeating: 0, count: rows.count * columns)
    var integers = [Int](repeating: 0, count: rows.count * columns)
    // For decimal columns: the widest integer part and the widest rest of each column.
    var integerWidths = [Int](repeating: 0, count: columns)
    var restWidths = [Int](repeating: 0, count: columns)
    for (number, row) in rows.enumerated() {
      for (column, cell) in row.enumerated() where column < columns {
        let decimal = alignments[column] == .decimal
        let (width, integer) = Self.measure(cell, decimal: decimal)
        widthsOfCells[number * columns + column] = width
        integers[number * columns + column] = integer
        if decimal {
          integerWidths[column] = max(integerWidths[column], integer)
          restWidths[column] = max(restWidths[column], width - integer)
        }
      }
    }
    // Column widths, decimal cells counted with their padding.
    var widths = [Int](repeating: 0, count: columns)
    for (number, row) in rows.enumerated() {
      for column in 0..<min(row.count, columns) {
        var width = widthsOfCells[number * columns + column]
        if alignments[column] == .decimal { width = integerWidths[column] + restWidths[column] }
        widths[column] = max(widths[column], width)
      }
    }
    var output: [UInt8] = []
    output.reserveCapacity(rows.count * (widths.reduce(indent.utf8.count + 1) { $0 + $1 + 2 }))
    func spaces(_ count: Int) {
      for _ in 0..<max(0, count) { output.append(0x20) }
    }
    // The indent's trailing spaces are trimmed too on a line with nothing after them.
    var indentCore = Array(indent.utf8)
    var indentSpaces = 0
    while let last = indentCore.last, last == 0x20 {
      indentCore.removeLast()
      indentSpaces += 1
    }
    for (number, row) in rows.enumerated() {
      output.append(contentsOf: indentCore)
      // Spaces are written only before something that is not a space, so that the line
      // ends trimmed.
      var pending = indentSpaces
      for (column, alignment) in alignments.enumerated() {
        if column > 0 { pending += 2 }
        guard column < row.count else {
          pending += widths[column]
          continue
        }
        let cell = row[column]
        let width = widthsOfCells[number * columns + column]
        var left = 0
        var right = 0
        switch alignment {
        case .left:
          right = widths[column] - width
        case .right:
          left = widths[column] - width
        case .decimal:
          let integer = integers[number * columns + column]
          left = integerWidths[column] - integer
          right =
            restWidths[column] - (width - integer) + widths[column]
            - (integerWidths[column] + restWidths[column])
        }
        pending += left
        if !cell.isEmpty {
          var cell = cell
          cell.withUTF8 { utf8 in
            // Trailing spaces of a cell count as padding, so that a line ends trimmed.
            var end = utf8.count
            while end > 0 && utf8[end - 1] == 0x20 { end -= 1 }
            if end > 0 {
              spaces(pending)
              pending = 0
              output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<end]))
            }
            pending += utf8.count - end
          }
        }
        pending += right
      }
      output.append(0x0A)
    }
    return output
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
