// The program's test support gives the layers' too: the doubles and fixtures of `ContactsTesting`,
// the vCard parsing of `ContactFormatsTesting`.
@_exported import ContactsTesting
@_exported import ContactFormatsTesting
@_exported import ContactsServerTesting
