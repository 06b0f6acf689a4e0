public import HeraldRender
import HeraldTables

/// Sample arguments for showing a message (hover, `herald mcp`'s preview): 3 for each
/// number the message reads, the argument's number in brackets for text (`‹1›`), so a
/// reader sees where each goes. A plural message's numbers are replaced by each category's
/// sample.
public enum MessageSamples {
    public static func arguments(for message: Message) -> [(value: RenderArgument, isNumber: Bool)] {
        var numeric: [Int: Bool] = [:]
        for text in message.texts {
            for spec in FormatStringParser.parse(text.value).specifiers {
                guard let i = spec.argumentIndex, i < 64 else { continue }
                numeric[i] = (numeric[i] ?? false) || spec.conversion.isNumeric
            }
        }
        let count = (numeric.keys.max() ?? -1) + 1
        return (0..<count).map { i in
            numeric[i] == true ? (.number(.int(3)), true) : (.string("‹\(i + 1)›"), false)
        }
    }
}
