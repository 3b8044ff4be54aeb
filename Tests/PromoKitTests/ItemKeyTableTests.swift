import PromoTestSupport
import Testing

@testable import PromoKit

/// ``ItemKeyTable``, held against a dictionary of arrays: every key's positions in the order
/// added, its rules where they were set, and nothing for a key never added, over keys that
/// share long prefixes, differ in their last byte, are longer than a string holds in place,
/// empty or not ASCII, enough of them to grow the table many times.
@Suite("The item key table finds every key's positions and rules")
struct ItemKeyTableTests {
  static func keys(_ count: Int) -> [String] {
    var keys = [
      "", "a", "é", "sku-1", "sku-10", "a-long-sku-name-beyond-fifteen-bytes-1",
      "a-long-sku-name-beyond-fifteen-bytes-2", "茶",
    ]
    for index in 0..<count { keys.append(index % 3 == 0 ? "sku-\(index)" : "category/\(index)/tea") }
    return keys
  }

  @Test("positions, rules and misses", arguments: [1, 40, 3_000])
  func againstDictionary(count: Int) {
    var generator = SelectionIndexTests.Generator(seed: UInt64(count))
    let keys = Self.keys(count)
    var table = ItemKeyTable()
    var expected: [String: [Int]] = [:]
    for position in 0..<(4 * keys.count) {
      let key = generator.pick(keys)
      table.add(position, to: key)
      expected[key, default: []].append(position)
    }
    table.finishGrouping()
    #expect(Set(table.keys) == Set(expected.keys))
    let added = table.keys
    table.setRules { index, positions in
      #expect(positions.map { Int($0) } == expected[added[index]])
      return PreparedPromotions.ItemTargetRules(start: Int32(index), count: Int32(positions.count))
    }
    for key in keys {
      var found: [Int] = []
      table.forEachPosition(of: key) { found.append($0) }
      #expect(found == (expected[key] ?? []), "\(key)")
      let rules = table.rules(of: key)
      #expect(rules.map { Int($0.count) } == expected[key]?.count, "\(key)")
      if let rules { #expect(table.keys[Int(rules.start)] == key) }
    }
    for missing in ["sku-", "sku-1 ", "SKU-1", "a-long-sku-name-beyond-fifteen-bytes-3", "e"] {
      #expect(table.rules(of: missing) == nil && table.keys.contains(missing) == false, "\(missing)")
      var found: [Int] = []
      table.forEachPosition(of: missing) { found.append($0) }
      #expect(found.isEmpty)
    }
  }

  @Test("the hash reads every byte, and a string's bytes wherever they are stored")
  func hash() {
    #expect(ItemKeyTable.hash("sku-12345678") != ItemKeyTable.hash("sku-12345679"))
    #expect(ItemKeyTable.hash("") != ItemKeyTable.hash("\u{0}"))
    let long = String(repeating: "tea-", count: 10)
    #expect(
      ItemKeyTable.hash(long) == ItemKeyTable.hash(String(long.utf8.map { Character(UnicodeScalar($0)) })))
    // A substring's copy and a bridged-looking string hash like the native string.
    #expect(
      ItemKeyTable.hash(String(long.dropFirst(4))) == ItemKeyTable.hash(String(repeating: "tea-", count: 9)))
  }
}
