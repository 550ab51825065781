import Benchmark
import TouchCore

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2))

    Benchmark("ScalarMath.atan2") { benchmark in
        var sum: Float = 0
        for i in benchmark.scaledIterations {
            sum += ScalarMath.atan2(Float(i & 7) - 3, 2)
        }
        blackHole(sum)
    }
}
