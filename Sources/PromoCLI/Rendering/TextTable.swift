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

  /// How each column is aligned. Internal (not private) for the rendering and reference
  /// extensions, which read it.
  let alignments: [Alignment]
  /// Every cell's bytes, made printable, one after another: a table of 100,000 rows holds
  /// no string per cell. Read by ``renderBytes(indent:pieceSize:_:)`` (another file).
  private(set) var text: [UInt8] = []
  /// Each cell's length in bytes, row after row, with ``otherWidth`` set when its width
  /// (in terminal columns) is not its length: its width is then the next of
  /// ``otherWidths``. Four bytes a cell, so that a long table's cells take little memory.
  /// Read by the rendering and reference extensions.
  private(set) var cellLengths: [UInt32] = []
  /// The widths of the cells whose width is not their length (see ``cellLengths``), in
  /// order. Read by the rendering extension.
  private(set) var otherWidths: [UInt32] = []
  /// The integer part of each cell in a decimal column (see ``measure(_:decimal:)``), in
  /// order. Read by the rendering extension.
  private(set) var integers: [UInt32] = []
  /// Where each row's cells end in ``cellLengths``. Read by the rendering and reference
  /// extensions.
  private(set) var rowEnds: [Int] = []
  /// Each column's widest cells so far. Read by the rendering extension.
  private(set) var measures: [ColumnMeasure]
  /// The most bytes the cells of one row take. Read by the rendering extension.
  private(set) var longestRow = 0

  /// What a column's cells need: the widest cell of a column that is not decimal, the
  /// widest integer part and widest rest of a decimal one, and whether it has a cell.
  /// Internal (not private) for the rendering extension, which lays columns out from it.
  struct ColumnMeasure {
    /// The widest cell (not decimal).
    var widest = 0
    /// The widest integer part (decimal).
    var widestInteger = 0
    /// The widest rest after the integer part (decimal).
    var widestRest = 0
    /// Whether a row has a cell in the column.
    var hasCell = false
  }

  /// The bit of a cell's length that says its width is not its length. Internal (not
  /// private) for ``Rows`` and the rendering extension, which read cell lengths.
  static let otherWidth: UInt32 = 1 << 31

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
}
