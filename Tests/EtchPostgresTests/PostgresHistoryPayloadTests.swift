import EtchPostgres
import EtchStore
import Foundation
import Testing

/// The notification's payload names a commit of one history; no server needed.
@Suite struct PostgresHistoryPayloadTests {}

extension PostgresHistoryPayloadTests {
    @Test func payloadOfThisHistoryNamesItsToken() {
        let history = PostgresHistory(storeID: UUID())
        let token = HistoryToken(storeID: history.storeID, number: 42)
        #expect(history.token(inPayload: token.description) == token)
        #expect(history.token(inPayload: "42@" + history.storeID.uuidString.lowercased()) == token)
    }

    @Test(arguments: ["42", "", "@", "x@y", "42@not-a-uuid", "42@\(UUID().uuidString)"])
    func payloadOfAnotherHistoryOrFormNamesNothing(payload: String) {
        #expect(PostgresHistory(storeID: UUID()).token(inPayload: payload) == nil)
    }

    @Test func changeOfAModelCarriesItsJSON() throws {
        let album = Album(id: "a\"1", title: "T", artist: "A", year: 2000, catalog: nil)
        let change = try PostgresHistoryChange(.delete, album)
        #expect(change.model == "Album")
        #expect(change.id == #""a\"1""#)
        #expect(change.kind == .delete)
        #expect(try Album(jsonData: Data(try #require(change.object).utf8)) == album)
    }
}
