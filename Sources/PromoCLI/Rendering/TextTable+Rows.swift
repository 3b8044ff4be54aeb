import PromoKit

/// Rows of a table written as bytes before they are added to it.
extension TextTable {
  /// Rows written cell by cell as bytes (no string per cell), then added to a table
  /// together with ``append(_:)-(Rows)``, which empties them for the next ones.
  struct Rows: ~Copyable {
    /// The bytes of the cells written so far, one after another: a cell's bytes are
    /// appended here, then the cell ended with ``endCell()``.
    var text = TextBuffer(capacity: 1 << 17)
    /// Where each cell written so far ends in ``text``. Read by
    /// ``TextTable/append(_:)-(Rows)``.
    private(set) var cellEnds: UnsafeMutablePointer<Int>
    /// Room for each cell's length, for ``TextTable/append(_:)-(Rows)``, which writes
    /// the lengths there.
    private(set) var cellLengths: UnsafeMutablePointer<UInt32>
    /// How many cells are written. Read by ``TextTable/append(_:)-(Rows)``.
    private(set) var cellCount = 0
    /// How many cells fit in ``cellEnds`` and ``cellLengths``.
    private var cellCapacity = 4_096
    /// Where each row written so far ends in ``cellEnds``. Read by
    /// ``TextTable/append(_:)-(Rows)``.
    private(set) var rowEnds: [Int] = []

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

    /// Forgets the rows written. Internal (not private) for
    /// ``TextTable/append(_:)-(Rows)``, which empties the rows it added.
    mutating func removeAll() {
      text.removeAll()
      cellCount = 0
      rowEnds.removeAll(keepingCapacity: true)
    }
  }
}
