import ContactsServer
import Testing

/// The XML a WebDAV server answers, read; what no WebDAV answer holds, refused.
@Suite struct XMLReaderTests {
    @Test func namespacesResolveWhateverThePrefix() throws {
        let documents = [
            #"<d:multistatus xmlns:d="DAV:"><d:response><d:href>/a</d:href></d:response></d:multistatus>"#,
            #"<multistatus xmlns="DAV:"><response><href>/a</href></response></multistatus>"#,
            #"<?xml version="1.0"?><!-- c --><D:multistatus xmlns:D="DAV:"><D:response xmlns:x="urn:x"><D:href>/a</D:href></D:response></D:multistatus>"#,
        ]
        for document in documents {
            let root = try XMLReader.parse(Array(document.utf8))
            #expect(root.is("DAV:", "multistatus"), "\(document)")
            #expect(root.child("DAV:", "response")?.child("DAV:", "href")?.text == "/a", "\(document)")
        }
    }

    @Test func textWithReferencesAndCDATA() throws {
        let root = try XMLReader.parse(Array(#"<a xmlns="urn:t">x &lt;&amp;&gt; &#233;&#x1F600;<![CDATA[<b>&amp;]]></a>"#.utf8))
        #expect(root.text == "x <&> é😀<b>&amp;")
        #expect(root.namespace == "urn:t")
    }

    @Test(arguments: [
        ("<a><b></a>", "closes no open element"),
        ("<a>", "is not closed"),
        ("<!DOCTYPE a [<!ENTITY x \"y\">]><a>&x;</a>", "document type"),
        ("<a>&x;</a>", "unknown reference"),
        ("<p:a/>", "not declared"),
        ("<a/><b/>", "second root"),
        ("text", "outside the root"),
        ("", "no root"),
        ("<a b=c/>", "quoted attribute value"),
    ])
    func refused(document: String, reason: String) {
        #expect(throws: XMLSyntaxError.self) { try XMLReader.parse(Array(document.utf8)) }
        do {
            _ = try XMLReader.parse(Array(document.utf8))
        } catch let error as XMLSyntaxError {
            #expect(error.reason.contains(reason), "\(document): \(error)")
        } catch {}
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "<a>", count: XMLReader.maxDepth + 1) + String(repeating: "</a>", count: XMLReader.maxDepth + 1)
        #expect(throws: XMLSyntaxError.self) { try XMLReader.parse(Array(deep.utf8)) }
        let allowed = String(repeating: "<a>", count: XMLReader.maxDepth) + String(repeating: "</a>", count: XMLReader.maxDepth)
        #expect(try XMLReader.parse(Array(allowed.utf8)).name == "a")
    }
}
