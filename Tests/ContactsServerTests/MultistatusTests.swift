import ContactsServer
import ContactsTesting
import Foundation
import Testing

/// WebDAV's multistatus as servers write it (Fixtures/dav, also the seeds of fuzz-dav).
@Suite struct MultistatusTests {
    static func responses(_ name: String) throws -> [DAVResponse] {
        try DAVResponse.parse(Array(try Data(contentsOf: URL(fileURLWithPath: fixturePath("dav/" + name)))))
    }

    @Test func aListing() throws {
        let listing = try Self.responses("listing.xml")
        #expect(listing.map(\.href) == ["/books/anna/contacts/", "/books/anna/contacts/a%40b.vcf", "http://dav.example/books/anna/contacts/c.vcf"])
        #expect(listing[0].isCollection && listing[0].isAddressBook && !listing[0].isCalendar)
        #expect(listing[0].text(DAVNamespace.dav, "displayname") == "Contacts")
        #expect(listing[1].text(DAVNamespace.dav, "getetag") == "\"1a\"")
        // A property in a 404 propstat is not there.
        #expect(listing[2].property(DAVNamespace.dav, "getcontenttype") == nil && listing[2].text(DAVNamespace.dav, "getetag") == "W/\"2\"")
    }

    @Test func aMultiget() throws {
        let cards = try Self.responses("multiget.xml")
        #expect(cards.count == 3)
        #expect(cards[0].property(DAVNamespace.cardDAV, "address-data")?.text.contains("FN:Anna &amp; Berg") == true, "CDATA is as written")
        #expect(cards[1].property(DAVNamespace.cardDAV, "address-data")?.text.contains("FN:Nils <Ek>\r\n") == true, "references replaced")
        #expect(cards[2].status == 404 && cards[2].properties.isEmpty)
    }

    @Test func aPrincipal() throws {
        let root = try #require(try Self.responses("principal.xml").first)
        #expect(root.property(DAVNamespace.dav, "current-user-principal")?.child(DAVNamespace.dav, "href")?.text == "/principals/anna/")
        #expect(root.property(DAVNamespace.cardDAV, "addressbook-home-set")?.child(DAVNamespace.dav, "href")?.text == "/books/anna/")
    }

    @Test func notAMultistatus() {
        #expect(throws: XMLSyntaxError.self) { try DAVResponse.parse(Array("<a xmlns='DAV:'/>".utf8)) }
    }
}
