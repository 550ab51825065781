import PipelineFixtures

// Identity switches of SlotTracker's anonymous matching and of mtdev on the same crossing-fingers
// streams, against the known truth. Deterministic: the streams are seeded.
// Run: `cd Benchmarks && swift run -c release IdentityComparison`

print("| stream | finger-reports | touchhost switches | mtdev switches | touchhost missed | mtdev missed | touchhost ids | mtdev ids | truth fingers |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
var worse = false
for settings in CrossingFingers.Settings.all {
    let stream = CrossingFingers(settings)
    let (touchhost, mtdev) = stream.countSwitches()
    let fingers = settings.episodes * settings.fingers
    print("| \(settings.name) | \(touchhost.fingerReports) | \(touchhost.switches) | \(mtdev.switches) | \(touchhost.missed) | \(mtdev.missed) | \(touchhost.distinctIds.count) | \(mtdev.distinctIds.count) | \(fingers) |")
    if touchhost.switches > mtdev.switches { worse = true }
}
print(worse ? "touchhost has more switches than mtdev on some stream" : "touchhost: no more switches than mtdev on every stream")
