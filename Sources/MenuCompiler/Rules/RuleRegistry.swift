/// Every guideline rule, one line each. Adding a rule: write its file in
/// `Rules/Catalog/` and add one line here.
public enum RuleRegistry {
    public static let all: [any Rule] = [
        LabelEllipsisCharacter(),
    ]

    public static func descriptor(_ id: String) -> RuleDescriptor? {
        all.first { $0.descriptor.id == id }?.descriptor
    }
}
