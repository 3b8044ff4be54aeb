import Foundation

/// A small JSON Schema (draft 2020-12) validator for the keywords `schemas/` uses: `type`,
/// `const`, `enum`, `properties`, `required`, `additionalProperties`, `items`, `maxItems`,
/// `pattern`, `minimum`, `maximum`, `exclusiveMinimum`, `anyOf`, `oneOf`, `not`,
/// `if`/`then`/`else` and local `$ref`s. It refuses a schema that uses any other keyword,
/// so a schema cannot silently rely on one it does not check.
struct JSONSchemaValidator {
  let root: [String: Any]

  static let known: Set<String> = [
    "$schema", "$id", "$defs", "$ref", "title", "description", "type", "const", "enum", "properties",
    "required",
    "additionalProperties", "items", "maxItems", "pattern", "minimum", "maximum", "exclusiveMinimum", "anyOf",
    "oneOf", "not", "if", "then", "else",
  ]

  init(contentsOf url: URL) throws {
    root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
  }

  /// Every violation of the schema by `instance`, as `path: what` lines.
  func errors(in instance: Any) -> [String] {
    var errors: [String] = []
    check(instance, against: root, at: "$", into: &errors)
    return errors
  }

  /// The keywords of `schema` (and of every schema inside it) that this validator does not
  /// know.
  func unknownKeywords(in schema: Any? = nil) -> [String] {
    guard let object = (schema ?? root) as? [String: Any] else { return [] }
    var unknown = object.keys.filter { !Self.known.contains($0) }
    for (key, value) in object where key != "const" && key != "enum" {
      if key == "properties" || key == "$defs", let members = value as? [String: Any] {
        for member in members.values { unknown += unknownKeywords(in: member) }
      } else if let list = value as? [Any] {
        for element in list { unknown += unknownKeywords(in: element) }
      } else if value is [String: Any] {
        unknown += unknownKeywords(in: value)
      }
    }
    return unknown
  }

  private func resolve(_ reference: String) -> [String: Any] {
    var node: Any = root
    for part in reference.dropFirst(2).split(separator: "/") {
      node = (node as? [String: Any])?[String(part)] ?? [:]
    }
    return node as? [String: Any] ?? [:]
  }

  private func isValid(_ instance: Any, _ schema: Any) -> Bool {
    var errors: [String] = []
    check(instance, against: schema, at: "", into: &errors)
    return errors.isEmpty
  }

  private func check(_ instance: Any, against schemaValue: Any, at path: String, into errors: inout [String])
  {
    guard let schema = schemaValue as? [String: Any] else { return }
    if let reference = schema["$ref"] as? String {
      check(instance, against: resolve(reference), at: path, into: &errors)
    }
    if let type = schema["type"] as? String, !Self.has(instance, type: type) {
      errors.append("\(path): not of type \(type)")
      return
    }
    if let constant = schema["const"], !Self.equal(instance, constant) {
      errors.append("\(path): not \(constant)")
    }
    if let values = schema["enum"] as? [Any], !values.contains(where: { Self.equal(instance, $0) }) {
      errors.append("\(path): not one of \(values)")
    }
    if let object = instance as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        errors.append("\(path): missing \(key)")
      }
      for (key, value) in object {
        if let property = properties[key] {
          check(value, against: property, at: "\(path).\(key)", into: &errors)
        } else if let additional = schema["additionalProperties"] {
          if additional as? Bool == false {
            errors.append("\(path): unknown key \(key)")
          } else {
            check(value, against: additional, at: "\(path).\(key)", into: &errors)
          }
        }
      }
    }
    if let array = instance as? [Any] {
      if let items = schema["items"] {
        for (index, element) in array.enumerated() {
          check(element, against: items, at: "\(path)[\(index)]", into: &errors)
        }
      }
      if let maximum = schema["maxItems"] as? Int, array.count > maximum {
        errors.append("\(path): too many items")
      }
    }
    if let text = instance as? String, let pattern = schema["pattern"] as? String,
      text.range(of: pattern, options: .regularExpression) == nil
    {
      errors.append("\(path): \"\(text)\" does not match \(pattern)")
    }
    if let number = Self.number(instance) {
      if let minimum = schema["minimum"] as? Double, number < minimum {
        errors.append("\(path): below \(minimum)")
      }
      if let maximum = schema["maximum"] as? Double, number > maximum {
        errors.append("\(path): above \(maximum)")
      }
      if let minimum = schema["exclusiveMinimum"] as? Double, number <= minimum {
        errors.append("\(path): not above \(minimum)")
      }
    }
    if let options = schema["anyOf"] as? [Any], !options.contains(where: { isValid(instance, $0) }) {
      errors.append("\(path): matches none of anyOf")
    }
    if let options = schema["oneOf"] as? [Any], options.filter({ isValid(instance, $0) }).count != 1 {
      errors.append("\(path): does not match exactly one of oneOf")
    }
    if let negated = schema["not"], isValid(instance, negated) { errors.append("\(path): matches not") }
    if let condition = schema["if"] {
      if isValid(instance, condition) {
        if let then = schema["then"] { check(instance, against: then, at: path, into: &errors) }
      } else if let otherwise = schema["else"] {
        check(instance, against: otherwise, at: path, into: &errors)
      }
    }
  }

  private static func isBoolean(_ value: Any) -> Bool {
    // JSONSerialization gives booleans as NSNumbers whose type is a C `char` (`c`).
    if let number = value as? NSNumber { return String(cString: number.objCType) == "c" }
    return value is Bool
  }

  private static func number(_ value: Any) -> Double? {
    guard let number = value as? NSNumber, !isBoolean(value) else { return nil }
    return number.doubleValue
  }

  private static func has(_ value: Any, type: String) -> Bool {
    switch type {
    case "object": value is [String: Any]
    case "array": value is [Any]
    case "string": value is String
    case "boolean": isBoolean(value)
    case "number": number(value) != nil
    case "integer": number(value).map { $0 == $0.rounded() } ?? false
    case "null": value is NSNull
    default: false
    }
  }

  private static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    if let left = lhs as? String, let right = rhs as? String { return left == right }
    if isBoolean(lhs) || isBoolean(rhs) {
      return isBoolean(lhs) && isBoolean(rhs) && (lhs as? Bool) == (rhs as? Bool)
    }
    if let left = number(lhs), let right = number(rhs) { return left == right }
    return false
  }
}
