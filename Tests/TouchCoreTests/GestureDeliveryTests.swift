import Testing
import TouchCore

/// Raw touches the application gets, per UIKit's cancelsTouchesInView, delaysTouchesBegan and
/// delaysTouchesEnded.
struct DeliveryCase: CustomTestStringConvertible, Sendable {
    var name: String
    var recognizer: RecognizerSpec
    var options: RecognizerOptions
    var scenario: Scenario
    var expected: [String]

    var testDescription: String { name }
}

func options(cancels: Bool = true, delaysBegan: Bool = false, delaysEnded: Bool = true) -> RecognizerOptions {
    RecognizerOptions(cancelsTouchesInView: cancels, delaysTouchesBegan: delaysBegan, delaysTouchesEnded: delaysEnded)
}

let strayingTap = Scenario().at(0, .down(1, 100, 100)).at(20, .move(1, 110, 100)).at(60, .up(1))
let doubleTap = tap(at: 200, finger: 2, scenario: tap(at: 0, finger: 1))

let deliveryCases: [DeliveryCase] = [
    DeliveryCase(
        name: "a recognized tap cancels the touch the application has, and its withheld end never comes",
        recognizer: .tap(TapRecognizer()), options: options(), scenario: tap(at: 0, finger: 1),
        expected: ["1 began @0", "1 cancelled @60"]),
    DeliveryCase(
        name: "a failed tap lets the touch through untouched",
        recognizer: .tap(TapRecognizer()), options: options(), scenario: strayingTap,
        expected: ["1 began @0", "1 moved @20", "1 ended @60"]),
    DeliveryCase(
        name: "with delaysTouchesBegan a recognized tap keeps the touch from the application entirely",
        recognizer: .tap(TapRecognizer()), options: options(delaysBegan: true), scenario: tap(at: 0, finger: 1),
        expected: []),
    DeliveryCase(
        name: "with delaysTouchesBegan a failed tap releases the beginning and the current position",
        recognizer: .tap(TapRecognizer()), options: options(delaysBegan: true), scenario: strayingTap,
        expected: ["1 began @20", "1 moved @20", "1 ended @60"]),
    DeliveryCase(
        name: "without cancelsTouchesInView the application sees the whole touch",
        recognizer: .tap(TapRecognizer()), options: options(cancels: false), scenario: tap(at: 0, finger: 1),
        expected: ["1 began @0", "1 ended @60"]),
    DeliveryCase(
        name: "delaysTouchesEnded holds the first tap's end until the double tap decides",
        recognizer: .tap(TapRecognizer(taps: 2)), options: options(), scenario: doubleTap,
        expected: ["1 began @0", "2 began @200", "1 cancelled @260", "2 cancelled @260"]),
    DeliveryCase(
        name: "without delaysTouchesEnded the first tap's end goes out at once",
        recognizer: .tap(TapRecognizer(taps: 2)), options: options(delaysEnded: false), scenario: doubleTap,
        expected: ["1 began @0", "1 ended @60", "2 began @200", "2 cancelled @260"]),
    DeliveryCase(
        name: "a held end goes out when the double tap fails",
        recognizer: .tap(TapRecognizer(taps: 2)), options: options(), scenario: tap(at: 0, finger: 1),
        expected: ["1 began @0", "1 ended @360"]),
    DeliveryCase(
        name: "a pan cancels the touch when it begins and keeps the rest of it",
        recognizer: .pan(PanRecognizer()), options: options(),
        scenario: Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (120, 100), startMs: 0, endMs: 200)
            .at(200, .up(1)),
        expected: ["1 began @0", "1 moved @10", "1 moved @20", "1 moved @30", "1 moved @40", "1 cancelled @50"]),
]

@Suite struct GestureDeliveryTests {
    @Test(arguments: deliveryCases)
    func applicationReceivesExactlyTheseTouches(_ testCase: DeliveryCase) {
        var player = GesturePlayer(engine([(testCase.recognizer, testCase.options)]))
        player.play(testCase.scenario)
        #expect(player.deliveries == testCase.expected)
    }

    @Test(arguments: [pinchAndTurn(), doubleTap, strayingTap, tap(at: 0, finger: 1)])
    func everyDeliveredBeginningGetsExactlyOneEndOrCancel(_ scenario: Scenario) {
        var player = GesturePlayer(kioskEngine())
        player.play(scenario)
        var open: [String: Int] = [:]
        for line in player.deliveries {
            let parts = line.split(separator: " ")
            let id = String(parts[0])
            switch parts[1] {
            case "began": open[id, default: 0] += 1
            case "ended", "cancelled": open[id, default: 0] -= 1
            default: break
            }
        }
        #expect(!player.deliveries.isEmpty)
        #expect(open.values.allSatisfy { $0 == 0 })
    }
}
