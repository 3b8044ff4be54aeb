/// The SKUs, categories and customer groups a generated store and its orders draw from:
/// a small one shared with the format-1/2 cases, or a wide or narrow one for big stores
/// (wide: many SKUs, few rules on each; narrow: a handful, many rules on each).
package struct RefCatalogue {
  /// The SKUs of lines and targets.
  package var skus: [String]
  /// The categories of lines and targets.
  package var categories: [String]

  /// The customer groups of promotions and orders (two differ only in case).
  package static let groups = ["member", "vip", "Member", "staff", "b2b"]
  /// The catalogue of the small cases.
  package static let small = RefCatalogue(
    skus: RefCaseGenerator.skus, categories: RefCaseGenerator.categories)
  /// 200 SKUs in 40 categories.
  package static let wide = RefCatalogue(
    skus: (0..<200).map { "sku-\($0)" }, categories: (0..<40).map { "cat-\($0)" })
  /// 5 SKUs in 3 categories.
  package static let narrow = RefCatalogue(
    skus: ["tea-green", "tea-black", "mug-white", "pot-iron", "pot-clay"], categories: ["tea", "ware", "pot"])
}
