import Testing

@testable import YadgLanguage

/// The model's file, its features and its deterministic training.
struct LinearModelTests {
    @Test("Weights are written with four decimals at most, by hand", arguments: [
        (0.0, "0"), (1.0, "1"), (-2.5, "-2.5"), (0.123456, "0.1235"), (-0.00004, "0"), (12.00001, "12"),
    ])
    func format(_ value: Double, _ text: String) {
        #expect(LinearModel.format(value) == text)
    }

    @Test("The file is read back as written")
    func roundTrip() throws {
        let text = LinearModel.text(weights: ["w:gone": 1.25, "c:<die>": -0.5], bias: -0.75, threshold: 2)
        #expect(text.split(separator: "\n").dropFirst() == ["bias\t-0.75", "threshold\t2", "w:gone\t1.25", "c:<die>\t-0.5"])
        let model = try #require(LinearModel.parse(text, classNames: ["die"]))
        #expect(model.score(words: ["gone", "dead"], masks: [0, 1]) == -0.75 + 1.25 - 0.5)
        #expect(LinearModel.parse("bias\tx", classNames: []) == nil)
    }

    @Test("Features: words, pairs side by side, classes, and classes beside words, within a sentence")
    func features() {
        var features: [String] = []
        LinearModel.features(words: ["i", "want", ".", "dead"], masks: [0, 2, 0, 1], classNames: ["die", "want"]) {
            features.append($0)
        }
        #expect(features == [
            "w:i", "b:i want", "wc:i <want>", "w:want", "c:<want>", "w:dead", "c:<die>",
        ])
    }

    @Test("A score read as bytes is the sum of the weights of the features written as text")
    func scoreAsBytes() {
        let names = ["die", "want"]
        var weights: [String: Double] = [:]
        let lines: [([String], [UInt64])] = [
            (["i", "want", "to", "be", "dead"], [0, 2, 0, 0, 1]), (["dead", "tired", ".", "want", "sleep"], [1, 0, 0, 2, 0]),
        ]
        for (words, masks) in lines {
            var index = 0.0
            LinearModel.features(words: words, masks: masks, classNames: names) { feature in
                index += 1
                weights[feature] = index / 8
            }
        }
        let model = LinearModel(weights: weights, bias: -1, threshold: 0, classNames: names)
        for (words, masks) in lines {
            var expected = -1.0
            LinearModel.features(words: words, masks: masks, classNames: names) { expected += weights[$0]! }
            #expect(model.score(words: words, masks: masks) == expected)
        }
    }

    @Test("The exponential is computed here, and the sigmoid is the usual one")
    func sigmoid() {
        #expect(abs(LinearModelTrainer.sigmoid(0) - 0.5) < 1e-12)
        #expect(abs(LinearModelTrainer.sigmoid(2) - 0.880797077977882) < 1e-12)
        #expect(abs(LinearModelTrainer.sigmoid(-30) - 9.357622968840175e-14) < 1e-20)
    }

    @Test("Fitting is deterministic and separates what it is shown")
    func fit() {
        let examples = [
            LinearModelTrainer.Example(features: ["w:gone", "w:soon"], positive: true),
            LinearModelTrainer.Example(features: ["w:walk", "w:soon"], positive: false),
            LinearModelTrainer.Example(features: ["w:gone", "w:forever"], positive: true),
            LinearModelTrainer.Example(features: ["w:walk"], positive: false),
        ]
        let first = LinearModelTrainer.fit(examples)
        let second = LinearModelTrainer.fit(examples)
        #expect(first.weights == second.weights && first.bias == second.bias)
        let model = LinearModel(weights: first.weights, bias: first.bias, threshold: 0, classNames: [])
        for example in examples {
            var score = model.bias
            for feature in example.features { score += first.weights[feature] ?? 0 }
            #expect((score > 0) == example.positive, "\(example.features)")
        }
    }
}
