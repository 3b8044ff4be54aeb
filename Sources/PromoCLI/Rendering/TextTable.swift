import PromoKit

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
  /// Each cell's length in bytes, row after row, with ``otherWidth`` set when its width
  /// (in terminal columns) is not its length: its width is then the next of
  /// ``otherWidths``. Four bytes a cell, so that a long table's cells take little memory.
  private var cellLengths: [UInt32] = []
  /// The widths of the cells whose width is not their length (see ``cellLengths``), in
  /// order.
  private var otherWidths: [UInt32] = []
  /// The integer part of each cell in a decimal column (see ``measure(_:decimal:)``), in
  /// order.
  private var integers: [UInt32] = []
  /// Where each row's cells end in ``cellLengths``.
  private var rowEnds: [Int] = []
  /// Each column's widest cells so far.
  private var measures: [ColumnMeasure]
  /// The most bytes the cells of one row take.
  private var longestRow = 0

  /// What a column's cells need: the widest cell of a column that is not decimal, the
  /// widest integer part and widest rest of a decimal one, and whether it has a cell.
  private struct ColumnMeasure {
    /// The widest cell (not decimal).
    var widest = 0
    /// The widest integer part (decimal).
    var widestInteger = 0
    /// The widest rest after the integer part (decimal).
    var widestRest = 0
    /// Whether a row has a cell in the column.
    var hasCell = false
  }

  /// The bit of a cell's length that says its width is not its length.
  private static let otherWidth: UInt32 = 1 << 31

  /// A table whose columns are aligned as given.
  init(_ alignments: [Alignment]) {
    self.alignments = alignments
    measures = Array(repeating: ColumnMeasure(), count: alignments.count)
  }

  /// Whether the column at `column` is aligned on the decimal point.
  @inline(__always)
  private func isDecimal(_ column: Int) -> Bool {
    column < alignments.count && alignments[column] == .decimal
  }

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

  /// Rows written cell by cell as bytes (no string per cell), then added to a table
  /// together with ``append(_:)-(Rows)``, which empties them for the next ones.
  struct Rows: ~Copyable {
    /// The bytes of the cells written so far, one after another: a cell's bytes are
    /// appended here, then the cell ended with ``endCell()``.
    var text = TextBuffer(capacity: 1 << 17)
    /// Where each cell written so far ends in ``text``.
    fileprivate private(set) var cellEnds: UnsafeMutablePointer<Int>
    /// Room for each cell's length, for ``append(_:)-(Rows)``.
    fileprivate private(set) var cellLengths: UnsafeMutablePointer<UInt32>
    /// How many cells are written.
    fileprivate private(set) var cellCount = 0
    /// How many cells fit in ``cellEnds`` and ``cellLengths``.
    private var cellCapacity = 4_096
    /// Where each row written so far ends in ``cellEnds``.
    fileprivate private(set) var rowEnds: [Int] = []

    /// No rows.
    init() {
      cellEnds = .allocate(capacity: cellCapacity)
      cellLengths = .allocate(capacity: cellCapacity)
      rowEnds.reserveCapacity(1_024)
    }

    deinit {
      cellEnds.deallocate()
      cellLengths.deallocate()
    }

    /// How many bytes the rows hold.
    var byteCount: Int { text.count }

    /// Ends the cell whose bytes were appended to ``text`` since the last one ended: the
    /// row's next column.
    @inline(__always)
    mutating func endCell() {
      if cellCount == cellCapacity { growCells() }
      cellEnds[cellCount] = text.count
      cellCount &+= 1
    }

    /// Ends the row being written; the next cell begins a new one.
    mutating func endRow() {
      rowEnds.append(cellCount)
    }

    /// Doubles the room for cells.
    @inline(never)
    private mutating func growCells() {
      let grownEnds = UnsafeMutablePointer<Int>.allocate(capacity: 2 * cellCapacity)
      grownEnds.moveInitialize(from: cellEnds, count: cellCount)
      cellEnds.deallocate()
      cellEnds = grownEnds
      cellLengths.deallocate()
      cellLengths = .allocate(capacity: 2 * cellCapacity)
      cellCapacity *= 2
    }

    /// Forgets the rows written.
    fileprivate mutating func removeAll() {
      text.removeAll()
      cellCount = 0
      rowEnds.removeAll(keepingCapacity: true)
    }
  }

  /// Adds a row; missing trailing cells are empty. Control characters in cells are shown
  /// escaped (see ``printable(_:)``).
  mutating func append(_ cells: [String]) {
    let rowStart = text.count
    for (column, cell) in cells.enumerated() { append(cell: cell, column: column) }
    rowEnds.append(cellLengths.count)
    longestRow = max(longestRow, text.count - rowStart)
  }

  /// Adds the rows of `rows` (missing trailing cells are empty, control characters shown
  /// escaped, as ``append(_:)-([String])`` does) and empties it. Rows of printable ASCII,
  /// the common case, are checked eight bytes at a time and their cells measured from
  /// their lengths alone (but for the integer part of a decimal cell).
  ///
  /// - Complexity: O(*n*) for *n* bytes in the rows.
  mutating func append(_ rows: inout Rows) {
    let bytes = rows.text.unsafeBytes
    let cellEnds = rows.cellEnds
    let lengths = rows.cellLengths
    // All at once when all of it is printable ASCII, else row by row.
    let plain = Self.isPrintableASCII(bytes)
    if plain { text.append(contentsOf: bytes) }
    let firstCell = cellLengths.count
    let columns = alignments.count
    var first = 0
    var start = 0
    for end in rows.rowEnds {
      let rowEnd = end > first ? cellEnds[end &- 1] : start
      longestRow = max(longestRow, rowEnd &- start)
      if plain || Self.isPrintableASCII(UnsafeBufferPointer(rebasing: bytes[start..<rowEnd])) {
        if !plain { text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<rowEnd])) }
        measures.withUnsafeMutableBufferPointer { measures in
          for index in first..<end {
            let cellEnd = cellEnds[index]
            let width = cellEnd &- start
            guard width < Int(Self.otherWidth) else { preconditionFailure("a cell of 2 GiB or more") }
            lengths[index] = UInt32(truncatingIfNeeded: width)
            let column = index &- first
            if column < columns {
              measures[column].hasCell = true
              if alignments[column] == .decimal {
                let integer = Self.measureASCII(UnsafeBufferPointer(rebasing: bytes[start..<cellEnd])).integer
                integers.append(UInt32(truncatingIfNeeded: integer))
                measures[column].widestInteger = max(measures[column].widestInteger, integer)
                measures[column].widestRest = max(measures[column].widestRest, width &- integer)
              } else {
                measures[column].widest = max(measures[column].widest, width)
              }
            }
            start = cellEnd
          }
        }
        if !plain {
          cellLengths.append(contentsOf: UnsafeBufferPointer(start: lengths + first, count: end &- first))
        }
      } else {
        // Cell by cell: measured from its bytes when it has no control character (and, in
        // a decimal column, is ASCII), else through the general path, made printable.
        let rowStart = text.count
        for index in first..<end {
          let cellEnd = cellEnds[index]
          let cell = UnsafeBufferPointer(rebasing: bytes[start..<cellEnd])
          let column = index &- first
          if let measured = Self.measureUTF8(cell, decimal: isDecimal(column)) {
            text.append(contentsOf: cell)
            appendMeasure(
              length: cell.count, width: measured.width, integer: measured.integer, column: column)
          } else {
            append(cell: String(decoding: cell, as: UTF8.self), column: column)
          }
          start = cellEnd
        }
        longestRow = max(longestRow, text.count - rowStart)
      }
      if !plain { rowEnds.append(cellLengths.count) }
      first = end
    }
    if plain {
      cellLengths.append(contentsOf: UnsafeBufferPointer(start: lengths, count: rows.cellCount))
      rowEnds.reserveCapacity(rowEnds.count + rows.rowEnds.count)
      for end in rows.rowEnds { rowEnds.append(firstCell &+ end) }
    }
    rows.removeAll()
  }

  /// Makes room for `count` more rows of `bytes` bytes each, about.
  mutating func reserveRows(_ count: Int, bytes: Int) {
    cellLengths.reserveCapacity(cellLengths.count + count * alignments.count)
    rowEnds.reserveCapacity(rowEnds.count + count)
    text.reserveCapacity(text.count + count * bytes)
  }

  /// Whether every byte is printable ASCII (`0x20...0x7E`), looked at eight at a time.
  @inline(__always)
  private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    var at = 0
    var flagged: UInt64 = 0
    while at &+ 8 <= bytes.count {
      let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
      // A byte below 0x20 borrows into its high bit; one above 0x7E carries into it or had it.
      flagged |= (word &- ones &* 0x20) & ~word & highBits
      flagged |= ((word &+ ones) | word) & highBits
      at &+= 8
    }
    while at < bytes.count {
      let byte = bytes[at]
      if byte < 0x20 || byte > 0x7E { return false }
      at &+= 1
    }
    return flagged == 0
  }

  /// Adds one cell to the row being built, in `column`: printable ASCII, the common case,
  /// is copied and measured from its bytes; anything else is made printable first.
  private mutating func append(cell: String, column: Int) {
    var cell = cell
    let measured = cell.withUTF8 { bytes -> (width: Int, integer: Int)? in
      guard Self.isPrintableASCII(bytes) else { return nil }
      text.append(contentsOf: bytes)
      return Self.measureASCII(bytes)
    }
    if let measured {
      appendMeasure(length: measured.width, width: measured.width, integer: measured.integer, column: column)
      return
    }
    let printable = Self.printable(cell)
    let (width, integer) = Self.measure(printable, decimal: isDecimal(column))
    text.append(contentsOf: printable.utf8)
    appendMeasure(length: printable.utf8.count, width: width, integer: integer, column: column)
  }

  /// ``measure(_:decimal:)`` of a cell from its UTF-8 bytes, scalar by scalar; `nil` for
  /// a cell with a control character (it must be made printable first) or, in a decimal
  /// column, with a byte that is not ASCII (its integer part is counted in characters).
  private static func measureUTF8(_ bytes: UnsafeBufferPointer<UInt8>, decimal: Bool) -> (
    width: Int, integer: Int
  )? {
    if isPrintableASCII(bytes) { return measureASCII(bytes) }
    guard !decimal else { return nil }
    var width = 0
    var at = 0
    while at < bytes.count {
      let lead = bytes[at]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard at &+ length <= bytes.count else { return nil }
      var value = length == 1 ? UInt32(lead) : UInt32(lead & (0x7F >> length))
      for offset in 1..<max(length, 1) { value = value << 6 | UInt32(bytes[at &+ offset] & 0x3F) }
      guard let scalar = Unicode.Scalar(value), !isControl(scalar) else { return nil }
      width &+= TextWidth.columns(of: scalar)
      at &+= length
    }
    return (width, width)
  }

  /// Adds the measure of a cell whose bytes were just added, in `column`.
  private mutating func appendMeasure(length: Int, width: Int, integer: Int, column: Int) {
    precondition(length < Int(Self.otherWidth) && width < Int(Self.otherWidth), "a cell of 2 GiB or more")
    if width == length {
      cellLengths.append(UInt32(length))
    } else {
      cellLengths.append(UInt32(length) | Self.otherWidth)
      otherWidths.append(UInt32(width))
    }
    guard column < alignments.count else { return }
    measures[column].hasCell = true
    if alignments[column] == .decimal {
      integers.append(UInt32(integer))
      measures[column].widestInteger = max(measures[column].widestInteger, integer)
      measures[column].widestRest = max(measures[column].widestRest, width - integer)
    } else {
      measures[column].widest = max(measures[column].widest, width)
    }
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
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    // The integer part: digits, signs and group separators from the start.
    var integer = 0
    var hasDigit = false
    while integer < bytes.count {
      let byte = bytes[integer]
      if isDigit(byte) {
        hasDigit = true
      } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "+") && byte != UInt8(ascii: ",") {
        break
      }
      integer &+= 1
    }
    // A cell without digits (a heading, `-`) ends where the integer parts end.
    if !hasDigit && !bytes[integer...].contains(where: isDigit) { return (bytes.count, bytes.count) }
    return (bytes.count, integer)
  }

  /// ``render(indent:)`` as UTF-8 bytes.
  ///
  /// - Complexity: O(*n*) for *n* bytes of output.
  func renderBytes(indent: String = "") -> [UInt8] {
    var output: [UInt8] = []
    renderBytes(indent: indent) { output.append(contentsOf: $0) }
    return output
  }

  /// ``render(indent:)`` as UTF-8 bytes, handed to `write` a piece at a time, each of whole
  /// lines and of about `pieceSize` bytes (or one longer line), so that a long table's text
  /// is not held twice whole.
  ///
  /// - Complexity: O(*n*) for *n* bytes of output.
  func renderBytes(indent: String = "", pieceSize: Int = 1 << 16, _ write: ([UInt8]) -> Void) {
    let layouts = columnLayouts()
    let columns = layouts.count
    let indentBytes = Array(indent.utf8)
    // No line is longer than the indent, every column at its width and a line feed, and
    // the bytes of its cells (a cell's bytes may outnumber its columns); 16 bytes more, for
    // the last writes of eight bytes at a time.
    let lineMost = indentBytes.count + layouts.reduce(0) { $0 + $1.width + 2 } + 1 + longestRow + 16
    let capacity = max(pieceSize, lineMost) + lineMost
    let piece = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { piece.deallocate() }
    var at = piece
    text.withUnsafeBufferPointer { text in
      cellLengths.withUnsafeBufferPointer { lengths in
        otherWidths.withUnsafeBufferPointer { otherWidths in
          integers.withUnsafeBufferPointer { integers in
            layouts.withUnsafeBufferPointer { layouts in
              let textStart = text.baseAddress ?? UnsafePointer(piece)
              let textEnd = textStart + text.count
              var first = 0
              var cellStart = textStart
              var nextWidth = 0
              var nextInteger = 0
              for end in rowEnds {
                // The piece is handed on before a line that might not fit.
                if (at - piece) + lineMost > capacity {
                  write(Array(UnsafeBufferPointer(start: piece, count: at - piece)))
                  at = piece
                }
                let lineStart = at
                Self.copy(indentBytes, to: &at)
                // Each cell with its padding; the spaces the line ends with are taken back.
                let shown = min(end &- first, columns)
                for column in 0..<columns {
                  if column > 0 { Self.spaces(2, at: &at) }
                  let layout = layouts[column]
                  let last = column &+ 1 == columns
                  guard column < shown else {
                    if !last { Self.spaces(layout.width, at: &at) }
                    continue
                  }
                  let length = lengths[first &+ column]
                  let byteCount = Int(length & ~Self.otherWidth)
                  var width = byteCount
                  if length & Self.otherWidth != 0 {
                    width = Int(otherWidths[nextWidth])
                    nextWidth &+= 1
                  }
                  switch layout.alignment {
                  case .left:
                    Self.copy(from: cellStart, count: byteCount, readableUpTo: textEnd, to: &at)
                    if !last { Self.spaces(layout.width &- width, at: &at) }
                  case .right:
                    Self.spaces(layout.width &- width, at: &at)
                    Self.copy(from: cellStart, count: byteCount, readableUpTo: textEnd, to: &at)
                  case .decimal:
                    let left = layout.integerWidth &- Int(integers[nextInteger])
                    nextInteger &+= 1
                    Self.spaces(left, at: &at)
                    Self.copy(from: cellStart, count: byteCount, readableUpTo: textEnd, to: &at)
                    if !last { Self.spaces(layout.width &- left &- width, at: &at) }
                  }
                  cellStart += byteCount
                }
                // Cells past the table's columns, if a row has any, are not shown.
                for index in (first &+ shown)..<max(end, first &+ shown) {
                  let length = lengths[index]
                  cellStart += Int(length & ~Self.otherWidth)
                  if length & Self.otherWidth != 0 { nextWidth &+= 1 }
                }
                while at > lineStart && (at - 1).pointee == 0x20 { at -= 1 }
                at.pointee = 0x0A
                at += 1
                first = end
              }
            }
          }
        }
      }
    }
    if at > piece { write(Array(UnsafeBufferPointer(start: piece, count: at - piece))) }
  }

  /// How each column pads its cells, from the widest of them.
  private func columnLayouts() -> [ColumnLayout] {
    zip(alignments, measures).map { alignment, measure in
      switch alignment {
      case .left: ColumnLayout(alignment: .left, width: measure.widest, integerWidth: 0)
      case .right: ColumnLayout(alignment: .right, width: measure.widest, integerWidth: 0)
      case .decimal:
        // Decimal cells are counted with their padding.
        ColumnLayout(
          alignment: .decimal, width: measure.hasCell ? measure.widestInteger + measure.widestRest : 0,
          integerWidth: measure.widestInteger)
      }
    }
  }

  /// How a column pads its cells: aligned as `alignment` in `width` columns, a decimal
  /// cell's integer part right-aligned in `integerWidth`.
  private struct ColumnLayout {
    /// How the column is aligned.
    var alignment: Alignment
    /// The column's width.
    var width: Int
    /// For a decimal column, the widest integer part.
    var integerWidth: Int
  }

  /// Writes `count` spaces at `at` and moves it past them; may write up to 7 more (the
  /// output has room for them and later writes overwrite them).
  @inline(__always)
  private static func spaces(_ count: Int, at: inout UnsafeMutablePointer<UInt8>) {
    guard count > 0 else { return }
    var written = 0
    while written < count {
      UnsafeMutableRawPointer(at + written).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
      written += 8
    }
    at += count
  }

  /// Copies `count` bytes from `source` to `at` and moves it past them: eight at a time
  /// while eight can be read before `readableUpTo` (up to 7 more may be written; the
  /// output has room for them and later writes overwrite them).
  @inline(__always)
  private static func copy(
    from source: UnsafePointer<UInt8>, count: Int, readableUpTo end: UnsafePointer<UInt8>,
    to at: inout UnsafeMutablePointer<UInt8>
  ) {
    var copied = 0
    while copied < count && source + copied + 8 <= end {
      let word = UnsafeRawPointer(source + copied).loadUnaligned(as: UInt64.self)
      UnsafeMutableRawPointer(at + copied).storeBytes(of: word, as: UInt64.self)
      copied += 8
    }
    while copied < count {
      at[copied] = source[copied]
      copied += 1
    }
    at += count
  }

  /// Copies `bytes` to `at` and moves it past them.
  @inline(__always)
  private static func copy(_ bytes: [UInt8], to at: inout UnsafeMutablePointer<UInt8>) {
    for byte in bytes {
      at.pointee = byte
      at += 1
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
