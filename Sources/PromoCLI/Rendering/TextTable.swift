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
  /// Every cell's bytes, made printable, one after another: a table of 100,000 rows holds
  /// no string per cell.
  private var text: [UInt8] = []
  /// Each cell: where its bytes end in ``text``, and its measure (see ``measure(_:decimal:)``).
  private var cells: [(end: Int, width: Int, integer: Int)] = []
  /// Where each row's cells end in ``cells``.
  private var rowEnds: [Int] = []

  /// A table whose columns are aligned as given.
  init(_ alignments: [Alignment]) {
    self.alignments = alignments
  }

  /// The rows, each cell made printable.
  private var rows: [[String]] {
    var start = 0
    var textStart = 0
    return rowEnds.map { end in
      defer { start = end }
      return cells[start..<end].map { cell in
        defer { textStart = cell.end }
        return String(decoding: text[textStart..<cell.end], as: UTF8.self)
      }
    }
  }

  /// Adds a row; missing trailing cells are empty. Control characters in cells are shown
  /// escaped (see ``printable(_:)``).
  mutating func append(_ cells: [String]) {
    for cell in cells { appendCell { $0.appendUTF8(of: cell) } }
    endRow()
  }

  /// Makes room for `count` more rows (of about the width of a row of the listing).
  mutating func reserveRows(_ count: Int) {
    cells.reserveCapacity(cells.count + count * alignments.count)
    rowEnds.reserveCapacity(rowEnds.count + count)
    text.reserveCapacity(text.count + count * 64)
  }

  /// Adds a cell to the row being built, in its next column: `write` appends the cell's
  /// UTF-8 bytes to the table's own, so that no string is made for it. The cell is measured,
  /// and made printable (see ``printable(_:)``) if need be, when its row ends
  /// (``endRow()``).
  @inline(__always)
  mutating func appendCell(_ write: (inout [UInt8]) -> Void) {
    write(&text)
    cells.append((text.count, 0, 0))
  }

  /// Ends the row that ``appendCell(_:)`` added cells to: measures them, all at once when
  /// the row is printable ASCII (the common case, checked eight bytes at a time), else cell
  /// by cell, each made printable first.
  ///
  /// - Complexity: O(*n*) for *n* bytes in the row.
  mutating func endRow() {
    let firstCell = rowEnds.last ?? 0
    let rowStart = firstCell == 0 ? 0 : cells[firstCell - 1].end
    let plain = text.withUnsafeBufferPointer {
      Self.isPrintableASCII(UnsafeBufferPointer(rebasing: $0[rowStart...]))
    }
    if plain {
      text.withUnsafeBufferPointer { text in
        var start = rowStart
        for index in firstCell..<cells.count {
          let end = cells[index].end
          let column = index - firstCell
          let width = end - start
          let decimal = column < alignments.count && alignments[column] == .decimal
          let integer =
            decimal ? Self.measureASCII(UnsafeBufferPointer(rebasing: text[start..<end])).integer : width
          cells[index] = (end, width, integer)
          start = end
        }
      }
    } else {
      // Each cell again, through the general path: taken out as a string, made printable.
      let rowText = Array(text[rowStart...])
      let ends = cells[firstCell...].map(\.end)
      text.removeSubrange(rowStart...)
      cells.removeSubrange(firstCell...)
      var start = 0
      for (column, end) in ends.enumerated() {
        append(cell: String(decoding: rowText[start..<(end - rowStart)], as: UTF8.self), column: column)
        start = end - rowStart
      }
    }
    rowEnds.append(cells.count)
  }

  /// Whether every byte is printable ASCII (`0x20...0x7E`), looked at eight at a time.
  @inline(__always)
  private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    var at = 0
    var flagged: UInt64 = 0
    while at + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
      // A byte below 0x20 borrows into its high bit; one above 0x7E carries into it or had it.
      flagged |= (word &- ones &* 0x20) & ~word & highBits
      flagged |= ((word &+ ones) | word) & highBits
      at += 8
    }
    while at < bytes.count {
      let byte = bytes[at]
      if byte < 0x20 || byte > 0x7E { return false }
      at += 1
    }
    return flagged == 0
  }

  /// Adds one cell to the row being built, in `column`, made printable and measured.
  private mutating func append(cell: String, column: Int) {
    let decimal = column < alignments.count && alignments[column] == .decimal
    let printable = Self.printable(cell)
    let (width, integer) = Self.measure(printable, decimal: decimal)
    text.append(contentsOf: printable.utf8)
    cells.append((text.count, width, integer))
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
      bytes.allSatisfy { $0 < 0x80 } ? measureASCII(bytes) : nil
    }
    if let ascii { return ascii }
    let width = TextWidth.columns(of: cell)
    guard decimal else { return (width, width) }
    return (width, splitAtPoint(cell).integer)
  }

  /// ``measure(_:decimal:)`` of a cell of ASCII alone, from its bytes.
  @inline(__always)
  private static func measureASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, integer: Int) {
    var integer = 0
    var inInteger = true
    var hasDigit = false
    for byte in bytes {
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

  /// ``render(indent:)`` as UTF-8 bytes.
  func renderBytes(indent: String = "") -> [UInt8] {
    let columns = alignments.count
    // For decimal columns: the widest integer part and the widest rest of each column;
    // for the others, the widest cell.
    var integerWidths = [Int](repeating: 0, count: columns)
    var restWidths = [Int](repeating: 0, count: columns)
    var widths = [Int](repeating: 0, count: columns)
    var present = [Bool](repeating: false, count: columns)
    var start = 0
    for end in rowEnds {
      for column in 0..<min(end - start, columns) {
        let cell = cells[start + column]
        present[column] = true
        if alignments[column] == .decimal {
          integerWidths[column] = max(integerWidths[column], cell.integer)
          restWidths[column] = max(restWidths[column], cell.width - cell.integer)
        } else {
          widths[column] = max(widths[column], cell.width)
        }
      }
      start = end
    }
    // Decimal cells are counted with their padding.
    for column in 0..<columns where alignments[column] == .decimal && present[column] {
      widths[column] = integerWidths[column] + restWidths[column]
    }
    // The indent's trailing spaces are trimmed too on a line with nothing after them.
    var indentCore = Array(indent.utf8)
    var indentSpaces = 0
    while let last = indentCore.last, last == 0x20 {
      indentCore.removeLast()
      indentSpaces += 1
    }
    // No line is longer than the indent, every column at its width and a line feed (a
    // cell's bytes may outnumber its columns, so the cells' bytes are counted too).
    let lineMost = indentCore.count + indentSpaces + widths.reduce(1) { $0 + $1 + 2 }
    let capacity = rowEnds.count * lineMost + text.count + 1
    return [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
      var at = 0
      func spaces(_ number: Int) {
        guard number > 0 else { return }
        (output.baseAddress! + at).initialize(repeating: 0x20, count: number)
        at += number
      }
      text.withUnsafeBufferPointer { text in
        cells.withUnsafeBufferPointer { cells in
          var first = 0
          for end in rowEnds {
            for byte in indentCore {
              output[at] = byte
              at += 1
            }
            // Spaces are written only before something that is not a space, so that the
            // line ends trimmed.
            var pending = indentSpaces
            for (column, alignment) in alignments.enumerated() {
              if column > 0 { pending += 2 }
              guard column < end - first else {
                pending += widths[column]
                continue
              }
              let index = first + column
              let cell = cells[index]
              let cellStart = index == 0 ? 0 : cells[index - 1].end
              var left = 0
              var right = 0
              switch alignment {
              case .left:
                right = widths[column] - cell.width
              case .right:
                left = widths[column] - cell.width
              case .decimal:
                left = integerWidths[column] - cell.integer
                right =
                  restWidths[column] - (cell.width - cell.integer) + widths[column]
                  - (integerWidths[column] + restWidths[column])
              }
              pending += left
              // Trailing spaces of a cell count as padding, so that a line ends trimmed.
              var cellEnd = cell.end
              while cellEnd > cellStart && text[cellEnd - 1] == 0x20 { cellEnd -= 1 }
              if cellEnd > cellStart {
                spaces(pending)
                pending = 0
                (output.baseAddress! + at).initialize(
                  from: text.baseAddress! + cellStart, count: cellEnd - cellStart)
                at += cellEnd - cellStart
              }
              pending += cell.end - cellEnd + right
            }
            output[at] = 0x0A
            at += 1
            first = end
          }
        }
      }
      count = at
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
