/// `n` and the word for one or for many, as a summary line says it: `1 person`, `2 people`.
package func counted(_ n: Int, _ one: String, _ many: String) -> String {
    "\(n) \(n == 1 ? one : many)"
}
