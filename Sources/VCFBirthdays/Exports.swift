// The library is the layers beneath the app too: `import VCFBirthdays` gives all of it.
@_exported import ContactsCore
@_exported import ContactFormats
@_exported import ContactsOutput
@_exported import ContactsServer
