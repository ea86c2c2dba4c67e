/// Private (`X-`) properties that vendors write and the model has a place for.
extension PropertyTable {
    static let extensions: [PropertyDeclaration] = [
        // How the name sounds: Apple, and Android's exports.
        PropertyDeclaration("X-PHONETIC-FIRST-NAME", .all, kind: .text, merge: .naming, field: .phoneticFirst,
                            definedIn: "Apple Contacts"),
        PropertyDeclaration("X-PHONETIC-MIDDLE-NAME", .all, kind: .text, merge: .naming, field: .phoneticMiddle,
                            definedIn: "Apple Contacts"),
        PropertyDeclaration("X-PHONETIC-LAST-NAME", .all, kind: .text, merge: .naming, field: .phoneticLast,
                            definedIn: "Apple Contacts"),
        // Apple's labelled dates and the labels of a group (`item1.X-ABDATE`, `item1.X-ABLabel`).
        PropertyDeclaration("X-ABDATE", .all, field: .appleDate, definedIn: "Apple Contacts"),
        PropertyDeclaration("X-ABLABEL", .all, kind: .text, field: .appleLabel, definedIn: "Apple Contacts"),
        // Android's rows of other kinds: events, nicknames, relations.
        PropertyDeclaration("X-ANDROID-CUSTOM", .all, field: .androidCustom, definedIn: "Android Contacts"),
    ]
}
