/// Whole numbers written in code as decimals and percentages: `minimumAmount: 100`,
/// `percentOff: 50`. A literal is checked when it is made, so a percentage literal outside
/// 1...100 stops the program at once, as an index out of range does; values read at run
/// time go through the throwing and failable initialisers instead.
extension DecimalNumber: ExpressibleByIntegerLiteral {
  /// The whole number `value`.
  ///
  ///     let minimum: DecimalNumber = 100   // 100
  public init(integerLiteral value: Int64) {
    self.init(significand: value)
  }
}

extension Percentage: ExpressibleByIntegerLiteral {
  /// The whole percentage `value`, which must be 1 to 100.
  ///
  ///     let half: Percentage = 50
  public init(integerLiteral value: Int64) {
    do {
      self = try Percentage(DecimalNumber(significand: value))
    } catch {
      preconditionFailure("a percentage literal must be 1 to 100, not \(value)")
    }
  }
}
