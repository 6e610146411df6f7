import YadgCore
import YadgTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where printed lines sit above the prompt, counted in terminal rows, so the editor can redraw
/// one in place (Home's phrase breathing, the AI praise fading in over the offline line).
enum ScreenRows {
    /// Rows the lines after `index` take at `width` (a line wider than the terminal takes several).
    static func below(_ index: Int, of lines: [StyledLine], width: Int) -> Int {
        let width = max(1, width)
        var rows = 0
        for line in Array(lines.dropFirst(index + 1)).wrapped(to: width) {
            let columns = TextWidth.columns(line.text)
            rows += max(1, (columns + width - 1) / width)
        }
        return rows
    }

    /// After a card was written: where its offline praise line is, so the AI praise may take its
    /// place. Only a line that fits one row is placed.
    static func placeOfflinePraise(of reply: ShellReply, in editor: EditLineReader, blankAfter: Bool) {
        for place in offlinePraisePlaces(in: reply, width: EditLineReader.currentColumns, blankAfter: blankAfter) {
            editor.place(place.key, rowsAbove: place.rowsAbove)
        }
    }

    /// Each moment the reply logged, under the key its AI praise is posted with (the moment's id),
    /// with the rows its offline praise line sits above the prompt. The line is the one the card
    /// marked with the moment's id (``StyledLine/offlinePraiseOf``), whatever its words: another
    /// line that reads the same, another moment praised alike, is never taken for it.
    static func offlinePraisePlaces(in reply: ShellReply, width: Int, blankAfter: Bool)
        -> [(key: String, rowsAbove: Int)]
    {
        var places: [(key: String, rowsAbove: Int)] = []
        for case .logged(let moment) in reply.events {
            guard let index = reply.lines.firstIndex(where: { $0.offlinePraiseOf == moment.id }),
                TextWidth.columns(reply.lines[index].text) < width
            else { continue }
            places.append(
                (moment.id.uuidString, below(index, of: reply.lines, width: width) + (blankAfter ? 2 : 1)))
        }
        return places
    }
}
