/// Fits a ``LinearModel``: logistic regression by stochastic gradient descent, deterministic, so
/// `yadg-train fit` writes the same resource file on every run and every machine.
///
/// Only IEEE arithmetic is used (the exponential is computed here, not by the platform's library),
/// the examples are read in the order given, and every pass is the same, so nothing varies.
package enum LinearModelTrainer {
    package struct Example: Sendable {
        package var features: [String]
        package var positive: Bool

        package init(features: [String], positive: Bool) {
            self.features = features
            self.positive = positive
        }
    }

    package struct Settings: Sendable, Equatable {
        /// 60: at 30 the fit had not settled (measured with `yadg-train cv-sets`; see
        /// ``DistressReader/fitModel(_:settings:threshold:)``).
        package var passes = 60
        package var rate = 0.1
        /// Pulls every weight towards zero, so a feature seen once cannot decide alone.
        package var l2 = 0.003
        /// Weights smaller than this are left out of the file.
        package var smallest = 0.15

        package init() {}
    }

    /// The weights and bias that fit the examples. Positives and negatives count alike however many
    /// there are of each (each side's steps are scaled by the other side's share).
    package static func fit(_ examples: [Example], settings: Settings = Settings()) -> (
        weights: [String: Double], bias: Double
    ) {
        var weights: [String: Double] = [:]
        var bias = 0.0
        let positives = Double(examples.filter(\.positive).count)
        let negatives = Double(examples.count) - positives
        guard positives > 0, negatives > 0 else { return ([:], 0) }
        let positiveScale = Double(examples.count) / (2 * positives)
        let negativeScale = Double(examples.count) / (2 * negatives)
        for pass in 0..<settings.passes {
            let rate = settings.rate / (1 + Double(pass) * 0.1)
            for example in examples {
                var z = bias
                for feature in example.features { z += weights[feature] ?? 0 }
                let p = sigmoid(z)
                let gradient = (p - (example.positive ? 1 : 0)) * (example.positive ? positiveScale : negativeScale)
                for feature in example.features {
                    let w = weights[feature] ?? 0
                    weights[feature] = w - rate * (gradient + settings.l2 * w)
                }
                bias -= rate * gradient
            }
        }
        return (weights.filter { abs($0.value) >= settings.smallest }, bias)
    }

    /// 1 / (1 + e^-z), with e^x computed here.
    package static func sigmoid(_ z: Double) -> Double {
        if z >= 0 { return 1 / (1 + exponential(-z)) }
        let e = exponential(z)
        return e / (1 + e)
    }

    /// e^x for x ≤ 0: x = k·ln 2 + r with |r| ≤ ln 2 / 2, a Taylor series for e^r, then 2^k.
    static func exponential(_ x: Double) -> Double {
        if x < -700 { return 0 }
        let ln2 = 0.693_147_180_559_945_3
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0
        var sum = 1.0
        for n in 1...16 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }
}
