import PromoKit

/// How a table is written out: each row a line, its cells padded to their column.
extension TextTable {
  /// The rows, each prefixed with `indent` and ended with a newline; trailing spaces are
  /// trimmed.
  func render(indent: String = "") -> String {
    String(decoding: renderBytes(indent: indent), as: UTF8.self)
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
              var cells = CellCursor(
                lengths: lengths, otherWidths: otherWidths, integers: integers,
                textEnd: textStart + text.count, cellStart: textStart)
              var first = 0
              for end in rowEnds {
                // The piece is handed on before a line that might not fit.
                if (at - piece) + lineMost > capacity {
                  write(Array(UnsafeBufferPointer(start: piece, count: at - piece)))
                  at = piece
                }
                Self.writeLine(
                  first: first, end: end, indent: indentBytes, layouts: layouts, cells: &cells, at: &at)
                first = end
              }
            }
          }
        }
      }
    }
    if at > piece { write(Array(UnsafeBufferPointer(start: piece, count: at - piece))) }
  }

  /// Where ``renderBytes(indent:pieceSize:_:)`` is in the table's cells: the next cell's
  /// bytes, and the next of ``otherWidths`` and of ``integers`` to be used.
  private struct CellCursor {
    /// The table's ``cellLengths``.
    let lengths: UnsafeBufferPointer<UInt32>
    /// The table's ``otherWidths``.
    let otherWidths: UnsafeBufferPointer<UInt32>
    /// The table's ``integers``.
    let integers: UnsafeBufferPointer<UInt32>
    /// The end of the table's ``text``: eight bytes at a time are read only before it.
    let textEnd: UnsafePointer<UInt8>
    /// Where the next cell's bytes start.
    var cellStart: UnsafePointer<UInt8>
    /// The index in ``otherWidths`` of the next cell whose width is not its length.
    var nextWidth = 0
    /// The index in ``integers`` of the next decimal cell.
    var nextInteger = 0
  }

  /// Writes the line of the row whose cells are `first..<end` at `at`, prefixed with
  /// `indent` and ended with a line feed, and moves `at` and `cells` past it. Each cell is
  /// padded to its column; the spaces the line ends with are taken back.
  @inline(__always)
  private static func writeLine(
    first: Int, end: Int, indent: [UInt8], layouts: UnsafeBufferPointer<ColumnLayout>,
    cells: inout CellCursor, at: inout UnsafeMutablePointer<UInt8>
  ) {
    let columns = layouts.count
    let lineStart = at
    copy(indent, to: &at)
    // Each cell with its padding; the spaces the line ends with are taken back.
    let shown = min(end &- first, columns)
    for column in 0..<columns {
      if column > 0 { spaces(2, at: &at) }
      let layout = layouts[column]
      let last = column &+ 1 == columns
      guard column < shown else {
        if !last { spaces(layout.width, at: &at) }
        continue
      }
      writeCell(first &+ column, layout: layout, last: last, cells: &cells, at: &at)
    }
    // Cells past the table's columns, if a row has any, are not shown.
    for index in (first &+ shown)..<max(end, first &+ shown) {
      let length = cells.lengths[index]
      cells.cellStart += Int(length & ~otherWidth)
      if length & otherWidth != 0 { cells.nextWidth &+= 1 }
    }
    while at > lineStart && (at - 1).pointee == 0x20 { at -= 1 }
    at.pointee = 0x0A
    at += 1
  }

  /// Writes the cell at `index` padded as `layout` says (with no spaces after it when it is
  /// the `last` of its line) at `at`, and moves `at` and `cells` past it.
  @inline(__always)
  private static func writeCell(
    _ index: Int, layout: ColumnLayout, last: Bool, cells: inout CellCursor,
    at: inout UnsafeMutablePointer<UInt8>
  ) {
    let length = cells.lengths[index]
    let byteCount = Int(length & ~otherWidth)
    var width = byteCount
    if length & otherWidth != 0 {
      width = Int(cells.otherWidths[cells.nextWidth])
      cells.nextWidth &+= 1
    }
    switch layout.alignment {
    case .left:
      copy(from: cells.cellStart, count: byteCount, readableUpTo: cells.textEnd, to: &at)
      if !last { spaces(layout.width &- width, at: &at) }
    case .right:
      spaces(layout.width &- width, at: &at)
      copy(from: cells.cellStart, count: byteCount, readableUpTo: cells.textEnd, to: &at)
    case .decimal:
      let left = layout.integerWidth &- Int(cells.integers[cells.nextInteger])
      cells.nextInteger &+= 1
      spaces(left, at: &at)
      copy(from: cells.cellStart, count: byteCount, readableUpTo: cells.textEnd, to: &at)
      if !last { spaces(layout.width &- left &- width, at: &at) }
    }
    cells.cellStart += byteCount
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
}
