import ContactsCore

/// What Apple's Contacts (macOS, iOS, iCloud) writes that no standard says, and how it is read
/// and written. Fixtures: `Fixtures/apple-contacts.vcf`, `Fixtures/realworld/apple-labelled-dates.vcf`.
///
/// - Labels: a property in a group (`item1.EMAIL`) takes the group's `X-ABLabel`; Apple's own
///   labels are `_$!<Name>!$_` (`_$!<Anniversary>!$_`, `_$!<HomePage>!$_`), which its apps show
///   translated, custom ones plain text. Shown as the plain word (`plainLabel`); a phone's
///   `_$!<HomeFAX>!$_` is the types home and fax (`types(ofLabel:)`).
/// - Dates: `itemN.X-ABDATE` with its label; labelled `_$!<Anniversary>!$_` it is the
///   anniversary, which vCard 4.0 output writes as `itemN.ANNIVERSARY` beside the label, so that
///   clients that know no `X-ABDATE` (khal showed "_$!<Anniversary>!$_") see an anniversary and
///   3.0 output gets Apple's form back (`labelledAnniversary`); `--apple-compat` writes any
///   anniversary so (#41 item 8).
/// - A year-less date is `X-APPLE-OMIT-YEAR=1604:1604-MM-DD` (`VCardPropertyConverter`,
///   `DateParsing.appleNoYear`).
/// - Groups are cards of their own, `X-ADDRESSBOOKSERVER-KIND:group` with
///   `X-ADDRESSBOOKSERVER-MEMBER` lines (`ContactGroups`).
package enum Apple {
    /// The label of Apple's anniversary.
    static let anniversaryLabel = "_$!<Anniversary>!$_"

    /// `_$!<Anniversary>!$_` → `Anniversary`; a custom label as it is.
    package static func plainLabel(_ label: String) -> String {
        if label.hasPrefix("_$!<") && label.hasSuffix(">!$_") && label.utf8.count > 8 {
            return String(label.dropFirst(4).dropLast(4))
        }
        return label
    }

    /// The vCard types an item's label stands for (plain, `plainLabel`): Apple's own labels of
    /// phones (`HomeFAX` is home and fax, `Mobile` and `iPhone` cell); any other label is its own type.
    package static func types(ofLabel label: String) -> [String] {
        switch label.asciiLowercased() {
        case "homefax": ["home", "fax"]
        case "workfax": ["work", "fax"]
        case "otherfax": ["fax"]
        case "mobile": ["cell"]
        case "iphone": ["cell", "iphone"]
        default: [label]
        }
    }

    /// The group (as written) of the card's anniversary in Apple's form: the first group
    /// labelled `_$!<Anniversary>!$_` that holds a date (`X-ABDATE`, or the `ANNIVERSARY` our
    /// 4.0 output writes); nil when there is none, or when another property says the
    /// anniversary (`ANNIVERSARY` outside it, `X-ANNIVERSARY`, a vendor's).
    static func anniversaryGroup(in properties: [VCardProperty]) -> String? {
        var labelled: Set<String> = []
        for p in properties where p.group != nil && p.name.utf8.count == 9 && p.name.uppercased() == "X-ABLABEL"
            && ValueDecoding.unescape(Array(p.value.utf8)).lowercased() == anniversaryLabel.lowercased() {
            labelled.insert(p.group!.lowercased())
        }
        guard !labelled.isEmpty else { return nil }
        var found: String?
        for p in properties {
            guard let name = PropertyName(Array(p.name.utf8)), name == .appleDate || name == .anniversary else { continue }
            if let group = p.group, labelled.contains(group.lowercased()) {
                if found == nil { found = group }
            } else if name == .anniversary {
                return nil
            }
        }
        return found
    }

    /// The date of the labelled anniversary in `group` as the property the converter writes in
    /// the target version (`ANNIVERSARY`, which 3.0 writes as `X-ANNIVERSARY`), and the name it
    /// takes back after the conversion: `X-ABDATE` in 3.0, `ANNIVERSARY` in 4.0.
    static func labelledAnniversary(_ property: VCardProperty, group: String?, target: VCardTargetVersion)
        -> (property: VCardProperty, nameAfter: String)? {
        guard let group, let own = property.group, own.lowercased() == group.lowercased(),
              let name = PropertyName(Array(property.name.utf8)), name == .appleDate || name == .anniversary else { return nil }
        var p = property
        p.name = "ANNIVERSARY"
        return (p, target == .v3 ? "X-ABDATE" : "ANNIVERSARY")
    }

    /// An anniversary written as Apple does (`--apple-compat`): the date as `itemN.X-ABDATE`
    /// in a group of its own (`N` one more than any `itemN` of the card), and its label.
    static func asLabelledDate(_ anniversary: VCardProperty, among properties: [VCardProperty]) -> [VCardProperty] {
        let used = properties.compactMap { p -> Int? in
            guard let group = p.group?.lowercased(), group.hasPrefix("item") else { return nil }
            return Int(group.dropFirst(4))
        }
        let group = "item\((used.max() ?? 0) + 1)"
        var date = anniversary
        date.name = "X-ABDATE"
        date.group = group
        return [date, VCardProperty(group: group, name: "X-ABLabel", value: anniversaryLabel, line: anniversary.line)]
    }
}

extension Apple {
    /// What `--for apple` writes (`ImporterProfile`).
    static let importer = ImporterProfile("apple", format: .vcard3, cardRules: [.appleDates], notes: [
        ("vCard 3.0 with a year-less birthday as BDAY;X-APPLE-OMIT-YEAR=1604:1604-MM-DD and the anniversary as its labelled date, as Contacts exports them",
         "Fixtures/apple-contacts.vcf; pimutils/khal#650 shows Apple's form"),
    ])
}
